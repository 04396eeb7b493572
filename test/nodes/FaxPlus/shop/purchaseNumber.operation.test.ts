import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Shop → Purchase Number', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])('buys the number of an offer (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{ resource: 'shop', operation: 'purchaseNumber', itemId: 'item_US_212_1234567' },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/v3/shop/numbers/purchase');
		expect(request.query).toEqual({});
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.rawBody.toString('utf8'))).toEqual({
			item_id: 'item_US_212_1234567',
		});
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([{ json: { number: '+12121234567' }, pairedItem: { item: 0 } }]);
		expect(server().state.numbers['+12121234567']).toBeDefined();
	});

	it('buys the offers found by Search Numbers, one per input item, by expression', async () => {
		const offers = await runOk(server(), {
			resource: 'shop',
			operation: 'searchNumbers',
			country: { __rl: true, mode: 'id', value: 'DE' },
			areaCode: '30',
			channel: 'random',
		});
		server().clearRequests();
		const items = await runOk(
			server(),
			{ resource: 'shop', operation: 'purchaseNumber', itemId: '={{ $json.item.id }}' },
			{ items: offers.slice(0, 2).map((offer) => ({ json: offer.json })) },
		);
		expect(apiRequests(server()).map((request) => request.body)).toEqual([
			{ item_id: (offers[0].json.item as { id: string }).id },
			{ item_id: (offers[1].json.item as { id: string }).id },
		]);
		expect(items.map((item) => item.json.number)).toEqual([
			(offers[0].json.item as { number: string }).number,
			(offers[1].json.item as { number: string }).number,
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('shows the API error of an unknown offer', async () => {
		const { error } = await runOperation(server(), {
			resource: 'shop',
			operation: 'purchaseNumber',
			itemId: 'item_unknown',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Requested resource was not found/);
	});

	it('shows the API error of a number the account already owns', async () => {
		const { error } = await runOperation(server(), {
			resource: 'shop',
			operation: 'purchaseNumber',
			itemId: 'item_US_555_1230001',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/already owned/);
	});

	it('refuses an empty offer item ID before sending anything', async () => {
		const { error } = await runOperation(server(), {
			resource: 'shop',
			operation: 'purchaseNumber',
			itemId: '  ',
		});
		expect(error?.message).toBe('Offer Item ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
