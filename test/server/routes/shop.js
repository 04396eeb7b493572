// @ts-check
'use strict';
/** Shop: balance, countries, number search and purchase. Offers are deterministic per country/area. */
const crypto = require('node:crypto');
const { json, badRequest, notFoundItem } = require('../http');
const { read, edit, objectBody } = require('./common');
const { ownedNumber } = require('../seed');
const { faxTime, randomHex } = require('../util');

const SUBSCRIBER_DIGITS = 7;
const POOL_SIZE = 20;
const PAGE = 5;

/** @type {Record<string, Record<string, [string, string]>>} area code → [geographic area, city] */
const AREAS = {
	US: {
		212: ['New York', 'New York'],
		415: ['California', 'San Francisco'],
		555: ['Test Area', 'Springfield'],
	},
	CA: { 416: ['Ontario', 'Toronto'] },
	DE: { 30: ['Berlin', 'Berlin'], 89: ['Bavaria', 'Munich'] },
	GB: { 20: ['Greater London', 'London'] },
};

/** Deterministic subscriber numbers for an area. @param {string} iso @param {string} area */
function pool(iso, area) {
	return Array.from({ length: POOL_SIZE }, (_, i) => {
		const h = crypto.createHash('sha1').update(`${iso}:${area}:${i}`).digest();
		return String(h.readUInt32BE(0) % 10 ** SUBSCRIBER_DIGITS).padStart(SUBSCRIBER_DIGITS, '0');
	});
}

/** @param {import('../seed').State} state @param {string} iso @param {string} area @param {string} sub */
function offer(state, iso, area, sub) {
	const [region, city] = AREAS[iso]?.[area] ?? [`${iso} ${area}`, ''];
	return {
		type: 'local',
		currency: 'USD',
		availability: 'available',
		item: {
			id: `item_${iso}_${area}_${sub}`,
			country: iso,
			number: `+${state.callingCodes[iso]}${area}${sub}`,
			country_code: state.callingCodes[iso],
			geographic_area: { area_code: area, geographic_area: region, city },
		},
		price: 1,
		monthly_fee: 7.99,
		number_of_months: 1,
	};
}

/** @param {import('../seed').State} state @param {string} iso */
function country(state, iso) {
	return state.countries.find((c) => c.iso === iso.toUpperCase());
}

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'GET',
		path: '/shop/balance',
		scopes: read('shop'),
		handler: (ctx) => json({ ...ctx.state.balance }),
	},
	{
		method: 'GET',
		path: '/shop/numbers/countries',
		scopes: read('shop'),
		handler: (ctx) => json({ countries: ctx.state.countries }),
	},
	{
		method: 'GET',
		path: '/shop/numbers/countries/:country_code/areas/:calling_code/numbers',
		scopes: read('shop'),
		handler: (ctx) => {
			const { state, query } = ctx;
			const channel = query.channel || 'random';
			if (channel !== 'random' && channel !== 'custom')
				throw badRequest('channel must be random or custom');
			const contains = query.contains ?? '';
			if (!/^[0-9]*$/.test(contains)) throw badRequest('contains must match the pattern ^[0-9]*$');
			const c = country(state, ctx.params.country_code);
			if (!c) throw badRequest(`Unknown country: ${ctx.params.country_code}`);
			const area = ctx.params.calling_code;
			if (!/^[0-9]{1,5}$/.test(area))
				throw badRequest('calling_code must be an area code of 1 to 5 digits');
			if (!c.is_available) return json({ numbers: [] });
			const owned = (/** @type {string} */ sub) =>
				Object.hasOwn(state.numbers, `+${state.callingCodes[c.iso]}${area}${sub}`);
			let subs = pool(c.iso, area);
			if (channel === 'custom' && contains !== '') {
				const matching = subs.filter((s) => `${area}${s}`.includes(contains));
				// Synthesise numbers ending with the digits when the pool has none.
				if (matching.length === 0 && contains.length <= SUBSCRIBER_DIGITS)
					matching.push(
						...subs
							.slice(0, 3)
							.map((s) => s.slice(0, SUBSCRIBER_DIGITS - contains.length) + contains),
					);
				subs = matching;
			}
			const numbers = [...new Set(subs)]
				.filter((s) => !owned(s))
				.slice(0, PAGE)
				.map((s) => offer(state, c.iso, area, s));
			return json({ numbers });
		},
	},
	{
		method: 'POST',
		path: '/shop/numbers/purchase',
		scopes: edit('shop'),
		handler: (ctx) => {
			const { state } = ctx;
			const body = objectBody(ctx);
			if (typeof body.item_id !== 'string' || body.item_id === '')
				throw badRequest('item_id is required');
			const m = /^item_([A-Z]{2})_([0-9]{1,5})_([0-9]{7})$/.exec(body.item_id);
			const c = m && country(state, m[1]);
			if (!m || !c || !c.is_available) throw notFoundItem(`number offer ${body.item_id}`);
			const number = `+${state.callingCodes[c.iso]}${m[2]}${m[3]}`;
			if (Object.hasOwn(state.numbers, number))
				throw badRequest(`The number ${number} is already owned`);
			state.numbers[number] = ownedNumber(
				`num_${randomHex(4)}`,
				number,
				ctx.caller.uid,
				faxTime(Date.now()),
			);
			return json({ number });
		},
	},
];
