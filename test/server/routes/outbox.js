// @ts-check
'use strict';
/** Outbox: send a fax (beyond spec), list/get/modify, delete a scheduled fax. */
const { json, noContent, badRequest, notFoundItem } = require('../http');
const { read, edit, resolveUser, objectBody } = require('./common');
const { randomHex, faxTime, isObject, isE164, normalizeNumber } = require('../util');

const SEND_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? [+-]\d{4}$/;

/** @param {unknown} v */
function checkSendTime(v) {
	if (v !== undefined && v !== null && (typeof v !== 'string' || !SEND_TIME.test(v)))
		throw badRequest('send_time must look like "YYYY-MM-DD HH:mm:ss +HHMM"');
}

/** @param {unknown} v */
function checkRetry(v) {
	if (v === undefined) return;
	if (!isObject(v)) throw badRequest('retry must be an object {count, delay}');
	for (const k of ['count', 'delay'])
		if (v[k] !== undefined && (!Number.isInteger(v[k]) || v[k] < 0)) throw badRequest(`retry.${k} must be a non-negative integer`);
}

/** @param {unknown} v @returns {{ text: string, tags: string[] } | undefined} */
function toComment(v) {
	if (v === undefined) return undefined;
	if (typeof v === 'string') return { text: v, tags: [] };
	if (!isObject(v) || (v.text !== undefined && typeof v.text !== 'string')) throw badRequest('comment must be an object {text}');
	return { text: v.text ?? '', tags: Array.isArray(v.tags) ? v.tags : [] };
}

/** @param {import('../router').Context} ctx */
function findOutbox(ctx) {
	const user = resolveUser(ctx);
	const id = ctx.params.outbox_fax_id;
	const rec = Object.hasOwn(ctx.state.outbox, id) ? ctx.state.outbox[id] : undefined;
	if (!rec || rec.uid !== user.uid) throw notFoundItem(`outbox fax ${id}`);
	return rec;
}

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'POST',
		path: '/accounts/:user_id/outbox',
		scopes: edit('fax'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			const body = objectBody(ctx);
			const to = body.to;
			if (!Array.isArray(to) || to.length === 0) throw badRequest('to must be a non-empty array of E.164 numbers');
			for (const n of to) if (!isE164(n)) throw badRequest(`Invalid number: ${n}`);
			if (body.from !== undefined && body.from !== null && body.from !== '' && body.from !== 'no_number' && !isE164(body.from)) throw badRequest(`Invalid number: ${body.from}`);
			const files = body.files;
			if (!Array.isArray(files) || files.length === 0) throw badRequest('files must be a non-empty array of uploaded file paths');
			for (const f of files) if (typeof f !== 'string' || !Object.hasOwn(ctx.state.files, f)) throw badRequest(`File not found: ${f}`);
			checkSendTime(body.send_time);
			const comment = toComment(body.comment) ?? { text: '', tags: [] };
			if (body.options !== undefined && !isObject(body.options)) throw badRequest('options must be an object');
			const options = body.options ?? {};
			checkRetry(options.retry);
			const now = faxTime(Date.now());
			const status = body.send_time ? 'scheduled' : 'submitted';
			const from = body.from ? normalizeNumber(body.from) : '';
			/** @type {Record<string, string>} */
			const ids = {};
			for (const raw of to) {
				const number = normalizeNumber(raw);
				const id = `outbox_${randomHex(8)}`;
				ids[raw] = id;
				ctx.state.outbox[id] = {
					id,
					uid: user.uid,
					src: from,
					designated_src: from,
					to: [number],
					files: [...files],
					comment,
					options,
					retry: { count: options.retry?.count ?? 0, delay: options.retry?.delay ?? 0 },
					should_enhance: Boolean(options.enhancement),
					status,
					send_time: body.send_time ?? null,
					submit_time: now,
					last_updated_status_time: now,
					page_count: files.length,
					contact_name: '',
					cover_page: body.cover_page ?? null,
					initiated_from: { type: 'api', from_id: '' },
					status_changes: [{ status, at: now }],
					file_changes: [],
					extra_info: {},
					ip: '127.0.0.1',
				};
			}
			return json(body.return_ids ? { ids } : {}, 201);
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/outbox',
		scopes: read('fax'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			return json({ records: Object.values(ctx.state.outbox).filter((r) => r.uid === user.uid) });
		},
	},
	{ method: 'GET', path: '/accounts/:user_id/outbox/:outbox_fax_id', scopes: read('fax'), handler: (ctx) => json(findOutbox(ctx)) },
	{
		method: 'PUT',
		path: '/accounts/:user_id/outbox/:outbox_fax_id',
		scopes: edit('fax'),
		handler: (ctx) => {
			const rec = findOutbox(ctx);
			const body = objectBody(ctx);
			checkSendTime(body.send_time);
			checkRetry(body.retry);
			if (body.options !== undefined && !isObject(body.options)) throw badRequest('options must be an object');
			const comment = toComment(body.comment);
			if (comment) rec.comment = comment;
			if (body.send_time !== undefined) rec.send_time = body.send_time;
			if (body.retry !== undefined) rec.retry = { ...rec.retry, ...body.retry };
			if (body.options !== undefined) rec.options = { ...rec.options, ...body.options };
			rec.last_updated_status_time = faxTime(Date.now());
			return noContent();
		},
	},
	{
		method: 'DELETE',
		path: '/accounts/:user_id/outbox/:outbox_fax_id',
		scopes: edit('fax'),
		handler: (ctx) => {
			const rec = findOutbox(ctx);
			delete ctx.state.outbox[rec.id];
			return noContent();
		},
	},
];
