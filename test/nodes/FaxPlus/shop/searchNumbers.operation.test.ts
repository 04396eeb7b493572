import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

const byList = (value: string) => ({ __rl: true, mode: 'list', value });
const byId = (value: string) => ({ __rl: true, mode: 'id', value });

function search(parameters: IDataObject): IDataObject {
	return {
		resource: 'shop',
		operation: 'searchNumbers',
		country: byList('US'),
		areaCode: '212',
		channel: 'random',
		...parameters,
	};
}

describe('Shop → Search Numbers', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		'gives one item per random offer, without digits (%s)',
		async (auth) => {
			const items = await runOk(server(), search({}), { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/shop/numbers/countries/US/areas/212/numbers');
			expect(request.query).toEqual({ channel: 'random' });
			expectAuthHeaders(server(), request, auth);
			expect(items.length).toBeGreaterThan(0);
			for (const item of items) {
				expect(item.json).toEqual({
					type: expect.any(String),
					currency: 'USD',
					availability: expect.any(String),
					item: {
						id: expect.stringMatching(/^item_US_212_/),
						country: 'US',
						number: expect.stringMatching(/^\+1212[0-9]{7}$/),
						country_code: '1',
						geographic_area: { area_code: '212', geographic_area: 'New York', city: 'New York' },
					},
					price: expect.any(Number),
					monthly_fee: expect.any(Number),
					number_of_months: expect.any(Number),
				});
				expect(item.pairedItem).toEqual({ item: 0 });
			}
		},
	);

	it('returns only "Limit" offers unless "Return All" is on', async () => {
		const all = await runOk(server(), search({ returnAll: true }));
		expect(all.length).toBeGreaterThan(1);
		const limited = await runOk(server(), search({ returnAll: false, limit: 1 }));
		expect(limited.map((item) => item.json)).toEqual([all[0].json]);
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'sends the digits as "contains" with the custom channel (%s)',
		async (auth) => {
			const items = await runOk(server(), search({ channel: 'custom', containsDigits: ' 77 ' }), {
				auth,
			});

			const request = onlyApiRequest(server());
			expect(request.path).toBe('/v3/shop/numbers/countries/US/areas/212/numbers');
			expect(request.query).toEqual({ channel: 'custom', contains: '77' });
			expectAuthHeaders(server(), request, auth);
			expect(items.length).toBeGreaterThan(0);
			for (const item of items) expect((item.json.item as IDataObject).number).toContain('77');
		},
	);

	it('sends the digits only for items whose channel expression gives "custom"', async () => {
		// With an expression n8n keeps the digits field, so the node itself must leave it out for "random".
		await runOk(server(), search({ channel: '={{ $json.channel }}', containsDigits: '77' }), {
			items: [{ json: { channel: 'random' } }, { json: { channel: 'custom' } }],
		});
		expect(apiRequests(server()).map((request) => request.query)).toEqual([
			{ channel: 'random' },
			{ channel: 'custom', contains: '77' },
		]);
	});

	it('refuses a channel other than random or custom before sending anything', async () => {
		const { error } = await runOperation(server(), search({ channel: '={{ "premium" }}' }));
		expect(error?.message).toBe('Channel must be one of random, custom, not "premium"');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('leaves "contains" out when the custom channel has no digits', async () => {
		await runOk(server(), search({ channel: 'custom', containsDigits: '' }));
		expect(onlyApiRequest(server()).query).toEqual({ channel: 'custom' });
	});

	it('takes the country as an ISO code in any case', async () => {
		await runOk(server(), search({ country: byId('de'), areaCode: '30' }));
		expect(onlyApiRequest(server()).path).toBe('/v3/shop/numbers/countries/DE/areas/30/numbers');
	});

	it('evaluates expressions per input item', async () => {
		const items = await runOk(
			server(),
			search({ country: byId('={{ $json.country }}'), areaCode: '={{ $json.area }}' }),
			{
				items: [{ json: { country: 'US', area: '415' } }, { json: { country: 'GB', area: '20' } }],
			},
		);
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/shop/numbers/countries/US/areas/415/numbers',
			'/v3/shop/numbers/countries/GB/areas/20/numbers',
		]);
		const first = items.find((item) => (item.pairedItem as { item: number }).item === 0);
		const second = items.find((item) => (item.pairedItem as { item: number }).item === 1);
		expect((first?.json.item as IDataObject).number).toMatch(/^\+1415/);
		expect((second?.json.item as IDataObject).number).toMatch(/^\+4420/);
	});

	it('gives no item when the country has no numbers', async () => {
		const items = await runOk(server(), search({ country: byList('FR'), areaCode: '1' }));
		expect(apiRequests(server())).toHaveLength(1);
		expect(items).toEqual([]);
	});

	it.each(['12a', '+49', '5 5', '7-7'])(
		'refuses the digits "%s" before sending anything',
		async (digits) => {
			const { error } = await runOperation(
				server(),
				search({ channel: 'custom', containsDigits: digits }),
			);
			expect(error?.message).toBe(`Contains Digits may hold only the digits 0-9, not "${digits}"`);
			expect(apiRequests(server())).toHaveLength(0);
		},
	);

	it.each(['USA', '1', ''])(
		'refuses the country "%s" from an expression before sending anything',
		async (country) => {
			const { error } = await runOperation(
				server(),
				search({ country: byId('={{ $json.country }}') }),
				{
					items: [{ json: { country } }],
				},
			);
			expect(error?.message).toBe(
				country
					? `Country "${country}" is not a two-letter ISO country code`
					: 'Country is required',
			);
			expect(apiRequests(server())).toHaveLength(0);
		},
	);

	it('refuses a typed country that is not an ISO code before sending anything', async () => {
		const { error } = await runOperation(server(), search({ country: byId('USA') }));
		expect(error?.message).toBe('Country "USA" is not a two-letter ISO country code');
		expect(error?.description).toContain('ISO 3166-1 alpha-2 code, e.g. US');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('refuses an empty area code before sending anything', async () => {
		const { error } = await runOperation(server(), search({ areaCode: ' ' }));
		expect(error?.message).toBe('Area Code is required');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('shows the API error of an unknown country', async () => {
		const { error } = await runOperation(server(), search({ country: byId('ZZ') }));
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Unknown country: ZZ/);
	});
});
