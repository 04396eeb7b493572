import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Outbox → Get', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'outbox', operation: 'get', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])('outputs the outgoing fax, Raw (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{ ...base, outboxFaxId: 'outbox_1', output: 'raw' },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/accounts/self/outbox/outbox_1');
		expect(request.query).toEqual({});
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{
				json: {
					...server().state.outbox.outbox_1,
					statusMeaning: 'Waiting in the outbox until its Send At time.',
					statusRetryable: false,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(items[0].json).toMatchObject({
			status: 'scheduled',
			send_time: '2030-01-15 09:00:00 +0000',
		});
	});

	it("reads Outbox Fax from the input item's outboxFaxId (Send's output) as it comes; an empty one is refused before any request", async () => {
		const items = await runOk(
			server(),
			{ resource: 'outbox', operation: 'get' },
			{ items: [{ json: { outboxFaxId: 'outbox_1', to: '+15551234567' } }] },
		);
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/self/outbox/outbox_1');
		expect(items[0].json).toMatchObject({ id: 'outbox_1', status: 'scheduled' });

		const { error } = await runOperation(server(), { resource: 'outbox', operation: 'get' });
		expect(error?.message).toBe('Outbox Fax is required');
		expect(apiRequests(server())).toHaveLength(1);
	});

	it('answers an outbox fax Fax.Plus does not have (400) with where to look, after checking the outbox list', async () => {
		const { error } = await runOperation(server(), { ...base, outboxFaxId: 'outbox_404' });
		expect(error?.message).toBe(
			'Outbox Fax "outbox_404" is not in the outbox: a fax leaves it once it is sent (or failed, or was deleted)',
		);
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /v3/accounts/self/outbox/outbox_404 400',
			'GET /v3/accounts/self/outbox 200',
		]);
	});

	it("reads the member's outbox for an outbox fax of another user", async () => {
		const { error } = await runOperation(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			outboxFaxId: 'outbox_1',
		});
		expect(error?.message).toMatch(/^Outbox Fax "outbox_1" is not in the outbox/);
		expect(apiRequests(server()).map((r) => r.path)).toEqual([
			'/v3/accounts/member_1/outbox/outbox_1',
			'/v3/accounts/member_1/outbox',
		]);
	});

	it('refuses an empty outbox fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, outboxFaxId: ' ' });
		expect(error?.message).toBe('Outbox Fax is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
