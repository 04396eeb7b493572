'use strict';
// Section 7 of BENCHMARKS.md: what Send's Idempotency Key costs per send (bench/cases/send-once.js).

const { summarize, fmtMs, fmtPct, table } = require('./stats');

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
	};
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
	]);
	const headers = [
		'Fax.Plus answers',
		'per send, no key',
		'per send, Idempotency Key',
		'the key costs (per round, median)',
		'share of a send',
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

n8n ${data.n8nVersion} (default settings, SQLite), the local Fax.Plus-compatible server on 127.0.0.1. Workflow: Webhook (answers with the last node's first item) → Split Out (${data.items} items) → Fax → Send (a short text to one number: one upload and one outbox request per item, one item after another). Once without a key, once with an Idempotency Key new for every item, so every send writes its record: a claim in n8n's processed-data store before the upload and "done" after Fax.Plus accepted the fax (two reads and writes of the node's record). ${data.rounds} rounds each, alternating, after a warm-up round; every round is checked (one upload and one outbox request per item, all accepted).

${table(headers, rows, ['l', 'r', 'r', 'r', 'r'])}

**What it means.** The record is two round trips to n8n's database per send (each reads and writes the node's record, a JSON list of hashes up to 10,000 entries), made one at a time per node. On loopback (and with the load average shown) a send itself is a few milliseconds, so the record shows at its largest share; across the internet a send waits for two answers from Fax.Plus and the record's share shrinks accordingly. A repeat with a key already sent costs one record read and one outbox list request instead of the upload and the send.
`;
	return {
		title: '7. The idempotency record per send',
		summary: `The Idempotency Key adds ${fmtMs(remote.cost)} per send (${percent(remote.share)} of a send when Fax.Plus answers in ${remote.latencyMs} ms; ${percent(loopback.share)} on loopback, where a send itself takes ${fmtMs(loopback.plain.median)}).`,
		body,
		goals,
		console: [table(headers, rows, ['l', 'r', 'r', 'r', 'r'])],
	};
}

module.exports = { sendSection };
