'use strict';
// Turns the cases' raw results into tables, goal verdicts and the text of docs/benchmarks.md.
// Each section function takes that section's stored result ({ at, machine, data }) and
// returns { title, body (markdown), goals: [{ goal, figure, met }], console (lines to print) }.

const fs = require('node:fs');
const path = require('node:path');
const {
	summarize,
	latencies,
	quantileSorted,
	fmtNs,
	fmtMs,
	fmtBytes,
	fmtInt,
	fmtRate,
	fmtPct,
	table,
} = require('./stats');

const median = (values) => summarize(values).median;
const ratioText = (x) => (Number.isFinite(x) ? x.toFixed(2) : 'n/a');
/** "1.50× faster" or, under 1, "2.00× slower". */
const faster = (x) => (x >= 1 ? `${ratioText(x)}× faster` : `${ratioText(1 / x)}× slower`);
const yes = (met) => (met === undefined ? 'not judged' : met ? 'met' : '**missed**');

/** Per-round paired ratios a[i] / b[i], then their median (robust to load drifting between rounds). */
function pairedRatio(a, b) {
	const n = Math.min(a.length, b.length);
	const r = [];
	for (let i = 0; i < n; i++) r.push(a[i] / b[i]);
	return summarize(r);
}

function measuredNote(section) {
	const m = section.machine || {};
	const load = Number.isFinite(m.loadAverage)
		? `; load average ${m.loadAverage.toFixed(2)} on ${m.cores} cores when it started`
		: '';
	const c = section.commit;
	const commit = c?.head
		? ` at commit ${c.head}${c.sources && c.sources !== c.head ? ` (the package's sources as of ${c.sources})` : ''}${c.dirty ? ' with uncommitted changes to the sources' : ''}`
		: '';
	return `_Measured ${section.at}${commit}${load}${section.stale ? '; **dist/ could not be rebuilt, figures are for an older build**' : ''}._`;
}

// ------------------------------------------------------------------ 1. webhook() per delivery

const VERIFY_LABELS = {
	hmacKeyObj: 'bare `createHmac`, key prepared once as a KeyObject (the floor)',
	hmacBuffer: 'bare `createHmac`, key as a Buffer (as usually written)',
	hmacFreshKey: 'bare `createHmac`, the secret decoded into a KeyObject per delivery',
	verify: 'ours: `verifyWebhookDelivery()`',
	verifySecret:
		'**ours: as `webhook()` verifies: headers, credential read, verify (the measured path)**',
	webhook: 'ours: all of `webhook()`: + options, parse, filter, output item',
	swVerify: '`standardwebhooks` `verify()`, `jsonParse: false`',
	swVerifyJson: '`standardwebhooks` `verify()` (verifies and parses)',
};

function verifySection(section) {
	const d = section.data;
	const goals = [];
	const lines = [];
	let body = `${measuredNote(section)}\n\nPer delivery, ${d.rounds} rounds after ${d.warmup} warm-up rounds; every round runs every variant once in rotating order over the same pre-signed deliveries (distinct webhook-ids, the nine headers a delivery carries). Ours go through what the built package exports: the trigger's header check, the read of its signing secret's credential (once per delivery, as \`webhook()\` reads it; here n8n's \`getCredentials()\` is a stub that resolves at once) and its verification, in \`webhook()\`'s order; and \`webhook()\` itself (the node's \`deliveryReceiver()\`, called with a minimal webhook context, the body already read), which also reads the options, parses the signed bytes, filters by event and status and builds the item. \`webhook()\` keeps nothing between deliveries: repeats are caught in the run, by n8n's processed-data store. n8n's own work around \`webhook()\` (reading the body, decrypting the credential, starting the run) is section 3's. Median of the rounds, the fastest and slowest round, and the rounds' spread (half the range over the median).\n`;
	const figures = {};
	for (const [size, v] of Object.entries(d.sizes)) {
		const floor = v.samples.hmacKeyObj;
		const rows = Object.keys(VERIFY_LABELS)
			.filter((k) => v.samples[k])
			.map((k) => {
				const s = summarize(v.samples[k]);
				const ratio = pairedRatio(v.samples[k], floor).median;
				return [
					VERIFY_LABELS[k],
					fmtNs(s.median),
					`${fmtNs(s.min)} – ${fmtNs(s.max)}`,
					fmtPct(s.spread),
					fmtRate(1e9 / s.median),
					`${ratio.toFixed(2)}×`,
				];
			});
		const title = `Body of ${fmtBytes(Number(size))} (${fmtInt(v.ops)} deliveries per round)`;
		const t = table(
			['variant', 'per delivery', 'fastest – slowest round', 'spread', 'deliveries/s', 'vs floor'],
			rows,
			['l', 'r', 'r', 'r', 'r', 'r'],
		);
		body += `\n**${title}**\n\n${t}\n`;
		lines.push(title, t, '');
		figures[size] = {
			ratioStrict: pairedRatio(v.samples.verifySecret, v.samples.hmacKeyObj).median,
			ratioBuffer: pairedRatio(v.samples.verifySecret, v.samples.hmacBuffer).median,
			ratioWebhook: pairedRatio(v.samples.webhook, v.samples.hmacKeyObj).median,
			vsSw: pairedRatio(v.samples.swVerify, v.samples.verifySecret).median,
			vsSwJson: pairedRatio(v.samples.swVerifyJson, v.samples.webhook).median,
		};
	}
	const small = figures['1024'];
	if (small) {
		const ratioLine = `ratio webhook()'s verify / raw HMAC: ${ratioText(small.ratioStrict)}`;
		const extra = [
			`ratio webhook()'s verify / raw HMAC with a Buffer key: ${ratioText(small.ratioBuffer)}`,
			`ratio all of webhook() / raw HMAC: ${ratioText(small.ratioWebhook)}`,
			...Object.entries(figures).map(
				([size, f]) =>
					`${fmtBytes(Number(size))}: standardwebhooks verify() / webhook()'s verify: ${ratioText(f.vsSw)}× (verify+parse / all of webhook(): ${ratioText(f.vsSwJson)}×)`,
			),
		];
		lines.push(ratioLine, ...extra);
		body += `\n\`\`\`\n${ratioLine}\n${extra.join('\n')}\n\`\`\`\n`;
		goals.push({
			goal: "1. `webhook()`'s verification ≤ 2.0 × bare HMAC (1 KB)",
			figure: `${ratioText(small.ratioStrict)}×`,
			met: small.ratioStrict <= 2.0,
		});
		const faster = Object.values(figures).every((f) => f.vsSw > 1);
		goals.push({
			goal: '1. faster than `standardwebhooks`',
			figure: Object.entries(figures)
				.map(([size, f]) => `${ratioText(f.vsSw)}× at ${fmtBytes(Number(size))}`)
				.join(', '),
			met: faster,
		});
	}
	body += `\n${verifyMeaning(figures, d)}\n`;
	const big = figures['65536'];
	const summary = small
		? `Verifying one 1 KB delivery as \`webhook()\` does costs ${ratioText(small.ratioStrict)}× a bare HMAC-SHA256 (goal ≤ 2.0×; the rest is the HMAC's \`Buffer\` key, header parsing, the credential read with its await, the timestamp window and a constant-time comparison), and is ${faster(small.vsSw)} than the \`standardwebhooks\` package${big ? ` (${faster(big.vsSw)} at 64 KB, where hashing dominates)` : ''}; all of \`webhook()\`, with the options, parsing and the output item, costs ${ratioText(small.ratioWebhook)}×.`
		: 'No result.';
	return { title: '1. The webhook trigger per delivery', body, goals, console: lines, summary };
}

function verifyMeaning(figures, d) {
	const small = figures['1024'];
	const big = figures['65536'];
	const s1 = d.sizes['1024'];
	const buf = s1 ? median(s1.samples.hmacBuffer) : NaN;
	const ko = s1 ? median(s1.samples.hmacKeyObj) : NaN;
	const fresh = s1?.samples.hmacFreshKey ? median(s1.samples.hmacFreshKey) : NaN;
	const verifyVsBuffer = s1 ? pairedRatio(s1.samples.verify, s1.samples.hmacBuffer).median : NaN;
	const parts = [];
	parts.push(
		`**What it means.** The floor is the cheapest way \`node:crypto\` computes the same HMAC-SHA256: \`createHmac\` with the key prepared once as a \`KeyObject\`. On Node ${d.node || '24'} a \`Buffer\` key costs about ${fmtNs(buf - ko)} more per call (${fmtNs(buf)} against ${fmtNs(ko)} at 1 KB): \`createHmac\` checks whether the key is a \`KeyObject\` with a private-slot access that throws and catches for anything else (a CPU profile shows \`getKeyObjectSlots\`/\`getSlots\` as the top frames). The trigger's verifier decodes the secret into a \`KeyObject\` per delivery (no cache: see "In-process caches"), which costs ${fmtNs(fresh - ko)} more at 1 KB (${fmtNs(fresh)}) and spares it the \`Buffer\` key's cost; \`verifyWebhookDelivery()\` costs ${ratioText(verifyVsBuffer)}× the \`Buffer\`-key HMAC at 1 KB. Microseconds, against the milliseconds n8n spends on each delivery (section 3).`,
	);
	if (small) {
		parts.push(
			`At 1 KB, verifying as \`webhook()\` does costs ${ratioText(small.ratioStrict)}× the bare HMAC: the rest is the \`Buffer\` key above, parsing three headers, the credential read with its await (n8n's decryption of it is not in this figure: section 3 has it), the timestamp window and the constant-time comparison. All of \`webhook()\` costs ${ratioText(small.ratioWebhook)}×: on top come the options read, the parse of the signed bytes, the filter and the output item. Whether a delivery is a repeat across processes and restarts is decided later, in the run, by n8n's processed-data store: that cost is section 3's. At 64 KB hashing dominates and the ratio approaches 1 (${big ? ratioText(big.ratioStrict) : 'n/a'}×). \`standardwebhooks\` hashes in JavaScript (\`fast-sha256\`) and re-encodes the body as text before hashing, so it takes ${ratioText(small.vsSw)}× the time of \`webhook()\`'s verification at 1 KB and ${big ? ratioText(big.vsSw) : 'n/a'}× at 64 KB; it also verifies the UTF-8 decoding of the body rather than its exact bytes.`,
		);
	}
	return parts.join('\n\n');
}

// ------------------------------------------------------------------ 2. WAL per delivery

const WAL_LABELS = {
	webhook: "n8n's Webhook node → No Op",
	trigger: '**Fax.Plus Trigger → No Op, young record**',
	triggerAtCap: '**Fax.Plus Trigger → No Op, record at its cap**',
};

/** The goal's base: the trigger's WAL per delivery at its default cap before issue 62's change. */
const WAL_TODAY = { commit: 'a1abc22', bytes: 601402 };

const walPerDelivery = (o) => summarize(o.rounds.map((r) => r.walBytes / r.deliveries));

/** WAL per delivery written for the record (processed_data, its TOAST and index); NaN unmeasured. */
function recordWal(o) {
	if (!o?.rounds.every((r) => r.byRelation)) return NaN;
	const bytes = o.rounds
		.flatMap((r) => r.byRelation)
		.filter((x) => x.target.startsWith('processed_data'))
		.reduce((a, x) => a + x.bytes, 0);
	return bytes / o.rounds.reduce((a, r) => a + r.deliveries, 0);
}

/** WAL per delivery by relation (rounds' byRelation), a column per workflow; '' without it. */
function walWhere(t) {
	const names = Object.keys(WAL_LABELS).filter((k) => t[k]?.rounds.every((r) => r.byRelation));
	if (!names.length) return '';
	const per = Object.fromEntries(
		names.map((k) => {
			const sums = new Map();
			for (const r of t[k].rounds)
				for (const { target, bytes } of r.byRelation)
					sums.set(target, (sums.get(target) ?? 0) + bytes);
			const n = t[k].rounds.reduce((a, r) => a + r.deliveries, 0);
			return [k, new Map([...sums].map(([target, bytes]) => [target, bytes / n]))];
		}),
	);
	const last = names.at(-1);
	const targets = [...new Set(names.flatMap((k) => [...per[k].keys()]))].sort(
		(a, b) => (per[last].get(b) ?? 0) - (per[last].get(a) ?? 0),
	);
	const cell = (v) => (v ? `${fmtInt(Math.round(v))} B` : '–');
	return table(
		['relation (or record kind)', ...names.map((k) => WAL_LABELS[k].replace(/\*\*/g, ''))],
		targets.map((target) => [`\`${target}\``, ...names.map((k) => cell(per[k].get(target)))]),
		['l', ...names.map(() => 'r')],
	);
}

function walSection(section) {
	const d = section.data;
	const t = d.targets;
	const goals = [];
	const base = walPerDelivery(t.webhook).median;
	const recordText = (o) => {
		const after = o.recordsAfter?.[0];
		if (!after) return '–';
		const before = o.recordsBefore?.[0];
		const grew = before && after.entries > before.entries ? `, from ${fmtInt(before.entries)}` : '';
		return `${fmtInt(after.entries)} (${fmtBytes(after.bytes)})${grew}`;
	};
	const rows = Object.keys(WAL_LABELS)
		.filter((k) => t[k])
		.map((k) => {
			const w = walPerDelivery(t[k]);
			return [
				WAL_LABELS[k],
				recordText(t[k]),
				fmtInt(t[k].rounds.reduce((a, r) => a + r.deliveries, 0)),
				`${fmtInt(Math.round(w.median))} B (${fmtBytes(w.median)})`,
				`${fmtBytes(w.min)} – ${fmtBytes(w.max)}`,
				`${ratioText(w.median / base)}×`,
			];
		});
	const tb = table(
		[
			'workflow',
			'record after: entries (size)',
			'deliveries',
			'WAL per delivery',
			'fewest – most (rounds)',
			'vs Webhook node',
		],
		rows,
		['l', 'r', 'r', 'r', 'r', 'r'],
	);
	const young = t.trigger ? walPerDelivery(t.trigger).median : NaN;
	const cap = t.triggerAtCap ? walPerDelivery(t.triggerAtCap).median : NaN;
	const capRecord = t.triggerAtCap?.recordsAfter?.[0];
	const atCap =
		capRecord && t.triggerAtCap.recordsBefore?.[0]?.entries === capRecord.entries
			? ''
			: ' (**not at its cap**: the record grew during the rounds)';
	const lines = [
		tb,
		'',
		`WAL per delivery: Webhook node ${fmtBytes(base)}; trigger, young record ${fmtBytes(young)} (${ratioText(young / base)}×); trigger, record at its cap (${capRecord ? fmtInt(capRecord.entries) : 'n/a'} entries) ${fmtBytes(cap)} (${ratioText(cap / base)}×)${atCap}`,
		`trigger at its cap / today's (${WAL_TODAY.commit}): ${ratioText(cap / WAL_TODAY.bytes)}`,
	];
	// The figures for the section's block; the split below is prose, which the summary carries.
	const figureLines = lines.slice(2);
	const capRecordWal = recordWal(t.triggerAtCap);
	const split = Number.isFinite(capRecordWal)
		? ` Of the ${fmtInt(Math.round(cap))} B at the cap, ${fmtInt(Math.round(capRecordWal))} B are the record (\`processed_data\`, its TOAST and TOAST index; the row itself ${capRecord ? `${fmtInt(capRecord.bytes)} B` : 'n/a'}) and ${fmtInt(Math.round(cap - capRecordWal))} B the rest (the execution's rows, as for the young record), which a smaller record does not shrink: halving the record alone gives ${ratioText((WAL_TODAY.bytes - (cap - capRecordWal)) / 2 / WAL_TODAY.bytes + (cap - capRecordWal) / WAL_TODAY.bytes)}× today's.`
		: '';
	if (split) lines.push(split.trim());
	goals.push({
		goal: `2. WAL per delivery, the trigger's record at its default cap, ≤ 0.5 × today's (${fmtBytes(WAL_TODAY.bytes)} at ${WAL_TODAY.commit})`,
		figure: `${fmtBytes(cap)}: ${ratioText(cap / WAL_TODAY.bytes)}× today's, ${ratioText(cap / base)}× the Webhook node's ${fmtBytes(base)}${capRecord ? `; the record ${fmtInt(capRecord.entries)} entries, ${fmtBytes(capRecord.bytes)}` : ''}`,
		met: cap <= 0.5 * WAL_TODAY.bytes,
	});
	const perDay = (cap * 10000) / 1024 ** 3;
	const where = walWhere(t);
	const short = `_n8n ${d.n8nVersion}, ${d.mode}, on PostgreSQL ${String(d.postgres).split(' ')[0]} (\`full_page_writes=${d.settings?.full_page_writes}\`); one delivery at a time; ${fmtInt(d.rounds)} rounds of ${fmtInt(d.perRound)} per workflow, alternating; load average ${d.loadBefore?.toFixed(1)} → ${d.loadAfter?.toFixed(1)}; \`test/n8n/bench/cases/wal.js\` says how it measures._`;
	const body = `${measuredNote(section)}

${short}

n8n ${d.n8nVersion}, ${d.mode}, on PostgreSQL ${String(d.postgres).split(' ')[0]} (a throwaway cluster: ${Object.entries(
		d.settings ?? {},
	)
		.map(([k, v]) => `\`${k}=${v}\``)
		.join(
			', ',
		)}), the package installed from its \`npm pack\` tarball. ${fmtInt(d.rounds)} rounds of ${fmtInt(d.perRound)} deliveries per workflow, alternating, after ${fmtInt(d.warmup)} warm-up deliveries each; one delivery at a time, the next once n8n has finished the previous run (one check of the record per delivery, as when faxes arrive seconds apart). WAL per delivery is \`pg_wal_lsn_diff\` of \`pg_current_wal_insert_lsn()\` before and after a round (read once the WAL is quiet), over the round's deliveries; the median of the rounds and their range. The record at its cap starts as a row of ${fmtInt(d.prefill)} entries written in n8n's format, which the first check trims to the trigger's own cap. Load average ${d.loadBefore?.toFixed(1)} → ${d.loadAfter?.toFixed(1)}.

${tb}

\`\`\`
${figureLines.join('\n')}
\`\`\`
${where ? `\nWhere it goes (\`pg_waldump\` of each round's WAL: bytes per delivery by the relation a record touches first, else by kind of record; over all rounds):\n\n${where}\n` : ''}
**What it means.** Every run writes its execution (n8n's \`execution_entity\` and \`execution_data\` rows): that is the Webhook node's whole figure. The trigger's run also checks its record in n8n's processed-data store, one \`processed_data\` row per node that n8n reads, updates and writes back whole on every check (\`checkProcessedAndRecord\`); a row this size is stored out of line (TOAST), so each check writes the whole row to the WAL again, and leaves the old copy for vacuum. At the cap that row is most of what a delivery costs Postgres: at 10,000 deliveries a day about ${perDay.toFixed(1)} GB of WAL a day, which replication and backups carry too. The WAL does not depend on the machine's load: the rounds of the Webhook node and of the record at its cap agree to within ${fmtPct(Math.max(...['webhook', 'triggerAtCap'].filter((k) => t[k]).map((k) => walPerDelivery(t[k]).spread)))} (the young record's grow with it). With Postgres's default \`full_page_writes=on\`, the first change of a page after each checkpoint adds a copy of that page: more WAL for both workflows, by an amount that depends on when checkpoints fall. With no delivery at all, ${fmtBytes(d.idle?.walBytes)} were written in ${d.idle?.seconds?.toFixed(0)} s after the warm-up; each round starts and ends with the WAL quiet. Set \`BENCH_WAL_MODE=queue\` to measure in queue mode (main, worker and one webhook processor), where n8n writes each execution in more steps.
`;
	const summary = `One delivery writes ${fmtBytes(base)} of WAL through n8n's Webhook node and ${fmtBytes(young)} (${ratioText(young / base)}×) through the Fax.Plus Trigger with a young record; with the trigger's record at its cap (${capRecord ? `${fmtInt(capRecord.entries)} entries, a ${fmtBytes(capRecord.bytes)} row` : 'n/a'}) it writes ${fmtBytes(cap)} (${ratioText(cap / base)}×), ${ratioText(cap / WAL_TODAY.bytes)}× today's (goal ≤ 0.5×; n8n ${d.n8nVersion} on PostgreSQL, ${d.mode}): at 10,000 deliveries a day, ${perDay.toFixed(1)} GB of WAL a day.${split}`;
	return {
		title: "2. The trigger's record in Postgres: WAL per delivery",
		body,
		goals,
		console: lines,
		summary,
	};
}

