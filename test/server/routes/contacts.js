// @ts-check
'use strict';
/** Contact groups: share with members, delete. */
const { json, badRequest, invalidUserId } = require('../http');
const { edit, findById, objectBody, requireAdmin } = require('./common');

/** @param {unknown} v */
const isStringList = (v) => Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'POST',
		path: '/accounts/self/contact-groups/share',
		scopes: edit(),
		handler: (ctx) => {
			requireAdmin(ctx, 'share contact groups');
			const body = objectBody(ctx);
			if (!isStringList(body.group_ids)) throw badRequest('group_ids must be a non-empty array of strings');
			if (!isStringList(body.member_ids)) throw badRequest('member_ids must be a non-empty array of strings');
			/** @type {string[]} */
			const memberIds = body.member_ids;
			for (const id of memberIds) {
				if (!Object.hasOwn(ctx.state.users, id) || id === ctx.state.ownerId) throw invalidUserId(400, `Invalid member user id: ${id}`);
			}
			/** @type {string[]} */
			const groupIds = body.group_ids;
			const groups = groupIds.map((id) => findById(ctx.state.contactGroups, id, `contact group ${id}`));
			for (const g of groups) for (const m of memberIds) if (!g.shared_with.includes(m)) g.shared_with.push(m);
			return json({});
		},
	},
	{
		method: 'DELETE',
		path: '/accounts/self/contact-groups/:group_id',
		scopes: edit(),
		handler: (ctx) => {
			const id = ctx.params.group_id;
			findById(ctx.state.contactGroups, id, `contact group ${id}`);
			delete ctx.state.contactGroups[id];
			return json({});
		},
	},
];
