'use strict';
// A sender that behaves like Fax.Plus's webhook deliveries (Standard Webhooks, sent by Svix): each
// attempt carries the same webhook-id, a fresh webhook-timestamp and a webhook-signature made with
// the endpoint's whsec_ secret. An attempt that gets a non-2xx answer, a connection error or no
// answer within 15 s (Svix's time-frame for a 2xx, docs.svix.com/retries) is sent again after a
// growing back-off (1, 2, 4, 8, 16, 30, 30... s; Svix's own is 5 s, then 5 minutes and longer, the
// suite compresses it), up to `maxAttempts` (12). A 2xx ends the delivery, as it does for Fax.Plus,
// also when that 2xx is n8n's start-up page ("n8n is starting up"): those are counted apart.
const { signWebhook } = require('../../server');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const STARTUP_PAGE = 'n8n is starting up';
const ATTEMPT_TIMEOUT_MS = 15000;
const NO_ANSWER = `no answer in ${ATTEMPT_TIMEOUT_MS / 1000} s`;

function backoffMs(attempt) {
	return Math.min(1000 * 2 ** (attempt - 1), 30000);
}

/** The body Fax.Plus sends for a received fax. */
function faxReceivedBody(faxId) {
	const t = new Date().toISOString().replace('T', ' ').slice(0, 19);
	return Buffer.from(
		JSON.stringify({
			hook: { id: faxId, event: 'fax_received', event_time: t, target: '' },
			data: {
				id: faxId,
				uid: 'owner_1',
				direction: 'incoming',
				from: '+4930123456',
				to: '+15551230001',
				pages: 1,
				status: 'success',
				start_time: t,
				file: `${faxId}.pdf`,
			},
		}),
	);
}

/**
 * @param {object} o
 * @param {{ name: string, url: () => string, secret: () => string }[]} o.targets  every delivery goes to each
 * @param {(line: string) => void} [o.onEvent]
 * @param {number} [o.maxAttempts]
 */
function createSender({ targets, maxAttempts = 12 }) {
	/** target name -> Map(webhookId -> { attempts: [{status, body, ms}], outcome }) */
	const deliveries = new Map(targets.map((t) => [t.name, new Map()]));
	const pending = new Set();

	async function deliverOnce(target, id, body) {
		const record = { attempts: [], outcome: 'pending' };
		deliveries.get(target.name).set(id, record);
		for (let attempt = 1; attempt <= maxAttempts; attempt++) {
			const timestamp = Math.floor(Date.now() / 1000);
			const headers = {
				'content-type': 'application/json',
				'user-agent': 'FaxPlus-Webhooks/faults',
				'webhook-id': id,
				'webhook-timestamp': String(timestamp),
				'webhook-signature': `v1,${signWebhook(target.secret(), id, timestamp, body)}`,
			};
			const t0 = Date.now();
			let status = 0;
			let text = '';
			try {
				const res = await fetch(target.url(), {
					method: 'POST',
					headers,
					body,
					signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
				});
				status = res.status;
				text = await res.text();
			} catch (error) {
				text =
					error.name === 'TimeoutError' ? NO_ANSWER : String(error.cause?.code ?? error.message);
			}
			record.attempts.push({ status, body: text.slice(0, 120), at: t0, ms: Date.now() - t0 });
			if (status >= 200 && status < 300) {
				record.outcome = text.includes(STARTUP_PAGE) ? 'startupPage' : 'acknowledged';
				return;
			}
			if (attempt < maxAttempts) await sleep(backoffMs(attempt));
		}
		record.outcome = 'gaveUp';
	}

	/** Starts one delivery (to every target); does not wait for it. */
	function send(id, body) {
		for (const target of targets) {
			const p = deliverOnce(target, id, body).finally(() => pending.delete(p));
			pending.add(p);
		}
	}

	/** Sends a new delivery every `intervalMs` until stop() is called. */
	function flow({ prefix, intervalMs }) {
		let n = 0;
		let running = true;
		const loop = (async () => {
			while (running) {
				n += 1;
				const id = `${prefix}_${String(n).padStart(4, '0')}`;
				send(id, faxReceivedBody(`fax_${id}`));
				await sleep(intervalMs);
			}
		})();
		return {
			async stop() {
				running = false;
				await loop;
			},
		};
	}

	/** Waits until every delivery got its 2xx or gave up. */
	async function drain() {
		while (pending.size) await Promise.all([...pending]);
	}

	return { send, flow, drain, deliveries, pendingCount: () => pending.size };
}

module.exports = { createSender, faxReceivedBody, STARTUP_PAGE };
