import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';

describe('Shop resource', () => {
	const server = useFaxPlusServer();

	it('is registered with the node, including its country list', () => {
		const node = new FaxPlus();
		expect(node.methods.listSearch.searchShopCountries).toBeDefined();
		const country = node.description.properties.find((property) => property.name === 'country');
		expect(
			country?.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod,
		).toBe('searchShopCountries');
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'loads the country picker from the API (%s)',
		async (auth) => {
			const { results } = await runListSearch(server(), 'searchShopCountries', { auth });

			const [request] = apiRequests(server());
			expect(apiRequests(server())).toHaveLength(1);
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/shop/numbers/countries');
			expectAuthHeaders(server(), request, auth);
			expect(results).toEqual([
				{ name: 'United States (US)', value: 'US' },
				{ name: 'Canada (CA)', value: 'CA' },
				{ name: 'Germany (DE)', value: 'DE' },
				{ name: 'United Kingdom (GB)', value: 'GB' },
				{ name: 'France (FR) - no numbers available', value: 'FR' },
			]);
		},
	);

	it('filters the country picker by name or ISO code', async () => {
		expect(
			(await runListSearch(server(), 'searchShopCountries', { filter: 'germ' })).results,
		).toEqual([{ name: 'Germany (DE)', value: 'DE' }]);
		expect(
			(await runListSearch(server(), 'searchShopCountries', { filter: 'gb' })).results,
		).toEqual([{ name: 'United Kingdom (GB)', value: 'GB' }]);
	});
});
