// @ts-check
'use strict';
/** Fax AI: field extraction and OCR per fax, credits, custom field definitions. */
const { json, badRequest, noContent } = require('../http');
const { read, edit, findById, objectBody, requireAdmin } = require('./common');
const { findFax } = require('./faxes');
const { randomHex, isObject } = require('../util');

/**
 * A requested job moves on as `state.aiPlans` says: the first plan naming the fax (or none) and the
 * job (or none) gives its outcome (`finished`, `failed` or `content_filtering_policy`) and when it is
 * reached: after `afterReads` reads, or `afterMs` after the request, whichever comes first. Without a
 * plan a job is finished by the time it is read again.
 * @param {import('../router').Context} ctx @param {'field_extraction' | 'ocr'} kind
 * @param {import('../seed').FaxRecord} fax @param {import('../seed').AiResult} result
 */
function advance(ctx, kind, fax, result) {
	const plan = result.plan;
	if (!plan) return;
	result.reads = (result.reads ?? 0) + 1;
	const due =
		(plan.afterReads !== undefined && result.reads >= plan.afterReads) ||
		(plan.afterMs !== undefined && Date.now() - (result.requestedAt ?? 0) >= plan.afterMs);
	if (!due) return;
	delete result.plan;
	delete result.reads;
	result.status = plan.outcome;
	if (plan.outcome === 'finished')
		result.data = kind === 'ocr' ? ocrData(fax) : extractionData(ctx, fax);
}

/** @param {import('../seed').State} state @param {string} faxId @param {'field_extraction' | 'ocr'} kind */
function planFor(state, faxId, kind) {
	const plan = state.aiPlans.find(
		(p) => (p.faxId === undefined || p.faxId === faxId) && (p.job === undefined || p.job === kind),
	);
	if (!plan) return undefined;
	return {
		outcome: plan.outcome,
		...(plan.afterReads !== undefined && { afterReads: plan.afterReads }),
		...(plan.afterMs !== undefined && { afterMs: plan.afterMs }),
	};
}

/**
 * @param {import('../router').Context} ctx
 * @param {'field_extraction' | 'ocr'} kind
 */
function getResult(ctx, kind) {
	const fax = findFax(ctx);
	const entry = ctx.state.ai[fax.id];
	const result = entry?.[kind];
	if (!result) return json({ status: 'not_requested' });
	if (result.finishOnRead) {
		// A requested job is finished by the time it is read again.
		delete result.finishOnRead;
		result.status = 'finished';
		result.data = kind === 'ocr' ? ocrData(fax) : extractionData(ctx, fax);
	}
	advance(ctx, kind, fax, result);
	return json(
		result.status === 'finished'
			? { status: result.status, data: result.data }
			: { status: result.status },
	);
}

/** @param {import('../router').Context} ctx @param {import('../seed').FaxRecord} fax */
function extractionData(ctx, fax) {
	/** @type {Record<string, string>} */
	const data = {
		document_type: 'fax',
		sender_fax: fax.from,
		recipient_fax: fax.to,
		page_count: String(fax.pages),
	};
	for (const f of Object.values(ctx.state.customFields))
		if (f.enabled) data[f.name] = `${f.name} of ${fax.id}`;
	return data;
}

/** OCR `data` is the plain extracted text (Fax.Plus's "Trigger fax OCR": `data` string | null). @param {import('../seed').FaxRecord} fax */
function ocrData(fax) {
	return Array.from({ length: fax.pages || 1 }, (_, i) => `Fax ${fax.id} page ${i + 1}`).join('\n');
}

/**
 * "Update extracted fields": `{ data }` holds the user's corrections as key-value pairs; they are
 * merged into a finished extraction, and the result is answered as GET answers it.
 * @param {import('../router').Context} ctx
 */
function correctExtraction(ctx) {
	const fax = findFax(ctx);
	const body = objectBody(ctx);
	const data = body.data;
	if (!isObject(data))
		throw badRequest('data is required: an object of field names and their corrected values');
	for (const [key, value] of Object.entries(data)) {
		if (value !== null && !['string', 'number', 'boolean'].includes(typeof value))
			throw badRequest(`data.${key} must be a string, number, boolean or null`);
	}
	const result = ctx.state.ai[fax.id]?.field_extraction;
	if (!result || result.status !== 'finished' || result.finishOnRead)
		throw badRequest(
			`Field extraction of fax ${fax.id} is not finished, so it cannot be corrected`,
		);
	result.data = { ...(isObject(result.data) ? result.data : {}), ...data };
	return json({ status: result.status, data: result.data });
}

/**
 * @param {import('../router').Context} ctx
 * @param {'field_extraction' | 'ocr'} kind
 */
