'use strict';
// Section 7 of BENCHMARKS.md: what Send's Idempotency Key costs per send (bench/cases/send-once.js).

const { summarize, fmtMs, fmtPct, fmtBytes, fmtInt, table } = require('./stats');

const percent = (fraction) =>
	Number.isFinite(fraction) ? `${(fraction * 100).toFixed(fraction < 0.1 ? 1 : 0)}%` : 'n/a';

/** At a real API's latency, the key's cost per send may be at most this share of a send without it. */
const GOAL_SHARE = 0.1;

function measured(section) {
	const m = section.machine || {};
	const load = Number.isFinite(m.loadAverage)
		? `; load average ${m.loadAverage.toFixed(2)} on ${m.cores} cores when it started`
		: '';
	return `_Measured ${section.at}${load}._`;
}

/** Per pass: median ms per send without and with the key, and the per-round paired difference. */
function figuresOf(pass) {
	const plain = pass.targets.plain.runs.map((r) => r.msPerSend);
	const keyed = pass.targets.keyed.runs.map((r) => r.msPerSend);
	const n = Math.min(plain.length, keyed.length);
	const diffs = [];
	for (let i = 0; i < n; i++) diffs.push(keyed[i] - plain[i]);
	const p = summarize(plain);
	const k = summarize(keyed);
	const d = summarize(diffs);
	return {
		latencyMs: pass.latencyMs,
		plain: p,
		keyed: k,
		cost: d.median,
		share: d.median / p.median,
		keyRecord: pass.keyRecord,
	};
}

/** The keyed Send node's record after a pass: "3,000 (71.0 KB)". */
function recordText(record) {
	if (!record || record.error || !Number.isFinite(record.entries)) return '–';
	return `${fmtInt(record.entries)} (${fmtBytes(record.bytes)})`;
}

function sendSection(section) {
	const data = section.data;
	const figures = data.passes.map(figuresOf);
	const rows = figures.map((f) => [
		f.latencyMs ? `every answer delayed by ${f.latencyMs} ms` : 'loopback',
		`${fmtMs(f.plain.median)} ${fmtPct(f.plain.spread)}`,
		`${fmtMs(f.keyed.median)} ${fmtPct(f.keyed.spread)}`,
		fmtMs(f.cost),
		percent(f.share),
		recordText(f.keyRecord),
	]);
	const headers = [
		'Fax.Plus answers',
		'per send, no key',
		'per send, Idempotency Key',
		'the key costs (per round, median)',
		'share of a send',
		"the node's record after (entries)",
	];
	const loopback = figures.find((f) => !f.latencyMs) ?? figures[0];
	const remote = figures.find((f) => f.latencyMs) ?? loopback;
	const goals = [
		{
			goal: `7. Idempotency Key: its record costs at most ${percent(GOAL_SHARE)} of a send when Fax.Plus answers in ${remote.latencyMs} ms`,
			figure: percent(remote.share),
			met: remote.share <= GOAL_SHARE,
		},
	];
	const body = `${measured(section)}

n8n ${data.n8nVersion} (default settings, SQLite), the local Fax.Plus-compatible server on 127.0.0.1. Workflow: Webhook (answers with the last node's first item) → Split Out (${data.items} items) → Fax → Send (a short text to one number: one upload and one outbox request per item, one item after another). Once without a key, once with an Idempotency Key new for every item, so every send writes the Send node's own record in n8n's processed-data store (scope node): before the upload one call checks the key and claims it, after the upload the claim is read back, and after Fax.Plus accepted the fax it is recorded as done (three reads and writes of the node's record per send). ${data.rounds} rounds each, alternating, after a warm-up round; every round is checked (one upload and one outbox request per item, all accepted). ${Number.isFinite(data.outboxReads) ? `A fax leaves the local server's outbox once ${data.outboxReads} list answers have shown it, as Fax.Plus keeps a fax there until it is sent: a keyed send's outbox list finds about a batch's worth of faxes waiting. ` : ''}The last column is the keyed node's record after the pass (the passes run one after the other on one n8n, so the second starts with the first's keys).

${table(headers, rows, ['l', 'r', 'r', 'r', 'r', 'r'])}

**What it means.** A keyed send makes three round trips to n8n's database, one at a time per node, each reading and writing the Send node's own record whole (a JSON list of MD5 hashes: five entries per key, up to Key History Size keys, 5,000 by default): before the upload one call checks whether the key is taken or done and claims it with a nonce; after the upload the claim is read back, because n8n's store has no lock and only the claim whose write survived may send; once Fax.Plus accepted the fax the send is recorded as done. Between the claim and the read-back the claim settles, for four times the claim's own round trip (at least 50 ms, at most 2 s), while the files upload; meanwhile the send also lists the outbox once, for a fax with the key's tag that another node or workflow sent. On loopback an upload takes a few milliseconds, so a send waits out the rest of the settle and the key shows at its largest share; across the internet the upload outlasts the settle and the list request runs beside it, so what is left is the three round trips and whatever of the list request the upload does not cover. A repeat with a key already sent costs two round trips (the check, then taking back what it added) and one outbox list request instead of the upload and the send.
`;
	return {
		title: '7. The idempotency record per send',
		summary: `The Idempotency Key adds ${fmtMs(remote.cost)} per send (${percent(remote.share)} of a send when Fax.Plus answers in ${remote.latencyMs} ms; ${percent(loopback.share)} on loopback, where a send itself takes ${fmtMs(loopback.plain.median)}).`,
		body,
		goals,
		console: [table(headers, rows, ['l', 'r', 'r', 'r', 'r', 'r'])],
	};
}

module.exports = { sendSection };
