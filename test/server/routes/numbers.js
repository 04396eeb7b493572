// @ts-check
'use strict';
/** Owned numbers (beyond spec): list and get. Admins see every account number, members their assigned ones. */
const { json, notFoundItem } = require('../http');
const { read, resolveUser } = require('./common');

/** @param {import('../router').Context} ctx */
function visibleNumbers(ctx) {
	const user = resolveUser(ctx);
	const all = Object.values(ctx.state.numbers);
	return user.is_admin ? all : all.filter((n) => n.assigned_to?.uid === user.uid);
}

/** @type {import('../router').Route[]} */
const routes = [
	{ method: 'GET', path: '/accounts/:user_id/numbers', scopes: read('fax', 'number'), handler: (ctx) => json({ numbers: visibleNumbers(ctx) }) },
	{
		method: 'GET',
		path: '/accounts/:user_id/numbers/:number',
		scopes: read('fax', 'number'),
		handler: (ctx) => {
			const wanted = ctx.params.number.replace(/\s+/g, '');
			const n = visibleNumbers(ctx).find((x) => x.number === wanted || x.number === `+${wanted}`);
			if (!n) throw notFoundItem(`number ${ctx.params.number}`);
			return json(n);
		},
	},
];

module.exports = routes;
module.exports.visibleNumbers = visibleNumbers;