function requestJob(ctx, kind) {
	const fax = findFax(ctx);
	const entry = (ctx.state.ai[fax.id] ??= {});
	const plan = planFor(ctx.state, fax.id, kind);
	// Every request is a new job and costs credits, also for a fax whose job is pending or finished.
	entry[kind] = plan
		? { status: 'pending', plan, requestedAt: Date.now() }
		: { status: 'pending', finishOnRead: true };
	const credits = ctx.state.aiCredits;
	const cost = fax.pages || 1;
	credits.credits_remaining = Math.max(0, credits.credits_remaining - cost);
	credits.usage[kind] = (credits.usage[kind] ?? 0) + cost;
	return json({ status: 'pending' });
}

/** Validates name/instructions/enabled; `create` requires name. @param {Record<string, any>} body @param {boolean} create */
function checkField(body, create) {
	if (create || body.name !== undefined)
		if (typeof body.name !== 'string' || body.name.trim() === '')
			throw badRequest('name must be a non-empty string');
	if (body.instructions !== undefined && typeof body.instructions !== 'string')
		throw badRequest('instructions must be a string');
	if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
		throw badRequest('enabled must be a boolean');
}

/** First day of the next month, 00:00 UTC, ISO 8601. */
function nextReload() {
	const d = new Date();
	return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))
		.toISOString()
		.replace('.000Z', 'Z');
}

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'GET',
		path: '/accounts/:user_id/faxes/:fax_id/ai/field-extraction',
		scopes: read('ai'),
		handler: (ctx) => getResult(ctx, 'field_extraction'),
	},
	{
		method: 'POST',
		path: '/accounts/:user_id/faxes/:fax_id/ai/field-extraction',
		scopes: edit('ai'),
		handler: (ctx) => requestJob(ctx, 'field_extraction'),
	},
	{
		method: 'PATCH',
		path: '/accounts/:user_id/faxes/:fax_id/ai/field-extraction',
		scopes: edit('ai'),
		handler: correctExtraction,
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/faxes/:fax_id/ai/ocr',
		scopes: read('ai'),
		handler: (ctx) => getResult(ctx, 'ocr'),
	},
	{
		method: 'POST',
		path: '/accounts/:user_id/faxes/:fax_id/ai/ocr',
		scopes: edit('ai'),
		handler: (ctx) => requestJob(ctx, 'ocr'),
	},
	{
		method: 'GET',
		path: '/accounts/self/ai/credits',
		scopes: read('ai'),
		handler: (ctx) => {
			const c = ctx.state.aiCredits;
			return json({
				credits_remaining: c.credits_remaining,
				usage: Object.entries(c.usage).map(([feature, credits_used]) => ({
					feature,
					credits_used,
				})),
				reload_at: nextReload(),
			});
		},
	},
	{
		method: 'GET',
		path: '/accounts/self/ai/custom-fields',
		scopes: read('ai_settings'),
		handler: (ctx) => json({ records: Object.values(ctx.state.customFields) }),
	},
	{
		method: 'POST',
		path: '/accounts/self/ai/custom-fields',
		scopes: edit('ai_settings'),
		handler: (ctx) => {
			requireAdmin(ctx, 'manage AI custom fields');
			const body = objectBody(ctx);
			checkField(body, true);
			const id = `cf_${randomHex(6)}`;
			const field = {
				id,
				name: body.name,
				instructions: body.instructions ?? '',
				enabled: body.enabled ?? true,
			};
			ctx.state.customFields[id] = field;
			return json(field);
		},
	},
	{
		method: 'PATCH',
		path: '/accounts/self/ai/custom-fields/:field_id',
		scopes: edit('ai_settings'),
		handler: (ctx) => {
			requireAdmin(ctx, 'manage AI custom fields');
			const field = findById(
				ctx.state.customFields,
				ctx.params.field_id,
				`custom field ${ctx.params.field_id}`,
			);
			const body = objectBody(ctx);
			checkField(body, false);
			if (body.name !== undefined) field.name = body.name;
			if (body.instructions !== undefined) field.instructions = body.instructions;
			if (body.enabled !== undefined) field.enabled = body.enabled;
			return json(field);
		},
	},
	{
		// "Delete AI custom field definition": admin-only, scopes fax:all:edit or fax:ai_settings:edit;
		// apidoc shows no answer body.
		method: 'DELETE',
		path: '/accounts/self/ai/custom-fields/:field_id',
		scopes: edit('ai_settings'),
		handler: (ctx) => {
			requireAdmin(ctx, 'manage AI custom fields');
			const id = ctx.params.field_id;
			findById(ctx.state.customFields, id, `custom field ${id}`);
			delete ctx.state.customFields[id];
			return noContent();
		},
	},
];
