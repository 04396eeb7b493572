// @ts-check
'use strict';
/**
 * Outgoing webhook deliveries, signed per Standard Webhooks:
 *   webhook-id, webhook-timestamp (seconds) and
 *   webhook-signature 'v1,' + base64(HMAC-SHA256(key, `${id}.${ts}.${body}`)),
 * the key being the endpoint secret minus 'whsec_', base64-decoded.
 * Legacy hooks get the same body shape with hook.target filled and no signature headers.
 * Readings (readings.js): `signatureHeaders: 'svix'` names the headers svix-id, svix-timestamp,
 * svix-signature (Svix, which runs Fax.Plus's webhooks, unless an account is white-labelled);
 * `webhookBody: 'documented'` sends apidoc's documented `data` (concepts/webhook) in its layout.
 */
const crypto = require('node:crypto');
const { randomHex, faxTime, normalizeNumber, isObject } = require('./util');
const { EVENTS } = require('./routes/webhooks');

/**
 * @typedef {{
 *   event: string,
 *   data?: Record<string, any>,
 *   hookId?: string,
 *   webhookId?: string,
 *   timestamp?: number,
 *   secret?: string,
 *   rawBody?: Buffer | string,
 *   signatureHeader?: string,
 *   onlyEndpointId?: string,
 *   retries?: number,
 *   headers?: Record<string, string>,
 *   legacy?: boolean,
 * }} DeliverOptions
 * @typedef {{ status: number, body: string }} Attempt
 * @typedef {{ endpointId: string, url: string, webhookId: string | null, legacy: boolean, attempts: Attempt[] }} DeliveryResult
 * @typedef {DeliveryResult & { event: string, body: Buffer, secret: string | null, replay: boolean, at: number }} DeliveryLogEntry
 */

/**
 * The Standard Webhooks signature of one delivery.
 * @param {string} secret 'whsec_...'
 * @param {string} id
 * @param {number} timestamp seconds
 * @param {Buffer} body
 */
function sign(secret, id, timestamp, body) {
	const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
	return crypto
		.createHmac('sha256', key)
		.update(`${id}.${timestamp}.`)
		.update(body)
		.digest('base64');
}

/**
 * A realistic fax record for the event.
 * @param {string} event @param {import('./seed').State} state @param {number} ms
 */
function defaultData(event, state, ms) {
	const id = `fax_${randomHex(8)}`;
	const t = faxTime(ms);
	const common = {
		id,
		uid: state.ownerId,
		owner_id: state.ownerId,
		pages: 2,
		status: 'success',
		start_time: t,
		submit_time: t,
		last_update: t,
		file: `${id}.pdf`,
		file_name: `${id}.pdf`,
		header: '',
		comment: '',
		description: '',
		cost: 0,
		is_read: false,
		is_spam: false,
	};
	if (event === 'fax_sent')
		return {
			...common,
			direction: 'outgoing',
			from: '+15551230001',
			to: '+4930123456',
			cost: 2,
			duration: 65,
			max_retry: 2,
			retry_delay: 10,
		};
	if (event === 'fax_received')
		return {
			...common,
			direction: 'incoming',
			from: '+4930123456',
			to: '+15551230001',
			duration: 58,
		};
	return {
		...common,
		direction: 'incoming',
		from: '+4930123456',
		to: '+15551230001',
		status: 'receiving',
		page: 1,
		file: `${id}_page_1.pdf`,
		file_name: `${id}_page_1.pdf`,
	};
}

/** The numbers of a fax payload (from and to; `to` may be a list), as E.164. @param {Record<string, any>} data */
function faxNumbers(data) {
	/** @type {string[]} */
	const numbers = [];
	for (const v of [data.from, data.to].flat())
		if (typeof v === 'string') numbers.push(normalizeNumber(v).replace(/[-().]/g, ''));
	return numbers;
}

/**
 * A number as apidoc's webhook example writes it: `+1 334-304-1234` (North America), else the
 * country code's first digits and the rest after a space.
 * @param {unknown} number
 */
function writtenNumber(number) {
	if (typeof number !== 'string' || !/^\+[0-9]{8,15}$/.test(number)) return number;
	const digits = number.slice(1);
	if (digits.length === 11 && digits.startsWith('1'))
		return `+1 ${digits.slice(1, 4)}-${digits.slice(4, 7)}-${digits.slice(7)}`;
	return `+${digits.slice(0, 2)} ${digits.slice(2)}`;
}

/** apidoc's webhook `data` fields (concepts/webhook), in its table's order. */
const DOCUMENTED_FIELDS = [
	'id',
	'uid',
	'pages',
	'from',
	'to',
	'start_time',
	'file',
	'file_name',
	'cost',
	'status',
];

