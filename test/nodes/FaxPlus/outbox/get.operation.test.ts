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
		const items = await runOk(server(), { ...base, outboxFaxId: 'outbox_1', output: 'raw' }, { auth });

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

	it('maps an unknown outbox fax to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, outboxFaxId: 'outbox_404' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(
			/bad_request: Requested resource was not found: outbox fax outbox_404/,
		);
	});

	it('maps an outbox fax of another user to the bad_request error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			userId: 'member_1',
			outboxFaxId: 'outbox_1',
		});
		expect(error?.httpCode).toBe('400');
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/outbox/outbox_1');
	});

	it('refuses an empty outbox fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, outboxFaxId: ' ' });
		expect(error?.message).toBe('Outbox Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
