'use strict';
// How `npm test` (scripts/test.js) spends the reference machine's two cores, and its time budget.
//
// The real-n8n suites mostly wait (on n8n, on polls, on deliveries): one e2e run used about a
// fifth of a core. So each n8n line's e2e files are split into shards, each shard one
// `node test/e2e/run.js` with its own local Fax.Plus server and its own n8n (as n8n's own e2e suite
// gives each worker its own n8n), and the shards run side by side with the unit tests and the
// queue-mode suite. The fault suite runs alone at the end: it measures n8n under kills and cuts,
// and other work beside it would change what it measures.

/**
 * Seconds each e2e file takes on each n8n line (by major version), to balance the shards: the
 * 2026-11-23 baseline's figures, with the polling files at their 5 s polls. A file not listed
 * counts as DEFAULT_FILE_SECONDS; `npm test`'s table shows each file's time to put here.
 */
const FILE_SECONDS = {
	2: {
		browser: 100,
		examples: 65,
		action: 60,
		oauth2: 45,
		poll: 45,
		pairing: 30,
		hostile: 18,
		'ai-agent': 15,
		'hostile-document-urls': 15,
		trigger: 15,
		'trigger-options': 5,
		'large-documents': 3,
		mcp: 3,
		'send-once': 3,
		smoke: 2,
		'ai-approval': 2,
		documents: 2,
		'editor-setup': 1,
		'fax-ai': 5,
		readings: 5,
		// README's set-ups in the editor; the polling trigger's waits for its default every-minute poll.
		setup: 75,
		logging: 40,
	},
	1: {
		examples: 55,
		poll: 50,
		'hostile-document-urls': 40,
		action: 40,
		trigger: 30,
		pairing: 30,
		'large-documents': 20,
		'send-once': 5,
		'trigger-options': 5,
		hostile: 3,
		documents: 2,
		smoke: 1,
		'editor-setup': 1,
		'ai-agent': 1,
		'ai-approval': 1,
		mcp: 1,
		'fax-ai': 5,
		readings: 5,
		logging: 20,
	},
};
const DEFAULT_FILE_SECONDS = 20;

/** How many shards each n8n line's e2e files are split into (E2E_SHARDS overrides; 1: one run per line). */
const E2E_SHARDS = 2;

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

/** The budget: `npm test` on the reference machine (2 cores) with a warm npm cache and n8n installed. */
const BUDGET_SECONDS = 20 * 60;
/** ... and when this run installed n8n or a system package (a fresh machine). */
const FRESH_BUDGET_SECONDS = 35 * 60;

/**
 * Each stage's wall-clock seconds on the reference machine (warm), to name the stage that grew when
 * the budget is exceeded. Stages run side by side, so these do not add up to the total. Measured
 * in `npm test` runs of 2026-11-24 on the 2-core machine with nothing else running (each stage
 * beside the others, as the schedule has it).
 */
const STAGE_SECONDS = {
	build: 4,
	lint: 75,
	workflows: 1,
	scan: 12,
	unit: 290,
	e2e: 480, // each shard of each n8n line (the longest of the four)
	queue: 480, // its same-key race, 200 rounds, beside the unit tests and e2e shards
	faults: 500,
};

/** The key of STAGE_SECONDS for a stage's name ("e2e 2.41.1 [1/2]" is an e2e shard). */
const stageKind = (name) => name.split(' ')[0];

/**
 * When the run took longer than its budget: the warning lines, naming the stages that grew most
 * beyond their reference seconds. `stages` are { name, seconds }.
 */
function budgetWarning({ totalSeconds, stages, fresh = false }) {
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
		'  Make the stage that grew pay for its tests (CONTRIBUTING.md, "Time"), or update scripts/test-plan.js if the machine is slower.',
	];
}

module.exports = {
	FILE_SECONDS,
	DEFAULT_FILE_SECONDS,
	E2E_SHARDS,
	shardFiles,
	BUDGET_SECONDS,
	FRESH_BUDGET_SECONDS,
	STAGE_SECONDS,
	budgetWarning,
};
