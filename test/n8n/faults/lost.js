'use strict';
// Fault case "lost": deliveries lost for good. Fax.Plus (the local server's own sender, which
// retries non-2xx answers and then gives up) delivers every new fax to two workflows in one n8n:
//   paired  the Fax.Plus Trigger and the Fax.Plus Polling Trigger (every 15 s) → Received
//   alone   the Fax.Plus Trigger alone → Received
// For a stretch both endpoints answer 401 (the signing secret not pasted yet), and after that
// the sender gives up on a share of the faxes (never delivered) and sends others twice. Then
// the faxes in Fax.Plus are compared with the faxes that reached each workflow's next node.
const crypto = require('node:crypto');
const { TRIGGER, credRef, outputOf, pollingTriggerNode } = require('../e2e/lib');

const WEBHOOK_NODE = 'Fax.Plus Trigger';
const POLL_NODE = 'Fax.Plus Polling Trigger';
const NEXT = 'Received';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Faxes delivered while the endpoints answer 401, then faxes delivered normally; every `gaveUpEvery`th is never delivered, every `twiceEvery`th twice. */
const PLAN = { refused: 8, later: 32, gaveUpEvery: 4, twiceEvery: 5, retries: 2 };

async function waitUntil(fn, what, timeoutMs) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		if (await fn()) return;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await sleep(250);
	}
}

