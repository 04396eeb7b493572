// @ts-check
'use strict';
/**
 * Fax records (beyond spec): list, get, modify, delete. The list takes what Fax.Plus's SDK documents
 * (category, after, before, limit) and ignores anything else, such as `skip`: clients page with
 * `before`. It answers `{ data: { records } }` (the SDK's FaxList / FaxListData). Readings
 * (readings.js): `after`/`before` exclusive or inclusive, a page cap below `limit`, and a
 * modification that needs both `comment` and `is_read`.
 */
const { json, noContent, badRequest, notFoundItem } = require('../http');
const { read, edit, resolveUser, objectBody, intParam } = require('./common');
const { pageSize, listed } = require('../readings');

const CATEGORIES = ['inbox', 'sent', 'spam'];
const DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The fax `fax_id` of the addressed user, or 400 bad_request.
 * @param {import('../router').Context} ctx
 */
function findFax(ctx) {
	const user = resolveUser(ctx);
	const id = ctx.params.fax_id;
	const fax = Object.hasOwn(ctx.state.faxes, id) ? ctx.state.faxes[id] : undefined;
	if (!fax || fax.uid !== user.uid) throw notFoundItem(`fax ${id}`);
	return fax;
}

/**
 * A fax record as the list and Get answer it: the sender as `from` (the SDK's Fax model) or
 * `from_number` (apidoc's example answers), by the reading `faxSender`.
 * @param {import('../seed').State} state @param {import('../seed').FaxRecord} fax
 */
function answered(state, fax) {
	if (state.readings.faxSender === 'from' || !('from' in fax)) return fax;
	const { from, ...rest } = fax;
	return { ...rest, from_number: from };
}

/** @param {import('../seed').FaxRecord} fax @param {string} category */
function inCategory(fax, category) {
	if (category === 'spam') return fax.is_spam;
	if (fax.is_spam) return false;
	return category === 'inbox' ? fax.direction === 'incoming' : fax.direction === 'outgoing';
}

/** @param {Record<string, string>} query @param {string} name */
function dateParam(query, name) {
	const v = query[name];
	if (v === undefined || v === '') return undefined;
	if (!DATE.test(v)) throw badRequest(`${name} must look like "YYYY-MM-DD HH:mm:ss"`);
	return v.replace('T', ' ');
}

/** @type {import('../router').Route[]} */
const routes = [
	{
		method: 'GET',
		path: '/accounts/:user_id/faxes',
		scopes: read('fax'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			const { category } = ctx.query;
			if (category !== undefined && category !== '' && !CATEGORIES.includes(category))
				throw badRequest(`category must be one of ${CATEGORIES.join(', ')}`);
			const after = dateParam(ctx.query, 'after');
			const before = dateParam(ctx.query, 'before');
			const limit = pageSize(ctx.state.readings, intParam(ctx.query, 'limit', 50, 1000));
			const inclusive = ctx.state.readings.listBounds === 'inclusive';
			const records = Object.values(ctx.state.faxes)
				.filter((f) => f.uid === user.uid)
				.filter((f) => !category || inCategory(f, category))
				.filter((f) =>
					inclusive
						? (!after || f.start_time >= after) && (!before || f.start_time <= before)
						: (!after || f.start_time > after) && (!before || f.start_time < before),
				)
				.filter((f) => listed(ctx.state, f.id))
				.sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0));
			// Oldest first (reading listOrder): the oldest `limit` records within the bounds.
			if (ctx.state.readings.listOrder === 'oldestFirst') records.reverse();
			return json({
				data: { records: records.slice(0, limit).map((fax) => answered(ctx.state, fax)) },
			});
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/faxes/:fax_id',
		scopes: read('fax'),
		handler: (ctx) => json(answered(ctx.state, findFax(ctx))),
	},
	{
		method: 'PUT',
		path: '/accounts/:user_id/faxes/:fax_id',
		scopes: edit('fax'),
		handler: (ctx) => {
			const fax = findFax(ctx);
			const body = objectBody(ctx);
			if (body.comment !== undefined && typeof body.comment !== 'string')
				throw badRequest('comment must be a string');
			if (body.is_read !== undefined && typeof body.is_read !== 'boolean')
				throw badRequest('is_read must be a boolean');
			// The SDK's PayloadFaxModification marks both fields required.
			if (
				ctx.state.readings.faxUpdate === 'full' &&
				(body.comment === undefined || body.is_read === undefined)
			)
				throw badRequest('comment and is_read are both required');
			if (body.comment !== undefined) fax.comment = body.comment;
			if (body.is_read !== undefined) fax.is_read = body.is_read;
			return noContent();
		},
	},
	{
		method: 'DELETE',
		path: '/accounts/:user_id/faxes/:fax_id',
		scopes: edit('fax'),
		handler: (ctx) => {
			const fax = findFax(ctx);
			delete ctx.state.faxes[fax.id];
			return noContent();
		},
	},
];

module.exports = routes;
module.exports.findFax = findFax;
