'use strict';
// Workflows the benchmarks run in a real n8n, built the same way in every case.

const crypto = require('node:crypto');
const path = require('node:path');
const { credRef } = require(path.join(__dirname, '../../e2e/lib.js'));

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const uuid = () => crypto.randomUUID();

function node(name, type, typeVersion, parameters, extra = {}) {
	return {
		id: crypto.randomUUID(),
		name,
		type,
		typeVersion,
		position: [0, 0],
		parameters,
		...extra,
	};
}

/** Connections of nodes one after another. */
const chain = (...names) =>
	Object.fromEntries(
		names
			.slice(0, -1)
			.map((n, i) => [n, { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] }]),
	);

/**
 * Webhook (answers with the last node's first item) → Split Out (the body's `items`, one item each)
 * → `actionNode`, active; answers its id and webhook URL.
 */
async function deploySplitOutWorkflow(n8n, name, actionNode) {
	const hookPath = `bench-${crypto.randomUUID()}`;
	const workflow = await n8n.importWorkflow({
		name,
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				2,
				{
					httpMethod: 'POST',
					path: hookPath,
					responseMode: 'lastNode',
					responseData: 'firstEntryJson',
					options: {},
				},
				{ webhookId: crypto.randomUUID() },
			),
			node('Split Out', 'n8n-nodes-base.splitOut', 1, {
				fieldToSplitOut: 'body.items',
				include: 'noOtherFields',
				options: {},
			}),
			actionNode,
		],
		connections: chain('Webhook', 'Split Out', actionNode.name),
	});
	await n8n.activate(workflow.id);
	await n8n.waitForWebhook(hookPath);
	return { id: workflow.id, url: n8n.webhookUrl(hookPath) };
}

/**
 * The Fax.Plus Trigger (of package `pkg`) → No Op, active, its endpoint registered at the local
 * server `s.server` and its secret credential holding that endpoint's secret. `paired`: the Polling
 * Trigger feeds No Op too. `prefill(workflowId, contexts)`: fills the named records of n8n's
 * processed-data store before activation.
 */
async function triggerWorkflow(n8n, s, name, { pkg, prefill, paired = false }) {
	const TRIGGER = `${pkg}.faxPlusTrigger`;
	const POLL_TRIGGER = `${pkg}.faxPlusPollTrigger`;
	const webhookId = uuid();
	const secretCred = await n8n.createCredential(`bench secret ${name}`, 'faxPlusWebhookSecretApi', {
		secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
	});
	const trigger = node(
		'Fax.Plus Trigger',
		TRIGGER,
		1,
		{
			authentication: 'accessToken',
			events: ['fax_received', 'fax_sent'],
			channels: '',
			options: {},
		},
		{
			webhookId,
			credentials: {
				...credRef('faxPlusApi', s.pat),
				...credRef('faxPlusWebhookSecretApi', secretCred),
			},
		},
	);
	const wfJson = {
		name,
		nodes: [trigger, node('Done', 'n8n-nodes-base.noOp', 1, {})],
		connections: chain('Fax.Plus Trigger', 'Done'),
	};
	if (paired) {
		// "Never miss a fax": the polling trigger beside it, sharing the workflow's record.
		wfJson.nodes.push(
			node(
				'Fax.Plus Polling Trigger',
				POLL_TRIGGER,
				1,
				{
					authentication: 'accessToken',
					events: ['fax_received', 'fax_sent'],
					channels: '',
					options: {},
					pollTimes: { item: [{ mode: 'everyMinute' }] },
				},
				{ credentials: credRef('faxPlusApi', s.pat) },
			),
		);
		Object.assign(wfJson.connections, chain('Fax.Plus Polling Trigger', 'Done'));
	}
	const wf = await n8n.importWorkflow(wfJson);
	// n8n's contexts of the records: `n:<node ID>` for a node's own, '' for the workflow's.
	const idOf = (name) =>
		(wf.nodes ?? wfJson.nodes).find((n) => n.name === name)?.id ??
		wfJson.nodes.find((n) => n.name === name).id;
	const own = `n:${idOf('Fax.Plus Trigger')}`;
	const records = { [own]: 'own' };
	if (paired) {
		records[''] = 'shared';
		records[`n:${idOf('Fax.Plus Polling Trigger')}`] = "polling trigger's own";
	}
	if (prefill) await prefill(wf.id, paired ? [own, ''] : [own]);
	await n8n.activate(wf.id);
	const url = n8n.webhookUrl(`${webhookId}/webhook`);
	// n8n 2.x publishes (and so registers webhooks) shortly after the activation call answers.
	let ep;
	for (const deadline = Date.now() + 30000; !ep; await sleep(100)) {
		ep = Object.values(s.server.state.webhooks).find((e) => e.url === url);
		if (!ep && Date.now() > deadline)
			throw new Error(`activation registered no endpoint for ${url} within 30 s`);
	}
	const secret = s.server.getEndpointSecret(ep.id);
	await n8n.updateCredential(secretCred.id, {
		name: secretCred.name,
		type: 'faxPlusWebhookSecretApi',
		data: { secret },
	});
	await n8n.waitForWebhook(`${webhookId}/webhook`);
	return {
		id: wf.id,
		url,
		secret,
		records,
		check: (r) => /"received":true/.test(r.body) && !/duplicate|skipped/.test(r.body),
	};
}

async function webhookWorkflow(n8n, name) {
	const p = `bench-${uuid()}`;
	const wf = await n8n.importWorkflow({
		name,
		nodes: [
			node(
				'Webhook',
				'n8n-nodes-base.webhook',
				2,
				{ httpMethod: 'POST', path: p, responseMode: 'onReceived', options: {} },
				{ webhookId: uuid() },
			),
			node('Done', 'n8n-nodes-base.noOp', 1, {}),
		],
		connections: chain('Webhook', 'Done'),
	});
	await n8n.activate(wf.id);
	await n8n.waitForWebhook(p);
	return { id: wf.id, url: n8n.webhookUrl(p), check: (r) => /Workflow was started/.test(r.body) };
}

module.exports = { node, chain, deploySplitOutWorkflow, triggerWorkflow, webhookWorkflow };