async function workflow(n8n, server, { name, paired, pat, tag }) {
	const secretCred = await n8n.createCredential(
		`Fax.Plus signing secret (${tag} ${name})`,
		'faxPlusWebhookSecretApi',
		{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
	);
	const webhookId = crypto.randomUUID();
	const events = ['fax_received'];
	const nodes = [
		{
			id: crypto.randomUUID(),
			name: WEBHOOK_NODE,
			type: TRIGGER,
			typeVersion: 1,
			position: [0, 0],
			webhookId,
			parameters: { authentication: 'accessToken', events, channels: '', options: {} },
			credentials: {
				...credRef('faxPlusApi', pat),
				...credRef('faxPlusWebhookSecretApi', secretCred),
			},
		},
		{
			id: crypto.randomUUID(),
			name: NEXT,
			type: 'n8n-nodes-base.noOp',
			typeVersion: 1,
			position: [240, 100],
			parameters: {},
		},
	];
	const connections = { [WEBHOOK_NODE]: { main: [[{ node: NEXT, type: 'main', index: 0 }]] } };
	if (paired) {
		const { node } = pollingTriggerNode({
			name: POLL_NODE,
			pat,
			parameters: { events, channels: '' },
			everySeconds: 15,
		});
		nodes.push({ ...node, position: [0, 200] });
		connections[POLL_NODE] = { main: [[{ node: NEXT, type: 'main', index: 0 }]] };
	}
	const wf = await n8n.importWorkflow({ name: `faults ${tag}: ${name}`, nodes, connections });
	await n8n.activate(wf.id);
	const mine = () => Object.values(server.state.webhooks).find((e) => e.url.includes(webhookId));
	await waitUntil(() => mine() !== undefined, `${name}: an endpoint at the server`, 30000);
	await n8n.waitForWebhook(`${webhookId}/webhook`);
	const endpoint = mine();
	return {
		...wf,
		name,
		endpoint,
		/** Pastes the signing secret into the credential (until then every delivery is 401). */
		pasteSecret: async () =>
			await n8n.updateCredential(secretCred.id, {
				name: secretCred.name,
				type: 'faxPlusWebhookSecretApi',
				data: { secret: server.getEndpointSecret(endpoint.id) },
			}),
	};
}

/** Each fax id that reached the workflow's next node, with how many times. */
async function reachedCounts(n8n, wf) {
	const counts = new Map();
	for (const execution of await n8n.executions(wf.id))
		for (const item of outputOf(execution, NEXT) ?? [])
			counts.set(item.json.faxId, (counts.get(item.json.faxId) ?? 0) + 1);
	return counts;
}

/** Runs the case in `shared` (an n8n an earlier mode leaves running; its workflows stay as they are) or in an n8n of its own. */
async function lostMode({ note, server, startN8n, running, shared }) {
	const tag = `l${crypto.randomBytes(3).toString('hex')}`;
	const n8n = shared ?? (await startN8n({}));
	if (shared) note(`the single mode's n8n ${n8n.version} on ${n8n.url}, fresh workflows`);
	else {
		running.n8n = n8n;
		note(`n8n ${n8n.version} (SQLite) ready on ${n8n.url}`);
	}
	// An earlier mode's polling triggers asked for the fax list before: only this mode's count.
	const mark = server.requests.length;
	const pat = await n8n.createCredential(`Fax.Plus PAT (${tag})`, 'faxPlusApi', {
		accessToken: server.tokens.pat,
		baseUrl: server.baseUrl,
	});
	const paired = await workflow(n8n, server, { name: 'paired', paired: true, pat, tag });
	const alone = await workflow(n8n, server, { name: 'alone', paired: false, pat, tag });
	// The paired workflow's activation poll has run: faxes from now on are new to it.
	await waitUntil(
		() => server.requests.slice(mark).some((r) => r.path === '/v3/accounts/self/faxes'),
		'the activation poll',
		30000,
	);
	note(`workflows: paired ${paired.id} (webhook + polling trigger), alone ${alone.id}`);

	const faxes = [];
	const tally = { refused: 0, gaveUp: 0, twice: 0, delivered: 0 };
	// Only this mode's endpoints: the earlier modes' stay registered at the shared server, and a
	// port they used may answer again by now.
	const ours = new Set([paired.endpoint.id, alone.endpoint.id]);
	const deliver = async (id) =>
		(await server.deliver({ event: 'fax_received', data: { id }, retries: PLAN.retries })).filter(
			(result) => ours.has(result.endpointId),
		);
	for (let i = 1; i <= PLAN.refused; i++) {
		const id = `fax_${tag}_${String(i).padStart(4, '0')}`;
		faxes.push(id);
		const results = await deliver(id);
		if (results.some((r) => r.attempts.at(-1).status < 400))
			throw new Error(
				`${id} was accepted before the secret was pasted: ${JSON.stringify(results.map((r) => r.attempts.map((a) => a.status)))}`,
			);
		tally.refused++;
	}
	note(
		`${PLAN.refused} faxes delivered while the secret is not pasted: every attempt 401, given up`,
	);
	await paired.pasteSecret();
	await alone.pasteSecret();
	note('signing secrets pasted');
	for (let i = 1; i <= PLAN.later; i++) {
		const id = `fax_${tag}_${String(PLAN.refused + i).padStart(4, '0')}`;
		faxes.push(id);
		if (i % PLAN.gaveUpEvery === 0) {
			// In Fax.Plus, never delivered (the sender gave up on it).
			await fetch(`${server.origin}/_control/faxes`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ id }),
			});
			tally.gaveUp++;
			continue;
		}
		const [first] = await deliver(id);
		tally.delivered++;
		if (i % PLAN.twiceEvery === 0) {
			await server.replay(first.webhookId);
			tally.twice++;
		}
		await sleep(200);
	}
	note(
		`${PLAN.later} more faxes: ${tally.delivered} delivered (${tally.twice} of them twice), ${tally.gaveUp} never delivered`,
	);
	// Two polls after the last fax, then every run finished.
	const lastFax = server.requests.length;
	await waitUntil(
		() =>
			// A poll's first page has no `before` (it reads on until a page brings nothing new).
			server.requests
				.slice(lastFax)
				.filter((r) => r.path === '/v3/accounts/self/faxes' && !r.query.before).length >= 2,
		'two polls after the last fax',
		60000,
	);
	await waitUntil(
		async () =>
			(await n8n.executions(paired.id, { includeData: false })).every(
				(e) => e.status !== 'running' && e.status !== 'new',
			),
		'every run finished',
		60000,
	);
	await sleep(2000);
	const result = { faxes: faxes.length, tally };
	for (const wf of [paired, alone]) {
		const counts = await reachedCounts(n8n, wf);
		result[wf.name] = {
			reached: faxes.filter((id) => counts.has(id)).length,
			missing: faxes.filter((id) => !counts.has(id)),
			twice: faxes.filter((id) => (counts.get(id) ?? 0) > 1),
			executions: (await n8n.executions(wf.id, { includeData: false })).length,
		};
	}
	return result;
}

module.exports = { lostMode };
