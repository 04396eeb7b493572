// @ts-check
'use strict';
/**
 * Owned numbers (faxplus-js api/numbers-api.ts): list, get, assign to a member (PUT), revoke (DELETE).
 * Admins see every account number, members their assigned ones.
 */
const { json, noContent, badRequest, notFoundItem, invalidUserId } = require('../http');
const { read, edit, resolveUser, requireAdmin, objectBody } = require('./common');

/** @param {import('../router').Context} ctx */
function visibleNumbers(ctx) {
	const user = resolveUser(ctx);
	const all = Object.values(ctx.state.numbers);
	return user.is_admin
		? all
		: all.filter((n) => Array.isArray(n.assigned_to) && n.assigned_to.includes(user.uid));
}

/** The number of the path among the user's visible numbers ("+" optional, spaces ignored), or 400 not found. @param {import('../router').Context} ctx */
function findNumber(ctx) {
	const wanted = ctx.params.number.replace(/\s+/g, '');
	const n = visibleNumbers(ctx).find((x) => x.number === wanted || x.number === `+${wanted}`);
	if (!n) throw notFoundItem(`number ${ctx.params.number}`);
	return n;
}

/** @type {import('../router').Route[]} */
const routes = [
	{
		method: 'GET',
		path: '/accounts/:user_id/numbers',
		scopes: read('fax', 'numbers'),
		handler: (ctx) => json({ numbers: visibleNumbers(ctx) }),
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/numbers/:number',
		scopes: read('fax', 'numbers'),
		handler: (ctx) => json(findNumber(ctx)),
	},
	{
		// Assign number: PayloadNumberModification `{ assigned_to }` (required, a user ID); answers without a body.
		method: 'PUT',
		path: '/accounts/:user_id/numbers/:number',
		scopes: edit('numbers'),
		handler: (ctx) => {
			requireAdmin(ctx, 'assign numbers');
			const n = findNumber(ctx);
			const body = objectBody(ctx);
			for (const key of Object.keys(body))
				if (key !== 'assigned_to')
					throw badRequest(`${key} is not a field of a number change (assigned_to)`);
			if (typeof body.assigned_to !== 'string' || body.assigned_to.trim() === '')
				throw badRequest('assigned_to must be the user ID of a member of the account');
			const id = body.assigned_to;
			if (!Object.hasOwn(ctx.state.users, id)) throw invalidUserId(400, `Invalid user id: ${id}`);
			if (!n.assigned_to.includes(id)) n.assigned_to.push(id);
			return noContent();
		},
	},
	{
		// Revoke number from the user of the path (a member, or `self` for one's own); "Number can not be
		// removed from the admin". A member addressing someone else gets 403 from resolveUser.
		method: 'DELETE',
		path: '/accounts/:user_id/numbers/:number',
		scopes: edit('numbers'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			if (user.is_admin) throw badRequest('A number cannot be revoked from the admin');
			const n = findNumber(ctx);
			n.assigned_to = n.assigned_to.filter((/** @type {string} */ uid) => uid !== user.uid);
			return noContent();
		},
	},
];

module.exports = routes;
module.exports.visibleNumbers = visibleNumbers;
