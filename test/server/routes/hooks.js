// @ts-check
'use strict';
/**
 * Legacy hooks (/hooks): one event, a target URL and optional owned numbers; listed per event
 * (`event` required). Readings (readings.js): the spec's three events or the SDK's two, and
 * `numbers` (named by neither document) stored and listed, or ignored.
 */
const { json, noContent, badRequest, notFound } = require('../http');
const { read, edit, objectBody } = require('./common');
const { randomHex, faxTime, normalizeNumber } = require('../util');
const { EVENTS } = require('./webhooks');

/** The events hooks take: the spec's, or the SDK's WebhookEventType (no fax_page_received). @param {import('../router').Context} ctx */
const hookEvents = (ctx) =>
	ctx.state.readings.hookEvents === 'sdk'
		? EVENTS.filter((event) => event !== 'fax_page_received')
		: EVENTS;

/** @param {import('../seed').LegacyHook} h */
const view = (h) => ({
	id: h.id,
	target: h.target,
	event: h.event,
	...(h.numbers ? { numbers: h.numbers } : {}),
});

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'GET',
		path: '/hooks',
		scopes: read('webhook'),
		handler: (ctx) => {
			// `event` is required, as in Fax.Plus's SDK (`get_webhooks(event)`).
			const { event } = ctx.query;
			const events = hookEvents(ctx);
			if (event === undefined || event === '')
				throw badRequest(`event is required: one of ${events.join(', ')}`);
			if (!events.includes(event)) throw badRequest(`event must be one of ${events.join(', ')}`);
			const hooks = Object.values(ctx.state.hooks).filter((h) => h.event === event);
			return json({ data: hooks.map(view) });
		},
	},
	{
		method: 'POST',
		path: '/hooks',
		scopes: edit('webhook'),
		handler: (ctx) => {
			const body = objectBody(ctx);
			if (typeof body.target !== 'string' || !/^https?:\/\/\S+$/.test(body.target))
				throw badRequest('target must be an http(s) URL');
			const events = hookEvents(ctx);
			if (!events.includes(body.event))
				throw badRequest(`event must be one of ${events.join(', ')}`);
			/** @type {string[] | undefined} */
			let numbers;
			const keepsNumbers = ctx.state.readings.hookNumbers === 'listed';
			if (keepsNumbers && body.numbers !== undefined && body.numbers !== null) {
				if (!Array.isArray(body.numbers))
					throw badRequest('numbers must be an array of owned numbers');
				numbers = body.numbers.map((/** @type {unknown} */ n) => {
					const num = typeof n === 'string' ? normalizeNumber(n) : '';
					if (!Object.hasOwn(ctx.state.numbers, num))
						throw badRequest(`Only owned numbers are allowed: ${n}`);
					return num;
				});
			}
			const id = `hook_${randomHex(8)}`;
			ctx.state.hooks[id] = {
				id,
				target: body.target,
				event: body.event,
				...(numbers ? { numbers } : {}),
				created_at: faxTime(Date.now()),
			};
			return json({ id, target: body.target, event: body.event }, 201);
		},
	},
	{
		method: 'DELETE',
		path: '/hooks/:hook_id',
		scopes: edit('webhook'),
		handler: (ctx) => {
			const id = ctx.params.hook_id;
			if (!Object.hasOwn(ctx.state.hooks, id)) throw notFound(`Hook ${id} was not found`);
			delete ctx.state.hooks[id];
			return noContent();
		},
	},
];
