// @ts-check
'use strict';
/** Accounts: plan, members, member details. */
const { json, noContent, badRequest, invalidUserId } = require('../http');
const { read, edit, resolveUser, requireAdmin, objectBody } = require('./common');
const { pick, isObject, isE164 } = require('../util');

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
	account_data: { ...u.account_data, role: u.role, quota: u.quota },
	settings: u.settings ?? {},
	...(u.notifications && { notifications: structuredClone(u.notifications) }),
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

/** The SDK's AccountData (models/account-data.ts): every field optional. */
const ACCOUNT_DATA = new Set([
	'company_logo',
	'company_name',
	'deactivation_reason',
	'default_file_type',
	'role',
	'save_history',
]);
/** The five events of AccountNotificationsEmail/Sms/PushSettings, each a required boolean. */
const EVENTS = ['low_credit', 'new_feature', 'receive_fax', 'send_fax', 'voicemail'];
/** SlackNotificationMode (models/slack-notification-mode.ts). */
const SLACK_MODES = ['with_attachment', 'no_attachment', 'off'];

/**
 * An object with exactly the SDK model's keys: `required` must be there, `optional` may be.
 * @param {unknown} value @param {string} where @param {string[]} required @param {string[]} [optional]
 * @returns {Record<string, any>}
 */
function modelObject(value, where, required, optional = []) {
	if (!isObject(value)) throw badRequest(`${where} must be an object`);
	for (const key of Object.keys(value))
		if (!required.includes(key) && !optional.includes(key))
			throw badRequest(`${where}.${key} is not a field of ${where}`);
	for (const key of required)
		if (value[key] === undefined) throw badRequest(`${where}.${key} is required`);
	return value;
}

/** @param {unknown} value @param {string} where */
function booleanField(value, where) {
	if (value !== undefined && typeof value !== 'boolean')
		throw badRequest(`${where} must be a boolean`);
}

/** @param {unknown} value @param {string} where @param {(entry: string) => boolean} valid */
function stringList(value, where, valid) {
	if (value === undefined) return;
	if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || !valid(v)))
		throw badRequest(`${where} must be a list of valid entries`);
}

const isEmail = (/** @type {string} */ v) =>
	v.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);

/** AccountNotifications, as strictly as the SDK's types (models/account-notifications*.ts). @param {unknown} value */
function checkNotifications(value) {
	const n = modelObject(value, 'notifications', ['settings'], ['black_list']);
	if (n.black_list !== undefined) {
		const list = modelObject(n.black_list, 'notifications.black_list', ['uids']);
		stringList(list.uids, 'notifications.black_list.uids', (v) => v !== '');
	}
	const where = 'notifications.settings';
	const settings = modelObject(
		n.settings,
		where,
		['email', 'push_notifications', 'sms'],
		['language', 'slack'],
	);
	const email = modelObject(settings.email, `${where}.email`, EVENTS, ['addresses', 'attachments']);
	const sms = modelObject(settings.sms, `${where}.sms`, EVENTS, ['numbers']);
	const push = modelObject(settings.push_notifications, `${where}.push_notifications`, EVENTS);
	for (const [name, channel] of [
		['email', email],
		['sms', sms],
		['push_notifications', push],
	])
		for (const event of EVENTS) booleanField(channel[event], `${where}.${name}.${event}`);
	stringList(email.addresses, `${where}.email.addresses`, isEmail);
	stringList(sms.numbers, `${where}.sms.numbers`, (v) => isE164(v));
	if (email.attachments !== undefined) {
		const attachments = modelObject(
			email.attachments,
			`${where}.email.attachments`,
			['receive_fax', 'send_fax'],
			['confirmation_page'],
		);
		for (const key of Object.keys(attachments))
			booleanField(attachments[key], `${where}.email.attachments.${key}`);
	}
	if (settings.slack !== undefined) {
		const slack = modelObject(settings.slack, `${where}.slack`, [
			'receive_fax',
			'send_fax',
			'target_channel',
		]);
		for (const key of ['receive_fax', 'send_fax'])
			if (!SLACK_MODES.includes(slack[key]))
				throw badRequest(`${where}.slack.${key} must be one of ${SLACK_MODES.join(', ')}`);
		if (typeof slack.target_channel !== 'string' || slack.target_channel === '')
			throw badRequest(`${where}.slack.target_channel must be a non-empty string`);
	}
	// AccountNotificationsLanguage: 'en' only.
	if (settings.language !== undefined && settings.language !== 'en')
		throw badRequest(`${where}.language must be en`);
}

/** AccountData (models/account-data.ts). @param {unknown} value */
function checkAccountData(value) {
	const data = modelObject(value, 'account_data', [], [...ACCOUNT_DATA]);
	for (const key of ['company_logo', 'company_name', 'deactivation_reason', 'role'])
		if (data[key] !== undefined && typeof data[key] !== 'string')
			throw badRequest(`account_data.${key} must be a string`);
	// FileType (models/file-type.ts).
	if (data.default_file_type !== undefined && !['pdf', 'tiff'].includes(data.default_file_type))
		throw badRequest('account_data.default_file_type must be pdf or tiff');
	booleanField(data.save_history, 'account_data.save_history');
}

/** @param {Record<string, any>} body */
function checkAccountModification(body) {
	if (body.account_data !== undefined) checkAccountData(body.account_data);
	if (body.notifications !== undefined) checkNotifications(body.notifications);
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
			// The strictest reading of a change: the account data and notifications sent replace the
			// ones held (no document shows a partial change), so a field left out is gone.
			if (body.account_data)
				user.account_data = pick(body.account_data, [
					'company_name',
					'default_file_type',
					'save_history',
				]);
			if (body.notifications) user.notifications = structuredClone(body.notifications);
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
		// "Invite corporate members": admins, up to 10 addresses a request, scopes fax:all:edit or
		// fax:member:edit; the body's field as the node reads apidoc (docs/fax-plus-readings.md).
		method: 'POST',
		path: '/accounts/self/member-invitations',
		scopes: edit('member'),
		handler: (ctx) => {
			requireAdmin(ctx, 'invite members');
			const body = objectBody(ctx);
			for (const key of Object.keys(body))
				if (key !== 'emails') throw badRequest(`${key} is not a field of an invitation`);
			/** @type {unknown} */
			const emails = body.emails;
			if (!Array.isArray(emails) || emails.length === 0 || emails.length > 10)
				throw badRequest('emails must be a list of 1 to 10 email addresses');
			for (const email of emails)
				if (typeof email !== 'string' || !isEmail(email))
					throw badRequest(`Invalid email address: ${String(email).slice(0, 100)}`);
			const members = new Set(Object.values(ctx.state.users).map((u) => u.email.toLowerCase()));
			for (const email of emails)
				if (members.has(email.toLowerCase()))
					throw badRequest(`${email} is already a member of the account`);
			ctx.state.memberInvitations.push(...emails);
			return noContent();
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
