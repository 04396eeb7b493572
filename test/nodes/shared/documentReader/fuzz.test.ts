/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The fuzzer's seeded run (fuzz.js, in a child process): 150 mutants of the fixtures and built
// page trees, the same every run, each read by the node's reader, which writes the PDF it would
// send. It fails on any written PDF that fails the written check (support/writtenCheck.js: qpdf
// --check clean, no warning from pdfinfo or mutool, pdf.js, poppler, mupdf and qpdf each counting
// the node's pages), any count answered past its work limit and any read that never ends, naming
// the files it wrote; and, where a Debian reader is missing, naming the package to install
// (scripts/ensure-pdf-readers.sh installs them in `npm test`). A stage of its own ('reader proof').
// A long run: `node scripts/with-node.js node test/nodes/shared/documentReader/fuzz.js --minutes 30 --seed N`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the fuzzer's CommonJS helper, shared with fuzz.js and corpus.js
const oracles = require('./support/oracles') as {
	missing: () => string[];
	missingMessage: (packages: string[]) => string;
};

interface FuzzReport {
	files: number;
	counted: number;
	unreadable: number;
	overLimit: number;
	stalled: number;
	mutations: Record<string, number>;
	findings: Record<string, { file: string; pages?: number; failures: string[] }>;
}

it('every PDF reader the fuzzer compares with is installed (Debian: poppler-utils, mupdf-tools, qpdf)', () => {
	const packages = oracles.missing();
	if (packages.length > 0) throw new Error(oracles.missingMessage(packages));
});

let report: FuzzReport;
let out: string;
beforeAll(() => {
	const packages = oracles.missing();
	if (packages.length > 0) throw new Error(oracles.missingMessage(packages));
	// The files of any finding stay in this folder, named in the failure.
	out = mkdtempSync(join(tmpdir(), 'reader-fuzz-'));
	report = JSON.parse(
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
				'5',
				'--json',
				'--out',
				out,
			],
			{ encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
		),
	) as FuzzReport;
});

it('the seeded fuzz run: every written PDF passes the written check, no work over its limit, every read ends', () => {
	expect(report.files).toBeGreaterThan(120);
	// Most mutants are counted (so most are written and checked), and every mutation was made.
	expect({ counted: report.counted > report.files / 3 }).toEqual({ counted: true });
	const unmade = Object.entries(report.mutations)
		.filter(([, times]) => times === 0)
		.map(([name]) => name);
	expect(unmade).toEqual([]);
	expect({
		unreadable: report.unreadable,
		overLimit: report.overLimit,
		stalled: report.stalled,
		findings: report.findings,
	}).toEqual({ unreadable: 0, overLimit: 0, stalled: 0, findings: {} });
	rmSync(out, { recursive: true, force: true });
});
