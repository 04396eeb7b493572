'use strict';
// End-to-end suite: a real n8n (scripts/n8n/install.sh, pinned version) with this
// package loaded as `n8n-nodes-faxplus`, against the local Fax.Plus-compatible
// server (test/server). Run with `npm run test:e2e`.
//
// Each test/n8n/e2e/*.e2e.js file (and test/n8n/browser/editor.test.js) exports
//   async function (t) { await t.check('name', async () => { ... }) }
// where t = { check, n8n, server, ctx, log }. The runner prints one line per
// check, and `N passed, M failed` alone as its last line; it exits non-zero on
// any failure and stops every process it started, also on failure or Ctrl-C.
//
// Options (environment):
//   E2E_ONLY=action,trigger   run only these files (by name, without .e2e.js) that run on this
//                             n8n line (a file's n8nLines export)
//   E2E_CHECK=text            in each file, stop after the first check whose name contains text
//                             (the checks before it run too: they set up its state)
//   E2E_SKIP_BUILD=1          do not run `npm run build` even if dist/ is stale
//   E2E_BROWSER=0             skip the browser tests (test/n8n/browser/*.test.js)
//   N8N_VERSION=1.123.81      run against another installed n8n version
//   N8N_ECHO=1                copy n8n's log to stderr

const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../..');
const { createChecks, withTimeout } = require(path.join(ROOT, 'test/support/checks.js'));
const { buildPackage, finishSuite, runSuite, startServer, stopOnSignals } = require(
	path.join(ROOT, 'test/support/runner.js'),
);
const { startN8n } = require(path.join(ROOT, 'scripts/n8n/n8n.js'));
const { createTimings } = require(path.join(ROOT, 'test/support/timings.js'));
const secretScan = require(path.join(ROOT, 'test/support/secret-scan.js'));

const CHECK_TIMEOUT_MS = Number(process.env.E2E_CHECK_TIMEOUT_MS || 180000);

const started = []; // things with stop()/close(), newest last
let finishing = false;

function log(...args) {
	console.log('   ', ...args);
}

const checks = createChecks({ timeoutMs: CHECK_TIMEOUT_MS });
const { check } = checks;

/** Thrown by a file's `check` once E2E_CHECK's check has run: the rest of the file is skipped. */
class SkipRest extends Error {}

/** The `check` a file gets: with E2E_CHECK, the file stops after the first check that matches. */
function checkFor(focus = process.env.E2E_CHECK) {
	if (!focus) return check;
	let done = false;
	return async (name, fn, opts) => {
		if (done) throw new SkipRest(name);
		const ok = await check(name, fn, opts);
		if (name.includes(focus)) done = true;
		return ok;
	};
}

function srcNewerThanDist() {
	const dist = path.join(ROOT, 'dist');
	if (!fs.existsSync(dist)) return true;
	const distTime = fs.statSync(path.join(dist)).mtimeMs;
	const walk = (dir) => {
		for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
			const p = path.join(dir, e.name);
			if (e.isDirectory()) {
				if (walk(p)) return true;
			} else if (fs.statSync(p).mtimeMs > distTime) return true;
		}
		return false;
	};
	return ['nodes', 'credentials', 'icons'].some(
		(d) => fs.existsSync(path.join(ROOT, d)) && walk(path.join(ROOT, d)),
	);
}

/** Runs scripts/n8n/ensure-chromium.sh without blocking the event loop. */
function ensureChromium() {
	return new Promise((resolve, reject) => {
		const child = spawn('bash', [path.join(ROOT, 'scripts/n8n/ensure-chromium.sh')], {
			stdio: ['ignore', 'ignore', 'inherit'],
		});
		child.on('error', reject);
		child.on('close', (status) =>
			status === 0 ? resolve() : reject(new Error(`ensure-chromium.sh exited with ${status}`)),
		);
	});
}

async function stopAll() {
	if (finishing) return;
	finishing = true;
	while (started.length) {
		const thing = started.pop();
		try {
			await withTimeout(Promise.resolve(thing.stop ? thing.stop() : thing.close()), 30000, 'stop');
		} catch (error) {
			console.error(`could not stop cleanly: ${error.message}`);
		}
	}
}

/**
 * The n8n lines (major versions) an e2e file runs on: its `n8nLines` export. Most of what a file
 * proves goes through the same code on both lines, so it runs on 2.x only; a file runs on 1.x too
 * when what it proves differs there (test/n8n/README.md lists which and why).
 */
function n8nLinesOf({ name, file }) {
	const lines = require(file).n8nLines;
	if (!Array.isArray(lines) || !lines.length || lines.some((l) => ![1, 2].includes(l)))
		throw new Error(
			`test/n8n/e2e/${name}.e2e.js: export n8nLines, the n8n lines it runs on ([2] or [1, 2])`,
		);
	return lines;
}

