'use strict';
// Section 7 of docs/benchmarks.md: what Send's Idempotency Key costs per send (bench/cases/send-once.js).

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
			goal: `7. Idempotency Key: its record costs at most ${percent(GOAL_SHARE)} of a send when Fax.Plus answers in ${remote.latencyMs} ms`,
			figure: percent(remote.share),
			met: remote.share <= GOAL_SHARE,
		},
	];
	const body = `${measured(section)}

n8n ${data.n8nVersion} (default settings, SQLite), the local Fax.Plus-compatible server on 127.0.0.1. Workflow: Webhook (answers with the last node's first item) → Split Out (${data.items} items) → Fax → Send (a short text to one number: one upload and one outbox request per item, one item after another). Once without a key, once with an Idempotency Key new for every item: before the upload every send asks Fax.Plus for the account and, at the same time, looks for the key's marker in the outbox and the sent faxes of Key Lifetime; after the upload it marks the key in flight in the Send node's own record in n8n's processed-data store (scope node), reads the mark back after a settle (looking at the outbox and the recent sent faxes again meanwhile), and removes the nonce while the outbox request is made, leaving the marks to expire (three reads and writes of the node's record per send, two of them before the outbox request). ${data.rounds} rounds each, alternating, after a warm-up round; every round is checked (one upload and one outbox request per item, all accepted). ${Number.isFinite(data.outboxReads) ? `A fax leaves the local server's outbox once ${data.outboxReads} list answers have shown it, as Fax.Plus keeps a fax there until it is sent: a keyed send's outbox list finds about a batch's worth of faxes waiting. ` : ''}The last column is the keyed node's record after the pass (the passes run one after the other on one n8n, so the second starts with the first's keys).

${table(headers, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r'])}

**What it means.** A keyed send looks at Fax.Plus twice, each time reading the outbox and, beside it, the sent faxes to their end (page after page until one brings nothing new: three requests one after another while any fax is in the window, four once it holds more than a page of 200, as here): before the upload (the sent faxes of Key Lifetime, beside the account), as a key's other content is refused before anything is uploaded; and after marking the key in flight in the Send node's own record in n8n's processed-data store, as a fax that another send of the key made meanwhile must be found before this one faxes. The settle (four times the mark's own write, at least 50 ms, at most 2 s) runs beside the second look, then the mark is read back (n8n's store has no lock: only the claim whose write survived may send); the nonce's removal runs beside the outbox request. Across the internet the two looks are most of the cost, on loopback the settle. The marks stay until they expire (30 to 60 s; a repeat before Fax.Plus lists the fax waits for it), so the record holds the marks of the keys of the last minute and older ones until 1,000 entries push them out. A repeat with a key already sent costs the look-ups instead of the upload and the send, and writes nothing. **The floor, by design:** neither look can go (the first refuses other content before the upload; the second finds a fax taken after the first, also one whose mark another process's write dropped), nor the claim and its read-back, so a keyed send costs at least two looks of three round trips each and two database round trips beyond a plain send's two round trips (an upload and an outbox request): about 300% of a send across the internet, and the ${percent(GOAL_SHARE)} goal is out of reach.
`;
	return {
		title: '7. The idempotency record per send',
		summary: `The Idempotency Key adds ${fmtMs(remote.cost)} per send (${percent(remote.share)} of a send when Fax.Plus answers in ${remote.latencyMs} ms: a keyed send takes ${remote.ratio.toFixed(2)}× a plain one; ${percent(loopback.share)} on loopback, where a send itself takes ${fmtMs(loopback.plain.median)}).`,
		body,
		goals,
		console: [table(headers, rows, ['l', 'r', 'r', 'r', 'r', 'r', 'r'])],
	};
}

module.exports = { sendSection };
