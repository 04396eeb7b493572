import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Shop → List Countries', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])('gives one item per country (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{ resource: 'shop', operation: 'getAllCountries' },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/shop/numbers/countries');
		expect(request.query).toEqual({});
		expectAuthHeaders(server(), request, auth);
		expect(items.map((item) => item.json)).toEqual([
			{ iso: 'US', name: 'United States', is_available: true },
			{ iso: 'CA', name: 'Canada', is_available: true },
			{ iso: 'DE', name: 'Germany', is_available: true },
			{ iso: 'GB', name: 'United Kingdom', is_available: true },
			{ iso: 'FR', name: 'France', is_available: false },
		]);
		expect(items.every((item) => (item.pairedItem as { item: number }).item === 0)).toBe(true);
	});

	it('returns only "Limit" countries unless "Return All" is on', async () => {
		const limited = await runOk(server(), {
			resource: 'shop',
			operation: 'getAllCountries',
			returnAll: false,
			limit: 2,
		});
		expect(limited.map((item) => item.json.iso)).toEqual(['US', 'CA']);
		const all = await runOk(server(), {
			resource: 'shop',
			operation: 'getAllCountries',
			returnAll: true,
			limit: 2,
		});
		expect(all).toHaveLength(5);
	});

	it('refuses a Limit below 1 before sending anything', async () => {
		const { error } = await runOperation(server(), {
			resource: 'shop',
			operation: 'getAllCountries',
			returnAll: false,
			limit: 0,
		});
		expect(error?.message).toMatch(/^Limit must be a whole number of 1 or more/);
		expect(server().requests).toHaveLength(0);
	});

	it('gives no item when the shop has no country', async () => {
		server().state.countries = [];
		const items = await runOk(server(), { resource: 'shop', operation: 'getAllCountries' });
		expect(items).toEqual([]);
	});

	it('turns a refused token into a clear API error', async () => {
		const { error } = await runOperation(
			server(),
			{ resource: 'shop', operation: 'getAllCountries' },
			{ token: 'alohi_pat_revoked' },
		);
		expect(error?.message).toMatch(/401 unauthorized/);
		expect(error?.description).toMatch(/Reconnect the Fax\.Plus credential/);
	});
});
