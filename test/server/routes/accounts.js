// @ts-check
'use strict';
/** Accounts: plan, members, member details. */
const { json, badRequest, invalidUserId } = require('../http');
const { read, edit, resolveUser, requireAdmin, objectBody } = require('./common');
const { pick } = require('../util');

const ACCOUNT_FIELDS = ['uid', 'name', 'lastname', 'email', 'phone', 'account_type', 'status', 'creation_date', 'member_of'];

/** @param {import('../seed').User} u */
const accountView = (u) => ({ ...pick(u, ACCOUNT_FIELDS), profile_image: '', account_data: { role: u.role, quota: u.quota }, settings: {} });
/** @param {import('../seed').User} u */
const memberView = (u) => pick(u, [...ACCOUNT_FIELDS, 'role', 'quota']);

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'GET',
		path: '/accounts',
		// "Only the admin account can send a request to this endpoint" (List corporate members).
		scopes: read('member'),
		handler: (ctx) => {
			requireAdmin(ctx, 'list the members of the corporate account');
			return json({ members: Object.values(ctx.state.users).map(accountView) });
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id',
		scopes: read('member', 'user'),
		handler: (ctx) => json(accountView(resolveUser(ctx))),
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/plan',
		scopes: read('member', 'user'),
		handler: (ctx) => {
			const u = resolveUser(ctx);
			return json({ plan_type: u.plan_type, is_admin: u.is_admin, is_owner: u.is_owner });
		},
	},
	{
		method: 'PUT',
		path: '/accounts/self/member-details/:member_user_id',
		scopes: edit('member'),
		handler: (ctx) => {
			requireAdmin(ctx, 'modify members');
			const id = ctx.params.member_user_id;
			const member = Object.hasOwn(ctx.state.users, id) ? ctx.state.users[id] : undefined;
			if (!member || member.uid === ctx.state.ownerId) throw invalidUserId(400, `Invalid member user id: ${id}`);
			const body = objectBody(ctx);
			if (body.quota !== undefined && (typeof body.quota !== 'number' || !Number.isFinite(body.quota) || body.quota < 0))
				throw badRequest('quota must be a non-negative number');
			if (body.role !== undefined && (typeof body.role !== 'string' || body.role === ''))
				throw badRequest('role must be a non-empty string');
			if (body.quota !== undefined) member.quota = body.quota;
			if (body.role !== undefined) member.role = body.role;
			return json(memberView(member));
		},
	},
];
