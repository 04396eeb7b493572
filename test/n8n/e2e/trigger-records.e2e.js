'use strict';
// The triggers touch only what they made, in a real n8n (both lines):
// - a copy of a workflow (the same webhook ID, so the same URL) whose publish fails leaves the
//   original's endpoint, and deliveries keep running the original;
// - the race the removal fallback covers (static data saved over without the registration)
//   still leaves no endpoint behind;
// - n8n's Remove Duplicates with Scope "Workflow" ("Value Is New" with a History Size, and
//   "Value Is Higher than Any Previous Value") works beside the trigger as beside n8n's Webhook
//   node: each fax once, no failed run;
// - a value another node writes to the workflow's record never holds a signed fax back, also
//   with the polling trigger beside the trigger (where the two share that record).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const path = require('node:path');
const {
	outputOf,
	pollingTriggerNode,
	thenReceived,
	triggerNode,
	uid,
	webhookNode,
} = require('./lib');
const { waitFor } = require('../../support/checks');
const { publicationActivated } = require('../../../scripts/n8n/n8n');
const { chain, node: benchNode } = require('../bench/lib/workflows');

/** A node of a workflow (test/n8n/bench/lib/workflows.js builds them the same way). */
const node = (name, type, parameters, typeVersion = 1) =>
	benchNode(name, type, typeVersion, parameters);

const TRIGGER_NODE = 'Fax.Plus Trigger';
const KEPT = 'Kept';

/** Runs SQL against n8n's SQLite database with n8n's own sqlite3 module; answers the rows changed. */
async function sqlite(n8n, sql, params) {
	const sqlite3 = require(
		require.resolve('sqlite3', { paths: [path.join(n8n.installDir, 'node_modules/n8n')] }),
	);
	const db = new sqlite3.Database(path.join(n8n.userFolder, '.n8n/database.sqlite'));
	const run = (text, values) =>
		new Promise((resolve, reject) =>
			db.run(text, values, function done(error) {
				if (error) reject(error);
				else resolve(this.changes);
			}),
		);
	try {
		await run('PRAGMA busy_timeout = 10000');
		return await run(sql, params);
	} finally {
		await new Promise((resolve) => db.close(resolve));
	}
}

/** Remove Duplicates v2, "Remove Items Processed in Previous Executions", Scope "Workflow". */
function removeDuplicates(mode, value, historySize) {
	return node(
		'Remove Duplicates',
		'n8n-nodes-base.removeDuplicates',
		mode === 'entries'
			? {
					operation: 'removeItemsSeenInPreviousExecutions',
					logic: 'removeItemsWithAlreadySeenKeyValues',
					dedupeValue: value,
					options: { scope: 'workflow', historySize },
				}
			: {
					operation: 'removeItemsSeenInPreviousExecutions',
					logic: 'removeItemsUpToStoredIncrementalKey',
					incrementalDedupeValue: value,
					options: { scope: 'workflow' },
				},
		2,
	);
}