/** The files of the suite on an n8n version, in the order they run; `only` (E2E_ONLY) picks some by name. */
function suiteFiles({
	version = process.env.N8N_VERSION ||
		require(path.join(ROOT, 'scripts/n8n/n8n.js')).DEFAULT_VERSION,
	only = (process.env.E2E_ONLY || '')
		.split(',')
		.map((s) => s.trim())
		.filter(Boolean),
} = {}) {
	const order = ['smoke', 'action', 'oauth2', 'browser', 'trigger'];
	const major = Number(String(version).split('.')[0]);
	const files = fs
		.readdirSync(__dirname)
		.filter((f) => f.endsWith('.e2e.js'))
		.map((f) => ({ name: f.replace(/\.e2e\.js$/, ''), file: path.join(__dirname, f) }))
		.filter((f) => n8nLinesOf(f).includes(major));
	// The browser test follows n8n 2.x's editor; with 1.x it runs only when asked (E2E_BROWSER=1).
	if (process.env.E2E_BROWSER === '1' || (process.env.E2E_BROWSER !== '0' && major >= 2)) {
		files.push({ name: 'browser', file: path.join(ROOT, 'test/n8n/browser/editor.test.js') });
		files.push({ name: 'oauth2', file: path.join(ROOT, 'test/n8n/browser/oauth2.test.js') });
		files.push({ name: 'setup', file: path.join(ROOT, 'test/n8n/browser/setup.test.js') });
		files.push({
			name: 'first-steps',
			file: path.join(ROOT, 'test/n8n/browser/first-steps.test.js'),
		});
		files.push({ name: 'drag-send', file: path.join(ROOT, 'test/n8n/browser/drag-send.test.js') });
		files.push({
			name: 'drag-extract',
			file: path.join(ROOT, 'test/n8n/browser/drag-extract.test.js'),
		});
	}
	const rank = (n) => (order.indexOf(n) === -1 ? order.length : order.indexOf(n));
	return files
		.filter((f) => fs.existsSync(f.file))
		.filter((f) => !only.length || only.includes(f.name))
		.sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

async function main() {
	const t0 = Date.now();
	stopOnSignals(checks, stopAll);

	const ctx = {};
	const t = { check, log, ctx, started };
	const version =
		process.env.N8N_VERSION || require(path.join(ROOT, 'scripts/n8n/n8n.js')).DEFAULT_VERSION;
	const timings = createTimings(`e2e ${version}`, checks);
	timings.part('setup: build, server, n8n');
	secretScan.watch();

	let ready = await check(
		'setup: build the package',
		() => buildPackage({ isCurrent: () => !srcNewerThanDist() }),
		{ timeoutMs: 600000 },
	);
	// Chromium before the servers: installing it takes a while, and no connection may sit idle meanwhile.
	const files = suiteFiles();
	for (const name of (process.env.E2E_ONLY || '').split(',').map((n) => n.trim()))
		if (name && !files.some((f) => f.name === name))
			log(`${name}: not on n8n ${version} (see its n8nLines), or no such file`);
	if (ready && files.some((f) => f.name === 'browser')) {
		await check(
			"setup: Debian's chromium is available (scripts/n8n/ensure-chromium.sh)",
			() => ensureChromium(),
			{ timeoutMs: 600000 },
		);
	}
	if (ready) {
		ready = await check('setup: start the local Fax.Plus server', async () => {
			t.server = await startServer();
			secretScan.useServer(t.server);
			started.push({ stop: () => t.server.close() });
			log(`server ${t.server.baseUrl}`);
		});
	}
	if (ready) {
		ready = await check(
			'setup: start n8n with n8n-nodes-faxplus',
			async () => {
				t.n8n = await startN8n({
					// Send fetches document URLs only where n8n's egress rules allow: the local server's
					// documents are on loopback, allowed as an operator allows an internal document server.
					env: { N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' },
				});
				started.push(t.n8n);
				log(`n8n ${t.n8n.version} at ${t.n8n.url}`);
			},
			{ timeoutMs: 1800000 },
		);
	}
	if (ready) {
		for (const { name, file } of files) {
			console.log(`\n# ${name}`);
			timings.part(name);
			t.check = checkFor();
			try {
				const suite = require(file);
				await (typeof suite === 'function' ? suite : suite.run)(t);
			} catch (error) {
				if (error instanceof SkipRest) {
					console.log(`    E2E_CHECK: the rest of ${name} skipped`);
					continue;
				}
				await check(`${name}: file runs to the end`, () => {
					throw error;
				});
			}
		}
		t.check = check;
	}
	timings.part('stop n8n and the servers');
	await stopAll();
	if (ready)
		await check('secrets: none the suites used is in any n8n log or saved execution', () =>
			log(secretScan.assertClean()),
		);
	timings.finish();
	finishSuite(checks, 'e2e', t0);
}

if (require.main === module) runSuite(main, checks, stopAll);

module.exports = { suiteFiles };
