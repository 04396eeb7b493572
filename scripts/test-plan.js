'use strict';
// How `npm test` (scripts/test.js) spends the reference machine's two cores, and its time budget.
//
// The real-n8n suites mostly wait (on n8n, on polls, on deliveries): one e2e run used about a
// fifth of a core. So each n8n line's e2e files are split into shards, each shard one
// `node test/n8n/e2e/run.js` with its own local Fax.Plus server and its own n8n (as n8n's own e2e suite
// gives each worker its own n8n), and the shards run side by side with the unit tests and the
// queue-mode suite, which the fault suite's queue mode follows. Its queue mode and its single and
// lost modes (one stage, one n8n) run side by side at the end: their n8n processes restart into a flood of re-sends, which beside the e2e
// shards took minutes longer to drain (single: 147 to 435 s) and slowed the shards down.
//
// What each suite proves once, and on which n8n line (each e2e file's `n8nLines`): the list of
// properties that run on one n8n line only is in test/n8n/README.md.

/**
 * Seconds each e2e file takes on each n8n line (by major version), to balance the shards: the CI
 * run of 2026-11-26 (`npm test` on the 2-core machine at ac5402e, the shards beside each other and
 * the other stages), n8n start-ups and restarts within a file included. A file not listed counts as
 * DEFAULT_FILE_SECONDS; `npm test`'s table shows each file's time (and CPU) to put here.
 */
const FILE_SECONDS = {
	2: {
		// README's set-ups in the editor; the polling trigger's waits for its default every-minute poll;
		// the demo's sample workflows run in the editor (16 s alone, 2026-11-28).
		setup: 190,
		hostile: 144,
		browser: 141,
		// With a dozen faxes at the same moment to each delivery-driven example.
		examples: 135,
		action: 93,
		// With a publish n8n refuses (Engine 2.0), answered at its publication outbox's next poll (15 s).
		poll: 86,
		oauth2: 70,
		// The demo's samples, then a new node, a new trigger published and a Custom API Call in the editor.
		'first-steps': 60,
		// The everyday path in the editor: the panel, subtitles, Get Status as it comes, pinned and held runs.
		'drag-send': 85,
		'drag-extract': 57,
		// An n8n of its own with sharing (E2E_TESTS), an owner and a member (alone, 2026-11-28).
		'credential-sharing': 49,
		// An n8n of its own with N8N_SSRF_ALLOWED_IP_RANGES.
		'hostile-document-urls': 43,
		// An n8n of its own with the engine-v2 module and a Postgres for its data plane; two publishes
		// n8n refuses, each answered at its publication outbox's next poll (alone, busy machine).
		'engine-v2': 72,
		pairing: 40,
		// 200 forged and unsigned requests, one at a time per worker (busy machine, 2026-11-29).
		'signature-refusal': 64,
		'trigger-records': 29,
		readings: 25,
		'send-once': 25,
		logging: 24,
		trigger: 24,
		'fax-ai': 22,
		'large-documents': 16,
		mcp: 9,
		// With the types check: a 500-page PDF read as image/png, 2 MB of text, a PNG; and a form's
		// upload labelled text/plain, 2.4 s (2026-11-28).
		documents: 11,
		'ai-agent': 7,
		'ai-approval': 4,
		smoke: 4,
		'trigger-options': 3,
		'editor-setup': 1,
	},
	1: {
		// With a dozen faxes at the same moment to the two disk examples.
		examples: 115,
		poll: 71,
		hostile: 51,
		trigger: 41,
		// An n8n of its own with sharing (E2E_TESTS), an owner and a member (alone, 2026-11-28).
		'credential-sharing': 36,
		'send-once': 21,
		readings: 19,
		'trigger-records': 19,
		action: 18,
		'hostile-document-urls': 14,
		'large-documents': 10,
		logging: 5,
		smoke: 4,
		'editor-setup': 2,
		'trigger-options': 2,
	},
};
const DEFAULT_FILE_SECONDS = 20;

/**
 * The e2e files that prove the core paths on the oldest supported 2.x (scripts/n8n/VERSION-oldest-2.x)
 * in `npm test`, and on any version in `npm run test:version`: the package loads (smoke), n8n's
 * credential test of a PAT (smoke), a Send from a binary file (action), from an allowed and a refused
 * document URL (hostile-document-urls), the webhook trigger's lifecycle with a repeat and a forgery
 * (trigger), the polling trigger's polls (poll), and a member's HTTP Request node without the token
 * of a Fax.Plus credential shared with them (credential-sharing: releases before 2.24 ignore
 * restrictToSupportedNodes, so the credential alone keeps the token there).
 */