/**
 * The body of a delivery: the whole record, or (reading `webhookBody: 'documented'`) apidoc's
 * fields, numbers written as its example, a page event `in_progress`, indented as its example.
 * @param {{ hook: Record<string, any>, data: Record<string, any> }} payload @param {import('./index').Readings} readings
 */
function bodyOf({ hook, data }, readings) {
	if (readings.webhookBody !== 'documented') return Buffer.from(JSON.stringify({ hook, data }));
	/** @type {Record<string, any>} */
	const documented = {};
	for (const field of DOCUMENTED_FIELDS) if (field in data) documented[field] = data[field];
	documented.from = writtenNumber(data.from);
	documented.to = Array.isArray(data.to) ? data.to.map(writtenNumber) : writtenNumber(data.to);
	if (hook.event === 'fax_page_received') {
		documented.status = 'in_progress';
		if (data.page !== undefined) documented.page = data.page;
	}
	return Buffer.from(JSON.stringify({ hook, data: documented }, null, 4));
}

/**
 * apidoc's fax_sent example (concepts/webhook) as its page shows it, numbers given digits where
 * it writes `xxxx`, and the fields its excerpt cuts off (`file_name`, `cost`, `status`) from its
 * field table. For a test that sends the documented bytes (`deliver({ rawBody })`).
 * @param {string} event @param {string} target
 */
function documentedExample(event = 'fax_sent', target = 'https://webhook.com') {
	return `{
    "hook": {
        "id": "66df09cf1d6d0b295c363956",
        "event": "${event}",
        "event_time": "2024-09-09 10:44:39",
        "target": "${target}"
    },
    "data": {
        "id": "66df09cf1d6d0b295c363956",
        "uid": "490ae330dbc749f0b6561dafa300f2fb",
        "pages": 1,
        "from": "+1 334-304-1234",
        "to": "+1 334-304-5678",
        "start_time": "2024-09-09 10:44:39",
        "file": "1d0b618e4fb54957878eed0ecc64ae5e.tiff",
        "file_name": "fax-to-13343045678",
        "cost": 1,
        "status": "success"
    }
}`;
}

/**
 * POSTs once. Network failures are reported as status 0.
 * @param {string} url @param {Record<string, string>} headers @param {Buffer} body
 * @returns {Promise<Attempt>}
 */
async function post(url, headers, body) {
	try {
		const res = await fetch(url, {
			method: 'POST',
			headers,
			body,
			redirect: 'manual',
			signal: AbortSignal.timeout(15000),
		});
		return { status: res.status, body: await res.text() };
	} catch (/** @type {any} */ err) {
		return { status: 0, body: String(err?.cause?.message ?? err?.message ?? err) };
	}
}

/**
 * @param {{ getState: () => import('./seed').State, now: () => number }} deps
 */
