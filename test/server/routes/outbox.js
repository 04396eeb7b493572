// @ts-check
'use strict';
/** Outbox: send a fax (beyond spec), list/get/modify, delete a scheduled fax. */
const { ApiError, json, noContent, badRequest, notFoundItem } = require('../http');
const { read, edit, resolveUser, objectBody } = require('./common');
const { visibleNumbers } = require('./numbers');
const { randomHex, faxTime, isObject, isE164, normalizeNumber } = require('../util');
const { fax } = require('../seed');
const { listed, listLater } = require('../readings');

const SEND_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? [+-]\d{4}$/;

// Limits of one fax (apidoc.fax.plus/concepts/fax): 10 files, 150 MB in all (413), 4000 destinations.
const MAX_FILES = 10;
const MAX_TOTAL_BYTES = 150 * 1024 * 1024;
const MAX_DESTINATIONS = 4000;
/** Fax.Plus retries a failed fax at most 3 times (help centre, "Auto Retry on Failure"). */
const MAX_RETRY_COUNT = 3;
/** The `from` of a corporate member without an assigned number (the SDK's sendFax). */
const NO_NUMBER = 'no_number';

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
		if (v[k] !== undefined && (!Number.isInteger(v[k]) || v[k] < 0))
			throw badRequest(`retry.${k} must be a non-negative integer`);
	if (v.count > MAX_RETRY_COUNT) throw badRequest(`retry.count must be at most ${MAX_RETRY_COUNT}`);
}

/** The OutboxComment of a new fax: `{ text, tags }`, both optional. @param {unknown} v @returns {{ text: string, tags: string[] } | undefined} */
function toComment(v) {
	if (v === undefined) return undefined;
	if (!isObject(v) || (v.text !== undefined && typeof v.text !== 'string'))
		throw badRequest('comment must be an object {text, tags}');
	for (const key of Object.keys(v))
		if (key !== 'text' && key !== 'tags')
			throw badRequest(`comment.${key} is not a field of the comment (text, tags)`);
	if (
		v.tags !== undefined &&
		(!Array.isArray(v.tags) || v.tags.some((tag) => typeof tag !== 'string'))
	)
		throw badRequest('comment.tags must be an array of strings');
	return { text: v.text ?? '', tags: v.tags ?? [] };
}

/** The fields of PayloadOutbox (faxplus-js models/payload-outbox.ts), and `from_fax` (apidoc.fax.plus "Send a fax"). */
const OUTBOX_FIELDS = new Set([
	'from',
	'to',
	'files',
	'comment',
	'options',
	'send_time',
	'return_ids',
	'cover_page',
	'from_fax',
]);

/**
 * The fax whose document is sent again (`from_fax`): a fax ID of the sending user. Its shape is not
 * in the SDKs; the API reference's note says it reuses an existing fax's file.
 * @param {import('../router').Context} ctx @param {{ uid: string }} user @param {unknown} v
 */
function sourceFax(ctx, user, v) {
	if (v === undefined) return undefined;
	if (typeof v !== 'string' || v.trim() === '')
		throw badRequest('from_fax must be the ID of one of your faxes');
	const fax = Object.hasOwn(ctx.state.faxes, v) ? ctx.state.faxes[v] : undefined;
	if (!fax || fax.uid !== user.uid) throw notFoundItem(`fax ${v}`);
	return fax;
}

/**
 * The sending numbers: `no_number`, or one or more comma-separated numbers the user may send from
 * (Fax.Plus picks one per destination to balance the load).
 * @param {import('../router').Context} ctx @param {unknown} from @returns {string[]}
 */
function senders(ctx, from) {
	if (typeof from !== 'string' || from.trim() === '')
		throw badRequest(
			'from is required: one of your numbers, several separated by commas, or no_number',
		);
	if (from.trim() === NO_NUMBER) return [];
	const allowed = new Set(visibleNumbers(ctx).map((n) => n.number));
	return from.split(',').map((raw) => {
		const number = normalizeNumber(raw.trim());
		if (!isE164(number)) throw badRequest(`Invalid number: ${raw.trim()}`);
		if (!allowed.has(number)) throw badRequest(`The number ${number} is not one you can send from`);
		return number;
	});
}

