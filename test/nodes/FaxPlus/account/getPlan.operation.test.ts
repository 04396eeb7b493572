import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Get Plan', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		'reads the plan of the authenticated account (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ resource: 'account', operation: 'getPlan', userId: 'self' },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/plan');
			expectAuthHeaders(server(), request, auth);
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({
				plan_type: expect.any(String),
				is_admin: expect.any(Boolean),
				is_owner: expect.any(Boolean),
			});
			expect(items[0].pairedItem).toEqual({ item: 0 });
		},
	);

	it('reads a corporate member by id, one item per input item', async () => {
		const items = await runOk(
			server(),
			{
				resource: 'account',
				operation: 'getPlan',
				forCorporateMember: true,
				userId: '={{ $json.user }}',
			},
			{ items: [{ json: { user: 'self' } }, { json: { user: 'member_1' } }] },
		);
		expect(apiRequests(server()).map((r) => r.path)).toEqual([
			'/v3/accounts/self/plan',
			'/v3/accounts/member_1/plan',
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('turns an unknown user id into a clear API error', async () => {
		const { error } = await runOperation(server(), {
			resource: 'account',
			operation: 'getPlan',
			forCorporateMember: true,
			userId: 'nobody',
		});
		expect(error?.message).toMatch(/invalid_user_id/);
		expect(error?.httpCode).toBe('400');
	});

	it('says to reconnect the credential when the token is rejected', async () => {
		const { error } = await runOperation(
			server(),
			{ resource: 'account', operation: 'getPlan', userId: 'self' },
			{ token: 'alohi_pat_revoked' },
		);
		expect(error?.message).toMatch(/401 unauthorized/);
		expect(error?.description).toMatch(/Reconnect the Fax\.Plus credential/);
		expect(JSON.stringify(error)).not.toContain('alohi_pat_revoked');
	});

	it('refuses an empty user id before sending anything', async () => {
		const { error } = await runOperation(server(), {
			resource: 'account',
			operation: 'getPlan',
			forCorporateMember: true,
			userId: ' ',
		});
		expect(error?.message).toBe('User ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('keeps going with an error item under continueOnFail', async () => {
		const { items, error } = await runOperation(
			server(),
			{
				resource: 'account',
				operation: 'getPlan',
				forCorporateMember: true,
				userId: '={{ $json.user }}',
			},
			{ items: [{ json: { user: 'nobody' } }, { json: { user: 'self' } }], continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		expect(items[0].json.error).toMatch(/invalid_user_id/);
		expect(items[0].pairedItem).toEqual({ item: 0 });
		expect(items[1].json.plan_type).toEqual(expect.any(String));
	});
});