module.exports = async function triggerRecords(t) {
	const { check, n8n, server, ctx } = t;
	const tag = uid('records');
	const cleanup = [];
	const endpointsOf = (url) => Object.values(server.state.webhooks).filter((e) => e.url === url);

	const pat =
		ctx.patCredential ??
		(await n8n.createCredential(`Fax.Plus PAT (${tag})`, 'faxPlusApi', {
			accessToken: server.tokens.pat,
			baseUrl: server.baseUrl,
		}));

	/**
	 * Imports `nodes` (the trigger among them) as a workflow, publishes it, waits for its
	 * endpoint and pastes the endpoint's secret into a credential of its own.
	 */
	async function publishedTrigger(name, build) {
		const webhookId = crypto.randomUUID();
		const secretCred = await n8n.createCredential(
			`signing secret ${name} (${tag})`,
			'faxPlusWebhookSecretApi',
			{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
		);
		const trigger = triggerNode({
			webhookId,
			pat,
			secretCred,
			parameters: { authentication: 'accessToken', events: ['fax_received'], options: {} },
		});
		const json = { name: `${tag} ${name}`, ...build(trigger) };
		const wf = await n8n.importWorkflow(json);
		await n8n.activate(wf.id);
		cleanup.push(() => n8n.deactivate(wf.id));
		await n8n.waitForPublication(wf.id);
		const url = n8n.webhookUrl(`${webhookId}/webhook`);
		const [endpoint] = await waitFor(() => {
			const found = endpointsOf(url);
			return found.length > 0 && found;
		}, `the endpoint of ${name}`);
		await n8n.waitForWebhook(`${webhookId}/webhook`);
		await n8n.updateCredential(secretCred.id, {
			name: secretCred.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret: server.getEndpointSecret(endpoint.id) },
		});
		return { wf, json, webhookId, url, endpoint };
	}

	/** One signed delivery of a received fax to one endpoint; answers the delivery result. */
	async function deliver(endpoint, faxId, webhookId) {
		const [result] = await server.deliver({
			event: 'fax_received',
			onlyEndpointId: endpoint.id,
			data: { id: faxId },
			...(webhookId ? { webhookId } : {}),
		});
		assert.equal(result.attempts.at(-1).status, 200, JSON.stringify(result.attempts));
		return result;
	}

	/** Every item a node output in any execution of a workflow, once they are all done. */
	async function itemsOf(wf, nodeName, atLeastExecutions) {
		const list = await n8n.waitForExecutions(wf.id, atLeastExecutions, { timeoutMs: 120000 });
		return {
			list,
			items: list.flatMap((execution) => outputOf(execution, nodeName) ?? []),
			failed: list.filter((execution) => execution.status !== 'success'),
		};
	}

	try {
		// ============================================= a copy's failed publish
		const original = {};
		await check(
			"records: a copy of a workflow (same webhook ID) whose publish fails leaves the original's endpoint; deliveries still run the original",
			async () => {
				Object.assign(
					original,
					await publishedTrigger('original', (trigger) => thenReceived(trigger)),
				);
				const copy = await n8n.importWorkflow({ ...original.json, name: `${tag} copy` });
				cleanup.push(() => n8n.deleteWorkflow(copy.id));
				// n8n 2.x refuses the copy before the node runs; n8n 1.x refuses it ("The URL path
				// is already taken") and then runs the copy's webhook removal.
				let refused = false;
				try {
					await n8n.activate(copy.id);
					const status = await n8n.waitForPublication(copy.id);
					refused = !publicationActivated(status);
				} catch {
					refused = true;
				}
				assert.ok(refused, "the copy's publish was not refused");
				assert.deepEqual(
					endpointsOf(original.url).map((e) => e.id),
					[original.endpoint.id],
					"the original's endpoint is gone",
				);
				const result = await deliver(original.endpoint, `fax_${tag}_copy`);
				const { items } = await itemsOf(original.wf, TRIGGER_NODE, 1);
				assert.deepEqual(
					items.map((item) => item.json.webhookId),
					[result.webhookId],
				);
				const copyRuns = await n8n.executions(copy.id, { includeData: false });
				assert.equal(copyRuns.length, 0, 'the copy ran');
			},
		);

		// ============================================= the race the removal fallback covers
		await check(
			'records: with the registration lost from static data (saved over), unpublishing still deletes the endpoint it registered, and only that',
			async () => {
				const raced = await publishedTrigger('raced', (trigger) => thenReceived(trigger));
				const changed = await sqlite(
					n8n,
					'UPDATE workflow_entity SET staticData = NULL WHERE id = ?',
					[String(raced.wf.id)],
				);
				assert.equal(changed, 1);
				await n8n.deactivate(raced.wf.id);
				await n8n.waitForPublication(raced.wf.id);
				await waitFor(
					() => endpointsOf(raced.url).length === 0,
					'the endpoint deleted at the server',
				);
				if (original.endpoint)
					assert.ok(server.state.webhooks[original.endpoint.id], 'another endpoint was deleted');
			},
		);

		// ============================================= Remove Duplicates beside the trigger
		const FAXES = 8;
		const HISTORY = 10;
		const base = 1_000_000 + Math.floor(Math.random() * 1_000_000);
		const faxIds = Array.from({ length: FAXES }, (_, i) => `fax_${base + i}`);
		const number = '={{ Number($json.faxId.split("_").pop()) }}';
		for (const mode of ['entries', 'latest']) {
			const label =
				mode === 'entries'
					? `"Value Is New", History Size ${HISTORY}`
					: '"Value Is Higher than Any Previous Value"';
			await check(
				`records: Remove Duplicates (Scope "Workflow", ${label}) after the trigger: ${FAXES} faxes and a repeat, each fax once, no failed run`,
				async () => {
					const value = mode === 'entries' ? '={{ $json.faxId }}' : number;
					const dedupe = removeDuplicates(mode, value, HISTORY);
					const kept = node(KEPT, 'n8n-nodes-base.noOp', {});
					const s = await publishedTrigger(`remove duplicates ${mode}`, (trigger) => ({
						nodes: [trigger, dedupe, kept],
						connections: chain(trigger.name, dedupe.name, kept.name),
					}));
					// One at a time, each run finished before the next delivery: Remove Duplicates reads and
					// writes its record without a lock, so overlapping runs would race in n8n itself.
					// Last, the first fax once more under another webhook-id: a delivery of its own to the
					// trigger (docs/guarantees.md), which Remove Duplicates holds back.
					for (const [i, faxId] of [...faxIds, faxIds[0]].entries()) {
						await deliver(s.endpoint, faxId);
						await n8n.waitForExecutions(s.wf.id, i + 1, { timeoutMs: 120000 });
					}
					const { items, failed } = await itemsOf(s.wf, TRIGGER_NODE, FAXES + 1);
					assert.deepEqual(failed, [], `failed runs: ${failed.map((e) => e.id)}`);
					assert.equal(items.length, FAXES + 1);
					const { items: keptItems } = await itemsOf(s.wf, KEPT, FAXES + 1);
					assert.deepEqual(
						keptItems.map((item) => item.json.faxId),
						faxIds,
					);
				},
			);
			await check(
				`records: control: the same Remove Duplicates after n8n's Webhook node: ${FAXES} values and a repeat, each once, no failed run`,
				async () => {
					const value =
						mode === 'entries'
							? '={{ $json.body.faxId }}'
							: '={{ Number($json.body.faxId.split("_").pop()) }}';
					const hook = webhookNode({ path: `${tag}-control-${mode}` });
					const dedupe = removeDuplicates(mode, value, HISTORY);
					const kept = node(KEPT, 'n8n-nodes-base.noOp', {});
					const wf = await n8n.importWorkflow({
						name: `${tag} control ${mode}`,
						nodes: [hook, dedupe, kept],
						connections: chain(hook.name, dedupe.name, kept.name),
					});
					await n8n.activate(wf.id);
					cleanup.push(() => n8n.deactivate(wf.id));
					await n8n.waitForPublication(wf.id);
					await n8n.waitForWebhook(`${tag}-control-${mode}`);
					for (const [i, faxId] of [...faxIds, faxIds[0]].entries()) {
						const res = await fetch(n8n.webhookUrl(`${tag}-control-${mode}`), {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({ faxId }),
						});
						assert.equal(res.status, 200);
						await res.text();
						await n8n.waitForExecutions(wf.id, i + 1, { timeoutMs: 120000 });
					}
					const { failed, list } = await itemsOf(wf, 'Webhook', FAXES + 1);
					assert.deepEqual(failed, [], `failed runs: ${failed.map((e) => e.id)}`);
					assert.deepEqual(
						list.flatMap((e) => outputOf(e, KEPT) ?? []).map((item) => item.json.body.faxId),
						faxIds,
					);
				},
			);
		}

		// ============================================= a value another node writes
		await check(
			"records: beside the polling trigger, values another node writes to the workflow's record (the fax's key, its ID, its webhook-id) never hold a signed fax back",
			async () => {
				const faxId = `fax_${tag}_targeted`;
				const webhookId = `msg_${tag}_targeted`;
				const hookPath = `${tag}-writes`;
				const { node: poll } = pollingTriggerNode({ name: 'Fax.Plus Polling Trigger', pat });
				const received = node('Received', 'n8n-nodes-base.noOp', {});
				const hook = webhookNode({ path: hookPath });
				const dedupe = removeDuplicates('entries', '={{ $json.body.value }}', 10000);
				const stored = node('Stored', 'n8n-nodes-base.noOp', {});
				const s = await publishedTrigger('written by another node', (trigger) => ({
					nodes: [trigger, poll, received, hook, dedupe, stored],
					connections: {
						...chain(trigger.name, received.name),
						...chain(poll.name, received.name),
						...chain(hook.name, dedupe.name, stored.name),
					},
				}));
				await n8n.waitForWebhook(hookPath);
				const written = [`fax:fax_received:${faxId}`, faxId, `id:${webhookId}`];
				const storedValues = async () =>
					(await n8n.executions(s.wf.id))
						.flatMap((e) => outputOf(e, 'Stored') ?? [])
						.map((item) => item.json.body.value);
				// One at a time, as in the controls above: overlapping runs of Remove Duplicates race
				// in n8n itself.
				for (const [i, value] of written.entries()) {
					const res = await fetch(n8n.webhookUrl(hookPath), {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ value }),
					});
					assert.equal(res.status, 200);
					await res.text();
					await waitFor(
						async () => (await storedValues()).length === i + 1,
						`Remove Duplicates storing ${value}`,
					);
				}
				assert.deepEqual((await storedValues()).sort(), [...written].sort());
				const receivedFaxes = async () =>
					(await n8n.executions(s.wf.id))
						.flatMap((e) => outputOf(e, 'Received') ?? [])
						.map((item) => item.json.faxId)
						.filter((id) => id === faxId);

				const first = await deliver(s.endpoint, faxId, webhookId);
				await waitFor(async () => (await receivedFaxes()).length === 1, 'the signed fax run');
				// Positive control: the record the two triggers share holds it back when it comes again.
				const second = await deliver(s.endpoint, faxId);
				await waitFor(
					async () =>
						(await n8n.executions(s.wf.id)).some(
							(e) =>
								e.status === 'success' &&
								e.data?.resultData?.runData?.[TRIGGER_NODE] &&
								(outputOf(e, TRIGGER_NODE) ?? []).length === 0,
						),
					`the run of ${second.webhookId} that passes nothing on`,
				);
				assert.deepEqual(await receivedFaxes(), [faxId]);
				assert.notEqual(first.webhookId, second.webhookId);
			},
		);
	} finally {
		for (const step of cleanup.reverse()) {
			try {
				await step();
			} catch {
				// Best effort: the runner stops n8n and the server at the end anyway.
			}
		}
	}
};
// Both n8n lines: the trigger's lifecycle and its record in the workflow's static data differ on
// 1.x.
module.exports.n8nLines = [1, 2];
