'use strict';
// What the runners of the real-n8n suites (test/n8n/e2e, test/n8n/queue, test/n8n/faults) share: stopping
// everything on a signal, building the package and starting the local Fax.Plus server.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { formatError } = require('./checks.js');

const ROOT = path.resolve(__dirname, '../..');

/** On SIGINT or SIGTERM (once): counts a failure, stops what runs, prints the summary, exits 130. */
function stopOnSignals(checks, stopAll) {
	let signalled = false;
	const onSignal = async (signal) => {
		if (signalled) return;
		signalled = true;
		console.log(`\n${signal}: stopping everything`);
		checks.countFailure();
		await stopAll();
		checks.printSummary();
		process.exit(130);
	};
	process.on('SIGINT', onSignal);
	process.on('SIGTERM', onSignal);
}

/** `npm run build`, unless E2E_SKIP_BUILD=1 (npm test builds first) or `isCurrent()` says dist/ is. */
function buildPackage({ isCurrent = () => false } = {}) {
	if (process.env.E2E_SKIP_BUILD === '1' || isCurrent()) return;
	console.log('building the package (npm run build)...');
	const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
	if (result.status !== 0) throw new Error('npm run build failed');
}

/** The local Fax.Plus-compatible server on a free loopback port. */
async function startServer() {
	const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));
	return await startFaxPlusServer({ port: 0 });
}

/**
 * The first two set-up checks: build the package, then start the server. The server, or
 * undefined when either check failed.
 */
async function buildAndStartServer(check) {
	if (!(await check('setup: build the package', () => buildPackage(), { timeoutMs: 600000 })))
		return undefined;
	let server;
	await check('setup: start the local Fax.Plus server', async () => {
		server = await startServer();
	});
	return server;
}

/** Ends a suite: what failed, how long it took, the summary line; the exit code says whether all passed. */
function finishSuite(checks, name, startedAt) {
	checks.printFailures();
	console.log(`\n${name} took ${Math.round((Date.now() - startedAt) / 1000)} s`);
	checks.printSummary();
	process.exitCode = checks.failed ? 1 : 0;
}

/** Runs a suite's main: an error that escapes it counts as a failure, and everything is stopped. */
function runSuite(main, checks, stopAll) {
	main().catch(async (error) => {
		console.log(`FAIL runner\n${formatError(error)}`);
		checks.countFailure();
		await stopAll();
		checks.printSummary();
		process.exit(1);
	});
}

module.exports = {
	buildAndStartServer,
	buildPackage,
	finishSuite,
	runSuite,
	startServer,
	stopOnSignals,
};
