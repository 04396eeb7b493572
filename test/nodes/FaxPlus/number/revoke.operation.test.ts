import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Number → Revoke', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'number', operation: 'revoke', number: '+15551230003' };

	it.each<AuthKind>(['pat', 'oauth'])(
		"revokes a member's number with DELETE and says what happened (%s)",
		async (auth) => {
			const items = await runOk(
				server(),
				{
					...base,
					forCorporateMember: true,
					userId: { __rl: true, mode: 'list', value: 'member_1' },
				},
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(`${request.method} ${request.path} ${request.status}`).toBe(
				'DELETE /v3/accounts/member_1/numbers/%2B15551230003 204',
			);
			expect(request.query).toEqual({});
			expect(request.body).toBeUndefined();
			expectAuthHeaders(server(), request, auth);
			expect(server().state.numbers['+15551230003'].assigned_to).toEqual([]);
			expect(items).toEqual([
				{
					json: { revoked: true, number: '+15551230003', userId: 'member_1' },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('a member revokes their own number with self', async () => {
		await runOk(server(), { ...base, userId: 'self' }, { token: server().tokens.patMember });
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/self/numbers/%2B15551230003');
		expect(server().state.numbers['+15551230003'].assigned_to).toEqual([]);
	});

	it('passes on the refusal to take a number from the admin', async () => {
		const { error } = await runOperation(server(), {
			...base,
			userId: 'self',
			number: '+15551230001',
		});
		expect(error?.message).toMatch(/bad_request/);
		expect(server().state.numbers['+15551230001'].assigned_to).toEqual(['owner_1']);
	});
});