// ------------------------------------------------------------------ 3. trigger in n8n

const TRIGGER_LABELS = {
	webhook: "n8n's Webhook node → No Op (respond immediately)",
	empty: 'an empty community trigger → No Op (the floor: its `webhook()` passes the body on)',
	recording:
		"a recording community trigger → No Op (the empty one, passing each webhook-id on once through n8n's processed-data store)",
	trigger: '**Fax.Plus Trigger → No Op**',
	triggerAtCap:
		'Fax.Plus Trigger + Polling Trigger, both records already at the default cap → No Op',
};

/** The records of one workflow in n8n's processed-data store: "own 27.7 KB (1,050) + shared ...". */
function recordsText(pd) {
	if (!pd || pd.error) return '–';
	const records = pd.records ?? [{ record: 'record', bytes: pd.bytes, entries: pd.entries }];
	if (!records.length) return '–';
	return records.map((r) => `${r.record} ${fmtBytes(r.bytes)} (${fmtInt(r.entries)})`).join(' + ');
}

function triggerSection(section) {
	const goals = [];
	const lines = [];
	let body = `${measuredNote(section)}\n\n`;
	const passes = section.data.passes.filter((p) => p.trigger);
	if (!passes.length)
		return {
			title: '3. Signed deliveries through a real n8n',
			body: `${body}No result.\n`,
			goals,
			console: ['no result'],
		};
	const first = passes[0].trigger;
	if (first.targets.empty)
		body += `_The empty community trigger (\`test/n8n/bench/lib/empty-trigger.js\`) is a package whose one node's \`webhook()\` passes the body on as one item: the floor any community trigger pays in n8n.${first.targets.recording ? " The recording trigger, in the same package, also passes each delivery on once by its webhook-id: its \`execute()\` makes one \`checkProcessedAndRecord\` call per delivery in its own record (scope node, the Fax.Plus Trigger's default cap of 5,000 entries), the floor any trigger pays that keeps each delivery to one run in n8n's processed-data store, as the Fax.Plus Trigger does." : ''} Per-round ratios, with their range over the rounds._\n\n`;
	body += `n8n ${passes[0].n8nVersion}, one instance per pass (SQLite, executions saved as n8n saves them by default), the package loaded as a community package. ${['', 'One', 'Two', 'Three', 'Four', 'Five'][Object.keys(first.targets).length] ?? Object.keys(first.targets).length} active workflows on the same instance, identical but for the first node (and the records they start with). The load: ${fmtInt(first.count)} signed deliveries per workflow (realistic \`fax_received\` bodies of about 700 bytes, distinct webhook-ids, signed with the trigger's endpoint secret; the Webhook node gets the very same requests), ${first.concurrency} at a time over keep-alive connections from one client on 127.0.0.1, in ${first.rounds} rounds that alternate between the workflows, after ${first.warmup} warm-up deliveries each. _Completed/s_ counts a delivery when its execution has finished (a round ends when the last execution of the round has stopped): that is the throughput. _Answered/s_ is how fast the sender gets its 200. Latency is per request, as the sender sees it. The last column is n8n's \`processed_data\` rows of the workflow after the run: _own_ is the trigger's record (scope node), _shared_ the one it shares with the Polling Trigger (scope workflow), each with its size and entries.\n`;
	for (const p of passes) {
		const t = p.trigger.targets;
		const base = t.webhook;
		const baseCompleted = median(base.rounds.map((r) => r.completedPerSecond));
		const rows = Object.keys(TRIGGER_LABELS)
			.filter((k) => t[k])
			.map((k) => {
				const o = t[k];
				const completed = summarize(o.rounds.map((r) => r.completedPerSecond));
				const answered = median(o.rounds.map((r) => r.answeredPerSecond));
				const sent = o.rounds.reduce((a, r) => a + r.sent, 0);
				return [
					TRIGGER_LABELS[k],
					fmtInt(sent),
					`${completed.median.toFixed(1)}/s ${fmtPct(completed.spread)}`,
					`${answered.toFixed(1)}/s`,
					fmtMs(o.latency.p50),
					fmtMs(o.latency.p99),
					`${o.errors}${o.missingExecutions ? `, ${o.missingExecutions} runs missing` : ''}`,
					`${pairedRatio(
						o.rounds.map((r) => r.completedPerSecond),
						base.rounds.map((r) => r.completedPerSecond),
					).median.toFixed(2)}×`,
					recordsText(o.processedData),
				];
			});
		const engine =
			p.engine === 'default'
				? "n8n's default expression engine (`vm`: isolates)"
				: `\`N8N_EXPRESSION_ENGINE=${p.engine}\``;
		const title = `With ${engine}`;
		const tb = table(
			[
				'workflow',
				'deliveries',
				'completed/s',
				'answered/s',
				'p50',
				'p99',
				'errors',
				'vs Webhook node',
				'processed-data records after (entries)',
			],
			rows,
			['l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
		);
		body += `\n**${title}** (load average ${p.loadBefore?.toFixed(1)} → ${p.loadAfter?.toFixed(1)})\n\n${tb}\n`;
		lines.push(title.replace(/`/g, ''), tb, '');
		if (p.engine === 'default' && t.trigger) {
			const ratio = pairedRatio(
				t.trigger.rounds.map((r) => r.completedPerSecond),
				base.rounds.map((r) => r.completedPerSecond),
			).median;
			goals.push({
				goal: "3. trigger ≥ 0.9 × the Webhook node's throughput in n8n",
				figure: `${ratio.toFixed(2)}× (${median(t.trigger.rounds.map((r) => r.completedPerSecond)).toFixed(1)} vs ${baseCompleted.toFixed(1)} deliveries/s)`,
				met: ratio >= 0.9,
			});
			lines.push(`trigger / Webhook node throughput: ${ratio.toFixed(2)}`);
		}
		const floor = floorRatios(t);
		if (floor) {
			const engineName = p.engine === 'default' ? 'default engine' : `${p.engine} engine`;
			const floorLines = [
				`Fax.Plus Trigger / empty trigger (${engineName}): ${rangeText(floor.trigger)}`,
				`empty trigger / Webhook node (${engineName}): ${rangeText(floor.empty)}`,
				...(floor.recorded
					? [
							`recording trigger / empty trigger (${engineName}): ${rangeText(floor.recording)}`,
							`Fax.Plus Trigger / recording trigger (${engineName}): ${rangeText(floor.recorded)}`,
						]
					: []),
			];
			lines.push(...floorLines);
			body += `\n\`\`\`\n${floorLines.join('\n')}\n\`\`\`\n`;
			// Rounds further apart than this say more about the machine's load than about the trigger.
			const decided = floor.trigger.spread <= FLOOR_MAX_SPREAD;
			goals.push({
				goal: `3. Fax.Plus Trigger ≥ 0.95 × an empty community trigger's throughput (the floor), ${engineName}`,
				figure: `${rangeText(floor.trigger)}; the empty trigger ${ratioText(floor.empty.median)}× the Webhook node${floor.recorded ? `; n8n's processed-data check alone takes the empty trigger to ${ratioText(floor.recording.median)}× (the recording trigger), and the Fax.Plus Trigger makes ${ratioText(floor.recorded.median)}× of that` : ''}${decided ? '' : `; not judged: the rounds' ratios spread ${fmtPct(floor.trigger.spread)} (more than ${fmtPct(FLOOR_MAX_SPREAD)}; load average ${p.loadBefore?.toFixed(1)} → ${p.loadAfter?.toFixed(1)})`}`,
				met: decided ? floor.trigger.median >= 0.95 : undefined,
			});
		}
	}
	const atCap = atCapRatios(passes);
	if (Number.isFinite(atCap.legacy)) {
		const record = passes
			.map((p) => p.trigger.targets.triggerAtCap?.processedData)
			.find((pd) => pd && !pd.error && pd.entries);
		const line = `trigger at cap / Webhook node (legacy engine): ${ratioText(atCap.legacy)}`;
		const beside = `trigger at cap / Webhook node (default engine): ${ratioText(atCap.default)}`;
		lines.push(line, beside);
		body += `\n\`\`\`\n${line}\n${beside}\n\`\`\`\n`;
		goals.push({
			goal: '3. trigger beside the Polling Trigger, both records at the default cap, ≥ 0.8 × the Webhook node (legacy engine)',
			figure: `${ratioText(atCap.legacy)}× (default engine: ${ratioText(atCap.default)}×)${record ? `; n8n's processed-data rows read and written per check: ${recordsText(record)}` : ''}`,
			met: atCap.legacy >= 0.8,
		});
	}
	body += `\n${triggerMeaning(passes)}\n`;
	const young = Object.fromEntries(
		passes.map((p) => [
			p.engine,
			pairedRatio(
				p.trigger.targets.trigger.rounds.map((r) => r.completedPerSecond),
				p.trigger.targets.webhook.rounds.map((r) => r.completedPerSecond),
			).median,
		]),
	);
	const recordAtCap = passes
		.map((p) => p.trigger.targets.triggerAtCap?.processedData)
		.find((pd) => pd && !pd.error && pd.entries);
	const loads = passes.flatMap((p) => [p.loadBefore, p.loadAfter]).filter(Number.isFinite);
	const floors = Object.fromEntries(
		passes.map((p) => [p.engine, floorRatios(p.trigger.targets)]).filter(([, f]) => f),
	);
	const floorText = Object.keys(floors).length
		? ` Against an empty community trigger, the floor any community trigger pays, the Fax.Plus Trigger makes ${Object.entries(
				floors,
			)
				.map(([engine, f]) => `${rangeText(f.trigger)} with the ${engine} engine`)
				.join(' and ')} (goal ≥ 0.95); the empty trigger itself makes ${Object.entries(floors)
				.map(([engine, f]) => `${ratioText(f.empty.median)}× (${engine})`)
				.join(' and ')} the Webhook node's.${recordedText(floors)}`
		: '';
	const summary = `Through a real n8n, with the legacy expression engine the trigger completes ${ratioText(young.legacy)}× the deliveries per second of n8n's Webhook node alone with a young record and ${ratioText(atCap.legacy)}× beside the Polling Trigger with both its records at the default cap (goal ≥ 0.8, ${atCap.legacy >= 0.8 ? 'met' : 'missed'}). The durable record is n8n's processed-data store, written by the run: the trigger's own row (scope node), and only beside the Polling Trigger also the row the two share (scope workflow), ${recordAtCap ? `${recordsText(recordAtCap)} at the cap` : 'at the cap'}; n8n reads and writes each whole for every check, and runs that wait share one check per row. With n8n's default engine the figures are ${ratioText(young.default)}× and ${ratioText(atCap.default)}× (goal ≥ 0.9 for the young record): n8n acquires an expression isolate twice per delivery for any trigger but its own Webhook node, which no community node can change.${floorText}${loads.length ? ` Measured at a load average of ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} on 2 cores: the rounds' spread (±) shows how far single figures move.` : ''}`;
	return { title: '3. Signed deliveries through a real n8n', body, goals, console: lines, summary };
}

/**
 * Per-round ratios of one pass: the trigger over the empty trigger, the empty one over the Webhook
 * node; with the recording trigger, it over the empty one and the trigger over it.
 */
function floorRatios(t) {
	if (!t.empty || !t.trigger) return undefined;
	const rate = (name) => t[name].rounds.map((r) => r.completedPerSecond);
	return {
		trigger: pairedRatio(rate('trigger'), rate('empty')),
		empty: pairedRatio(rate('empty'), rate('webhook')),
		...(t.recording && {
			recording: pairedRatio(rate('recording'), rate('empty')),
			recorded: pairedRatio(rate('trigger'), rate('recording')),
		}),
	};
}

/** The summary's sentence on the recording trigger: how much of the gap is n8n's store. */
function recordedText(floors) {
	const withRecord = Object.entries(floors).filter(([, f]) => f.recorded);
	if (!withRecord.length) return '';
	const each = (pick) =>
		withRecord
			.map(([engine, f]) => `${rangeText(pick(f))} with the ${engine} engine`)
			.join(' and ');
	const close = withRecord.every(([, f]) => f.recorded.median >= 0.95);
	return ` A community trigger that only passes each delivery on once through n8n's processed-data store, as the guarantee needs, makes ${each((f) => f.recording)} the empty trigger's; the Fax.Plus Trigger makes ${each((f) => f.recorded)} of that${close ? ': the rest of the gap is the store' : ''}.`;
}

/** The widest spread of the per-round floor ratios that still judges the goal (±25%). */
const FLOOR_MAX_SPREAD = 0.25;

/** "0.91× (0.85–0.97 over 6 rounds)". */
const rangeText = (r) =>
	`${ratioText(r.median)}× (${ratioText(r.min)}–${ratioText(r.max)} over ${r.n} rounds)`;

/** The trigger with a full record against the Webhook node, per engine (median of per-round ratios). */
function atCapRatios(passes) {
	return ratiosOf(passes, 'triggerAtCap');
}

/** One workflow of case 3 against the Webhook node, per engine (median of per-round ratios). */
function ratiosOf(passes, name) {
	const out = {};
	for (const p of passes) {
		const t = p.trigger.targets;
		if (!t[name]) continue;
		out[p.engine] = pairedRatio(
			t[name].rounds.map((r) => r.completedPerSecond),
			t.webhook.rounds.map((r) => r.completedPerSecond),
		).median;
	}
	return out;
}

function triggerMeaning(passes) {
	const ratios = {};
	const rates = {};
	for (const p of passes) {
		const t = p.trigger.targets;
		const base = t.webhook.rounds.map((r) => r.completedPerSecond);
		const vs = (o) =>
			o
				? pairedRatio(
						o.rounds.map((r) => r.completedPerSecond),
						base,
					).median
				: NaN;
		const rate = (o) => (o ? median(o.rounds.map((r) => r.completedPerSecond)) : NaN);
		ratios[p.engine] = {
			trigger: vs(t.trigger),
			atCap: vs(t.triggerAtCap),
		};
		rates[p.engine] = {
			webhook: rate(t.webhook),
			trigger: rate(t.trigger),
			atCap: rate(t.triggerAtCap),
		};
	}
	const def = ratios.default || {};
	const leg = ratios.legacy;
	// Extra time per delivery with the full record, where the isolate does not blur it.
	const r = rates.legacy || rates.default || {};
	const extraMs = (1 / r.atCap - 1 / r.trigger) * 1000;
	const parts = [];
	parts.push(
		`**What it means.** Our own work per delivery (case 1: microseconds) is invisible at this scale: a delivery through n8n costs milliseconds of n8n's own work (loading the workflow from its database, building the execution, saving it). What makes the trigger slower than n8n's Webhook node is n8n's own work around it, not the signature check:`,
	);
	parts.push(
		`- **n8n skips the expression isolate only for its own Webhook node.** With the default \`vm\` expression engine, n8n acquires an expression isolate for the webhook phase of every webhook request unless the start node is \`n8n-nodes-base.webhook\` with static parameters (\`webhookPhaseNeedsIsolate\` in n8n's \`live-webhooks.js\`); the execution then acquires one again. Each acquisition takes a warm isolate from a pool of one and disposes it on release; the pool then builds a new one (and a request that finds the pool empty builds its own), so every acquisition costs an isolate's set-up: the trigger pays it twice per delivery, the Webhook node once.${leg ? ` With \`N8N_EXPRESSION_ENGINE=legacy\` (no isolates) the same trigger reaches ${ratioText(leg.trigger)}× the Webhook node's throughput${Number.isFinite(def.trigger) ? `, against ${ratioText(def.trigger)}× with the default engine` : ''}.` : ''} No community node can opt into that skip; what would close this part is in n8n: extend the skip to any trigger whose webhook description is static, or acquire the isolate only when an expression is evaluated (\`N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE\`).`,
	);
	const pd = passes
		.map((p) => p.trigger.targets.triggerAtCap?.processedData)
		.find((x) => x && !x.error && x.entries);
	parts.push(
		`- **The durable record is n8n's processed-data store, and n8n reads and writes a whole record for every check.** The trigger's run (its \`execute()\` phase) calls n8n's \`checkProcessedAndRecord\` at scope node (mode entries): n8n loads the node's own \`processed_data\` row (context \`n:<node ID>\`), the MD5 of every recorded key in base64 (one per delivery: its webhook-id), adds the new ones, drops the oldest past the cap and writes the whole row back (\`n8n/dist/deduplication/deduplication-helper.js\`). Only when the Fax.Plus Polling Trigger feeds the same node (the third row) does the run first check and record the fax in the workflow's shared row (scope workflow), as an HMAC-SHA256 of the fax's key under the workflow's ID, and then in its own row: two rows, each read and written whole. n8n's store has no lock, so within a process the trigger checks each row one call after another, and the runs that wait meanwhile go together into the next call: one SELECT and one UPDATE per row for all of them. At the cap the third row's records are ${pd ? recordsText(pd) : 'about 270 KB each'}; with them it reaches ${Number.isFinite(leg?.atCap) ? `${ratioText(leg.atCap)}×` : 'n/a'} with the legacy engine and ${ratioText(def.atCap)}× with the default one, about ${Number.isFinite(extraMs) ? extraMs.toFixed(1) : 'n/a'} ms more per delivery than the trigger alone with its young record in the second row${rates.legacy ? ' (legacy engine)' : ''}.`,
	);
	if (Number.isFinite(leg?.atCap) && leg.atCap < 0.8) {
		parts.push(
			`**The goal at the cap (≥ 0.8×, legacy engine) is missed by ${(0.8 - leg.atCap).toFixed(4)}** (${leg.atCap.toFixed(4)}×, with the rounds' spread shown). Correctness comes first here: n8n's processed-data store is the only record a run can write that every process and worker shares and that no worker's empty static data can wipe, and n8n reads and writes it whole. What makes it cheaper is a smaller record: **Duplicate Check Max Entries** (5,000 by default) bounds each row n8n reads and writes per check (about 26 bytes per entry).`,
		);
	}
	parts.push(
		`Both answer once n8n holds the run (the execution row exists), so _answered/s_ tracks _completed/s_. The machine is shared and its 2 cores also run the client and n8n's database; absolute numbers move with the load average shown, the ratios much less.`,
	);
	return parts.join('\n\n');
}

// ------------------------------------------------------------------ 4. load cost

function loadSection(section) {
	const d = section.data;
	const goals = [];
	const inN8n = summarize(d.inN8n.map((x) => x.requireMs));
	const cold = summarize(d.cold.map((x) => x.requireMs));
	const inst = summarize(d.inN8n.map((x) => x.instantiateMs));
	const rows = [
		[
			'require the 3 nodes + 3 credentials, n8n-workflow already loaded (as in n8n)',
			fmtMs(inN8n.median),
			`${fmtMs(inN8n.min)} – ${fmtMs(inN8n.max)}`,
			String(inN8n.n),
		],
		[
			'the same in a bare process (loads n8n-workflow too)',
			fmtMs(cold.median),
			`${fmtMs(cold.min)} – ${fmtMs(cold.max)}`,
			String(cold.n),
		],
		[
			'instantiate them (descriptions built)',
			fmtMs(inst.median),
			`${fmtMs(inst.min)} – ${fmtMs(inst.max)}`,
			String(inst.n),
		],
	];
	const t1 = table(
		['what (one fresh process per sample)', 'median', 'fastest – slowest', 'samples'],
		rows,
		['l', 'r', 'r', 'r'],
	);
	const s = d.size;
	const sizeRows = [
		['dist/ (everything the package ships)', fmtBytes(s.total), `${fmtInt(s.files)} files`],
		['… JavaScript', fmtBytes(s.js), `${fmtInt(s.jsFiles)} files`],
		['… source maps (.js.map)', fmtBytes(s.maps), ''],
		['… type declarations (.d.ts)', fmtBytes(s.dts), ''],
		['… icons and other files', fmtBytes(s.total - s.js - s.maps - s.dts), ''],
	];
	if (s.pack)
		sizeRows.push([
			'npm pack: tarball / unpacked',
			`${fmtBytes(s.pack.size)} / ${fmtBytes(s.pack.unpackedSize)}`,
			`${fmtInt(s.pack.entryCount)} entries`,
		]);
	const t2 = table(['size', 'bytes', ''], sizeRows, ['l', 'r', 'r']);
	goals.push({
		goal: '4. require nodes + credentials < 50 ms',
		figure: `${fmtMs(inN8n.median)} (in n8n); ${fmtMs(cold.median)} in a bare process`,
		met: inN8n.median < 50,
	});
	goals.push({ goal: '4. dist/ < 500 KB', figure: fmtBytes(s.total), met: s.total < 500 * 1024 });
	const body = `${measuredNote(section)}

${t1}

${t2}

**What it means.** n8n loads \`n8n-workflow\` before any community package, so the first row is what the package adds to n8n's start: ${fmtMs(inN8n.median)} for ${fmtInt(s.jsFiles)} small CommonJS files, which only import \`n8n-workflow\`, \`node:crypto\` and each other (until 2026-11-22 the operation pickers were sorted with \`localeCompare\` at load, and its first call in a process sets up ICU's collator: 8–15 ms of the figure, now a plain case-insensitive comparison). The bare-process row is dominated by \`n8n-workflow\` itself. The alternatives (n8n's HTTP Request and Webhook nodes) ship with n8n, so their load cost is already paid; this is the whole of what the package adds. The build ships neither type declarations nor source maps (\`declaration\` and \`sourceMap\` are off in \`tsconfig.build.json\`): nobody imports a node package's types, n8n loads no source map, and the maps were as large as the code (about 300 KB); a stack trace in a bug report maps to the TypeScript line with the same version built with \`npx tsc -p tsconfig.build.json --sourceMap\`. The npm tarball is ${s.pack ? fmtBytes(s.pack.size) : 'n/a'}.
`;
	const summary = `Loading the three nodes and three credentials adds ${fmtMs(inN8n.median)} to n8n's start (goal < 50 ms); the package is ${fmtBytes(s.total)} unpacked${s.pack ? `, a ${fmtBytes(s.pack.size)} tarball` : ''}.`;
	return { title: '4. Load cost', body, goals, console: [t1, '', t2], summary };
}

// ------------------------------------------------------------------ 5. action node

function actionSection(section) {
	const goals = [];
	const pass = section.data.passes.find((p) => p.action);
	if (!pass)
		return {
			title: '5. Action node overhead',
			body: `${measuredNote(section)}\n\nNo result.\n`,
			goals,
			console: ['no result'],
		};
	const a = pass.action;
	const http = summarize(a.targets.httpRequest.runs.map((r) => r.requestsPerSecond));
	const ours = summarize(a.targets.faxPlus.runs.map((r) => r.requestsPerSecond));
	const rows = [
		[
			"n8n's HTTP Request node (GET /shop/balance, header auth)",
			`${http.median.toFixed(0)}/s`,
			fmtPct(http.spread),
			fmtMs(median(a.targets.httpRequest.runs.map((r) => r.ms))),
			'1.00×',
		],
		[
			'**Fax.Plus node (Shop → Get Balance)**',
			`${ours.median.toFixed(0)}/s`,
			fmtPct(ours.spread),
			fmtMs(median(a.targets.faxPlus.runs.map((r) => r.ms))),
			'see below',
		],
	];
	const ratio0 = pairedRatio(
		a.targets.faxPlus.runs.map((r) => r.requestsPerSecond),
		a.targets.httpRequest.runs.map((r) => r.requestsPerSecond),
	).median;
	rows[1][4] = `${ratio0.toFixed(2)}×`;
	const t = table(
		[
			'node',
			'requests/s',
			'spread',
			`time for ${fmtInt(a.items)} items`,
			'vs HTTP Request (per round)',
		],
		rows,
		['l', 'r', 'r', 'r', 'r'],
	);
	const ratio = pairedRatio(
		a.targets.faxPlus.runs.map((r) => r.requestsPerSecond),
		a.targets.httpRequest.runs.map((r) => r.requestsPerSecond),
	).median;
	goals.push({
		goal: "5. action node ≥ 0.9 × HTTP Request node's requests/s",
		figure: `${ratio.toFixed(2)}× (${ours.median.toFixed(0)} vs ${http.median.toFixed(0)} requests/s)`,
		met: ratio >= 0.9,
	});
	const body = `${measuredNote(section)}

n8n ${pass.n8nVersion} (default settings), the local Fax.Plus-compatible server on 127.0.0.1. Workflow: Webhook (answers with the last node's first item) → Split Out (${fmtInt(a.items)} items) → the node, one \`GET /v3/shop/balance\` per item; ${a.rounds} runs per node after one warm-up run each, alternating. Every run is checked: the server must have answered ${fmtInt(a.items)} calls with 200 and the workflow must answer with the balance. Requests per second = items / the time of the webhook call (the whole workflow).

${t}

${actionMeaning(ratio, a)}
`;
	const lines = [t, `Fax.Plus node / HTTP Request node: ${ratio.toFixed(2)}`];
	const atLatency = latencyPart(a, goals);
	if (atLatency) lines.push('', atLatency.table, atLatency.line);
	const summary = `The action node makes ${ratioText(ratio)}× the requests per second of n8n's HTTP Request node on loopback (goal ≥ 0.9)${atLatency ? `. With every answer delayed by ${a.latency.latencyMs} ms, as a real API's are, it makes ${Number.isFinite(atLatency.ratioSame) ? ratioText(atLatency.ratioSame) : 'n/a'}× the HTTP Request node's requests per second at the same concurrency (Items at Once = ${fmtInt(a.items)}, goal ≥ 0.9), and its default of 50 at once reaches ${ratioText(atLatency.ratioCeiling)}× of that default's ceiling, 50 / ${a.latency.latencyMs} ms (goal ≥ 0.9); the default is ${ratioText(atLatency.ratio)}× the HTTP Request node, which sends all ${fmtInt(a.items)} at once` : ''}.`;
	return {
		title: '5. Action node overhead',
		body: atLatency ? body.replace(/\n$/, `\n${atLatency.body}\n`) : body,
		goals,
		console: lines,
		summary,
	};
}

/**
 * The nodes with every answer of the server delayed (a real API's latency), compared like with like:
 * the node with Items at Once set to the item count against the HTTP Request node (which starts every
 * item at once), and the default of 50 at once against its own ceiling, 50 / latency.
 */
function latencyPart(a, goals) {
	const l = a.latency;
	if (!l || !l.targets.httpRequest.runs.length || !l.targets.faxPlus.runs.length) return undefined;
	const rate = (name) => l.targets[name].runs.map((r) => r.requestsPerSecond);
	const http = summarize(rate('httpRequest'));
	const ours = summarize(rate('faxPlus'));
	const all = l.targets.faxPlusAll?.runs.length ? summarize(rate('faxPlusAll')) : undefined;
	const ratioDefault = pairedRatio(rate('faxPlus'), rate('httpRequest')).median;
	const ratioSame = all ? pairedRatio(rate('faxPlusAll'), rate('httpRequest')).median : Number.NaN;
	const ceiling = (50 * 1000) / l.latencyMs;
	const ratioCeiling = ours.median / ceiling;
	const time = (name) => fmtMs(median(l.targets[name].runs.map((r) => r.ms)));
	const rows = [
		[
			"n8n's HTTP Request node (all items at once)",
			`${http.median.toFixed(0)}/s`,
			fmtPct(http.spread),
			time('httpRequest'),
			'1.00×',
		],
	];
	if (all)
		rows.push([
			`**Fax.Plus node, Items at Once = ${fmtInt(a.items)} (the same concurrency)**`,
			`${all.median.toFixed(0)}/s`,
			fmtPct(all.spread),
			time('faxPlusAll'),
			`${ratioSame.toFixed(2)}×`,
		]);
	rows.push([
		`**Fax.Plus node (default: 50 items at once; ceiling 50 / ${l.latencyMs} ms = ${ceiling.toFixed(0)}/s)**`,
		`${ours.median.toFixed(0)}/s`,
		fmtPct(ours.spread),
		time('faxPlus'),
		`${ratioDefault.toFixed(2)}×`,
	]);
	const table_ = table(
		[
			'node, every answer delayed by ' + l.latencyMs + ' ms',
			'requests/s',
			'spread',
			`time for ${fmtInt(a.items)} items`,
			'vs HTTP Request (per round)',
		],
		rows,
		['l', 'r', 'r', 'r', 'r'],
	);
	const lines = [
		`ratio action/httpRequest at ${l.latencyMs} ms, same concurrency: ${Number.isFinite(ratioSame) ? ratioSame.toFixed(2) : 'n/a'}`,
		`ratio action at ${l.latencyMs} ms / ceiling of items at once: ${ratioCeiling.toFixed(2)}`,
	];
	const line = lines.join('\n');
	if (all)
		goals.push({
			goal: `5. action node, Items at Once = item count, ≥ 0.9 × HTTP Request node at ${l.latencyMs} ms per answer`,
			figure: `${ratioSame.toFixed(2)}× (${all.median.toFixed(0)} vs ${http.median.toFixed(0)} requests/s)`,
			met: ratioSame >= 0.9,
		});
	goals.push({
		goal: `5. action node, default 50 at once, ≥ 0.9 × its ceiling (50 / ${l.latencyMs} ms) at ${l.latencyMs} ms per answer`,
		figure: `${ratioCeiling.toFixed(2)}× (${ours.median.toFixed(0)} of ${ceiling.toFixed(0)} requests/s)`,
		met: ratioCeiling >= 0.9,
	});
	const sequential = (a.items * l.latencyMs) / 1000;
	const body = `**At a real API's latency.** The same workflows, rounds and checks, with the local server delaying every answer by ${l.latencyMs} ms (\`setNetwork({ latencyMs })\`, \`test/server/network.js\`), as a call to Fax.Plus across the internet takes tens to a few hundred milliseconds. Same n8n, same run, measured side by side.

${table_}

\`\`\`
${line}
\`\`\`

Compared like with like. n8n's HTTP Request node starts every item's request at once; ours runs up to _Items at Once_ (Node Options, default 50) at the same time, the first item alone (so an OAuth2 refresh or a refused credential happens once), keeping output order, \`pairedItem\` and Continue On Fail per item. The cap of 50 is deliberate: Fax.Plus watches for abusive traffic, so the node does not fire 1,000 requests at once by default. Hence two ratios. _Same concurrency_: the node with Items at Once set to the item count (${fmtInt(a.items)}; the workflow is imported with that value, the editor offers at most 200) against the HTTP Request node, which shows what the node itself costs per request (${Number.isFinite(ratioSame) ? `${ratioText(ratioSame)}×` : 'n/a'}, goal ≥ 0.9). _Ceiling_: with 50 in flight and ${l.latencyMs} ms per answer no client can exceed 50 / ${l.latencyMs / 1000} s = ${ceiling.toFixed(0)} requests/s; the default reaches ${ratioText(ratioCeiling)}× of that (goal ≥ 0.9). The default against the HTTP Request node (${ratioText(ratioDefault)}× here) compares 50 at once with 1,000 at once and is shown, not a goal.${ratioCeiling < 0.9 ? ` The ceiling is out of reach on this run for n8n itself: its HTTP Request node, with every item in flight, made ${http.median.toFixed(0)}/s, ${ratioText(http.median / ceiling)}× of the same ${ceiling.toFixed(0)}/s, so what limits both nodes here is n8n's own work per item on this shared 2-core machine (see the load average), not the number in flight. On a quiet machine the issue measured 518/s for the default (0.83× of the ceiling) and 692/s for the HTTP Request node.` : ''} One item after another, ${fmtInt(a.items)} items would take at least ${sequential.toFixed(0)} s (${l.latencyMs} ms each).`;
	return { table: table_, line, body, ratio: ratioDefault, ratioSame, ratioCeiling };
}

function actionMeaning(ratio) {
	const parts = [
		`**What it means.** Both nodes make one HTTP request per item through n8n's request helpers, so on loopback (well under a millisecond per answer) the difference is the work around the request. n8n's HTTP Request node (v4) fetches its header credential once per item, adds the header itself and starts every item's request at once. Ours runs up to _Items at Once_ items at the same time (\`nodes/FaxPlus/router.ts\`; Node Options, default 50) and reads its own credential fields (base URL, OAuth2 client id) once per run (\`credentialsOf\` in \`nodes/shared/transport/transport.ts\`); n8n's \`httpRequestWithAuthentication\` still reads and decrypts the credential and resolves its \`Bearer {{$credentials.accessToken}}\` expression for every item.`,
	];
	if (ratio >= 0.9) parts.push('The goal on loopback is met.');
	else
		parts.push(
			`The goal on loopback is missed on this run (${ratioText(ratio)}×); the rounds' spread and the load average show how much of that is this shared machine (with one item after another it measured 1.13× on a quiet machine, 2026-11-21).`,
		);
	return parts.join('\n\n');
}

// ------------------------------------------------------------------ 6. answer latency

const BURST_LABELS = {
	webhook: "n8n's Webhook node → No Op (respond immediately)",
	trigger: 'Fax.Plus Trigger → No Op',
	triggerAtCap: 'Fax.Plus Trigger, record at the cap → No Op',
};

function burstOf(run, engine) {
	return run?.passes?.find((p) => p.engine === engine)?.burst;
}

function latencySection(section) {
	const run = section.data;
	const goals = [];
	const lines = [];
	const engines = [...new Set((run?.passes ?? []).map((p) => p.engine))];
	const any = burstOf(run, engines[0]);
	let body = `${measuredNote(section)}\n\nHow long a sender waits for its answer when deliveries come in bursts: ${any ? `${any.rounds} rounds; in each, every workflow gets ${fmtInt(any.size)} signed deliveries at once (one connection each), and its executions finish before the next burst; after ${any.warmup} warm-up deliveries each` : 'no figures yet'}. Same n8n instance and workflows as section 3 (the third trigger workflow starts with its record at the cap: ${fmtInt(any?.prefill ?? 5000)} entries in n8n's processed-data store). n8n answers once it holds the run: the execution row exists and, in queue mode, the job is queued.\n`;
	for (const engine of engines) {
		const targets = burstOf(run, engine)?.targets ?? {};
		const rows = Object.keys(BURST_LABELS)
			.filter((name) => targets[name])
			.map((name) => {
				const l = targets[name].latency;
				return [
					name === 'webhook' ? BURST_LABELS[name] : `**${BURST_LABELS[name]}**`,
					l ? fmtMs(l.p50) : '–',
					l ? fmtMs(l.p99) : '–',
					String(targets[name].errors ?? '–'),
				];
			});
		const t = table(
			[
				`${engine === 'default' ? 'default engine' : `${engine} engine`}: workflow`,
				'p50',
				'p99',
				'errors',
			],
			rows,
			['l', 'r', 'r', 'r'],
		);
		body += `\n**With ${engine === 'default' ? "n8n's default expression engine" : `\`N8N_EXPRESSION_ENGINE=${engine}\``}**\n\n${t}\n`;
		lines.push(`${engine} engine`, t, '');
	}
	const engine = engines.includes('legacy') ? 'legacy' : engines[0];
	const targets = burstOf(run, engine)?.targets;
	const cap = targets?.triggerAtCap?.latency ?? targets?.trigger?.latency;
	let summary = "The answer waits until n8n holds the run, as n8n's own Webhook node's does.";
	if (cap && targets.webhook?.latency) {
		const vsWebhook = cap.p99 / targets.webhook.latency.p99;
		lines.push(
			`trigger (record at cap) p99 / Webhook node p99 (${engine}): ${vsWebhook.toFixed(2)}`,
		);
		summary += ` Under bursts of ${fmtInt(burstOf(run, engine).size)} (${engine} engine) the trigger's p99 with its record at the cap is ${fmtMs(cap.p99)} (median ${fmtMs(cap.p50)}), ${vsWebhook.toFixed(2)}× the Webhook node's p99 in the same run. Fax.Plus's webhooks (sent by Svix) take an answer later than 15 seconds for a failure and send it again: every answer measured came well within that.`;
		goals.push({
			goal: '6. answer under a burst well within the 15 s Fax.Plus waits for it (p99 under 5 s, record at the cap)',
			figure: `${fmtMs(cap.p99)} (the Webhook node: ${fmtMs(targets.webhook.latency.p99)}, ${vsWebhook.toFixed(2)}×)`,
			met: cap.p99 < 5000,
		});
	}
	body += `\n**What it means.** n8n answers after \`WorkflowRunner.run()\`, that is after the execution row is inserted (and in queue mode the job queued), the same point at which n8n's own Webhook node answers, so the two wait alike; what the trigger adds before that is the read of its secret's credential (n8n's \`getCredentials()\`, from n8n's database) and the verification, microseconds of its own (section 1), and "Download Fax Document" runs in the execution, after the answer. Measured on the shared 2-core machine at the load averages shown: single figures move by tens of percent between bursts, the comparison within one run much less.\n`;
	return { title: '6. Answer latency under bursts', body, goals, console: lines, summary };
}

