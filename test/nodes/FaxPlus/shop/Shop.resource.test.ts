import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import * as shop from '../../../../nodes/FaxPlus/shop/Shop.resource';
import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';

describe('Shop resource', () => {
	const server = useFaxPlusServer();

	it('lists its operations alphabetically, Custom API Call last, each with an action, and defaults to one of them', () => {
		const picker = shop.description.find((property) => property.name === 'operation')!;
		const names = picker.options!.map((option) => option.name);
		// Custom API Call last, so that n8n adds none of its own (nodes/shared/n8n/editor.ts).
		expect(names.pop()).toBe('Custom API Call');
		expect(names).toEqual([...names].sort());
		expect(picker.options!.every((option) => 'action' in option && option.action)).toBe(true);
		expect(Object.keys(shop.operations).sort()).toEqual(
			picker.options!.map((option) => 'value' in option && option.value).sort(),
		);
		expect(shop.operations[picker.default as string]).toBeDefined();
	});

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
