'use strict';
// The fault suite's load balancer in front of n8n's webhook receivers. It routes as nginx's
// default upstream does: round-robin over the processes, and a request whose connection is
// refused before an answer goes to the next one (`proxy_next_upstream error`); when none takes it
// the sender gets 502. Policy `ready` (the suite's default) sends only to processes whose
// /healthz/readiness says ready (probed every 500 ms, see below), as an orchestrator's readiness
// gate does; policy `any` sends to any process that accepts connections, so a process still
// migrating its database answers with n8n's start-up page.
const http = require('node:http');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// As a Kubernetes readiness probe: a process is ready after one 200, and taken out after
// FAILURE_THRESHOLD failed probes in a row (a busy n8n answers its readiness late, or 503 when one
// database ping timed out); a process that refuses connections is skipped at once anyway.
const PROBE_TIMEOUT_MS = 3000;
const FAILURE_THRESHOLD = 3;

async function probeReady(port) {
	try {
		const res = await fetch(`http://127.0.0.1:${port}/healthz/readiness`, {
			signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
		});
		await res.arrayBuffer();
		return res.ok;
	} catch {
		return false;
	}
}

function forward(port, req, res, body) {
	return new Promise((resolve) => {
		const upstream = http.request(
			{
				host: '127.0.0.1',
				port,
				method: req.method,
				path: req.url,
				headers: req.headers,
				agent: false,
			},
			(up) => {
				const chunks = [];
				up.on('data', (c) => chunks.push(c));
				up.on('end', () =>
					resolve({ status: up.statusCode, headers: up.headers, body: Buffer.concat(chunks) }),
				);
				up.on('error', () => resolve({ error: 'reset after the answer began' }));
			},
		);
		upstream.on('error', (error) =>
			resolve({ error: error.code || error.message, beforeAnswer: true }),
		);
		// As nginx by default (proxy_ignore_client_abort off): a sender that gives up closes the
		// upstream connection too, so n8n's answer to it is never taken for delivered.
		res.on('close', () => {
			if (!res.writableFinished) upstream.destroy();
		});
		upstream.end(body);
	});
}

async function startBalancer({ policy = 'any' } = {}) {
	const lb = {
		policy,
		upstreams: [],
		next: 0,
		ready: new Map(),
		failures: new Map(),
		stats: { routed: 0, retriedNext: 0, noUpstream: 0 },
	};
	let probing = true;
	const prober = (async () => {
		while (probing) {
			await Promise.all(
				lb.upstreams.map(async (port) => {
					const ok = await probeReady(port);
					const failures = ok ? 0 : (lb.failures.get(port) ?? 0) + 1;
					lb.failures.set(port, failures);
					if (ok) lb.ready.set(port, true);
					else if (failures >= FAILURE_THRESHOLD) lb.ready.set(port, false);
				}),
			);
			await sleep(500);
		}
	})();
	const server = http.createServer(async (req, res) => {
		const chunks = [];
		for await (const c of req) chunks.push(c);
		const body = Buffer.concat(chunks);
		const candidates = lb.upstreams.filter((port) => lb.policy === 'any' || lb.ready.get(port));
		const start = lb.next++;
		for (let i = 0; i < candidates.length; i++) {
			const port = candidates[(start + i) % candidates.length];
			if (res.destroyed) return;
			const answer = await forward(port, req, res, body);
			if (answer.error) {
				// Only a request no process began to answer may go elsewhere.
				if (answer.beforeAnswer && /ECONNREFUSED/.test(answer.error)) {
					lb.stats.retriedNext += 1;
					continue;
				}
				res.writeHead(502).end();
				return;
			}
			lb.stats.routed += 1;
			const headers = { ...answer.headers };
			delete headers['transfer-encoding'];
			delete headers.connection;
			res.writeHead(answer.status, headers).end(answer.body);
			return;
		}
		lb.stats.noUpstream += 1;
		res.writeHead(502).end();
	});
	server.keepAliveTimeout = 1000;
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	lb.port = server.address().port;
	lb.url = `http://127.0.0.1:${lb.port}`;
	lb.stop = async () => {
		probing = false;
		await prober;
		server.closeAllConnections?.();
		await new Promise((resolve) => server.close(() => resolve()));
	};
	return lb;
}

module.exports = { startBalancer };
