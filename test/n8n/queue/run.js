'use strict';
// Queue-mode suite (`npm run test:queue`): the package in n8n's queue mode, as busy
// self-hosted installs run it: Postgres, Redis, a main process, a worker and two webhook
// processors behind a round-robin balancer (scripts/n8n/queue.js), against the local
// Fax.Plus-compatible server (test/server). Executions are counted in Postgres.
//
// Prints one line per check and `N passed, M failed` alone as its last line; exits non-zero
// on any failure; stops and removes everything it started, also on failure or Ctrl-C.
//
// Options (environment):
//   E2E_SKIP_BUILD=1   do not run `npm run build` (npm test builds first)
//   E2E_CHECK_TIMEOUT_MS=N   a check counts as hung after N ms (180000; npm test: 360000)
//   N8N_ECHO=1         copy every n8n process's log to stderr
//   QUEUE_ONLY=same-key  only the same-key race at two workers and the stale-write case
//                      (test/n8n/queue/same-key.js; SAME_KEY_ROUNDS and STALE_WRITE_ROUNDS set their
//                      rounds, SAME_KEY_IN_FLIGHT how many at a time, SAME_KEY_RACES=N stops after N races)
//   QUEUE_ONLY=repeats   only the trigger's repeat record across workers (test/n8n/queue/repeats.js)

const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const { createChecks, withTimeout } = require(path.join(ROOT, 'test/support/checks.js'));
const { buildAndStartServer, finishSuite, runSuite, stopOnSignals } = require(
	path.join(ROOT, 'test/support/runner.js'),
);
const { startQueue } = require(path.join(ROOT, 'scripts/n8n/queue.js'));
const { createTimings } = require(path.join(ROOT, 'test/support/timings.js'));

const CHECK_TIMEOUT_MS = Number(process.env.E2E_CHECK_TIMEOUT_MS || 180000);
let queue;
let server;
let stopping = null;

function log(...args) {
	console.log('   ', ...args);
}

/** The last lines of every n8n process's log, so that a failure in CI can be understood afterwards. */
function printLogTails(lines = 25) {
	if (!queue) return;
	for (const [name, proc] of [
		['main', queue.main],
		['worker', queue.worker],
		...queue.webhooks.map((w, i) => [`webhook ${'AB'[i]}`, w]),
	]) {
		let text = '';
		try {
			text = fs.readFileSync(path.join(proc.userFolder, 'n8n.log'), 'utf8');
		} catch {
			continue;
		}
		console.log(
			`       --- ${name}: last ${lines} lines of n8n.log\n${text.trimEnd().split('\n').slice(-lines).join('\n').replace(/^/gm, '       ')}`,
		);
	}
}

const checks = createChecks({ timeoutMs: CHECK_TIMEOUT_MS, onFail: () => printLogTails() });
const { check } = checks;

function stopAll() {
	stopping ??= (async () => {
		for (const thing of [queue, server]) {
			if (!thing) continue;
			try {
				await withTimeout(
					Promise.resolve(thing.stop ? thing.stop() : thing.close()),
					60000,
					'stop',
				);
			} catch (error) {
				console.error(`could not stop cleanly: ${error.message}`);
			}
		}
	})();
	return stopping;
}

async function main() {
	const t0 = Date.now();
	stopOnSignals(checks, stopAll);
	const timings = createTimings('queue', checks);
	timings.part('setup: server, Postgres, Redis, main, worker, two webhook processors');
	server = await buildAndStartServer(check);
	let ready = server !== undefined;
	if (ready) log(`server ${server.baseUrl}`);
	if (ready) {
		ready = await check(
			'setup: Postgres, Redis, main, worker and two webhook processors in queue mode, the package installed from its tarball in each',
			async () => {
				queue = await startQueue({ echo: process.env.N8N_ECHO === '1' });
				log(
					`main ${queue.main.url}, processors ${queue.webhooks.map((w) => w.url).join(' ')}, balancer ${queue.balancer.url}`,
				);
			},
			{ timeoutMs: 1800000 },
		);
	}
	if (ready) {
		timings.part('queue-mode');
		try {
			const only = process.env.QUEUE_ONLY;
			if (only === 'same-key' || only === 'repeats') {
				const pat = await queue.main.createCredential('Fax.Plus PAT (queue)', 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				});
				await require(`./${only}`)({ check, log, queue, server, pat });
			} else await require('./queue-mode')({ check, log, queue, server });
		} catch (error) {
			await check('queue-mode: file runs to the end', () => {
				throw error;
			});
		}
	}
	timings.part('stop');
	await stopAll();
	timings.finish();
	finishSuite(checks, 'queue-mode suite', t0);
}

runSuite(main, checks, stopAll);
