// @ts-check
'use strict';
/**
 * The server's root page, as Fax.Plus's web app shows Integrations → Webhooks: each registered
 * endpoint with its URL, events and signing secret to copy, a button that makes a fax arrive, the
 * deliveries with each endpoint's answers, and the inbox, outbox and sent faxes. Plain HTML and one form POST. It shows secrets, so it answers only a loopback
 * peer that names this server by a loopback host (a page elsewhere cannot reach it by rebinding DNS).
 */

const { STATUS_CODES } = require('node:http');

const LOOPBACK_PEERS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOOPBACK_HOST = /^(?:127\.0\.0\.1|localhost|\[::1\])(?::\d{1,5})?$/i;
const SHOWN = 20;

/** @param {unknown} value */
const esc = (value) => String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** @param {string} text */
const page = (text) => ({
	status: 200,
	headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
	body: Buffer.from(text),
});

/** @param {number} status @param {string} text */
const plain = (status, text) => ({
	status,
	headers: { 'content-type': 'text/plain; charset=utf-8' },
	body: Buffer.from(text),
});

/**
 * Whether the request may see the page.
 * @param {import('node:http').IncomingMessage} req
 */
function allowed(req) {
	const peer = req.socket.remoteAddress ?? '';
	const host = String(req.headers.host ?? '');
	const origin = req.headers.origin;
	const sameOrigin =
		origin === undefined ||
		origin === 'null' ||
		LOOPBACK_HOST.test(origin.replace(/^https?:\/\//, ''));
	return LOOPBACK_PEERS.has(peer) && LOOPBACK_HOST.test(host) && sameOrigin;
}

/**
 * A table of faxes: the inbox and the sent faxes name their sender in `from`; an outbox fax in `src`
 * (the number it goes out from, as Fax.Plus's outbox shows it), empty when sent with `no_number`.
 * @param {{ id: string, from?: unknown, src?: unknown, to?: unknown, status?: unknown, start_time?: unknown, submit_time?: unknown }[]} rows
 * @param {string} empty
 */
function faxTable(rows, empty) {
	if (rows.length === 0) return `<p>${esc(empty)}</p>`;
	const cells = rows
		.slice(0, SHOWN)
		.map(
			(f) =>
				`<tr><td><code>${esc(f.id)}</code></td><td>${esc(f.from || f.src || 'no number (no_number)')}</td><td>${esc(
					Array.isArray(f.to) ? f.to.join(', ') : f.to,
				)}</td><td>${esc(f.status)}</td><td>${esc(f.start_time ?? f.submit_time)}</td></tr>`,
		)
		.join('\n');
	return `<table><tr><th>ID</th><th>From</th><th>To</th><th>Status</th><th>Time</th></tr>\n${cells}</table>`;
}

/**
 * One answer to a delivery: its status and reason, and the start of its body ("401 Unauthorized:
 * …"); "no answer" with the error where the request failed.
 * @param {{ status: number, body: string }} attempt
 */
function answer({ status, body }) {
	const text = String(body ?? '').trim();
	const start = text.length > 120 ? `${text.slice(0, 120)}…` : text;
	if (status === 0) return `no answer (${start})`;
	return `${status} ${STATUS_CODES[status] ?? ''}`.trim() + (start ? `: ${start}` : '');
}

/**
 * The newest deliveries, one row per endpoint each went to: when, which event, the endpoint (or
 * legacy hook) and its URL, the webhook-id, and every answer it got.
 * @param {import('./index').FaxPlusServer} server
 */
function deliveryTable(server) {
	if (server.deliveries.length === 0)
		return '<p>No deliveries yet: the button above, or a fax sent from a workflow, makes one.</p>';
	const rows = server.deliveries
		.slice(-SHOWN)
		.reverse()
		.map(
			(d) => `<tr>
  <td>${esc(new Date(d.at).toISOString())}</td>
  <td>${esc(d.event)}${d.replay ? ' (replayed)' : ''}</td>
  <td><code>${esc(d.endpointId)}</code>${d.legacy ? ' (legacy hook)' : ''}</td>
  <td class="url">${esc(d.url)}</td>
  <td>${d.webhookId ? `<code>${esc(d.webhookId)}</code>` : 'none: a legacy hook is not signed'}</td>
  <td>${d.attempts.map((a) => esc(answer(a))).join('<br>')}</td>
</tr>`,
		)
		.join('\n');
	return `<table>\n<tr><th>Time</th><th>Event</th><th>Endpoint</th><th>URL</th><th>Webhook ID</th><th>Answers</th></tr>\n${rows}\n</table>`;
}

/** @param {import('./index').FaxPlusServer} server */
function render(server) {
	const endpoints = Object.values(server.state.webhooks);
	const rows = endpoints
		.map(
			(ep) => `<tr>
  <td><code>${esc(ep.id)}</code></td>
  <td class="url">${esc(ep.url)}</td>
  <td>${esc(ep.filter_types.join(', '))}</td>
  <td>${esc(ep.channels?.length ? ep.channels.join(', ') : 'all numbers')}</td>
  <td><input class="secret" aria-label="Signing secret of ${esc(ep.id)}" readonly size="52" value="${esc(ep.secret)}"></td>
</tr>`,
		)
		.join('\n');
	const faxes = Object.values(server.state.faxes).reverse();
	const inbox = faxes.filter((f) => f.direction === 'incoming');
	const sent = faxes.filter((f) => f.direction === 'outgoing');
	const outbox = Object.values(server.state.outbox).reverse();
	return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Fax.Plus (local server): Integrations → Webhooks</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
  table { border-collapse: collapse; margin-bottom: 1em; }
  th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
  td.url { word-break: break-all; max-width: 32em; }
  input.secret { font-family: monospace; }
  .note { color: #555; max-width: 60em; }
</style>
</head>
<body>
<h1>Fax.Plus (local server)</h1>
<p class="note">A stand-in for Fax.Plus's web app, for the demo and the tests; on Fax.Plus the same is under Integrations → Webhooks.</p>
<h2>Integrations → Webhooks</h2>
<p class="note">An endpoint appears here when a workflow with the Fax.Plus Trigger is published. Find the one whose URL is the trigger's Production URL, copy its signing secret (<code>whsec_…</code>) into the trigger's Fax.Plus Webhook Signing Secret API credential and save it.</p>
${endpoints.length === 0 ? '<p>No webhook endpoints yet: publish a workflow with the Fax.Plus Trigger, then reload this page.</p>' : `<table>\n<tr><th>Endpoint</th><th>URL</th><th>Events</th><th>Numbers</th><th>Signing secret</th></tr>\n${rows}\n</table>`}
<h2>Receive a fax</h2>
<form method="post" action="/">
  <input type="hidden" name="action" value="receive">
  <button type="submit">A fax arrives</button>
  <span class="note">from +4930123456 to +15551230001: it is added to the inbox and a signed <code>fax_received</code> event goes to every endpoint above.</span>
</form>
<h2>Deliveries</h2>
<p class="note">The newest first: each fax event sent to an endpoint, and each answer the endpoint gave (a 2xx ends the retries; a trigger without the endpoint's signing secret answers 401).</p>
${deliveryTable(server)}
<h2>Inbox</h2>
${faxTable(inbox, 'No received faxes.')}
<h2>Outbox</h2>
${faxTable(outbox, 'The outbox is empty.')}
<h2>Sent</h2>
${faxTable(sent, 'No sent faxes.')}
</body>
</html>
`;
}

/**
 * Answers `/` (GET: the page; POST: the form's action, then back to the page).
 * @param {import('./index').FaxPlusServer} server
 * @param {import('node:http').IncomingMessage} req
 * @param {string} method
 * @param {any} body
 * @returns {Promise<import('./http').Reply>}
 */
async function handlePanel(server, req, method, body) {
	if (!allowed(req)) return plain(403, 'This page answers loopback requests only');
	if (method === 'GET' || method === 'HEAD') return page(render(server));
	if (method === 'POST') {
		if (body?.action !== 'receive') return plain(400, 'Unknown action');
		await server.deliver({ event: 'fax_received' });
		return { status: 303, headers: { location: '/' }, body: undefined };
	}
	return plain(405, 'Method not allowed');
}

module.exports = { handlePanel };
