import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Get', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'get' };

	it.each<AuthKind>(['pat', 'oauth'])(
		"gets the account (the SDK's Account) of self (%s)",
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, userId: { __rl: true, mode: 'list', value: 'self' } },
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(`${request.method} ${request.path} ${request.status}`).toBe(
				'GET /v3/accounts/self 200',
			);
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items).toHaveLength(1);
			expect(items[0].json).toMatchObject({
				uid: 'owner_1',
				name: 'Ada',
				lastname: 'Admin',
				email: 'ada.admin@example.com',
				account_type: 'corporate_admin',
				status: 'active',
			});
		},
	);

	it("gets a member's account for an admin; a member gets only their own", async () => {
		const items = await runOk(server(), { ...base, forCorporateMember: true, userId: 'member_2' });
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_2');
		expect(items[0].json).toMatchObject({ uid: 'member_2', email: 'mia.member@example.com' });
		const { error } = await runOperation(
			server(),
			{ ...base, forCorporateMember: true, userId: 'member_2' },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
	});
});
