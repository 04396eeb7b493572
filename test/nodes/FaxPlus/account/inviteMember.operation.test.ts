import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Invite Member', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'inviteMember' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'sends the addresses as {emails} and says who was invited (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, emails: ' ana@example.com, li@example.org ' },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/accounts/self/member-invitations');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({ emails: ['ana@example.com', 'li@example.org'] });
			expectAuthHeaders(server(), request, auth);
			expect(server().state.memberInvitations).toEqual(['ana@example.com', 'li@example.org']);
			expect(items).toEqual([
				{
					json: { invited: true, emails: ['ana@example.com', 'li@example.org'] },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('takes a list from an expression, one request per item', async () => {
		await runOk(
			server(),
			{ ...base, emails: '={{ $json.people }}' },
			{
				items: [
					{ json: { people: ['a@example.com', 'b@example.com'] } },
					{ json: { people: 'c@example.com' } },
				],
			},
		);
		expect(apiRequests(server()).map((r) => r.body)).toEqual([
			{ emails: ['a@example.com', 'b@example.com'] },
			{ emails: ['c@example.com'] },
		]);
	});

	it('maps a member (not an admin) to the admin-only 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, emails: 'ana@example.com' },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id: Only account admins can invite members/);
		expect(server().state.memberInvitations).toEqual([]);
	});

	it('maps a read-only token to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, emails: 'ana@example.com' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
	});

	it("passes on Fax.Plus's refusal of someone already in the account", async () => {
		const { error } = await runOperation(server(), { ...base, emails: 'max.member@example.com' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/already a member/);
	});

	const eleven = Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(', ');
	it.each([
		['no address', '={{ $json.missing }}', /^Emails needs at least one email address$/],
		['more than 10 addresses', eleven, /^Emails has 11 addresses; Fax.Plus takes at most 10$/],
		['a wrong address', 'ana@example.com, not-an-address', /^Emails: "not-an-address" is not/],
		['an address without a dot', 'ana@localhost', /"ana@localhost" is not an email address/],
		['an address of 255 characters', `${'a'.repeat(243)}@example.com`, /is not an email/],
	])('refuses %s before sending anything', async (_case, emails, message) => {
		const { error } = await runOperation(server(), { ...base, emails });
		expect(error?.message).toMatch(message);
		expect(error?.description).toMatch(/^Enter 1 to 10 email addresses/);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it("refuses an adversary's 100,000-character address by its length, before any request", async () => {
		const emails = `a@${'b.'.repeat(50_000)}@`;
		const { error } = await runOperation(server(), { ...base, emails });
		expect(error?.message).toMatch(/is not an email address/);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as an AI tool, is refused before any request unless its author lets agents change data', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, emails: 'ana@example.com' },
			{ asTool: true },
		);
		expect(error?.message).toMatch(/^This tool may not invite members .* is off$/);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
