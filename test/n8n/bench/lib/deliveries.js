'use strict';
// Signed Fax.Plus deliveries as the benchmarks send them, and one keep-alive HTTP client for them.

const crypto = require('node:crypto');
const http = require('node:http');
const { faxReceivedPayload } = require('./payload');

/** A realistic fax_received body; distinct fax id per delivery. */
function deliveryBody(i) {
	const id = `fax_${crypto.randomBytes(8).toString('hex')}`;
	return Buffer.from(JSON.stringify(faxReceivedPayload(id, `bench ${i}`)));
}

/** `n` deliveries signed with the endpoint's whsec_ secret (Standard Webhooks), distinct webhook-ids. */
function signed(secret, n) {
	const key = crypto.createSecretKey(Buffer.from(secret.replace(/^whsec_/, ''), 'base64'));
	const ts = String(Math.floor(Date.now() / 1000));
	return Array.from({ length: n }, (_, i) => {
		const body = deliveryBody(i);
		const id = `msg_${crypto.randomBytes(12).toString('hex')}`;
		const sig = crypto
			.createHmac('sha256', key)
			.update(`${id}.${ts}.`)
			.update(body)
			.digest('base64');
		return {
			body,
			headers: {
				'content-type': 'application/json',
				'content-length': String(body.length),
				'user-agent': 'FaxPlus-Webhooks/local',
				'webhook-id': id,
				'webhook-timestamp': ts,
				'webhook-signature': `v1,${sig}`,
			},
		};
	});
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** POSTs over the shared keep-alive agent; resolves { status, body, ms }, never rejects. */
function post(url, headers, body, timeoutMs = 30000) {
	return new Promise((resolve) => {
		const t0 = process.hrtime.bigint();
		const req = http.request(url, { method: 'POST', headers, agent, timeout: timeoutMs }, (res) => {
			const chunks = [];
			res.on('data', (c) => chunks.push(c));
			res.on('end', () =>
				resolve({
					status: res.statusCode,
					body: Buffer.concat(chunks).toString('utf8'),
					ms: Number(process.hrtime.bigint() - t0) / 1e6,
				}),
			);
			res.on('error', (e) =>
				resolve({ status: 0, body: String(e), ms: Number(process.hrtime.bigint() - t0) / 1e6 }),
			);
		});
		req.on('timeout', () => req.destroy(new Error('timeout')));
		req.on('error', (e) =>
			resolve({
				status: 0,
				body: String(e.message),
				ms: Number(process.hrtime.bigint() - t0) / 1e6,
			}),
		);
		req.end(body);
	});
}

module.exports = { signed, post, agent };
