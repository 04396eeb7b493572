import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Update Member', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'updateMember' };

	it.each<AuthKind>(['pat', 'oauth'])('sends quota and role to the member (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{ ...base, memberUserId: 'member_1', updateFields: { quota: 350, role: 'manager' } },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/v3/accounts/self/member-details/member_1');
		expect(request.query).toEqual({});
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({ quota: 350, role: 'manager' });
		expectAuthHeaders(server(), request, auth);
		expect(server().state.users.member_1).toMatchObject({ quota: 350, role: 'manager' });
		expect(items).toHaveLength(1);
		expect(items[0].json).toMatchObject({ uid: 'member_1', quota: 350, role: 'manager' });
		expect(items[0].pairedItem).toEqual({ item: 0 });
	});

	it('sends only the quota when only the quota is set', async () => {
		await runOk(server(), { ...base, memberUserId: 'member_2', updateFields: { quota: 0 } });
		const request = onlyApiRequest(server());
		expect(request.body).toEqual({ quota: 0 });
		expect(server().state.users.member_2).toMatchObject({ quota: 0, role: 'member' });
	});

	it('sends only the role when only the role is set', async () => {
		await runOk(server(), { ...base, memberUserId: 'member_2', updateFields: { role: ' admin ' } });
		expect(onlyApiRequest(server()).body).toEqual({ role: 'admin' });
		expect(server().state.users.member_2).toMatchObject({ quota: 50, role: 'admin' });
	});

	it('updates a different member per item from expressions', async () => {
		const items = await runOk(
			server(),
			{ ...base, memberUserId: '={{ $json.id }}', updateFields: { quota: '={{ $json.quota }}' } },
			{
				items: [{ json: { id: 'member_1', quota: 10 } }, { json: { id: 'member_2', quota: '20' } }],
			},
		);
		const requests = apiRequests(server());
		expect(requests.map((r) => [r.path, r.body])).toEqual([
			['/v3/accounts/self/member-details/member_1', { quota: 10 }],
			['/v3/accounts/self/member-details/member_2', { quota: 20 }],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('maps an unknown member to a clear API error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			memberUserId: 'nobody',
			updateFields: { quota: 5 },
		});
		expect(error?.message).toMatch(/invalid_user_id/);
		expect(error?.httpCode).toBe('400');
	});

	it('maps a token without the edit scope to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, memberUserId: 'member_1', updateFields: { quota: 5 } },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(server().state.users.member_1.quota).toBe(200);
	});

	it('maps a non-admin caller to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, memberUserId: 'member_2', updateFields: { role: 'admin' } },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id/);
		expect(server().state.users.member_2.role).toBe('member');
	});

	it.each([
		['an empty update', { memberUserId: 'member_1', updateFields: {} }, /^Nothing to update/],
		[
			'an empty member id',
			{ memberUserId: ' ', updateFields: { quota: 5 } },
			/^Member User ID is required$/,
		],
		[
			'a negative quota',
			{ memberUserId: 'member_1', updateFields: { quota: -1 } },
			/^Quota must be a number of 0 or more/,
		],
		[
			'a quota that is not a number',
			{ memberUserId: 'member_1', updateFields: { quota: '={{ "lots" }}' } },
			/^Quota must be a number/,
		],
		[
			'an empty role',
			{ memberUserId: 'member_1', updateFields: { role: '  ' } },
			/^Role cannot be empty$/,
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
