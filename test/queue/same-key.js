'use strict';
// The same Idempotency Key at two workers at the same moment (issue 32), measured: queue workers
// that take one job at a time; a round is two executions of Webhook → Send with one new key,
// started at both webhook processors at once, so two workers run them side by side. n8n's
// processed-data store reads and rewrites a node's record without a lock: only the claim read
// back after its settle sends (docs/sending.md). IN_FLIGHT rounds run at a time on
// 2 × IN_FLIGHT workers, so every execution in flight has a worker of its own. Counted at the
// local Fax.Plus server: outbox requests per comment tag (one per round's key and content).
// Runs last: it stops the suite's worker so that only the single-job workers take the rounds.
//
// SAME_KEY_ROUNDS rounds (default 200), SAME_KEY_IN_FLIGHT at a time (default 2). For a quicker
// look while working, SAME_KEY_RACES=N stops once N rounds had both claims written, the race
// itself (the loser logs it), after 40 rounds.
//
// t = { check, log, queue, server, pat }.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { credRef, webhookWorkflow, uid } = require('../e2e/lib');
const { sendParameters } = require('../support/send-parameters');

const SEND = 'Send';
const ROUNDS = Number(process.env.SAME_KEY_ROUNDS || 200);
const RACES = Number(process.env.SAME_KEY_RACES || Infinity);
const MIN_ROUNDS = Math.min(40, ROUNDS);
const IN_FLIGHT = Number(process.env.SAME_KEY_IN_FLIGHT || 2);
const RACE_LINE = 'claimed the same Idempotency Key at the same moment';
const quantile = (values, q) =>
	[...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]?.toFixed(1);

module.exports = async function sameKeyAtTwoWorkers({ check, log, queue, server, pat }) {
	await check(
		`queue: the same Idempotency Key at two workers at the same moment faxes once (${RACES === Infinity ? ROUNDS : `until ${RACES} races, at most ${ROUNDS}`} rounds)`,
		async () => {
			const { main, webhooks } = queue;
			await queue.worker.stop();
			const workers = await Promise.all(
				Array.from({ length: 2 * IN_FLIGHT }, () =>
					queue.startWorker({ N8N_CONCURRENCY_PRODUCTION_LIMIT: '1' }),
				),
			);
			const webhookPath = uid('same-key');
			const wf = await main.importWorkflow(
				webhookWorkflow({
					name: 'queue: the same key at two workers',
					path: webhookPath,
					nodes: [
						{
							name: SEND,
							parameters: sendParameters({
								documentSource: 'text',
								documentText: '={{ $json.body.text }}',
								options: { idempotencyKey: '={{ $json.body.key }}' },
							}),
							credentials: credRef('faxPlusApi', pat),
							continueOnFail: true,
						},
					],
				}),
			);
			await main.activate(wf.id);
			for (const processor of webhooks) await processor.waitForWebhook(webhookPath);

			const from = server.requests.length;
			const started = Date.now();
			const keys = Array.from({ length: ROUNDS }, (_, round) => uid(`same-key-${round}`));
			const playRound = async (round) =>
				await Promise.all(
					webhooks.map(async (processor) => {
						const res = await fetch(processor.webhookUrl(webhookPath), {
							method: 'POST',
							headers: { 'content-type': 'application/json' },
							body: JSON.stringify({ key: keys[round], text: `Same key, round ${round}` }),
						});
						const answer = await res.json().catch(() => null);
						return Array.isArray(answer) ? answer[0] : answer;
					}),
				);
			const logOf = (w) => fs.readFileSync(path.join(w.userFolder, 'n8n.log'), 'utf8');
			const racesSoFar = () =>
				workers.map((w) => logOf(w).split(RACE_LINE).length - 1).reduce((a, b) => a + b, 0);
			// IN_FLIGHT rounds at a time: each lane starts its next round as soon as its last one ends.
			const rounds = [];
			const roundSeconds = [];
			let next = 0;
			let done = 0;
			let enough = false;
			const lane = async () => {
				while (next < ROUNDS && !enough) {
					const round = next++;
					const roundStarted = Date.now();
					rounds[round] = await playRound(round);
					roundSeconds.push((Date.now() - roundStarted) / 1000);
					done += 1;
					if (done >= MIN_ROUNDS && done % 10 === 0 && racesSoFar() >= RACES) enough = true;
				}
			};
			await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
			const played = next;
			keys.length = played;
			const seconds = (Date.now() - started) / 1000;
			await main.deactivate(wf.id);

			// Faxes per tag: one tag per round (its key and content).
			const posts = server.requests
				.slice(from)
				.filter(
					(r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox' && r.status === 201,
				);
			const perTag = new Map();
			for (const post of posts) {
				const tag = post.body.comment?.tags?.[0];
				perTag.set(tag, (perTag.get(tag) ?? 0) + 1);
			}
			const twice = [...perTag.values()].filter((n) => n > 1).length;
			const kinds = new Map();
			const errors = rounds
				.flat()
				.filter((a) => !a?.duplicate && !a?.outboxFaxId)
				.map((a) => String(a?.error ?? JSON.stringify(a)));
			for (const answers of rounds) {
				const kind = answers
					.map((a) =>
						a?.duplicate ? 'duplicate' : a?.error ? `error` : a?.outboxFaxId ? 'sent' : '?',
					)
					.sort()
					.join('+');
				kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
			}

			// Which worker ran each execution, and which round's key it had (in its data).
			const executions = await queue.psql(
				`SELECT d."executionId", d.data FROM execution_data d JOIN execution_entity e ON e.id = d."executionId" WHERE e."workflowId" = '${wf.id}'`,
			);
			const logs = workers.map(logOf);
			const ranBy = (id) =>
				logs.findIndex((text) => text.includes(`Worker started execution ${id} `));
			const workersOf = keys.map((key) =>
				executions.filter(([, data]) => data.includes(key)).map(([id]) => ranBy(id)),
			);
			const acrossWorkers = workersOf.filter(
				([a, b, ...more]) => more.length === 0 && a !== -1 && b !== -1 && a !== b,
			).length;
			// Rounds whose two claims were both written (the store's race itself): the loser logs it.
			const lostAtReadBack = logs
				.map((text) => text.split(RACE_LINE).length - 1)
				.reduce((a, b) => a + b, 0);
			log(
				`same key at two workers: ${played} rounds, ${IN_FLIGHT} at a time (${acrossWorkers} with its two executions on two workers) in ${seconds.toFixed(0)} s (a round ${quantile(roundSeconds, 0.5)} s, 90% within ${quantile(roundSeconds, 0.9)} s); faxes: ${posts.length}, keys faxed twice: ${twice}; both claims written in ${lostAtReadBack} rounds (the read-back let one send); outcomes ${JSON.stringify(Object.fromEntries(kinds))}`,
			);
			assert.equal(executions.length, 2 * played);
			assert.ok(
				acrossWorkers >= played / 2,
				`only ${acrossWorkers} of ${played} rounds ran on both workers`,
			);
			if (errors.length > 0)
				log(`answers that were neither sent nor duplicate: ${errors.join(' | ')}`);
			assert.equal(twice, 0, `${twice} keys were faxed twice`);
			assert.equal(perTag.size, played, `${perTag.size} of ${played} keys were faxed`);
			assert.deepEqual(Object.fromEntries(kinds), { 'duplicate+sent': played });
		},
		{ timeoutMs: 1200000 },
	);
};
