import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Get Many Members', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'getAllMembers' };
	const uids = (items: Array<{ json: { uid?: unknown } }>) => items.map((item) => item.json.uid);

	it.each<AuthKind>(['pat', 'oauth'])('lists every account of the corporate account for an admin (%s)', async (auth) => {
		const items = await runOk(server(), base, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/accounts');
		expect(request.query).toEqual({});
		expectAuthHeaders(server(), request, auth);
		expect(uids(items)).toEqual(['owner_1', 'member_1', 'member_2']);
		expect(items[1].json).toMatchObject({ email: 'max.member@example.com', account_data: { role: 'member', quota: 200 } });
	});

	it("lists only the member's own account for a member", async () => {
		expect(uids(await runOk(server(), base, { token: server().tokens.patMember }))).toEqual(['member_1']);
	});

	it('returns only up to Limit', async () => {
		expect(uids(await runOk(server(), { ...base, limit: 2 }))).toEqual(['owner_1', 'member_1']);
	});

	it('maps a token without scopes to a 403 error', async () => {
		const { error } = await runOperation(server(), base, { token: server().tokens.patNoScopes });
		expect(error?.httpCode).toBe('403');
	});

	it('refuses a limit of 0 before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, limit: 0 });
		expect(error?.message).toBe('Limit must be a whole number of 1 or more, not "0"');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
