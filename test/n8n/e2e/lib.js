'use strict';
// Helpers shared by the e2e files: workflows that start from a Webhook node (so a
// test runs a workflow the way production does, and gets its output back), and
// readers for executions as the public API returns them.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const dns = require('node:dns');
const os = require('node:os');
const { waitFor } = require('../../support/checks');

const ACTION = 'n8n-nodes-faxplus.faxPlus';
const TRIGGER = 'n8n-nodes-faxplus.faxPlusTrigger';
const POLL_TRIGGER = 'n8n-nodes-faxplus.faxPlusPollTrigger';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs to one of n8n's webhooks as a sender that re-sends does (Fax.Plus re-sends any answer but
 * 2xx), for the two 503s a busy machine gives: n8n's own "Database is not ready!", which it answers
 * to every request while its database ping is late and before it routes one, is sent again once `n8n`
 * reports ready; the trigger's "secret_unavailable" (n8n could not read the signing secret in time)
 * after the Retry-After it asks for. Any other answer is the caller's.
 */
async function postToN8n(n8n, url, init) {
	for (let resent = 0; ; resent++) {
		const res = await fetch(url, { method: 'POST', ...init });
		if (res.status !== 503 || resent === 5) return res;
		const text = await res.clone().text();
		if (text.includes('Database is not ready')) {
			process.stderr.write(
				`    n8n answered 503 "Database is not ready!"; sent again once it is\n`,
			);
			await waitFor(
				async () => (await fetch(`${n8n.url}/healthz/readiness`).catch(() => null))?.status === 200,
				`n8n at ${n8n.url} ready again`,
			);
		} else if (text.includes('secret_unavailable')) {
			const seconds = Number(res.headers.get('retry-after')) || 5;
			process.stderr.write(
				`    the trigger answered 503 secret_unavailable; sent again in ${seconds} s\n`,
			);
			await sleep(seconds * 1000);
		} else return res;
	}
}

function uid(prefix = 'e2e') {
	return `${prefix}-${crypto.randomBytes(4).toString('hex')}`;
}

/** Credential reference for a node's `credentials` field. */
function credRef(type, cred) {
	return { [type]: { id: cred.id, name: cred.name } };
}

/** n8n's Webhook node (v2) for POST /webhook/<path>, with the given response parameters. */
function webhookNode({ path, name = 'Webhook', ...response }) {
	return {
		id: crypto.randomUUID(),
		name,
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: crypto.randomUUID(),
		parameters: { httpMethod: 'POST', path, ...response, options: {} },
	};
}

/**
 * A workflow: Webhook (POST /webhook/<path>, answers with the last node's output)
 * → the given nodes, chained in order.
 * @param {object} o
 * @param {string} o.name
 * @param {string} o.path            webhook path
 * @param {object[]} o.nodes         [{ name, type?, parameters, credentials? }]
 * @param {string} [o.responseData]  'allEntries' (default) | 'firstEntryBinary' | 'firstEntryJson'
 */
function webhookWorkflow({
	name,
	path,
	nodes,
	responseData = 'allEntries',
	binaryPropertyName = 'data',
}) {
	const webhook = webhookNode({
		path,
		responseMode: 'lastNode',
		responseData,
		...(responseData === 'firstEntryBinary'
			? { responseBinaryPropertyName: binaryPropertyName }
			: {}),
	});
	const all = [webhook];
	const connections = {};
	let prev = webhook.name;
	nodes.forEach((n, i) => {
		all.push({
			id: crypto.randomUUID(),
			name: n.name,
			type: n.type ?? ACTION,
			typeVersion: n.typeVersion ?? 1,
			position: [220 * (i + 1), 0],
			parameters: n.parameters,
			...(n.credentials ? { credentials: n.credentials } : {}),
			...(n.continueOnFail ? { onError: 'continueRegularOutput' } : {}),
		});
		connections[prev] = { main: [[{ node: n.name, type: 'main', index: 0 }]] };
		prev = n.name;
	});
	return { name, nodes: all, connections, settings: { executionOrder: 'v1' } };
}

/** Items a node produced in an execution (first run, first output): [{json, binary}]. */
function outputOf(execution, nodeName, { run = 0, output = 0 } = {}) {
	const runData = execution?.data?.resultData?.runData ?? {};
	const runs = runData[nodeName];
	if (!runs || !runs[run]) return undefined;
	return runs[run].data?.main?.[output] ?? [];
}

/** The error an execution failed with, as n8n recorded it (message, description, httpCode, node). */
function errorOf(execution) {
	const rd = execution?.data?.resultData ?? {};
	if (rd.error) return rd.error;
	for (const runs of Object.values(rd.runData ?? {})) {
		for (const r of runs) if (r.error) return r.error;
	}
	return undefined;
}

/** The failed execution a refused signature starts, at most one per endpoint an hour (signature-refusal.e2e.js). */
function isRefusalRun(execution) {
	return /^Fax\.Plus delivery refused \(401\): /.test(errorOf(execution)?.message ?? '');
}

/**
 * Imports + activates a webhook workflow once; returns a runner that posts to it
 * and returns {status, body, execution} for each call.
 */
