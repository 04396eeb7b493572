'use strict';
// The trigger's repeat record across queue workers (issue 57), on purpose rather than by load: 60
// distinct signed faxes delivered to webhook processor A in bursts of 12 (each burst's requests
// all in flight together), then each replayed once to processor B (same webhook-id and body, a
// fresh timestamp and signature: a replay from Fax.Plus's panel, or a retry routed to the other
// processor). B never answered them, so only the run's check against n8n's processed-data store
// can hold a replay back.
//   - one worker, bursts (control): 60 runs reach the workflow, not one more; the record holds
//     the entry (webhook-id) of every delivery that ran. One process checks its runs one after
//     another, so no write of the record drops another's entries.
//   - three workers, one after another (control): the same.
//   - three workers, bursts: n8n's store reads a node's whole record and writes it back without a
//     lock or a version, so a worker's write can drop entries another worker wrote meanwhile, and
//     a replay of such a delivery runs again (docs/guarantees.md, "Queue mode"). Measured and
//     printed; checked: every replay the record still holds starts nothing that reaches the
//     workflow, and every second run is of a delivery whose entry another write dropped.
// Reuses the suite's processes; starts two more workers for the last two phases and stops them.
//
// t = { check, log, queue, server, pat }.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { thenReceived, triggerNode, outputOf, assertSuccess, uid } = require('../e2e/lib');
const { signWebhook } = require('../../server');
const { waitFor } = require('../../support/checks');

const NODE = 'Fax.Plus Trigger';
const FAXES = 60;
const BURST = 12;

/** An entry of a node's record as n8n's store keeps it (MD5, base64). */
const entry = (key) => crypto.createHash('md5').update(key).digest('base64');

