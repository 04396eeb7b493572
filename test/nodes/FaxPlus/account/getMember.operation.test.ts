import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Get Member', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'getMember' };

	it.each<AuthKind>(['pat', 'oauth'])(
		"reads the member's role and quota (the SDK's MemberDetail) (%s)",
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, memberUserId: { __rl: true, mode: 'list', value: 'member_1' } },
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(`${request.method} ${request.path} ${request.status}`).toBe(
				'GET /v3/accounts/self/member-details/member_1 200',
			);
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{ json: { memberUserId: 'member_1', quota: 200, role: 'member' }, pairedItem: { item: 0 } },
			]);
		},
	);

	it("passes on the refusal to a member (admins only) and of the owner's id", async () => {
		expect(
			(
				await runOperation(
					server(),
					{ ...base, memberUserId: 'member_2' },
					{ token: server().tokens.patMember },
				)
			).error?.httpCode,
		).toBe('403');
		expect(
			(await runOperation(server(), { ...base, memberUserId: 'owner_1' })).error?.message,
		).toMatch(/invalid_user_id/);
	});
});
