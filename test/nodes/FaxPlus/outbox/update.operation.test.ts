import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Outbox → Update', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'outbox', operation: 'update', userId: 'self', outboxFaxId: 'outbox_1' };

	it.each<AuthKind>(['pat', 'oauth'])('reschedules the fax, sending only send_time in UTC (%s)', async (auth) => {
		const items = await runOk(server(), { ...base, updateFields: { sendTime: '2030-02-01T08:15:00-05:00' } }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('PUT');
		expect(request.path).toBe('/v3/accounts/self/outbox/outbox_1');
		expect(request.query).toEqual({});
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({ send_time: '2030-02-01 13:15:00 +0000' });
		expect(request.status).toBe(204);
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{
				json: { updated: true, outboxFaxId: 'outbox_1', userId: 'self', send_time: '2030-02-01 13:15:00 +0000' },
				pairedItem: { item: 0 },
			},
		]);
		expect(server().state.outbox.outbox_1.send_time).toBe('2030-02-01 13:15:00 +0000');
	});

	it('changes the comment and the retries', async () => {
		await runOk(server(), { ...base, updateFields: { comment: 'Final version', retryCount: 3, retryDelay: 120 } });
		expect(onlyApiRequest(server()).body).toEqual({ comment: 'Final version', retry: { count: 3, delay: 120 } });
		expect(server().state.outbox.outbox_1).toMatchObject({
			comment: { text: 'Final version' },
			retry: { count: 3, delay: 120 },
			send_time: '2030-01-15 09:00:00 +0000',
		});
	});

	it('maps an unknown outbox fax to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, outboxFaxId: 'outbox_404', updateFields: { comment: 'x' } });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
	});

	it.each([
		['an empty update', { updateFields: {} }, /^Nothing to update: add Comment, Send At, Retry Count or Retry Delay/],
		['an empty send time', { updateFields: { sendTime: '' } }, /^Send At cannot be empty$/],
		['a send time that is not a date', { updateFields: { sendTime: '2030-13-01T00:00:00Z' } }, /^Send At is not a date and time: "2030-13-01T00:00:00Z"$/],
		['a negative retry count', { updateFields: { retryCount: -2 } }, /^Retry Count must be a whole number of 0 or more, not "-2"$/],
		['an empty outbox fax id', { outboxFaxId: ' ', updateFields: { comment: 'x' } }, /^Outbox Fax ID is required$/],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