const CORE_E2E_FILES = [
	'smoke',
	'action',
	'hostile-document-urls',
	'trigger',
	'poll',
	'credential-sharing',
];
/**
 * Their seconds on the oldest 2.x: 2.0.3 on 2026-11-25, on the 2-core machine loaded 15 times over
 * (setup 34, smoke 2, action 57, trigger 59, hostile-document-urls 53, poll 81, stop 16), and
 * credential-sharing's 37 (2026-11-28, alone on a busy machine: an n8n of its own).
 */
const CORE_SECONDS = 340;

/**
 * How many shards each n8n line's e2e files are split into, by major version (E2E_SHARDS overrides
 * for both; 1: one run per line). The 1.x line runs only what differs there: one n8n is enough.
 */
const E2E_SHARDS = { 2: 2, 1: 1 };

/**
 * Splits files ({ name }) into `n` shards of about equal time (`seconds`: a line's FILE_SECONDS),
 * heaviest first into the lightest shard; the files keep their order within a shard. Answers the
 * shards that got files.
 */
function shardFiles(files, n, seconds = {}) {
	const weight = (f) => seconds[f.name] ?? DEFAULT_FILE_SECONDS;
	const shards = Array.from({ length: Math.max(1, n) }, () => ({ files: [], seconds: 0 }));
	for (const file of [...files].sort((a, b) => weight(b) - weight(a))) {
		const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
		lightest.files.push(file);
		lightest.seconds += weight(file);
	}
	for (const shard of shards) shard.files.sort((a, b) => files.indexOf(a) - files.indexOf(b));
	return shards.filter((s) => s.files.length);
}

/**
 * How many load units the stages keep busy at once on the reference machine (2 cores); TEST_LOAD
 * overrides. A unit is about half a core kept busy: an n8n process with its driver (mostly
 * waiting), an install, one jest worker counts two. Beyond this, n8n's editor took longer to load
 * than a browser check waits and the unit tests ran seven times slower than alone.
 */
const LOAD_CAPACITY = 5;

/** The load units a stage keeps busy while it runs, by its name. */
function loadOf(name) {
	// tsc; jest's two workers (the reader proof's each driving the PDF readers)
	if (name === 'build' || name === 'unit' || name === 'reader proof') return 2;
	// main, a worker and two webhook processors (and the fault suite's restarts of them)
	if (name === 'queue' || name === 'faults queue') return 2;
	return 1;
}

/**
 * What the stages may keep busy at once, in load units (loadOf). A stage waits until its units are
 * free; whenever units free up, the waiting stages that fit start, in the order they asked, so a
 * light stage is not held behind a heavy one that does not fit yet.
 */
function createPool(capacity) {
	let free = capacity;
	const waiting = [];
	const next = () => {
		for (let i = 0; i < waiting.length;) {
			if (waiting[i].units > free) i++;
			else {
				const [{ units, start }] = waiting.splice(i, 1);
				free -= units;
				start();
			}
		}
	};
	return {
		async hold(units, fn) {
			units = Math.min(units, capacity);
			await new Promise((start) => {
				waiting.push({ units, start });
				next();
			});
			try {
				return await fn();
			} finally {
				free += units;
				next();
			}
		},
	};
}

/** The budget: `npm test` on the reference machine (2 cores) with a warm npm cache and n8n installed. */
const BUDGET_SECONDS = 20 * 60;
/** ... and when this run installed n8n or a system package (a fresh machine). */
const FRESH_BUDGET_SECONDS = 35 * 60;

/**
 * Each stage's wall-clock seconds on the reference machine (warm), to name the stage that grew when
 * the budget is exceeded. Stages run side by side, so these do not add up to the total. Measured
 * in an `npm test` run on the 2-core machine with nothing else running (each stage beside the
 * others, as the pool has it).
 */
const STAGE_SECONDS = {
	build: 3,
	lint: 68,
	workflows: 2,
	scan: 10,
	types: 10,
	// Both jest projects (unit and heavy) with two workers: their files take about 390 s one after
	// the other, about 200 CPU-seconds (2026-11-28, one worker on a busy machine).
	unit: 200,
	// The reader's proof: the adversary floods, 150 seeded mutants and the corpus's 460 PDFs, each
	// written PDF read by four readers and 237 rendered before and after (2026-11-29, beside the
	// faults stage in a fresh clone's npm test).
	'reader proof': 370,
	e2e: 386, // the longest shard of either n8n line
	'e2e core paths': CORE_SECONDS, // the oldest supported 2.x (CORE_E2E_FILES)
	queue: 150, // its same-key race (60 rounds), the stale-write and held-write cases, the repeats across three workers (+37 s alone, two more worker start-ups) included
	'faults single,lost': 199,
	'faults queue': 299,
};