// ------------------------------------------------------------------ document

const ORDER = ['verify', 'wal', 'n8n', 'load', 'action', 'latency', 'send'];
const BUILDERS = {
	verify: verifySection,
	wal: walSection,
	n8n: triggerSection,
	load: loadSection,
	action: actionSection,
	latency: latencySection,
	send: require('./report-send').sendSection,
};

function buildSection(name, section) {
	try {
		return BUILDERS[name](section);
	} catch (error) {
		return {
			title: name,
			body: `_Could not report: ${error.message}_\n`,
			goals: [],
			console: [`could not report ${name}: ${error.message}`],
		};
	}
}

const DATA_OPEN = '<!-- bench-data ';
const DATA_CLOSE = ' -->';
/** The raw figures of every section (committed; docs/benchmarks.md is made from it). */
const DATA_FILE = path.join(__dirname, '../results/benchmarks.json');

/** The stored figures: test/n8n/bench/results/benchmarks.json, else the comment in docs/benchmarks.md. */
function readStored(mdFile) {
	if (fs.existsSync(DATA_FILE)) return JSON.parse(fs.readFileSync(DATA_FILE, 'utf8'));
	return fs.existsSync(mdFile) ? readData(fs.readFileSync(mdFile, 'utf8')) : {};
}

function readData(markdown) {
	const i = markdown.indexOf(DATA_OPEN);
	if (i < 0) return {};
	const j = markdown.indexOf(DATA_CLOSE, i + DATA_OPEN.length);
	try {
		return JSON.parse(markdown.slice(i + DATA_OPEN.length, j));
	} catch {
		return {};
	}
}

