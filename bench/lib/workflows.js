'use strict';
// Workflows the benchmarks run in a real n8n, built the same way in every case.

const crypto = require('node:crypto');

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

module.exports = { node, chain, deploySplitOutWorkflow };
