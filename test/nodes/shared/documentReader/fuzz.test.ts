/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The differential fuzzer's seeded run (fuzz.js, in a child process): 150 mutants of the fixtures
// and built page trees, the same every run, each counted by the reader and by pdf.js, poppler,
// mupdf and qpdf. It fails on any count below any of theirs, any count answered past its work limit
// and any read that never ends, naming the files it wrote; and, where a Debian reader is missing,
// naming the package to install (scripts/ensure-pdf-readers.sh installs them in `npm test`).
// A long run: `node scripts/with-node.js node test/nodes/shared/documentReader/fuzz.js --minutes 30 --seed N`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the fuzzer's CommonJS helper, shared with fuzz.js and corpus.js
const oracles = require('./support/oracles') as {
	NAMES: string[];
	missing: () => string[];
	missingMessage: (packages: string[]) => string;
};

interface FuzzReport {
	files: number;
	undercounts: number;
	overLimit: number;
	stalled: number;
	oracles: Record<string, { read: number; below: number }>;
	mutations: Record<string, number>;
	findings: Record<string, { file: string; pages?: number; counts: Record<string, number> }>;
}

it('every PDF reader the fuzzer compares with is installed (Debian: poppler-utils, mupdf-tools, qpdf)', () => {
	const packages = oracles.missing();
	if (packages.length > 0) throw new Error(oracles.missingMessage(packages));
});

it('the seeded fuzz run: no count below pdf.js, poppler, mupdf or qpdf, no work over its limit, every read ends', () => {
	const packages = oracles.missing();
	if (packages.length > 0) throw new Error(oracles.missingMessage(packages));
	// The files of any finding stay in this folder, named in the failure.
	const out = mkdtempSync(join(tmpdir(), 'reader-fuzz-'));
	const report = JSON.parse(
		execFileSync(
			process.execPath,
			[
				join(__dirname, 'fuzz.js'),
				'--runs',
				'150',
				'--seed',
				'1',
				'--no-corpus',
				'--oracle-seconds',
				'1',
				'--json',
				'--out',
				out,
			],
			{ encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
		),
	) as FuzzReport;
	expect(report.files).toBeGreaterThan(120);
	// Every oracle read most files, and every mutation of the new kinds was made.
	for (const name of oracles.NAMES)
		expect({ name, read: report.oracles[name].read > report.files / 3 }).toEqual({
			name,
			read: true,
		});
	const unmade = Object.entries(report.mutations)
		.filter(([, times]) => times === 0)
		.map(([name]) => name);
	expect(unmade).toEqual([]);
	expect({
		undercounts: report.undercounts,
		overLimit: report.overLimit,
		stalled: report.stalled,
		findings: report.findings,
	}).toEqual({ undercounts: 0, overLimit: 0, stalled: 0, findings: {} });
	rmSync(out, { recursive: true, force: true });
});
