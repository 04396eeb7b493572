import type { INodeProperties } from 'n8n-workflow';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../support/faxplus';

describe('userIdOf: the user of an operation', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'get', faxId: 'fax_6', output: 'raw' };

	it("uses the credential's own account while For a Corporate Member is off, whatever User still holds", async () => {
		await runOk(server(), { ...base, faxId: 'fax_1' });
		await runOk(server(), {
			...base,
			faxId: 'fax_1',
			forCorporateMember: false,
			userId: { __rl: true, mode: 'id', value: 'member_1' },
		});
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/accounts/self/faxes/fax_1',
			'/v3/accounts/self/faxes/fax_1',
		]);
	});

	it('uses the member in User when For a Corporate Member is on', async () => {
		const items = await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: { __rl: true, mode: 'id', value: 'member_1' },
		});
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/accounts/member_1/faxes/fax_6',
		]);
		expect(items[0].json.id).toBe('fax_6');
	});

	it('refuses an empty User when For a Corporate Member is on, before any request', async () => {
		const { error } = await runOperation(server(), {
			...base,
			forCorporateMember: true,
			userId: { __rl: true, mode: 'id', value: ' ' },
		});
		expect(error?.message).toBe('User ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});

describe('requiredString: an ID or name', () => {
	const server = useFaxPlusServer();
	const id = (value: string) => ({ __rl: true, mode: 'id', value });

	// These two quote the ID in their 404 message; any length would reach the log and the request.
	it.each([
		[
			'legacyHook',
			'Hook',
			{ hook: id('hook_' + 'a'.repeat(995)) },
			{ hook: id('hook_' + 'a'.repeat(996)) },
		],
		[
			'webhook',
			'Endpoint',
			{ endpoint: id('ep_' + 'a'.repeat(997)) },
			{ endpoint: id('ep_' + 'a'.repeat(99_997)) },
		],
	])(
		'%s → Delete reads an ID of 1,000 characters, refuses a longer one before any request, without quoting it',
		async (resource, label, longest, tooLong) => {
			const read = await runOperation(server(), { resource, operation: 'delete', ...longest });
			expect(read.error?.httpCode).toBe('404');
			expect(apiRequests(server())).toHaveLength(1);
			const { error } = await runOperation(server(), { resource, operation: 'delete', ...tooLong });
			const length = (Object.values(tooLong)[0] as { value: string }).value.length;
			expect(error?.message).toBe(`${label} has ${length} characters`);
			expect(error?.description).toBe(
				`Set the "${label}" parameter to at most 1,000 characters (check what an expression resolves to).`,
			);
			expect(apiRequests(server())).toHaveLength(1);
		},
	);
});

describe('User in the editor', () => {
	const properties = new FaxPlus().description.properties;
	const users = properties.filter((property) => property.name === 'userId');
	const switches = properties.filter((property) => property.name === 'forCorporateMember');
	const shownFor = (property: INodeProperties) =>
		(property.displayOptions?.show?.operation ?? []).map(
			(operation) => `${String(property.displayOptions?.show?.resource)}.${String(operation)}`,
		);

	it('shows User only after For a Corporate Member is turned on, which starts off', () => {
		expect(users.length).toBeGreaterThan(15);
		for (const user of users) expect(user.displayOptions?.show?.forCorporateMember).toEqual([true]);
		for (const onOff of switches) {
			expect(onOff.type).toBe('boolean');
			expect(onOff.default).toBe(false);
		}
		expect(switches.flatMap(shownFor)).toEqual(users.flatMap(shownFor));
	});
});
