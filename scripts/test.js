'use strict';
// `npm test`: build, lint, the workflow linter, n8n's verification scan, unit tests, end-to-end tests in a real n8n. Runs every
// stage even when one fails, then prints one closing line for all of them.
const { spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const RESULTS = path.join(ROOT, '.cache');
fs.mkdirSync(RESULTS, { recursive: true });

const counts = { passed: 0, failed: 0 };
const failedStages = [];

function run(stage, command, args, env = {}) {
	console.log(`\n=== ${stage}: ${[command, ...args].join(' ')}`);
	const started = Date.now();
	const result = spawnSync(command, args, {
		cwd: ROOT,
		stdio: 'inherit',
		env: { ...process.env, ...env },
	});
	return finish(stage, started, result.status, result.signal);
}

function finish(stage, started, status, signal) {
	const ok = status === 0;
	console.log(
		`=== ${stage}: ${ok ? 'ok' : `FAILED (exit ${status ?? signal})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
	);
	if (!ok) failedStages.push(stage);
	return ok;
}

/** Counts a stage without its own tests as one check. */
function countStage(ok) {
	if (ok) counts.passed += 1;
	else counts.failed += 1;
}

countStage(run('build', 'npm', ['run', '--silent', 'build']));
// n8n-node lint (strict), eslint-plugin-n8n-nodes-base's rules, n8n-node cloud-support (scripts/lint.js).
countStage(run('lint', 'node', ['scripts/lint.js']));
// actionlint over .github/workflows (ci.yml, publish.yml).
countStage(run('workflows', 'node', ['scripts/lint-workflows.js']));
// n8n's verification scanner over the sources and the packed tarball (dist/ is fresh).
countStage(run('scan', 'node', ['scripts/scan.js'], { SCAN_SKIP_BUILD: '1' }));

const jestResults = path.join(RESULTS, 'jest-results.json');
fs.rmSync(jestResults, { force: true });
const unitOk = run('unit', 'npx', [
	'--no-install',
	'jest',
	'--json',
	`--outputFile=${jestResults}`,
]);
try {
	const jest = JSON.parse(fs.readFileSync(jestResults, 'utf8'));
	counts.passed += jest.numPassedTests;
	counts.failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
} catch {
	counts.failed += 1;
}
if (!unitOk && !failedStages.includes('unit')) failedStages.push('unit');

/** Runs a real-n8n suite (e2e, queue), streaming its output; its last line is "N passed, M failed". */
function runE2e(stage = 'e2e', { script = 'test/e2e/run.js', env = {} } = {}) {
	console.log(`\n=== ${stage}: node ${script}`);
	const started = Date.now();
	return new Promise((resolve) => {
		const child = spawn('node', [script], {
			cwd: ROOT,
			stdio: ['ignore', 'pipe', 'inherit'],
			env: { ...process.env, E2E_SKIP_BUILD: '1', ...env },
		});
		let tail = '';
		child.stdout.on('data', (chunk) => {
			process.stdout.write(chunk);
			tail = (tail + chunk).slice(-4096);
		});
		child.on('close', (status, signal) => {
			const ok = finish(stage, started, status, signal);
			const summary = tail.match(/^(\d+) passed, (\d+) failed\s*$/m);
			if (summary) {
				counts.passed += Number(summary[1]);
				counts.failed += Number(summary[2]);
			} else if (!ok) {
				counts.failed += 1;
			}
			resolve();
		});
	});
}

async function main() {
	if (process.env.SKIP_E2E === '1') console.log('\n=== e2e: skipped (SKIP_E2E=1)');
	else {
		await runE2e();
		// The last n8n 1.x too (on Node 20-22, as users of 1.x run it): users install from its panel as well.
		const n8n1 = fs.readFileSync(path.join(ROOT, 'scripts/n8n/VERSION-1.x'), 'utf8').trim();
		await runE2e(`e2e n8n ${n8n1}`, { env: { N8N_VERSION: n8n1 } });
	}
	// n8n in queue mode: Postgres, Redis, main, worker, two webhook processors (test/queue).
	if (process.env.SKIP_QUEUE === '1') console.log('\n=== queue: skipped (SKIP_QUEUE=1)');
	else await runE2e('queue', { script: 'test/queue/run.js' });
	// Faults: processes killed, Redis and Postgres cut while deliveries flow (test/faults).
	if (process.env.SKIP_FAULTS === '1') console.log('\n=== faults: skipped (SKIP_FAULTS=1)');
	else await runE2e('faults', { script: 'test/faults/run.js' });

	if (failedStages.length) console.log(`\nFailed stages: ${failedStages.join(', ')}`);
	console.log(`\ntotal: ${counts.passed} passed, ${counts.failed} failed`);
	process.exit(failedStages.length || counts.failed ? 1 : 0);
}

main();