/** Section 8's goals and reading, from test/n8n/bench/results/memory.json. */
function memoryFigures() {
	const file = path.join(__dirname, '../results/memory.json');
	if (!fs.existsSync(file)) return { goals: [], summary: '' };
	const { goals = [], summary = '' } = JSON.parse(fs.readFileSync(file, 'utf8'));
	return { goals, summary };
}

/**
 * The reader's figures for issue 105's costs past the bounds, one column a run (bench.js --save
 * LABEL, in test/n8n/bench/results/reader.json): CPU and peak memory, marked where past the goal.
 */
function readerTable() {
	const file = path.join(__dirname, '../results/reader.json');
	if (!fs.existsSync(file)) return '';
	const { runs = [] } = JSON.parse(fs.readFileSync(file, 'utf8'));
	if (runs.length === 0) return '';
	const goal = runs[runs.length - 1].goal;
	const names = [...new Set(runs.flatMap((run) => Object.keys(run.figures)))];
	const cell = (figures) => {
		if (!figures) return 'not measured';
		const past = figures.cpuMs > goal.cpuMs || figures.peakAboveMB > goal.memoryMB;
		const pages =
			typeof figures.pages === 'number'
				? `${figures.pages.toLocaleString('en-US')} page${figures.pages === 1 ? '' : 's'}`
				: 'not counted';
		return `${Math.round(figures.cpuMs)} ms, ${Math.round(figures.peakAboveMB)} MB, ${pages}${past ? ' **past**' : ''}`;
	};
	const rows = names.map((name) => [name, ...runs.map((run) => cell(run.figures[name]))]);
	return `\n\n\`test/nodes/shared/documentReader/bench.js\` reads each document in a process of its own and prints its CPU and its peak memory above what the process held before the read (goal: at most ${goal.cpuMs} ms and ${goal.memoryMB} MB for any document up to 150 MB). One run a column, each the reader at the commit it names; **past** marks a figure over the goal. The reader does not read a GIF past 64 MB.\n\n${table(['document', ...runs.map((run) => run.label)], rows)}`;
}

