'use strict';
// The workflows the fault suite sends to: the Fax.Plus Trigger and n8n's own Webhook node
// ("respond immediately"), each followed by a No Op, and the polling trigger.
const crypto = require('node:crypto');
const { pollingTriggerNode, thenReceived, triggerNode, webhookNode } = require('../e2e/lib');

const TRIGGER_NODE = 'Fax.Plus Trigger';
const WEBHOOK_NODE = 'Webhook';
const POLL_NODE = 'Fax.Plus Polling Trigger';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates and activates both webhook workflows in `main`; answers the sender's targets.
 * `waitRegistered(path)` waits until every webhook receiver knows a production path;
 * `balancerUrl` is the URL n8n registers (N8N_WEBHOOK_URL).
 */
async function setUpWebhookWorkflows({ main, server, balancerUrl, waitRegistered, tag }) {
	const pat = await main.createCredential(`Fax.Plus PAT (${tag})`, 'faxPlusApi', {
		accessToken: server.tokens.pat,
		baseUrl: server.baseUrl,
	});
	const secretCred = await main.createCredential(
		`Fax.Plus signing secret (${tag})`,
		'faxPlusWebhookSecretApi',
		{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
	);
	const webhookId = crypto.randomUUID();
	const trigger = await main.importWorkflow({
		name: `faults ${tag}: Fax.Plus Trigger`,
		...thenReceived(
			triggerNode({
				webhookId,
				pat,
				secretCred,
				parameters: { authentication: 'accessToken', events: ['fax_received'], options: {} },
			}),
		),
	});
	await main.activate(trigger.id);
	const mine = () => Object.values(server.state.webhooks).filter((e) => e.url.includes(webhookId));
	for (let i = 0; mine().length === 0; i++) {
		if (i > 200) throw new Error('activation registered no endpoint at the local Fax.Plus server');
		await sleep(100);
	}
	const [endpoint] = mine();
	if (!endpoint.url.startsWith(balancerUrl))
		throw new Error(`the endpoint's URL ${endpoint.url} is not the balancer's ${balancerUrl}`);
	const secret = server.getEndpointSecret(endpoint.id);
	await main.updateCredential(secretCred.id, {
		name: secretCred.name,
		type: 'faxPlusWebhookSecretApi',
		data: { secret },
	});
	await waitRegistered(`${webhookId}/webhook`);

	const webhookPath = `faults-${tag}-${crypto.randomBytes(3).toString('hex')}`;
	const webhook = await main.importWorkflow({
		name: `faults ${tag}: Webhook node (respond immediately)`,
		...thenReceived(
			webhookNode({ name: WEBHOOK_NODE, path: webhookPath, responseMode: 'onReceived' }),
		),
	});
	await main.activate(webhook.id);
	await waitRegistered(webhookPath);
	return {
		pat,
		trigger,
		webhook,
		targets: [
			{ name: 'trigger', url: () => endpoint.url, secret: () => secret },
			{ name: 'webhook', url: () => `${balancerUrl}/webhook/${webhookPath}`, secret: () => secret },
		],
	};
}

/**
 * A polling-trigger workflow (n8n's shortest poll time is a minute: crons `everySeconds` apart,
 * at `second` mod everySeconds), with Look Again After `lookAgainMinutes` (0: off).
 */
async function setUpPollWorkflow({ main, pat, tag, everySeconds = 15, second, lookAgainMinutes }) {
	const { node, second: at } = pollingTriggerNode({
		name: POLL_NODE,
		pat,
		everySeconds,
		second,
		parameters: { options: lookAgainMinutes ? { lookAgainMinutes } : {} },
	});
	const wf = await main.importWorkflow({
		name: `faults ${tag}: polling trigger every ${everySeconds} s${lookAgainMinutes ? `, Look Again After ${lookAgainMinutes} min` : ''}`,
		nodes: [node],
		connections: {},
	});
	await main.activate(wf.id);
	// The second (mod everySeconds) at which its polls fire.
	return { ...wf, pollSecond: at, everySeconds, lookAgainMinutes };
}

module.exports = {
	setUpWebhookWorkflows,
	setUpPollWorkflow,
	TRIGGER_NODE,
	WEBHOOK_NODE,
	POLL_NODE,
};
