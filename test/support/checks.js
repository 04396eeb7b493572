'use strict';
// The check runner of the real-n8n suites (test/n8n/e2e, test/n8n/queue): one line per check, and
// `N passed, M failed` alone as the last line, which `npm test` adds to its total.
const util = require('node:util');
const { patience } = require('../../scripts/n8n/n8n');

async function withTimeout(promise, ms, what) {
	let timer;
	const timeout = new Promise((_, reject) => {
		timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms / 1000} s`)), ms);
	});
	try {
		return await Promise.race([promise, timeout]);
	} finally {
		clearTimeout(timer);
	}
}

function formatError(error) {
	if (error && error.stack) return error.stack.split('\n').slice(0, 8).join('\n');
	return util.inspect(error, { depth: 4 });
}

/** `onFail(name, error)` may print more about a failed check (logs, state). */
function createChecks({ timeoutMs = 180000, onFail } = {}) {
	let passed = 0;
	let failed = 0;
	const failures = [];
	/** Every check run, in order: { name, seconds, ok } (the suites' time tables). */
	const results = [];
	return {
		/** Runs one named check; never throws. Returns true when it passed. */
		async check(name, fn, { timeoutMs: limit = timeoutMs } = {}) {
			const t0 = Date.now();
			const seconds = () => (Date.now() - t0) / 1000;
			try {
				await withTimeout(Promise.resolve().then(fn), patience(limit), name);
				passed++;
				results.push({ name, seconds: seconds(), ok: true });
				console.log(`ok   ${name} (${seconds().toFixed(1)} s)`);
				return true;
			} catch (error) {
				failed++;
				failures.push(name);
				results.push({ name, seconds: seconds(), ok: false });
				console.log(`FAIL ${name}\n${formatError(error).replace(/^/gm, '       ')}`);
				if (onFail) onFail(name, error);
				return false;
			}
		},
		/** Counts a failure outside any check (an interrupted or crashed run). */
		countFailure() {
			failed++;
		},
		get failed() {
			return failed;
		},
		get results() {
			return results;
		},
		printFailures() {
			if (failures.length)
				console.log(`\nfailed checks:\n${failures.map((f) => `  - ${f}`).join('\n')}`);
		},
		/** The closing line. */
		printSummary() {
			console.log(`${passed} passed, ${failed} failed`);
		},
	};
}

/**
 * Polls `fn` until it returns a truthy value, and returns it (no timing assertion: only a generous
 * limit against hanging, `timeoutMs` on a quiet machine, stretched by n8n's measured start-up).
 */
async function waitFor(fn, what, timeoutMs = 60000) {
	const deadline = Date.now() + patience(timeoutMs);
	for (;;) {
		const value = await fn();
		if (value) return value;
		if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
		await new Promise((r) => setTimeout(r, 100));
	}
}

module.exports = { createChecks, withTimeout, formatError, waitFor };