/** The in-process caches the package keeps (issue 62: one stays only where an end-to-end measurement shows it pays). */
function cachesText(n8nSection) {
	const floorOf = (engine) => {
		const pass = n8nSection?.data.passes.find((p) => p.trigger && p.engine === engine);
		const floor = pass && floorRatios(pass.trigger.targets);
		return floor ? `${ratioText(floor.trigger.median)}×` : 'not measured';
	};
	return `The package keeps one: the signing secret that last verified a delivery, per workflow and credential, for up to a minute (\`FaxPlusTrigger/webhook.ts\`). n8n 2.41 takes an expression isolate of its own to read a credential in a webhook, so reading it for every delivery held the trigger to about 0.68× the empty trigger's deliveries a second; with the kept secret the trigger makes ${floorOf('default')} of it (section 3; legacy engine ${floorOf('legacy')}). A delivery the kept secret does not verify reads the credential again, so a pasted secret counts from the next delivery ([guarantees](guarantees.md#the-webhook-trigger)). Nothing else is kept where a measurement shows no gain: the verifier decodes the secret per delivery, and repeats are decided by n8n's processed-data store. Per node instance the triggers keep only what correctness or bounded logs need: the endpoints registered, the polls running, a log throttle, and \`triggers/recordOnce.ts\`'s queue, which hands n8n's unlocked store one check of a record at a time.`;
}

