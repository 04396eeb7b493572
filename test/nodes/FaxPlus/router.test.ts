// Items at once against a server with a real API's latency and rate limit: order, pairedItem,
// Continue On Fail per item, the first failed item's error, and 429 retries of single requests.
import type { INodeExecutionData } from 'n8n-workflow';
import { apiRequests, runOperation, useFaxPlusServer } from '../../support/faxplus';

const FAX_IDS = ['fax_1', 'fax_2', 'fax_3', 'fax_4', 'fax_5'];

/** Fax → Get, the fax id taken from each item. */
const getFax = (nodeOptions?: Record<string, unknown>) => ({
	resource: 'fax',
	operation: 'get',
	userId: 'self',
	faxId: '={{ $json.faxId }}',
	output: 'raw',
	...(nodeOptions && { nodeOptions }),
});
const itemsOf = (faxIds: string[]): INodeExecutionData[] =>
	faxIds.map((faxId) => ({ json: { faxId } }));
/** Twelve items, each fax more than once. */
const MANY = Array.from({ length: 12 }, (_, i) => FAX_IDS[(i * 3) % FAX_IDS.length]);

describe('Fax.Plus node: items at once', () => {
	const server = useFaxPlusServer();

	it('keeps the input order and pairs every output with its item while items are in flight together', async () => {
		server().setNetwork({ latencyMs: 40 });
		const { items, error } = await runOperation(server(), getFax(), { items: itemsOf(MANY) });

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(MANY);
		expect(items.map((item) => item.pairedItem)).toEqual(MANY.map((_, i) => ({ item: i })));
		expect(items[1].json).toEqual({
			...server().state.faxes[MANY[1]],
			statusMeaning: expect.any(String),
			statusRetryable: expect.any(Boolean),
		});
		expect(apiRequests(server())).toHaveLength(MANY.length);
		// The default (50) lets all of them run together; the first runs alone.
		expect(server().maxInFlight).toBeGreaterThan(1);
		expect(server().maxInFlight).toBeLessThanOrEqual(MANY.length - 1);
	});

	it('runs at most "Items at Once" items at the same time', async () => {
		server().setNetwork({ latencyMs: 30 });
		const { items } = await runOperation(server(), getFax({ itemsAtOnce: 3 }), {
			items: itemsOf(MANY),
		});
		expect(items.map((item) => item.json.id)).toEqual(MANY);
		expect(server().maxInFlight).toBeLessThanOrEqual(3);
		server().clearRequests();
		await runOperation(server(), getFax({ itemsAtOnce: 1 }), { items: itemsOf(MANY) });
		expect(server().maxInFlight).toBe(1);
	});

	it('buys numbers one at a time whatever the option says (Shop → Purchase Number)', async () => {
		server().setNetwork({ latencyMs: 20 });
		const offers = ['item_US_212_1234567', 'item_US_212_1234568', 'item_US_212_1234569'];
		const { items } = await runOperation(
			server(),
			{
				resource: 'shop',
				operation: 'purchaseNumber',
				itemId: '={{ $json.offer }}',
				nodeOptions: { itemsAtOnce: 50 },
			},
			{ items: offers.map((offer) => ({ json: { offer } })), continueOnFail: true },
		);
		expect(items).toHaveLength(3);
		expect(
			apiRequests(server()).map((r) => JSON.parse(r.rawBody.toString('utf8')).item_id),
		).toEqual(offers);
		expect(server().maxInFlight).toBe(1);
	});

	it('gives each failed item its own error item under Continue On Fail, the others their answers', async () => {
		server().setNetwork({ latencyMs: 30 });
		const faxIds = ['fax_1', 'fax_404', 'fax_2', 'fax_405', 'fax_3'];
		const { items, error } = await runOperation(server(), getFax(), {
			items: itemsOf(faxIds),
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.pairedItem)).toEqual(faxIds.map((_, i) => ({ item: i })));
		expect(items.map((item) => item.json.id ?? item.json.error)).toEqual([
			'fax_1',
			expect.stringMatching(/^Fax\.Plus refused the request as invalid: 400 .*fax fax_404/),
			'fax_2',
			expect.stringMatching(/^Fax\.Plus refused the request as invalid: 400 .*fax fax_405/),
			'fax_3',
		]);
		expect(items[1].json.httpCode).toBe('400');
		// Errors other than 429 are not retried: one request per item.
		expect(apiRequests(server())).toHaveLength(faxIds.length);
	});

	it('throws the error of the first failed item, and starts no item after a failure', async () => {
		server().setNetwork({ latencyMs: 30 });
		const faxIds = ['fax_1', 'fax_2', 'fax_404', 'fax_3', 'fax_405', ...MANY];
		const { error } = await runOperation(server(), getFax({ itemsAtOnce: 2 }), {
			items: itemsOf(faxIds),
		});

		expect(error?.message).toMatch(/fax fax_404/);
		expect(error?.context?.itemIndex).toBe(2);
		// At most the two in flight when item 2 failed were still started after it.
		expect(apiRequests(server()).length).toBeLessThanOrEqual(5);
	});

	it('retries only the requests answered 429, after their Retry-After, while the other items go on', async () => {
		// The first three requests to arrive are refused, however the machine spreads them.
		server().setNetwork({ latencyMs: 20, refuseNext: { requests: 3, retryAfterSeconds: 1 } });
		const { items, error } = await runOperation(server(), getFax({ itemsAtOnce: 8 }), {
			items: itemsOf(MANY.slice(0, 9)),
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.id)).toEqual(MANY.slice(0, 9));
		expect(items.map((item) => item.pairedItem)).toEqual(
			MANY.slice(0, 9).map((_, i) => ({ item: i })),
		);
		const requests = apiRequests(server());
		const refused = requests.filter((r) => r.status === 429);
		const answered = requests.filter((r) => r.status === 200);
		// Nine items, eight at once: the three refused were sent again, nothing else was.
		expect(refused).toHaveLength(3);
		expect(answered).toHaveLength(9);
		expect(requests).toHaveLength(12);
		// Each refused request came back with the same path (that item's request, not the batch).
		const answeredPaths = answered.map((r) => r.path).sort();
		expect(answeredPaths).toEqual(
			MANY.slice(0, 9)
				.map((id) => `/v3/accounts/self/faxes/${id}`)
				.sort(),
		);
		for (const r of refused) expect(answeredPaths).toContain(r.path);
	});

	it(`gives up after 3 retries of a request, with the 429 as the error`, async () => {
		server().setNetwork({ rateLimit: { requestsPerSecond: 0, retryAfterSeconds: 0 } });
		const { error } = await runOperation(server(), getFax(), { items: itemsOf(['fax_1']) });
		expect(error?.httpCode).toBe('429');
		expect(error?.message).toMatch(/too_many_requests/);
		expect(apiRequests(server()).map((r) => r.status)).toEqual(Array(1 + 3).fill(429));
	});

	it('sends each failed item to the error output under Continue (using error output), the others to the regular one', async () => {
		const faxIds = ['fax_1', 'fax_404', 'fax_2'];
		const { items, errorItems, error } = await runOperation(server(), getFax(), {
			items: itemsOf(faxIds),
			continueOnFail: 'errorOutput',
		});

		expect(error).toBeUndefined();
		expect(items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			['fax_1', { item: 0 }],
			['fax_2', { item: 2 }],
		]);
		expect(errorItems).toHaveLength(1);
		expect(errorItems[0].pairedItem).toEqual({ item: 1 });
		expect(errorItems[0].json.error).toMatch(/fax fax_404/);
	});

	it('does not wait for a Retry-After over 30 s: that request fails with its 429 at once', async () => {
		server().setNetwork({ rateLimit: { requestsPerSecond: 0, retryAfterSeconds: 3600 } });
		const { items, error } = await runOperation(server(), getFax(), {
			items: itemsOf(['fax_1', 'fax_2']),
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(items.map((item) => item.json.httpCode)).toEqual(['429', '429']);
		expect(apiRequests(server())).toHaveLength(2);
	});
});
