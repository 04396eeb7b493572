import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Shop → Get Balance', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])('reads the balance of the account (%s)', async (auth) => {
		server().state.balance = { amount: 42.25, currency: 'EUR' };
		const items = await runOk(server(), { resource: 'shop', operation: 'getBalance' }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/shop/balance');
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([{ json: { amount: 42.25, currency: 'EUR' }, pairedItem: { item: 0 } }]);
	});

	it('gives one item per input item', async () => {
		const items = await runOk(
			server(),
			{ resource: 'shop', operation: 'getBalance' },
			{ items: [{ json: {} }, { json: {} }] },
		);
		expect(apiRequests(server())).toHaveLength(2);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(items[1].json).toEqual({ amount: 125.5, currency: 'USD' });
	});

	it('turns a refused token into a clear API error', async () => {
		const { error } = await runOperation(
			server(),
			{ resource: 'shop', operation: 'getBalance' },
			{ token: server().tokens.patNoScopes },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(JSON.stringify(error)).not.toContain(server().tokens.patNoScopes);
	});
});
