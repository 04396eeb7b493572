'use strict';
// The same Idempotency Key at two workers at the same moment (issues 32, 42), measured: queue
// workers that take one job at a time; a round is two executions of Webhook → Send with one new
// key, started at both webhook processors at once, so two workers run them side by side. n8n's
// processed-data store reads and rewrites a node's record without a lock: only the in-flight
// claim read back after its settle sends (docs/sending.md). IN_FLIGHT rounds run at a time on
// 2 × IN_FLIGHT workers, so every execution in flight has a worker of its own. Counted at the
// local Fax.Plus server: outbox requests per comment tag (one per round's key and content).
// Then the stale write (issue 42, finding 1): another process's write of the node's record, read
// before a round and written back while it runs and again after its fax left the outbox; a
// repeat of the key must still answer duplicate, naming that fax, and never fax again. The other
// process is psql writing the row as n8n's store does, at moments the test picks. Last, the same
// with n8n's own write: the workers reach Postgres through a proxy that holds one worker's
// `UPDATE … "processed_data"` (another key's, its read done) while the other worker sends a key and
// records it; released, it erases that key from the record (checked: the positive control), and
// a repeat of the key must still answer duplicate, naming its fax, and fax nothing.
// Runs last: it stops the suite's worker so that only the single-job workers take the rounds.
//
// SAME_KEY_ROUNDS rounds (default 60: in a run here 6 of them had both claims written, the race
// itself), SAME_KEY_IN_FLIGHT at a time (default 1: a round needs two workers, and each more
// round in flight two more n8n start-ups); STALE_WRITE_ROUNDS (default 12). For a
// quicker look while working, SAME_KEY_RACES=N stops once N rounds had both claims written (the
// loser logs it), after 40 rounds.
//
// t = { check, log, queue, server, pat }.

const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { credRef, webhookWorkflow, uid } = require('../e2e/lib');
const { sendParameters } = require('../../support/send-parameters');
const { startTcpProxy } = require('../faults/tcp-proxy');

const SEND = 'Send';
const ROUNDS = Number(process.env.SAME_KEY_ROUNDS || 60);
const STALE_ROUNDS = Number(process.env.STALE_WRITE_ROUNDS || 12);
/** How long the other process holds its write of the record, round by round (ms). */
const STALE_HOLDS = [0, 50, 100, 200, 400, 800];
/** Rounds of another key's write held at the proxy while a key is sent and recorded. */
const HELD_ROUNDS = Number(process.env.HELD_WRITE_ROUNDS || 4);
const RACES = Number(process.env.SAME_KEY_RACES || Infinity);
const MIN_ROUNDS = Math.min(40, ROUNDS);
const IN_FLIGHT = Number(process.env.SAME_KEY_IN_FLIGHT || 1);
const RACE_LINE = 'claimed the same Idempotency Key at the same moment';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Posts a round's body to a webhook processor: the Send node's item, or what went wrong on the way. */
async function postTo(processor, webhookPath, body) {
	const started = Date.now();
	try {
		const res = await fetch(processor.webhookUrl(webhookPath), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(body),
		});
		const answer = await res.json().catch(() => null);
		return Array.isArray(answer) ? answer[0] : answer;
	} catch (error) {
		return {
			error: `no answer after ${Date.now() - started} ms: ${error.cause?.code ?? error.cause?.message ?? error.message}`,
		};
	}
}
/** Outbox requests the local Fax.Plus server accepted with this comment tag: the faxes sent with it. */
const faxedWith = (server, tag) =>
	server.requests.filter(
		(r) =>
			r.method === 'POST' &&
			r.path === '/v3/accounts/self/outbox' &&
			r.status === 201 &&
			r.body.comment?.tags?.includes(tag),
	).length;
/** IDs of the faxes the local Fax.Plus server holds with this comment tag, in the outbox and sent. */
const outboxIdsWith = (server, tag) =>
	Object.values(server.state.outbox)
		.filter((fax) => fax.comment?.tags?.includes(tag))
		.map((fax) => fax.id);
const sentIdsWith = (server, tag) =>
	Object.values(server.state.faxes)
		.filter((fax) => tag && String(fax.comment ?? '').includes(tag))
		.map((fax) => fax.id);
/** Fax.Plus sends an outbox fax: it leaves the outbox and is listed among the sent faxes. */
const finishOutboxFax = (server, id) =>
	fetch(`${server.origin}/_control/outbox/finish`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ id }),
	});
const quantile = (values, q) =>
	[...values].sort((a, b) => a - b)[Math.floor(q * (values.length - 1))]?.toFixed(1);

