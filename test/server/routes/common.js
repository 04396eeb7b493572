// @ts-check
'use strict';
/** Helpers shared by the route modules: scope lists, user resolution, lookups. */
const { invalidUserId, badRequest, notFoundItem } = require('../http');
const { isObject } = require('../util');

/** Scopes permitted for reading an area (`fax:all:read` covers every area). @param {...string} areas */
const read = (...areas) => ['fax:all:read', ...areas.map((a) => `fax:${a}:read`)];
/** Scopes permitted for editing an area. @param {...string} areas */
const edit = (...areas) => ['fax:all:edit', ...areas.map((a) => `fax:${a}:edit`)];

/**
 * Resolves a `user_id` path value: `self`, the caller's own id, or (for an
 * admin) a member of the account. Unknown ids → 400 invalid_user_id; a
 * non-admin naming someone else → 403 invalid_user_id.
 * @param {import('../router').Context} ctx
 * @param {string} [id]
 */
function resolveUser(ctx, id = ctx.params.user_id) {
	const { caller, state } = ctx;
	if (id === undefined || id === 'self') return caller;
	// faxplus-js accounts-api.ts: "For members user_id can only be self" (reading memberUserId).
	if (!caller.is_admin && state.readings.memberUserId === 'self')
		throw invalidUserId(403, 'For members user_id can only be self');
	if (id === caller.uid) return caller;
	const target = Object.hasOwn(state.users, id) ? state.users[id] : undefined;
	if (!target) throw invalidUserId(400, `Invalid user id: ${id}`);
	if (!caller.is_admin) throw invalidUserId(403, `You are not allowed to access user ${id}`);
	return target;
}

/** @param {import('../router').Context} ctx @param {string} what */
function requireAdmin(ctx, what) {
	if (!ctx.caller.is_admin) throw invalidUserId(403, `Only account admins can ${what}`);
}

/**
 * @template T
 * @param {Record<string, T>} table
 * @param {string} id
 * @param {string} what e.g. 'fax fax_9'
 * @returns {T}
 */
function findById(table, id, what) {
	if (!Object.hasOwn(table, id)) throw notFoundItem(what);
	return table[id];
}

/** The request body as an object, or 400. @param {import('../router').Context} ctx */
function objectBody(ctx) {
	if (ctx.body === undefined) return {};
	if (!isObject(ctx.body)) throw badRequest('The request body must be a JSON object');
	return ctx.body;
}

/**
 * Parses an optional non-negative integer query parameter.
 * @param {Record<string, string>} query @param {string} name @param {number} fallback @param {number} [max]
 */
function intParam(query, name, fallback, max = Number.MAX_SAFE_INTEGER) {
	const raw = query[name];
	if (raw === undefined || raw === '') return fallback;
	if (!/^[0-9]+$/.test(raw) || Number(raw) > max)
		throw badRequest(`${name} must be an integer between 0 and ${max}`);
	return Number(raw);
}

module.exports = { read, edit, resolveUser, requireAdmin, findById, objectBody, intParam };