/**
 * An outbox fax is done: it leaves the outbox and the account lists it as a sent fax with its final
 * status, under an id of its own (Fax.Plus's help centre: "the outbox ID, used only until the fax is
 * not sent; the fax ID, representing the fax once it is sent"; nothing documented links the two).
 * The sent fax has the outbox fax's destination, sender and submit_time (the SDK's Fax has
 * `submit_time`, "for outgoing faxes only"); its comment text is carried over or dropped (the
 * reading `sentComment`: the SDK's Fax has a free-form `comment`, and nothing says where it comes from).
 * @param {import('../index').State} state @param {string} id @param {string} status
 */
function finishOutbox(state, id, status) {
	const outbox = state.outbox[id];
	delete state.outbox[id];
	delete state.outboxFinishing[id];
	const faxId = `fax_${randomHex(8)}`;
	const record = fax({
		id: faxId,
		uid: outbox.uid,
		owner_id: outbox.uid,
		direction: 'outgoing',
		from: outbox.src,
		to: outbox.to[0],
		pages: outbox.page_count || 1,
		status,
		start_time: faxTime(Date.now()),
		submit_time: outbox.submit_time,
	});
	if (state.readings.sentComment === 'keepsText') record.comment = outbox.comment?.text ?? '';
	state.faxes[faxId] = record;
	listLater(state, faxId);
	return record;
}

/**
 * Outbox faxes planned to finish (`state.outboxPlans`: a destination, a final status and how many
 * reads of the fax it takes) leave the outbox once read that often; a read is the fax in a list
 * answer or a get. Faxes without a plan stay until `outbox/finish`.
 * @param {import('../index').State} state @param {Array<{ id: string }>} records
 */
function readOutbox(state, records) {
	for (const { id } of records) {
		const plan = state.outboxFinishing[id];
		if (!plan) continue;
		if (plan.reads <= 0) finishOutbox(state, id, plan.status);
		else plan.reads--;
	}
}

/** @param {import('../router').Context} ctx */
function findOutbox(ctx) {
	const user = resolveUser(ctx);
	const id = ctx.params.outbox_fax_id;
	if (Object.hasOwn(ctx.state.outbox, id)) readOutbox(ctx.state, [{ id }]);
	const rec = Object.hasOwn(ctx.state.outbox, id) ? ctx.state.outbox[id] : undefined;
	if (!rec || rec.uid !== user.uid) throw notFoundItem(`outbox fax ${id}`);
	return rec;
}