module.exports = async function sameKeyAtTwoWorkers({ check, log, queue, server, pat }) {
	let shared;
	let pgProxy;
	await check(
		`queue: the same Idempotency Key at two workers at the same moment faxes once (${RACES === Infinity ? ROUNDS : `until ${RACES} races, at most ${ROUNDS}`} rounds)`,
		async () => {
			const { main, webhooks } = queue;
			await queue.worker.stop();
			// The workers reach Postgres through a proxy that can hold one of their statements (below).
			pgProxy = await startTcpProxy(queue.postgres.port, { name: 'the workers to Postgres' });
			const workers = await Promise.all(
				Array.from({ length: 2 * IN_FLIGHT }, () =>
					queue.startWorker({
						N8N_CONCURRENCY_PRODUCTION_LIMIT: '1',
						DB_POSTGRESDB_PORT: String(pgProxy.port),
					}),
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
			shared = { wf, webhookPath, workers };

			const from = server.requests.length;
			const started = Date.now();
			const keys = Array.from({ length: ROUNDS }, (_, round) => uid(`same-key-${round}`));
			const playRound = async (round) =>
				await Promise.all(
					webhooks.map((processor) =>
						postTo(processor, webhookPath, {
							key: keys[round],
							text: `Same key, round ${round}`,
						}),
					),
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
				`SELECT d."executionId", d.data, e.status, e."startedAt", e."stoppedAt" FROM execution_data d JOIN execution_entity e ON e.id = d."executionId" WHERE e."workflowId" = '${wf.id}'`,
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
			if (errors.length > 0) {
				log(`answers that were neither sent nor duplicate: ${errors.join(' | ')}`);
				// A call without an answer: what n8n holds of its round's executions, and which worker ran them.
				keys.forEach((key, round) => {
					if (!rounds[round].some((a) => a?.error?.startsWith('no answer'))) return;
					for (const [id, , status, startedAt, stoppedAt] of executions.filter(([, data]) =>
						data.includes(key),
					))
						log(
							`round ${round}: execution ${id} on worker ${ranBy(id)}: ${status}, started ${startedAt}, stopped ${stoppedAt || '-'}`,
						);
				});
				for (const text of logs)
					log(
						text
							.split('\n')
							.filter((line) => /error|warn|Idempotency/i.test(line))
							.slice(-6)
							.join('\n    '),
					);
			}
			assert.equal(twice, 0, `${twice} keys were faxed twice`);
			assert.equal(perTag.size, played, `${perTag.size} of ${played} keys were faxed`);
			// The other execution answers the fax (duplicate) or, like a payment API's 409, that the key
			// is in flight elsewhere and nothing was sent: never a second fax, never a false duplicate.
			const other = [...kinds.keys()].filter((k) => k !== 'duplicate+sent' && k !== 'error+sent');
			assert.deepEqual(other, [], `outcomes other than duplicate+sent or in flight+sent: ${other}`);
			const notInFlight = errors.filter(
				(text) => !text.includes('is being sent by another execution'),
			);
			assert.deepEqual(notInFlight, [], 'errors other than "in flight elsewhere"');
		},
		{ timeoutMs: 1200000 },
	);

	await check(
		`queue: another process's stale write of the node's record, held 0 to ${STALE_HOLDS.at(-1)} ms, makes no key fax twice and no false duplicate (${STALE_ROUNDS} rounds)`,
		async () => {
			assert.ok(shared, 'the same-key check set up no workflow');
			const { wf, webhookPath } = shared;
			const where = `"workflowId" = '${wf.id}' AND context LIKE 'n:%'`;
			const readRow = async () =>
				(await queue.psql(`SELECT value FROM processed_data WHERE ${where}`))[0]?.[0];
			/** Writes the row back as it was read (none: deletes it), as a slow writer of another key does. */
			const writeBack = async (value) =>
				await queue.psql(
					value === undefined
						? `DELETE FROM processed_data WHERE ${where}`
						: `UPDATE processed_data SET value = '${value.replace(/'/g, "''")}' WHERE ${where}`,
				);
			const post = (processor, body) => postTo(processor, webhookPath, body);
			const { webhooks } = queue;
			let secondFaxes = 0;
			let falseDuplicates = 0;
			const problems = [];
			const roundMs = [];
			for (let round = 0; round < STALE_ROUNDS; round++) {
				const started = Date.now();
				const body = { key: uid(`stale-${round}`), text: `Stale write, round ${round}` };
				const stale = await readRow();
				const [answers] = await Promise.all([
					Promise.all(webhooks.map((processor) => post(processor, body))),
					sleep(STALE_HOLDS[round % STALE_HOLDS.length]).then(() => writeBack(stale)),
				]);
				const tag = answers.find((a) => a?.commentTag)?.commentTag;
				const outboxIds = outboxIdsWith(server, tag);
				// Fax.Plus sends it: it leaves the outbox; then the slow write lands again.
				for (const id of outboxIds) await finishOutboxFax(server, id);
				await writeBack(stale);
				const repeat = await post(webhooks[round % webhooks.length], body);
				const faxIds = sentIdsWith(server, tag);
				const faxed = faxedWith(server, tag);
				if (faxed !== 1) secondFaxes += Math.max(0, faxed - 1);
				for (const answer of [...answers, repeat].filter((a) => a?.duplicate)) {
					// The first of Send's items (one per destination): the fax it names, in the outbox or sent.
					const named = [
						...(answer.outboxFaxId ? [outboxIds.includes(answer.outboxFaxId)] : []),
						...(answer.faxId ? [faxIds.includes(answer.faxId)] : []),
					];
					if (named.length === 0 || named.includes(false)) falseDuplicates += 1;
				}
				const kinds = answers.map((a) =>
					a?.duplicate ? 'duplicate' : a?.outboxFaxId ? 'sent' : 'other',
				);
				if (kinds.sort().join('+') !== 'duplicate+sent' || repeat?.duplicate !== true)
					problems.push(
						`round ${round}: ${JSON.stringify(answers)} then ${JSON.stringify(repeat)} (faxed ${faxed})`,
					);
				roundMs.push(Date.now() - started);
			}
			log(
				`stale write: ${STALE_ROUNDS} rounds (the other write held ${STALE_HOLDS.join(', ')} ms in turn), a round ${quantile(roundMs, 0.5)} ms (90% within ${quantile(roundMs, 0.9)} ms); second faxes: ${secondFaxes}, false duplicates: ${falseDuplicates}`,
			);
			assert.equal(secondFaxes, 0, `${secondFaxes} second faxes`);
			assert.equal(falseDuplicates, 0, `${falseDuplicates} false duplicates`);
			assert.deepEqual(problems, []);
		},
		{ timeoutMs: 600000 },
	);

	await check(
		`queue: another key's write held by a worker between its read and its write (n8n's own, through Postgres) erases a sent key from the record; its repeat still answers duplicate, naming the fax, and faxes nothing (${HELD_ROUNDS} rounds)`,
		async () => {
			assert.ok(shared, 'the same-key check set up no workflow');
			const { wf, webhookPath } = shared;
			const [a, b] = queue.webhooks;
			const recordText = async () =>
				(
					await queue.psql(
						`SELECT value FROM processed_data WHERE "workflowId" = '${wf.id}' AND context LIKE 'n:%'`,
					)
				)[0]?.[0] ?? '';
			const entriesOf = (text) => new Set(text.match(/"[^"]{16,}"/g) ?? []);
			const problems = [];
			for (let round = 0; round < HELD_ROUNDS; round++) {
				const slow = { key: uid(`held-${round}`), text: `Held write, round ${round}` };
				const sent = { key: uid(`erased-${round}`), text: `Erased key, round ${round}` };
				const before = entriesOf(await recordText());
				// The slow key's first write of the record waits at the proxy, its read done.
				const holding = pgProxy.holdNext('."processed_data" SET');
				const slowAnswer = postTo(a, webhookPath, slow);
				const release = await holding;
				// Meanwhile the other worker sends the other key and records it.
				const first = await postTo(b, webhookPath, sent);
				const tag = first?.commentTag;
				const recorded = [...entriesOf(await recordText())].filter((e) => !before.has(e));
				// Half the rounds: Fax.Plus sends it, so only its sent faxes know it any more.
				const outboxId = first?.outboxFaxId;
				if (round % 2 === 0 && outboxId) await finishOutboxFax(server, outboxId);
				release();
				const slowFirst = await slowAnswer;
				const after = entriesOf(await recordText());
				const erased = recorded.length > 0 && recorded.every((e) => !after.has(e));
				const repeat = await postTo(round % 2 ? a : b, webhookPath, sent);
				const named = repeat?.faxId
					? sentIdsWith(server, tag).includes(repeat.faxId)
					: outboxIdsWith(server, tag).includes(repeat?.outboxFaxId);
				const line = `round ${round}: slow key ${slowFirst?.outboxFaxId ? 'sent' : JSON.stringify(slowFirst)}; the key's ${recorded.length} entries ${erased ? 'erased' : 'kept'} by the held write; its repeat ${repeat?.duplicate === true ? `duplicate, naming ${repeat.faxId ?? repeat.outboxFaxId} (${repeat.where})` : JSON.stringify(repeat)}; faxed ${faxedWith(server, tag)}`;
				log(line);
				// The positive control: the held write did erase what the other key had recorded.
				if (!erased || !slowFirst?.outboxFaxId || !first?.outboxFaxId) problems.push(line);
				if (repeat?.duplicate !== true || !named || faxedWith(server, tag) !== 1)
					problems.push(line);
			}
			await queue.main.deactivate(wf.id);
			assert.deepEqual(problems, []);
		},
	);

	// The workers this file started, then their proxy.
	for (const worker of shared?.workers ?? []) await worker.stop().catch(() => {});
	await pgProxy?.stop();
};
