import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';

describe('Outbox → Update', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'outbox', operation: 'update', userId: 'self', outboxFaxId: 'outbox_1' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'changes the comment, reading the fax first and sending only { comment } (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, comment: 'Final version' }, { auth });

			const [read, request] = apiRequests(server());
			expect(apiRequests(server())).toHaveLength(2);
			expect(`${read.method} ${read.path}`).toBe('GET /v3/accounts/self/outbox/outbox_1');
			expect(request.method).toBe('PUT');
			expect(request.path).toBe('/v3/accounts/self/outbox/outbox_1');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({ comment: 'Final version' });
			expect(request.status).toBe(204);
			expectAuthHeaders(server(), read, auth);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						updated: true,
						outboxFaxId: 'outbox_1',
						userId: 'self',
						comment: 'Final version',
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.outbox.outbox_1).toMatchObject({
				comment: { text: 'Final version' },
				retry: { count: 2, delay: 10 },
				send_time: '2030-01-15 09:00:00 +0000',
			});
		},
	);

	it('clears the comment with an empty one', async () => {
		await runOk(server(), { ...base, comment: '' });
		expect(apiRequests(server()).at(-1)!.body).toEqual({ comment: '' });
		expect(server().state.outbox.outbox_1.comment.text).toBe('');
	});

	it.each(['keepsTags', 'replacesTags'] as const)(
		"keeps the comment's tags (Send's repeat detection finds a fax by them), however Fax.Plus reads a string comment (%s)",
		async (outboxComment) => {
			server().setReadings({ outboxComment });
			const tags = ['invoices', 'n8n-key-0123456789abcdef01234567'];
			server().state.outbox.outbox_1.comment = { text: 'Quarterly report', tags };
			const items = await runOk(server(), { ...base, comment: 'Final version' });

			expect(server().state.outbox.outbox_1.comment).toEqual({ text: 'Final version', tags });
			expect(items[0].json).toMatchObject({ comment: 'Final version', tags });
			const requests = apiRequests(server()).map((r) => `${r.method} ${r.status}`);
			// The tags are checked; only where Fax.Plus dropped them are they set again with the text.
			expect(requests).toEqual(
				outboxComment === 'keepsTags'
					? ['GET 200', 'PUT 204', 'GET 200']
					: ['GET 200', 'PUT 204', 'GET 200', 'PUT 204'],
			);
			if (outboxComment === 'replacesTags')
				expect(apiRequests(server()).at(-1)!.body).toEqual({
					comment: { text: 'Final version', tags },
				});
		},
	);

	it('offers the comment only, as Fax.Plus changes nothing else of an outgoing fax', () => {
		const names = new FaxPlus().description.properties
			.filter(
				(property) =>
					property.displayOptions?.show?.resource?.includes('outbox') &&
					property.displayOptions?.show?.operation?.includes('update'),
			)
			.filter((property) => !property.displayOptions?.show?.['@tool'])
			.map((property) => property.name);
		expect(names).toEqual(['forCorporateMember', 'userId', 'outboxFaxId', 'comment']);
	});

	it('maps an unknown outbox fax to the bad_request error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			outboxFaxId: 'outbox_404',
			comment: 'x',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
	});

	it('refuses an empty outbox fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, outboxFaxId: ' ', comment: 'x' });
		expect(error?.message).toBe('Outbox Fax is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