async function deployWebhookWorkflow(n8n, wfJson) {
	const wf = await n8n.importWorkflow(wfJson);
	await n8n.activate(wf.id);
	const path = wfJson.nodes[0].parameters.path;
	await n8n.waitForWebhook(path);
	let seen = 0;
	return {
		id: wf.id,
		workflow: wf,
		/** Posts JSON, or `{ raw: Buffer, contentType }` (a file: n8n puts it in the binary field `data`). */
		async run(body = {}) {
			const isRaw = body && Buffer.isBuffer(body.raw);
			const res = await fetch(n8n.webhookUrl(path), {
				method: 'POST',
				headers: { 'content-type': isRaw ? body.contentType : 'application/json' },
				body: isRaw ? body.raw : JSON.stringify(body),
			});
			const buf = Buffer.from(await res.arrayBuffer());
			let parsed = buf;
			if ((res.headers.get('content-type') || '').includes('json')) {
				try {
					parsed = JSON.parse(buf.toString('utf8'));
				} catch {
					// keep bytes
				}
			}
			const list = await n8n.waitForExecutions(wf.id, seen + 1);
			seen = list.length;
			const execution = list[list.length - 1];
			return { status: res.status, headers: res.headers, body: parsed, execution };
		},
	};
}

/**
 * A Fax.Plus Trigger node with both credentials (a personal access token and the signing
 * secret, or `credentials` as given); `parameters` replace the default events and options.
 */
function triggerNode({
	webhookId,
	pat,
	secretCred,
	credentials,
	parameters,
	name = 'Fax.Plus Trigger',
	id = crypto.randomUUID(),
}) {
	return {
		id,
		name,
		type: TRIGGER,
		typeVersion: 1,
		position: [0, 0],
		webhookId,
		parameters: {
			channels: '',
			...(parameters ?? {
				authentication: 'accessToken',
				events: ['fax_received', 'fax_sent'],
				options: {},
			}),
		},
		credentials: credentials ?? {
			...credRef('faxPlusApi', pat),
			...credRef('faxPlusWebhookSecretApi', secretCred),
		},
	};
}

/** A workflow's nodes and connections: `first`, then a No Op named "Received". */
function thenReceived(first) {
	return {
		nodes: [
			first,
			{
				id: crypto.randomUUID(),
				name: 'Received',
				type: 'n8n-nodes-base.noOp',
				typeVersion: 1,
				position: [240, 0],
				parameters: {},
			},
		],
		connections: { [first.name]: { main: [[{ node: 'Received', type: 'main', index: 0 }]] } },
	};
}

/**
 * A Fax.Plus Polling Trigger node that polls every `everySeconds` (a divisor of 60; 5 by default, so
 * that the files that wait for polls are short): n8n allows no poll time under a minute, but
 * several, so 60 / everySeconds crons that many seconds apart. `second` is when (mod
 * everySeconds) its polls fire.
 */
function pollingTriggerNode({ name, pat, parameters = {}, everySeconds = 5, second: at }) {
	// The first scheduled poll comes 4 to 5 s from now, after activation's own poll (or at `at`, mod everySeconds).
	const second = at ?? (Math.floor(Date.now() / 1000) + 5) % everySeconds;
	const node = {
		id: crypto.randomUUID(),
		name,
		type: POLL_TRIGGER,
		typeVersion: 1,
		position: [0, 0],
		parameters: {
			pollTimes: {
				item: Array.from({ length: 60 / everySeconds }, (_, i) => ({
					mode: 'custom',
					cronExpression: `${second + everySeconds * i} * * * * *`,
				})),
			},
			authentication: 'accessToken',
			events: ['fax_received'],
			options: {},
			...parameters,
		},
		credentials: credRef('faxPlusApi', pat),
	};
	return { node, second };
}

/** Requests the local server recorded under /v3 since `from` (an index into server.requests). */
function apiRequests(server, from = 0) {
	return server.requests.slice(from).filter((r) => r.path.startsWith('/v3/'));
}

function assertSuccess(execution) {
	if (execution.status !== 'success') {
		const err = errorOf(execution);
		assert.fail(
			`execution ${execution.id} is ${execution.status}: ${err ? `${err.message} ${err.description ?? ''}` : 'no error recorded'}`,
		);
	}
}

/**
 * The Header Auth credential the examples' Webhook and MCP Server Trigger nodes ship with, as a
 * user creates it: `Authorization: Bearer <random>`. Returns the credential and the header to send.
 */
async function createHeaderAuth(n8n, label) {
	const value = `Bearer ${crypto.randomBytes(24).toString('base64url')}`;
	const credential = await n8n.createCredential(`Header Auth (${label})`, 'httpHeaderAuth', {
		name: 'Authorization',
		value,
	});
	return { credential, headers: { authorization: value } };
}

/** Selects `credential` on every node of an example that needs a Header Auth credential. */
function useHeaderAuth(workflow, credential) {
	for (const node of workflow.nodes)
		if (node.credentials?.httpHeaderAuth)
			node.credentials.httpHeaderAuth = { id: credential.id, name: credential.name };
	return workflow;
}

/**
 * This machine's host name when it resolves to 127.0.0.1 only: a name that is not loopback by its
 * spelling but leads there (hostile suites use it as a counting target's alias), else undefined.
 */
async function loopbackAlias() {
	const name = os.hostname();
	if (!name || /(^|\.)localhost\.?$/i.test(name)) return undefined;
	const addresses = await dns.promises.lookup(name, { all: true }).catch(() => []);
	return addresses.length > 0 && addresses.every((a) => a.address === '127.0.0.1')
		? name
		: undefined;
}

module.exports = {
	ACTION,
	TRIGGER,
	POLL_TRIGGER,
	sleep,
	postToN8n,
	uid,
	credRef,
	webhookNode,
	webhookWorkflow,
	pollingTriggerNode,
	triggerNode,
	thenReceived,
	deployWebhookWorkflow,
	outputOf,
	errorOf,
	isRefusalRun,
	apiRequests,
	assertSuccess,
	createHeaderAuth,
	useHeaderAuth,
	loopbackAlias,
};