/** @type {import('../router').Route[]} */
const routes = [
	{
		method: 'POST',
		path: '/accounts/:user_id/outbox',
		scopes: edit('fax'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			const body = objectBody(ctx);
			const to = body.to;
			if (!Array.isArray(to) || to.length === 0)
				throw badRequest('to must be a non-empty array of E.164 numbers');
			if (to.length > MAX_DESTINATIONS)
				throw new ApiError(
					400,
					'too_many_destinations',
					`to has ${to.length} destinations; at most ${MAX_DESTINATIONS}`,
				);
			for (const n of to) if (!isE164(n)) throw badRequest(`Invalid number: ${n}`);
			for (const key of Object.keys(body))
				if (!OUTBOX_FIELDS.has(key)) throw badRequest(`${key} is not a field of a new fax`);
			const from = senders(ctx, body.from);
			const fromFax = sourceFax(ctx, user, body.from_fax);
			const files = body.files;
			// `files` is required; it may be empty when `from_fax` gives the document.
			if (!Array.isArray(files) || (files.length === 0 && !fromFax))
				throw badRequest(
					'files must be a non-empty array of uploaded file paths (or empty with from_fax)',
				);
			if (files.length + (fromFax ? 1 : 0) > MAX_FILES)
				throw new ApiError(
					400,
					'too_many_files',
					`files has ${files.length} files; at most ${MAX_FILES}`,
				);
			for (const f of files)
				if (typeof f !== 'string' || !Object.hasOwn(ctx.state.files, f))
					throw badRequest(`File not found: ${f}`);
			const totalBytes = files.reduce((sum, f) => sum + ctx.state.files[f].size, 0);
			if (totalBytes > MAX_TOTAL_BYTES)
				throw new ApiError(
					413,
					'payload_too_large',
					`The files add up to ${totalBytes} bytes; at most 150 MB per fax`,
				);
			checkSendTime(body.send_time);
			const comment = toComment(body.comment) ?? { text: '', tags: [] };
			if (body.options !== undefined && !isObject(body.options))
				throw badRequest('options must be an object');
			if (body.return_ids !== undefined && typeof body.return_ids !== 'boolean')
				throw badRequest('return_ids must be a boolean');
			const options = body.options ?? {};
			// OutboxOptions (faxplus-js models/outbox-options.ts): enhancement and retry.
			for (const key of Object.keys(options))
				if (key !== 'enhancement' && key !== 'retry')
					throw badRequest(`options.${key} is not an option of a fax`);
			if (options.enhancement !== undefined && typeof options.enhancement !== 'boolean')
				throw badRequest('options.enhancement must be a boolean');
			checkRetry(options.retry);
			const now = faxTime(Date.now());
			const status = body.send_time ? 'scheduled' : 'submitted';
			/** @type {Record<string, string>} */
			const ids = {};
			to.forEach((raw, index) => {
				const number = normalizeNumber(raw);
				const id = `outbox_${randomHex(8)}`;
				// One of the listed numbers per destination, in turn.
				const src = from.length > 0 ? from[index % from.length] : '';
				ids[raw] = id;
				listLater(ctx.state, id);
				ctx.state.outbox[id] = {
					id,
					uid: user.uid,
					src,
					designated_src: src,
					to: [number],
					files: fromFax ? [...files, `/storage/fax-${fromFax.id}.pdf`] : [...files],
					comment,
					options,
					retry: { count: options.retry?.count ?? 0, delay: options.retry?.delay ?? 0 },
					should_enhance: Boolean(options.enhancement),
					status,
					send_time: body.send_time ?? null,
					submit_time: now,
					last_updated_status_time: now,
					page_count: files.length + (fromFax ? fromFax.pages : 0),
					contact_name: '',
					cover_page: body.cover_page ?? null,
					initiated_from: { type: 'api', from_id: '' },
					status_changes: [{ status, at: now }],
					file_changes: [],
					extra_info: {},
					ip: '127.0.0.1',
				};
				const plan = ctx.state.outboxPlans.find((p) => p.to === number);
				if (plan) ctx.state.outboxFinishing[id] = { status: plan.status, reads: plan.afterReads };
			});
			// A plan to finish at once: the fax has left the outbox before anyone reads it.
			for (const id of Object.values(ids))
				if (ctx.state.outboxFinishing[id]?.reads === 0) readOutbox(ctx.state, [{ id }]);
			return json(body.return_ids ? { ids } : {}, 201);
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/outbox',
		scopes: read('fax'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			const shown = Object.values(ctx.state.outbox).filter(
				(r) => r.uid === user.uid && listed(ctx.state, r.id),
			);
			readOutbox(ctx.state, shown);
			return json({ records: shown.filter((r) => Object.hasOwn(ctx.state.outbox, r.id)) });
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/outbox/:outbox_fax_id',
		scopes: read('fax'),
		handler: (ctx) => json(findOutbox(ctx)),
	},
	{
		method: 'PUT',
		path: '/accounts/:user_id/outbox/:outbox_fax_id',
		scopes: edit('fax'),
		handler: (ctx) => {
			const rec = findOutbox(ctx);
			const body = objectBody(ctx);
			// PayloadOutboxModification has `comment` (a string) and nothing else.
			for (const key of Object.keys(body))
				if (key !== 'comment') throw badRequest(`${key} cannot be changed; only comment can`);
			if (ctx.state.readings.outboxComment === 'replacesTags') {
				// The comment replaces the whole OutboxComment: a string drops the tags, an object sets both.
				if (typeof body.comment === 'string') rec.comment = { text: body.comment, tags: [] };
				else if (body.comment !== undefined) rec.comment = toComment(body.comment);
			} else {
				if (body.comment !== undefined && typeof body.comment !== 'string')
					throw badRequest('comment must be a string');
				if (body.comment !== undefined) rec.comment = { ...rec.comment, text: body.comment };
			}
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

module.exports = routes;
module.exports.finishOutbox = finishOutbox;