/**
 * The key of STAGE_SECONDS for a stage's name ("e2e 2.41.1 [1/2]" is an e2e shard, "e2e 2.0.3 (core
 * paths)" the oldest 2.x's run).
 */
const stageKind = (name) =>
	name.endsWith('(core paths)') ? 'e2e core paths' : name.startsWith('e2e ') ? 'e2e' : name;

/**
 * How busy the machine's cores were over the run, and how much of that was npm test's stages, as
 * fractions of all the cores' time. `before` and `after` are os.cpus() at the start and the end;
 * `stageCpuSeconds` the stages' CPU (the installs included); `seconds` the run's wall time. A
 * daemon a stage started (PostgreSQL, Redis) counts as another process: it is not the stage's child.
 */
function coreShares({ before, after, stageCpuSeconds, seconds }) {
	let total = 0;
	let idle = 0;
	after.forEach((cpu, i) => {
		const start = before[i]?.times;
		if (!start) return;
		for (const [kind, ms] of Object.entries(cpu.times)) {
			total += ms - start[kind];
			if (kind === 'idle') idle += ms - start[kind];
		}
	});
	if (total <= 0 || seconds <= 0) return undefined;
	const busy = 1 - idle / total;
	const ours = Math.min(busy, stageCpuSeconds / (seconds * after.length));
	return { busy, ours, others: busy - ours };
}

/** Other processes' share of the cores from which the budget warning says the machine was not npm test's alone. */
const OTHERS_NOTED = 0.2;
const percent = (fraction) => `${Math.round(fraction * 100)}%`;

/**
 * The line of npm test's table that tells coreShares; `daemons`: a stage started PostgreSQL or Redis,
 * which count among the other processes.
 */
const coreSharesLine = ({ busy, ours, others }, daemons = false) =>
	`The cores were ${percent(busy)} busy: ${percent(ours)} with npm test's stages, ${percent(others)} with other processes${daemons ? ' (the PostgreSQL and Redis a stage starts among them)' : ''}.`;

/**
 * When the run took longer than its budget: the warning lines, naming the stages that grew most
 * beyond their reference seconds, and (`shares`, from coreShares) how much of the cores other
 * processes took. `stages` are { name, seconds }.
 */
function budgetWarning({ totalSeconds, stages, fresh = false, shares }) {
	const budget = fresh ? FRESH_BUDGET_SECONDS : BUDGET_SECONDS;
	if (totalSeconds <= budget) return [];
	const grown = stages
		.map((s) => {
			const reference = STAGE_SECONDS[stageKind(s.name)];
			return { ...s, reference, over: reference === undefined ? s.seconds : s.seconds - reference };
		})
		.filter((s) => s.over > 0)
		.sort((a, b) => b.over - a.over)
		.slice(0, 3);
	const minutes = (s) => `${(s / 60).toFixed(1)} min`;
	return [
		`WARNING: npm test took ${minutes(totalSeconds)}, over its budget of ${minutes(budget)}${fresh ? ' (installs included)' : ''} on the reference machine (2 cores).`,
		...grown.map(
			(s) =>
				`  ${s.name}: ${s.seconds.toFixed(0)} s, ${s.reference === undefined ? 'a stage with no reference time' : `${s.over.toFixed(0)} s over its ${s.reference} s`}`,
		),
		...(shares && shares.others >= OTHERS_NOTED
			? [
					`  Other processes kept ${percent(shares.others)} of the cores busy (npm test's stages ${percent(shares.ours)}): the budget is for a machine that runs npm test alone, and a busy machine takes about its CPU-seconds over the cores left to it.`,
				]
			: []),
		'  Make the stage that grew pay for its tests (test/README.md, "`npm test`: everything, in 20 minutes"), or update scripts/test-plan.js if the machine is slower.',
	];
}

module.exports = {
	FILE_SECONDS,
	DEFAULT_FILE_SECONDS,
	CORE_E2E_FILES,
	E2E_SHARDS,
	LOAD_CAPACITY,
	loadOf,
	createPool,
	shardFiles,
	BUDGET_SECONDS,
	FRESH_BUDGET_SECONDS,
	STAGE_SECONDS,
	coreShares,
	coreSharesLine,
	budgetWarning,
};
