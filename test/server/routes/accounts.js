// @ts-check
'use strict';
/** Accounts: plan, members, member details. */
const { json, noContent, badRequest, invalidUserId } = require('../http');
const { read, edit, resolveUser, requireAdmin, objectBody } = require('./common');
const { pick, isObject } = require('../util');

const ACCOUNT_FIELDS = [
	'uid',
	'name',
	'lastname',
	'email',
	'phone',
	'account_type',
	'status',
	'creation_date',
	'member_of',
];

/** @param {import('../seed').User} u */
const accountView = (u) => ({
	...pick(u, ACCOUNT_FIELDS),
	profile_image: '',
	account_data: { role: u.role, quota: u.quota },
	settings: u.settings ?? {},
});

/** PayloadAccountModification (faxplus-js models/payload-account-modification.ts). */
const MODIFIABLE = new Set([
	'account_data',
	'email',
	'lastname',
	'name',
	'notifications',
	'phone',
	'profile_image',
	'settings',
]);
/** AccountSettings (models/account-settings.ts) and its send_fax (AccountSettingsSendFax: retry). */
const SETTINGS = new Set(['caller_id_name', 'options', 'send_fax', 'should_enhance']);

/** @param {Record<string, any>} body */
function checkAccountModification(body) {
	for (const key of Object.keys(body))
		if (!MODIFIABLE.has(key)) throw badRequest(`${key} is not a field of an account change`);
	for (const key of ['email', 'lastname', 'name', 'phone', 'profile_image'])
		if (body[key] !== undefined && typeof body[key] !== 'string')
			throw badRequest(`${key} must be a string`);
	if (body.email !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(body.email))
		throw badRequest('email must be an email address');
	// The SDK's PayloadAccountModification pattern for phone.
	if (body.phone !== undefined && body.phone !== '' && !/^[+]?[0-9]{8,}$/.test(body.phone))
		throw badRequest('Invalid number: phone must match ^[+]?[0-9]{8,}$');
	const settings = body.settings;
	if (settings === undefined) return;
	if (!isObject(settings)) throw badRequest('settings must be an object');
	for (const key of Object.keys(settings))
		if (!SETTINGS.has(key)) throw badRequest(`settings.${key} is not an account setting`);
	if (settings.caller_id_name !== undefined && typeof settings.caller_id_name !== 'string')
		throw badRequest('settings.caller_id_name must be a string');
	if (settings.should_enhance !== undefined && typeof settings.should_enhance !== 'boolean')
		throw badRequest('settings.should_enhance must be a boolean');
	if (settings.send_fax !== undefined) {
		if (!isObject(settings.send_fax) || Object.keys(settings.send_fax).some((k) => k !== 'retry'))
			throw badRequest('settings.send_fax must be {retry}');
		const retry = settings.send_fax.retry;
		if (!isObject(retry) || Object.keys(retry).some((k) => k !== 'count' && k !== 'delay'))
			throw badRequest('settings.send_fax.retry must be {count, delay}');
		for (const k of ['count', 'delay'])
			if (retry[k] !== undefined && (!Number.isInteger(retry[k]) || retry[k] < 0))
				throw badRequest(`retry.${k} must be a non-negative integer`);
	}
}
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
		// Modify account information: self, or (admins) a member; answers without a body.
		method: 'PUT',
		path: '/accounts/:user_id',
		scopes: edit('member', 'user'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			const body = objectBody(ctx);
			if (Object.keys(body).length === 0) throw badRequest('Nothing to change');
			checkAccountModification(body);
			for (const key of ['email', 'lastname', 'name', 'phone'])
				if (body[key] !== undefined) /** @type {any} */ (user)[key] = body[key];
			if (body.settings) {
				const current = user.settings ?? {};
				user.settings = {
					...current,
					...body.settings,
					send_fax: { ...current.send_fax, ...body.settings.send_fax },
				};
			}
			return noContent();
		},
	},
	{
		// Get member details: the member's role and quota (the SDK's MemberDetail); admins only.
		method: 'GET',
		path: '/accounts/self/member-details/:member_user_id',
		scopes: read('member'),
		handler: (ctx) => {
			requireAdmin(ctx, 'read member details');
			const id = ctx.params.member_user_id;
			const member = Object.hasOwn(ctx.state.users, id) ? ctx.state.users[id] : undefined;
			if (!member || member.uid === ctx.state.ownerId)
				throw invalidUserId(400, `Invalid member user id: ${id}`);
			return json({ quota: member.quota, role: member.role });
		},
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
			if (!member || member.uid === ctx.state.ownerId)
				throw invalidUserId(400, `Invalid member user id: ${id}`);
			const body = objectBody(ctx);
			if (
				body.quota !== undefined &&
				(typeof body.quota !== 'number' || !Number.isFinite(body.quota) || body.quota < 0)
			)
				throw badRequest('quota must be a non-negative number');
			if (body.role !== undefined && (typeof body.role !== 'string' || body.role === ''))
				throw badRequest('role must be a non-empty string');
			if (body.quota !== undefined) member.quota = body.quota;
			if (body.role !== undefined) member.role = body.role;
			return json(memberView(member));
		},
	},
];