function createDeliveries({ getState, now }) {
	/** @type {DeliveryLogEntry[]} */
	const log = [];

	/**
	 * Sends to one target, retrying non-2xx answers with the same webhook-id.
	 * @param {{ endpointId: string, url: string, secret: string | null, legacy: boolean }} target
	 * @param {{ event: string, body: Buffer, webhookId: string | null, retries: number, replay: boolean,
	 *   timestamp?: number, secretOverride?: string, signatureHeader?: string, headers?: Record<string, string> }} o
	 * @returns {Promise<DeliveryResult>}
	 */
	async function sendTo(target, o) {
		/** @type {Attempt[]} */
		const attempts = [];
		for (let i = 0; i <= o.retries; i++) {
			/** @type {Record<string, string>} */
			const headers = {
				'content-type': 'application/json',
				'user-agent': 'FaxPlus-Webhooks/local',
			};
			if (!target.legacy && o.webhookId) {
				// Seconds; a value in milliseconds is tolerated.
				const ts =
					o.timestamp === undefined
						? Math.floor(now() / 1000)
						: o.timestamp > 1e11
							? Math.floor(o.timestamp / 1000)
							: o.timestamp;
				const secret = o.secretOverride ?? target.secret ?? '';
				const prefix = getState().readings.signatureHeaders === 'svix' ? 'svix' : 'webhook';
				headers[`${prefix}-id`] = o.webhookId;
				headers[`${prefix}-timestamp`] = String(ts);
				headers[`${prefix}-signature`] =
					o.signatureHeader ?? `v1,${sign(secret, o.webhookId, ts, o.body)}`;
			}
			Object.assign(headers, o.headers);
			const attempt = await post(target.url, headers, o.body);
			attempts.push(attempt);
			if (attempt.status >= 200 && attempt.status < 300) break;
		}
		const result = {
			endpointId: target.endpointId,
			url: target.url,
			webhookId: target.legacy ? null : o.webhookId,
			legacy: target.legacy,
			attempts,
		};
		log.push({
			...result,
			event: o.event,
			body: o.body,
			secret: target.secret,
			replay: o.replay,
			at: now(),
		});
		return result;
	}

	/**
	 * Delivers one fax event to every matching endpoint (and legacy hook).
	 * @param {DeliverOptions} opts
	 * @returns {Promise<DeliveryResult[]>}
	 */
	async function deliver(opts) {
		if (!opts || !EVENTS.includes(opts.event))
			throw new Error(`deliver(): event must be one of ${EVENTS.join(', ')}`);
		const state = getState();
		const ms = now();
		const data = {
			...defaultData(opts.event, state, ms),
			...(isObject(opts.data) ? opts.data : {}),
		};
		const hook = {
			id: opts.hookId ?? data.id,
			event: opts.event,
			event_time: faxTime(ms),
			target: '',
		};
		const numbers = faxNumbers(data);
		/** @param {string[] | null | undefined} filter */
		const matches = (filter) =>
			!filter || filter.length === 0 || numbers.some((n) => filter.includes(n));
		const raw = opts.rawBody === undefined ? undefined : Buffer.from(opts.rawBody);
		const common = {
			event: opts.event,
			retries: Math.max(0, opts.retries ?? 0),
			replay: false,
			timestamp: opts.timestamp,
			secretOverride: opts.secret,
			signatureHeader: opts.signatureHeader,
			headers: opts.headers,
		};

		/** @type {Promise<DeliveryResult>[]} */
		const sends = [];
		const webhooksOn = state.settings.webhooksEnabled && state.settings.webhooksFeature;
		if (opts.legacy !== true && webhooksOn) {
			const body = raw ?? bodyOf({ hook, data }, state.readings);
			const webhookId = opts.webhookId ?? `msg_${randomHex(12)}`;
			for (const ep of Object.values(state.webhooks)) {
				if (opts.onlyEndpointId && ep.id !== opts.onlyEndpointId) continue;
				if (!ep.filter_types.includes(opts.event) || !matches(ep.channels)) continue;
				sends.push(
					sendTo(
						{ endpointId: ep.id, url: ep.url, secret: ep.secret, legacy: false },
						{ ...common, body, webhookId },
					),
				);
			}
		}
		if (opts.legacy !== false) {
			for (const h of Object.values(state.hooks)) {
				if (opts.onlyEndpointId && h.id !== opts.onlyEndpointId) continue;
				if (h.event !== opts.event || !matches(h.numbers)) continue;
				const body = raw ?? bodyOf({ hook: { ...hook, target: h.target }, data }, state.readings);
				sends.push(
					sendTo(
						{ endpointId: h.id, url: h.target, secret: null, legacy: true },
						{ ...common, body, webhookId: null },
					),
				);
			}
		}
		// A finished fax now exists in the account, so nodes can fetch it after the event. It is listed
		// under hook.id, the fax ID; data.id is one sending session's, which Fax.Plus's fax list, Get,
		// Download and Fax AI do not know when it differs (a fax Fax.Plus retried).
		if (
			raw === undefined &&
			opts.event !== 'fax_page_received' &&
			typeof hook.id === 'string' &&
			!Object.hasOwn(state.faxes, hook.id)
		) {
			state.faxes[hook.id] = /** @type {import('./seed').FaxRecord} */ ({ ...data, id: hook.id });
		}
		return Promise.all(sends);
	}

	/**
	 * Re-sends a past current-API delivery verbatim: same webhook-id and body,
	 * a fresh timestamp, signed with the endpoint's current secret.
	 * @param {string} webhookId
	 * @returns {Promise<DeliveryResult[]>}
	 */
	async function replay(webhookId) {
		const originals = new Map();
		for (const e of log)
			if (!e.legacy && !e.replay && e.webhookId === webhookId && !originals.has(e.endpointId))
				originals.set(e.endpointId, e);
		if (originals.size === 0) throw new Error(`replay(): no delivery with webhook-id ${webhookId}`);
		const state = getState();
		return Promise.all(
			[...originals.values()].map((e) => {
				const ep = Object.hasOwn(state.webhooks, e.endpointId)
					? state.webhooks[e.endpointId]
					: undefined;
				const target = {
					endpointId: e.endpointId,
					url: ep?.url ?? e.url,
					secret: ep?.secret ?? e.secret,
					legacy: false,
				};
				return sendTo(target, {
					event: e.event,
					body: e.body,
					webhookId,
					retries: 0,
					replay: true,
				});
			}),
		);
	}

	return { deliver, replay, log };
}

module.exports = { createDeliveries, sign, documentedExample };
