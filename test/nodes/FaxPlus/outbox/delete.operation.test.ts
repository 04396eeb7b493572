import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Outbox → Delete', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'outbox', operation: 'delete' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'deletes the scheduled fax and says so (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, userId: 'self', outboxFaxId: 'outbox_1' },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('DELETE');
			expect(request.path).toBe('/v3/accounts/self/outbox/outbox_1');
			expect(request.query).toEqual({});
			expect(request.rawBody.length).toBe(0);
			expect(request.status).toBe(204);
			expectAuthHeaders(server(), request, auth);
			expect(server().state.outbox.outbox_1).toBeUndefined();
			expect(items).toEqual([
				{
					json: { deleted: true, outboxFaxId: 'outbox_1', userId: 'self' },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('uses the user and outbox fax each item names', async () => {
		server().state.outbox.outbox_m = {
			...server().state.outbox.outbox_1,
			id: 'outbox_m',
			uid: 'member_1',
		};
		const items = await runOk(
			server(),
			{
				...base,
				forCorporateMember: true,
				userId: '={{ $json.user }}',
				outboxFaxId: '={{ $json.id }}',
			},
			{
				items: [
					{ json: { user: 'member_1', id: 'outbox_m' } },
					{ json: { user: 'self', id: 'outbox_1' } },
				],
			},
		);
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'DELETE /v3/accounts/member_1/outbox/outbox_m',
			'DELETE /v3/accounts/self/outbox/outbox_1',
		]);
		expect(items.map((item) => item.json)).toEqual([
			{ deleted: true, outboxFaxId: 'outbox_m', userId: 'member_1' },
			{ deleted: true, outboxFaxId: 'outbox_1', userId: 'self' },
		]);
		expect(server().state.outbox).toEqual({});
	});

	it('maps an unknown outbox fax to a clear API error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			userId: 'self',
			outboxFaxId: 'outbox_404',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
	});

	it('maps an unknown user to the invalid_user_id error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			forCorporateMember: true,
			userId: 'nobody',
			outboxFaxId: 'outbox_1',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/invalid_user_id/);
		expect(server().state.outbox.outbox_1).toBeDefined();
	});

	it('maps a read-only token to a 403 error and keeps the fax', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, userId: 'self', outboxFaxId: 'outbox_1' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(server().state.outbox.outbox_1).toBeDefined();
	});

	it.each([
		['an empty outbox fax id', { userId: 'self', outboxFaxId: ' ' }, 'Outbox Fax is required'],
		[
			'an empty user id',
			{ forCorporateMember: true, userId: ' ', outboxFaxId: 'outbox_1' },
			'User ID is required',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
