'use strict';
// Section 7 of docs/benchmarks.md: what Send's Idempotency Key costs per send (test/n8n/bench/cases/send-once.js).

const { summarize, fmtMs, fmtPct, fmtBytes, fmtInt, table } = require('./stats');

const percent = (fraction) =>
	Number.isFinite(fraction) ? `${(fraction * 100).toFixed(fraction < 0.1 ? 1 : 0)}%` : 'n/a';

/** At a real API's latency, a keyed send may take at most this many times a send without a key (issue 53). */
const GOAL_RATIO = 2;

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
		ratio: k.median / p.median,
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
		`${f.ratio.toFixed(2)}×`,
		recordText(f.keyRecord),
	]);
	const headers = [
		'Fax.Plus answers',
		'per send, no key',
		'per send, Idempotency Key',
		'the key costs (per round, median)',
		'share of a send',
		'keyed ÷ no key',
		"the node's record after (entries)",
	];
	const loopback = figures.find((f) => !f.latencyMs) ?? figures[0];
	const remote = figures.find((f) => f.latencyMs) ?? loopback;
	const goals = [
		{
			goal: `7. Idempotency Key: a keyed send of a new key takes at most ${GOAL_RATIO}× a send without a key when Fax.Plus answers in ${remote.latencyMs} ms`,
			label: `${remote.latencyMs} ms answers: keyed over no key`,
			target: `≤ ${GOAL_RATIO}×`,
			figure: `${remote.ratio.toFixed(2)}×`,
			met: remote.ratio <= GOAL_RATIO,
		},
	];
	const body = `${measured(section)}

n8n ${data.n8nVersion} (default settings, SQLite), the local Fax.Plus-compatible server on 127.0.0.1. Workflow: Webhook (answers with the last node's first item) → Split Out (${data.items} items) → Fax → Send (a short text to one number: one upload and one outbox request per item, one item after another). Once without a key, once with an Idempotency Key new for every item: before the upload every send claims the key in the Send node's own record in n8n's processed-data store (scope node); once the claim is written it asks Fax.Plus for the outbox and one page of the newest sent faxes (at most 50, of the last 15 minutes) while the document is uploaded and the claim settles; the claim is read back before the outbox request, and the nonce's removal runs beside it (three reads and writes of the node's record per send). Fax.Plus requests per send: ${data.requestsPerSend ? `${data.requestsPerSend.plain} without a key, ${data.requestsPerSend.keyed} with one` : 'not counted in this run'}. ${data.rounds} rounds each, alternating, after a warm-up round; every round is checked (one upload and one outbox request per item, all accepted). ${Number.isFinite(data.outboxReads) ? `A fax leaves the local server's outbox once ${data.outboxReads} list answers have shown it, as Fax.Plus keeps a fax there until it is sent: a keyed send's outbox list finds about a batch's worth of faxes waiting. ` : ''}The last column is the keyed node's record after the pass (the passes run one after the other on one n8n, so the second starts with the first's keys).

${table(headers, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r'])}

**What it means.** A keyed send of a new key asks Fax.Plus the same four things at any account size (docs/sending.md): once its claim is written, the outbox and the newest sent page beside the upload, then the outbox request, so across the internet it takes two round trips as a plain send does; the claim's settle (four times its own write, at least 50 ms) runs during the upload, and what is left is the node record's writes. n8n's record keeps the keys the node sent (six entries a key, for one to two Key Lifetimes, at most 60,000 entries): a new key is known new from it, without reading the sent faxes. A repeat reads the sent faxes of its key's lifetime only where its fax has left the outbox and the newest page.
`;
	return {
		title: '7. The idempotency record per send',
		about: `What an Idempotency Key adds to one Send. Goal: at most ${GOAL_RATIO}× a send without a key when Fax.Plus answers in ${remote.latencyMs} ms.`,
		figureRows: figures.map((f) => [
			`${f.latencyMs ? `${f.latencyMs} ms answers` : 'loopback'}: the key's cost`,
			`${fmtMs(f.cost)} (${percent(f.share)} of a send)`,
		]),
		body,
		goals,
		console: [table(headers, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r'])],
	};
}

module.exports = { sendSection };
