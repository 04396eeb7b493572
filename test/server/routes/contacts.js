// @ts-check
'use strict';
/** Contacts (list/search, update, assign to groups) and contact groups (share with members, delete). */
const { json, badRequest, invalidUserId, notFoundItem, noContent } = require('../http');
const {
	read,
	edit,
	findById,
	objectBody,
	requireAdmin,
	resolveUser,
	intParam,
} = require('./common');
const { isE164, normalizeNumber } = require('../util');
const { pageSize } = require('../readings');

/** @param {import('../index').Contact} c */
const contactView = ({ uid: _owner, ...contact }) => ({
	...contact,
	numbers: [...contact.numbers],
});

/** The fields "Update a contact" shows: name, company, numbers. */
const CONTACT_FIELDS = new Set(['name', 'company', 'numbers']);

/** @param {import('../router').Context} ctx */
function findContact(ctx) {
	const user = resolveUser(ctx);
	const id = ctx.params.contact_id;
	const contact = Object.hasOwn(ctx.state.contacts, id) ? ctx.state.contacts[id] : undefined;
	if (!contact || contact.uid !== user.uid) throw notFoundItem(`contact ${id}`);
	return contact;
}

/** Query parameters "List contacts" documents: search, offset, limit (and contacts by IDs). */
const LIST_QUERY = new Set(['search', 'offset', 'limit', 'ids']);

/** @param {unknown} v */
const isStringList = (v) =>
	Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === 'string');

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'GET',
		path: '/accounts/:user_id/contacts',
		scopes: read(),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			for (const key of Object.keys(ctx.query))
				if (!LIST_QUERY.has(key)) throw badRequest(`Unknown query parameter: ${key}`);
			const offset = intParam(ctx.query, 'offset', 0);
			const asked = intParam(ctx.query, 'limit', 50);
			if (asked < 1) throw badRequest('limit must be at least 1');
			const limit = pageSize(ctx.state.readings, asked);
			const search = (ctx.query.search ?? '').trim().toLowerCase();
			const ids = ctx.query.ids ? ctx.query.ids.split(',').map((id) => id.trim()) : undefined;
			const matches = Object.values(ctx.state.contacts)
				.filter((c) => c.uid === user.uid)
				.filter((c) => !ids || ids.includes(c.id))
				.filter(
					(c) =>
						!search ||
						`${c.name} ${c.company} ${c.numbers.join(' ')}`.toLowerCase().includes(search),
				)
				.sort((a, b) => a.name.localeCompare(b.name));
			return json({
				contacts: matches.slice(offset, offset + limit).map(contactView),
				total: matches.length,
			});
		},
	},
	{
		method: 'PUT',
		path: '/accounts/:user_id/contacts/:contact_id',
		scopes: edit(),
		handler: (ctx) => {
			const contact = findContact(ctx);
			const body = objectBody(ctx);
			if (Object.keys(body).length === 0) throw badRequest('Nothing to change');
			for (const key of Object.keys(body))
				if (!CONTACT_FIELDS.has(key)) throw badRequest(`${key} is not a field of a contact`);
			if (body.name !== undefined && (typeof body.name !== 'string' || body.name.trim() === ''))
				throw badRequest('name must be a non-empty string');
			if (body.company !== undefined && typeof body.company !== 'string')
				throw badRequest('company must be a string');
			if (body.numbers !== undefined) {
				if (
					!Array.isArray(body.numbers) ||
					body.numbers.some((n) => typeof n !== 'string' || !isE164(normalizeNumber(n)))
				)
					throw badRequest('numbers must be an array of E.164 numbers');
			}
			if (body.name !== undefined) contact.name = body.name;
			if (body.company !== undefined) contact.company = body.company;
			if (body.numbers !== undefined)
				contact.numbers = body.numbers.map((/** @type {string} */ n) => normalizeNumber(n));
			return json(contactView(contact));
		},
	},
	{
		// "Assign contacts to groups" (apidoc): the reference's body {contact_id, group_ids}, scope
		// fax:all:edit only; the contact's groups become exactly group_ids (it leaves the others).
		method: 'POST',
		path: '/accounts/self/contacts/assign-groups',
		scopes: ['fax:all:edit'],
		handler: (ctx) => {
			const body = objectBody(ctx);
			for (const key of Object.keys(body))
				if (key !== 'contact_id' && key !== 'group_ids')
					throw badRequest(`${key} is not a field of a group assignment`);
			if (typeof body.contact_id !== 'string' || body.contact_id === '')
				throw badRequest('contact_id must be a non-empty string');
			if (
				!Array.isArray(body.group_ids) ||
				body.group_ids.some((/** @type {unknown} */ id) => typeof id !== 'string' || id === '')
			)
				throw badRequest('group_ids must be an array of group IDs');
			const id = body.contact_id;
			const contact = Object.hasOwn(ctx.state.contacts, id) ? ctx.state.contacts[id] : undefined;
			if (!contact || contact.uid !== ctx.caller.uid) throw notFoundItem(`contact ${id}`);
			/** @type {string[]} */
			const groupIds = body.group_ids;
			for (const g of groupIds) findById(ctx.state.contactGroups, g, `contact group ${g}`);
			for (const group of Object.values(ctx.state.contactGroups)) {
				const others = group.contact_ids.filter((c) => c !== id);
				group.contact_ids = groupIds.includes(group.id) ? [...others, id] : others;
				group.contacts_count = group.contact_ids.length;
			}
			return noContent();
		},
	},
	{
		method: 'POST',
		path: '/accounts/self/contact-groups/share',
		scopes: edit(),
		handler: (ctx) => {
			requireAdmin(ctx, 'share contact groups');
			const body = objectBody(ctx);
			if (!isStringList(body.group_ids))
				throw badRequest('group_ids must be a non-empty array of strings');
			if (!isStringList(body.member_ids))
				throw badRequest('member_ids must be a non-empty array of strings');
			/** @type {string[]} */
			const memberIds = body.member_ids;
			for (const id of memberIds) {
				if (!Object.hasOwn(ctx.state.users, id) || id === ctx.state.ownerId)
					throw invalidUserId(400, `Invalid member user id: ${id}`);
			}
			/** @type {string[]} */
			const groupIds = body.group_ids;
			const groups = groupIds.map((id) =>
				findById(ctx.state.contactGroups, id, `contact group ${id}`),
			);
			for (const g of groups)
				for (const m of memberIds) if (!g.shared_with.includes(m)) g.shared_with.push(m);
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
