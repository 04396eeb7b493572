import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';

describe('Number → Get', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'number', operation: 'get', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		"gets one number, its + encoded in the path, read as the SDK's Number (%s)",
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, number: { __rl: true, mode: 'list', value: '+15551230003' } },
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/numbers/%2B15551230003');
			expect(request.query).toEqual({});
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						id: 'num_3',
						number: '+15551230003',
						status: 'active',
						assignedTo: ['member_1'],
						acquiredDate: '2024-01-10T00:00:00Z',
						expirationDate: '2030-01-10T00:00:00Z',
					},
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('takes a number typed with spaces and brackets', async () => {
		await runOk(server(), {
			...base,
			number: { __rl: true, mode: 'id', value: ' +1 (555) 123-0002 ' },
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/self/numbers/%2B15551230002');
	});

	it('passes on the refusal of a number the member is not assigned', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, number: '+15551230001' },
			{ token: server().tokens.patMember },
		);
		expect(error?.message).toMatch(/bad_request/);
	});

	it('refuses a number that is not E.164 before any request', async () => {
		const { error } = await runOperation(server(), { ...base, number: '5551230001' });
		expect(error?.message).toBe(
			'Number: "5551230001" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		);
		expect(server().requests).toHaveLength(0);
	});

	it("the Number picker lists the chosen user's numbers", async () => {
		const result = await runListSearch(server(), 'searchNumbers', {
			parameters: {
				forCorporateMember: true,
				userId: { __rl: true, mode: 'list', value: 'member_1' },
			},
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/numbers');
		expect(result.results).toEqual([{ name: '+15551230003', value: '+15551230003' }]);
	});
});