function document(data) {
	const built = ORDER.filter((n) => data[n]).map((n) => ({ name: n, ...buildSection(n, data[n]) }));
	const memory = memoryFigures();
	const goals = [...built.flatMap((b) => b.goals), ...memory.goals];
	const newest = Object.values(data)
		.map((s) => s.at)
		.sort()
		.pop();
	const machine = (data.verify || data.load || data.n8n || data.action || {}).machine || {};
	const missing = ORDER.filter((n) => !data[n]);
	return `# Benchmarks

What the package costs its users, beside what they would use instead. Made by \`npm run bench\` (\`test/n8n/bench/run.js\`) from the latest run of each section. No test asserts a timing: a missed goal is reported here.

\`\`\`sh
npm run bench                         # everything (builds dist/ first when the sources are newer)
npm run bench -- --quick              # without the real n8n (sections 2, 3, 5, 6 and 7)
npm run bench -- --only=wal,n8n       # the trigger's WAL per delivery, and its throughput in n8n
npm run bench -- --report-only        # measure nothing: print every section's tables, rewrite this page
\`\`\`

The figures are for the built package, installed in n8n from its packed tarball. Each section's tables are printed by the command above; the raw figures are in [\`test/n8n/bench/results/benchmarks.json\`](../test/n8n/bench/results/benchmarks.json), section 8's in [\`test/n8n/bench/results/memory.json\`](../test/n8n/bench/results/memory.json); each case says how it measures (\`test/n8n/bench/cases/\`).

## Goals

${table(
	['goal', 'figure', ''],
	goals.map((g) => [g.goal, g.figure, yes(g.met)]),
)}
${missing.length ? `\n_Not measured yet: ${missing.join(', ')}._\n` : ''}
## What the figures say

${built.map((b) => `**${b.title}.** ${b.summary ?? ''}`).join('\n\n')}${memory.summary ? `\n\n**8. Memory of one Send.** ${memory.summary}` : ''}

## In-process caches

${cachesText(data.n8n)}

## The document reader

The reader's work on one document is bounded by one budget, whose unit is what the work really costs; its contract is in [\`nodes/shared/documentReader/README.md\`](../nodes/shared/documentReader/README.md). \`test/nodes/shared/documentReader/budgetBench.js\` reads the worst pattern of each kind of work past the budget and prints the nanoseconds a unit, so the budget's most is a bound in CPU time.${readerTable()}

## How it is measured

Micro-benchmarks (1, 4) run in processes of their own, in interleaved rounds, so a change in the machine's load hits every variant alike; ratios are medians of per-round ratios. 2 reads Postgres's WAL position around rounds of deliveries. 3, 5 and 6 run the pinned n8n against the local Fax.Plus server, and check every request and execution. 8 (\`test/n8n/bench/memory.js\`, run on its own) starts a fresh n8n for every run and samples its memory from outside. The machine: ${machineLine(machine)}; single figures move between runs by tens of percent, the ratios much less.

_Last run: ${newest}._
`;
}

/** The machine in one line. */
function machineLine(machine) {
	const cpu = machine.cpu ? `${machine.cpu}` : 'a shared virtual machine';
	const cores = machine.cores ? `, ${machine.cores} cores` : '';
	const n8n = machine.n8n ? `, n8n ${machine.n8n}` : '';
	const node = machine.node ? `, Node.js ${machine.node}` : '';
	return `${cpu}${cores}${node}${n8n}, shared with other work`;
}

module.exports = {
	buildSection,
	document,
	readData,
	readStored,
	ORDER,
	DATA_FILE,
	pairedRatio,
	latencies,
	quantileSorted,
};
