'use strict';
// Where a real-n8n suite's time went (test/n8n/e2e, test/n8n/queue, test/n8n/faults): its set-up, each file or
// mode (wall clock, and the CPU seconds of this process and its descendants, n8n and Chromium
// included, where /proc tells), n8n's installs and start-ups, and every check. A suite run alone
// prints the table at its end; under `npm test` (TEST_TIMINGS_FILE set) it writes it as JSON, and
// scripts/test.js prints one table for every stage.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const { timings: n8nTimings } = require(path.join(ROOT, 'scripts/n8n/n8n.js'));

const sum = (list) => list.reduce((total, item) => total + item.seconds, 0);
const fmt = (seconds) => (seconds === undefined ? '' : `${seconds.toFixed(1)} s`);

/**
 * CPU seconds (user + system) this process and its descendants have used so far, from /proc: each
 * live process's own and its reaped children's, so a process that ended still counts, in its
 * parent. Undefined where there is no /proc. Servers that detach from the tree (Postgres, Redis)
 * are not in it.
 */
function treeCpuSeconds() {
	let entries;
	try {
		entries = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
	} catch {
		return undefined;
	}
	const children = new Map();
	const ticks = new Map();
	for (const pid of entries) {
		let stat;
		try {
			stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		} catch {
			continue; // ended meanwhile
		}
		// After the command's ")": state, ppid, ... utime (14th field), stime, cutime, cstime, in
		// clock ticks (100 a second, as scripts/check.js reads them).
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		const ppid = fields[1];
		if (!children.has(ppid)) children.set(ppid, []);
		children.get(ppid).push(pid);
		ticks.set(
			pid,
			fields.slice(11, 15).reduce((total, f) => total + Number(f), 0),
		);
	}
	let total = 0;
	const pending = [String(process.pid)];
	while (pending.length) {
		const pid = pending.pop();
		total += ticks.get(pid) ?? 0;
		pending.push(...(children.get(pid) ?? []));
	}
	return total / 100;
}

/**
 * A recorder for one suite. `part(name)` starts a part (a set-up step, a file, a mode) and ends the
 * one before; `checks` is the suite's createChecks() (its results say which check took how long).
 */
function createTimings(stage, checks) {
	const t0 = Date.now();
	const parts = [];
	let current = null;
	const end = () => {
		if (!current) return;
		current.seconds = (Date.now() - current.started) / 1000;
		const cpu = treeCpuSeconds();
		if (cpu !== undefined && current.cpuAtStart !== undefined)
			current.cpu = cpu - current.cpuAtStart;
		current.checks = checks.results.length - current.firstCheck;
		current.startups = sum(n8nTimings.startups.slice(current.firstStartup));
		current.startupCount = n8nTimings.startups.length - current.firstStartup;
		current = null;
	};
	return {
		part(name) {
			end();
			current = {
				name,
				started: Date.now(),
				cpuAtStart: treeCpuSeconds(),
				firstCheck: checks.results.length,
				firstStartup: n8nTimings.startups.length,
			};
			parts.push(current);
		},
		/** Ends the suite: writes the report for `npm test`, or prints it when run alone. */
		finish() {
			end();
			const fileOf = (index) =>
				parts.find((p) => index >= p.firstCheck && index < p.firstCheck + p.checks)?.name;
			const report = {
				stage,
				seconds: (Date.now() - t0) / 1000,
				parts: parts.map(({ name, seconds, cpu, checks: n, startups, startupCount }) => ({
					name,
					seconds,
					cpu,
					checks: n,
					startups,
					startupCount,
				})),
				installs: n8nTimings.installs,
				startups: n8nTimings.startups,
				checks: checks.results.map((c, i) => ({ ...c, part: fileOf(i) })),
			};
			if (process.env.TEST_TIMINGS_FILE)
				fs.writeFileSync(process.env.TEST_TIMINGS_FILE, JSON.stringify(report, null, 1));
			else printSuiteTable(report);
			return report;
		},
	};
}

/** Rows of one suite's breakdown: [label, seconds, note, CPU seconds (parts only, where known)]. */
function suiteRows(report) {
	const rows = [];
	for (const install of report.installs)
		rows.push([
			`n8n ${install.version}: ${install.installed ? 'installed' : 'install found (or waited for)'}`,
			install.seconds,
			'',
		]);
	const starts = report.startups;
	if (starts.length) {
		const restarts = starts.filter((s) => s.restart).length;
		rows.push([
			`n8n start-ups: ${starts.length}${restarts ? ` (${restarts} restarts)` : ''}`,
			sum(starts),
			'within the parts below',
		]);
	}
	for (const part of report.parts)
		rows.push([
			part.name,
			part.seconds,
			[
				part.checks ? `${part.checks} checks` : '',
				part.startupCount ? `${part.startupCount} n8n start-ups ${fmt(part.startups)}` : '',
			]
				.filter(Boolean)
				.join(', '),
			part.cpu,
		]);
	return rows;
}

function printSuiteTable(report) {
	console.log(`\nWhere the time went (${report.stage}, ${fmt(report.seconds)})`);
	console.log(`  ${''.padEnd(48)} ${'wall'.padStart(9)} ${'CPU'.padStart(9)}`);
	for (const [label, seconds, note, cpu] of suiteRows(report))
		console.log(
			`  ${label.padEnd(48)} ${fmt(seconds).padStart(9)} ${fmt(cpu).padStart(9)}  ${note}`,
		);
	const slowest = [...report.checks].sort((a, b) => b.seconds - a.seconds).slice(0, 10);
	if (slowest.length) {
		console.log('\nThe ten slowest checks');
		for (const c of slowest) console.log(`  ${fmt(c.seconds).padStart(9)}  ${c.name}`);
	}
}

module.exports = { createTimings, suiteRows, printSuiteTable };