module.exports = async function repeats(t) {
	const { check, log, queue, server, pat } = t;
	const { main } = queue;
	const [A, B] = queue.webhooks;
	const isDone = (e) =>
		e.finished || ['success', 'error', 'crashed', 'canceled'].includes(e.status);
	const executionRows = async (workflowId) =>
		(
			await queue.psql(
				`SELECT id, status, finished FROM execution_entity WHERE "workflowId" = '${workflowId}' ORDER BY id`,
			)
		).map(([id, status, finished]) => ({ id, status, finished: finished === 't' }));
	/** Waits until Postgres has at least n executions of the workflow, all done. */
	const settled = async (workflowId, n) =>
		waitFor(
			async () => {
				const rows = await executionRows(workflowId);
				return rows.length >= n && rows.every(isDone) ? rows.length : 0;
			},
			`${n} finished executions of workflow ${workflowId} in Postgres`,
			180000,
		);

	/** A workflow with the trigger, published, its endpoint's secret in the credential. */
	async function publish(name) {
		const webhookId = crypto.randomUUID();
		const triggerPath = `${webhookId}/webhook`;
		const secretCred = await main.createCredential(
			`Fax.Plus signing secret (${name})`,
			'faxPlusWebhookSecretApi',
			{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
		);
		const wf = await main.importWorkflow({
			name: `queue: repeats, ${name}`,
			...thenReceived(triggerNode({ webhookId, pat, secretCred })),
		});
		await main.activate(wf.id);
		const endpoint = await waitFor(
			() => Object.values(server.state.webhooks).find((e) => e.url.includes(webhookId)),
			'an endpoint at the server',
		);
		const secret = server.getEndpointSecret(endpoint.id);
		await main.updateCredential(secretCred.id, {
			name: secretCred.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret },
		});
		for (const p of queue.webhooks) await p.waitForWebhook(triggerPath);
		/** A signed delivery of fax `fax_<id>` straight to one processor; resolves to its status. */
		const deliverTo = async (processor, id) => {
			const timestamp = Math.floor(Date.now() / 1000);
			const body = Buffer.from(
				JSON.stringify({
					hook: { id: `fax_${id}`, event: 'fax_received', target: '' },
					data: { id: `fax_${id}`, status: 'success' },
				}),
			);
			const res = await fetch(processor.webhookUrl(triggerPath), {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'webhook-id': id,
					'webhook-timestamp': String(timestamp),
					'webhook-signature': `v1,${signWebhook(secret, id, timestamp, body)}`,
				},
				body,
			});
			return res.status;
		};
		return { wf, deliverTo, secretCred };
	}

	/**
	 * One phase: FAXES deliveries to A (in bursts, or each after the previous one's run ended),
	 * then each replayed once to B. Returns the runs per webhook-id that passed the delivery on,
	 * and which deliveries the trigger's record holds the entry of.
	 */
	async function phase(name, { together }) {
		const { wf, deliverTo, secretCred } = await publish(name);
		const ids = Array.from({ length: FAXES }, (_, i) => `msg_${uid(`${name}${i}`)}`);
		if (together) {
			for (let i = 0; i < FAXES; i += BURST) {
				const statuses = await Promise.all(ids.slice(i, i + BURST).map((id) => deliverTo(A, id)));
				assert.deepEqual(
					statuses,
					statuses.map(() => 200),
				);
			}
		} else {
			for (const [i, id] of ids.entries()) {
				assert.equal(await deliverTo(A, id), 200);
				await settled(wf.id, i + 1);
			}
		}
		await settled(wf.id, FAXES);
		// Read before the replays: what the record holds once every first run has ended.
		const rows = await queue.psql(
			`SELECT value FROM processed_data WHERE "workflowId" = '${wf.id}' AND context LIKE 'n:%'`,
		);
		const saved = new Set(rows.length ? JSON.parse(rows[0][0]).data : []);
		const held = new Set(ids.filter((id) => saved.has(entry(`id:${id}`))));
		for (const id of ids) assert.equal(await deliverTo(B, id), 200);
		await settled(wf.id, 2 * FAXES);
		const runs = new Map();
		for (const e of await main.executions(wf.id)) {
			assertSuccess(e);
			const output = outputOf(e, NODE) ?? [];
			for (const item of output)
				runs.set(item.json.webhookId, (runs.get(item.json.webhookId) ?? 0) + 1);
		}
		await main.deactivate(wf.id);
		await main.deleteCredential(secretCred.id).catch(() => {});
		const ranTwice = ids.filter((id) => runs.get(id) > 1);
		log(
			`${name}: ${ids.filter((id) => runs.get(id) >= 1).length} of ${FAXES} deliveries ran, ${ranTwice.length} ran again on their replay; the record held ${held.size} of ${FAXES}`,
		);
		assert.deepEqual(
			ids.filter((id) => !runs.get(id)),
			[],
			'deliveries that never ran',
		);
		return { ids, runs, held, ranTwice };
	}

	/** The control's promise: 60 runs reach the workflow, not one more, and the record holds them all. */
	function assertExact({ ids, held, ranTwice }) {
		assert.deepEqual(ranTwice, [], 'replays that ran again');
		assert.deepEqual(
			ids.filter((id) => !held.has(id)),
			[],
			'deliveries that ran whose entry the record lacks',
		);
	}

	await check(
		`queue (repeats): one worker, ${FAXES} faxes in bursts of ${BURST} to processor A, each replayed to B: ${FAXES} runs reach the workflow, not one more; the record holds every delivery`,
		async () => assertExact(await phase('one worker, bursts', { together: true })),
	);

	let workers = [];
	await check('queue (repeats): two more workers (three in all)', async () => {
		workers = await Promise.all([queue.startWorker(), queue.startWorker()]);
	});
	if (workers.length !== 2) return;
	try {
		await check(
			`queue (repeats): three workers, ${FAXES} faxes one after another to processor A, each replayed to B: ${FAXES} runs reach the workflow, not one more; the record holds every delivery`,
			async () => assertExact(await phase('three workers, one after another', { together: false })),
		);

		await check(
			`queue (repeats): three workers, ${FAXES} faxes in bursts of ${BURST}, each replayed to B: a replay the record holds starts nothing; a second run only for a delivery whose entry a concurrent write dropped (n8n's store has no lock; docs/guarantees.md)`,
			async () => {
				const { ids, held, ranTwice } = await phase('three workers, bursts', { together: true });
				assert.deepEqual(
					ranTwice.filter((id) => held.has(id)),
					[],
					'replays the record held that ran again',
				);
				log(
					`three workers, bursts: n8n's store dropped the entry of ${FAXES - held.size} deliveries (${ids.length} delivered); ${ranTwice.length} of them ran again on their replay`,
				);
			},
		);
	} finally {
		await Promise.all(workers.map((w) => w.stop().catch(() => {})));
	}
};
