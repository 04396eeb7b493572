// @ts-check
'use strict';
/** Webhooks, current API (spec rules 1-7). The signing secret is never returned. */
const crypto = require('node:crypto');
const { ApiError, json, noContent, badRequest, notFound } = require('../http');
const { read, edit, objectBody } = require('./common');
const { randomHex, faxTime, normalizeNumber } = require('../util');

const EVENTS = ['fax_sent', 'fax_received', 'fax_page_received'];

/** Rules 6 and 7: the integrations switches. @param {import('../router').Context} ctx */
function guard(ctx) {
	const { settings } = ctx.state;
	if (!settings.webhooksFeature)
		throw new ApiError(403, 'forbidden', 'The account does not have the webhooks feature');
	if (!settings.webhooksEnabled)
		throw notFound('Webhooks are not enabled in the integrations settings of this account');
}

/** @param {unknown} url */
function checkUrl(url) {
	if (typeof url !== 'string') throw badRequest('url is required');
	let parsed;
	try {
		parsed = new URL(url);
	} catch {
		throw badRequest(`Invalid url: ${url}`);
	}
	// Fax.Plus delivers only to HTTPS; plain http is allowed for this machine only (tests, the demo).
	const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
	if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && loopback))
		throw badRequest(`Invalid url: ${url}. Webhook URLs must use https://`);
	return url;
}

/** @param {unknown} types @returns {string[]} */
function checkFilterTypes(types) {
	if (!Array.isArray(types) || types.length === 0)
		throw badRequest('filter_types is required and must contain at least one event');
	for (const t of types)
		if (!EVENTS.includes(t))
			throw badRequest(`Unknown event type: ${t}. Allowed: ${EVENTS.join(', ')}`);
	return [...new Set(types)];
}

/** Rules 2-4: null clears, every entry needs a leading '+', spaces are removed. @param {unknown} channels @returns {string[] | null} */
function checkChannels(channels) {
	if (channels === null) return null;
	if (!Array.isArray(channels))
		throw badRequest('channels must be an array of E.164 numbers or null');
	return channels.map((c) => {
		const n = typeof c === 'string' ? normalizeNumber(c) : '';
		if (!/^\+[0-9]{2,15}$/.test(n)) throw badRequest(`Invalid number: ${c}`);
		return n;
	});
}

/** @param {import('../seed').WebhookEndpoint} e */
const view = (e) => ({ id: e.id, url: e.url, filter_types: e.filter_types, channels: e.channels });

/** @param {import('../router').Context} ctx */
function findEndpoint(ctx) {
	const id = ctx.params.endpoint_id;
	if (!Object.hasOwn(ctx.state.webhooks, id))
		throw notFound(`Webhook endpoint ${id} was not found`);
	return ctx.state.webhooks[id];
}

/** @type {import('../router').Route[]} */
const routes = [
	{
		method: 'POST',
		path: '/webhooks',
		scopes: edit('webhook'),
		handler: (ctx) => {
			guard(ctx);
			const body = objectBody(ctx);
			const url = checkUrl(body.url);
			const filterTypes = checkFilterTypes(body.filter_types);
			const channels = body.channels === undefined ? null : checkChannels(body.channels);
			const id = `ep_${randomHex(12)}`;
			ctx.state.webhooks[id] = {
				id,
				url,
				filter_types: filterTypes,
				channels,
				secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
				created_at: faxTime(Date.now()),
			};
			return { status: 201 };
		},
	},
	{
		method: 'GET',
		path: '/webhooks',
		scopes: read('webhook'),
		handler: (ctx) => {
			guard(ctx);
			return json({ data: Object.values(ctx.state.webhooks).map(view) });
		},
	},
	{
		method: 'GET',
		path: '/webhooks/:endpoint_id',
		scopes: read('webhook'),
		handler: (ctx) => {
			guard(ctx);
			return json(view(findEndpoint(ctx)));
		},
	},
	{
		method: 'PATCH',
		path: '/webhooks/:endpoint_id',
		scopes: edit('webhook'),
		handler: (ctx) => {
			guard(ctx);
			const endpoint = findEndpoint(ctx);
			const body = objectBody(ctx);
			// Validate everything first: nothing changes on a 400.
			const url = body.url === undefined ? endpoint.url : checkUrl(body.url);
			const filterTypes =
				body.filter_types === undefined
					? endpoint.filter_types
					: checkFilterTypes(body.filter_types);
			const channels =
				body.channels === undefined ? endpoint.channels : checkChannels(body.channels);
			Object.assign(endpoint, { url, filter_types: filterTypes, channels });
			return json(view(endpoint));
		},
	},
	{
		method: 'DELETE',
		path: '/webhooks/:endpoint_id',
		scopes: edit('webhook'),
		handler: (ctx) => {
			guard(ctx);
			delete ctx.state.webhooks[findEndpoint(ctx).id];
			return noContent();
		},
	},
];

module.exports = routes;
module.exports.EVENTS = EVENTS;
