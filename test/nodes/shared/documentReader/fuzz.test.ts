/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The differential fuzzer's seeded run (fuzz.js, in a child process with pdf.js): 200 mutants of the
// fixtures and built page trees, the same every run. It fails on any count below pdf.js's, any
// read whose work passed its limit and any read that never ends, naming the files it wrote.
// A long run: `node scripts/with-node.js node test/nodes/shared/documentReader/fuzz.js --minutes 30 --seed N`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface FuzzReport {
	files: number;
	pdfjsRead: number;
	undercounts: number;
	overLimit: number;
	stalled: number;
	findings: Record<string, { file: string; pages?: number; reference?: number }>;
}

it('the seeded fuzz run: no count below pdf.js, no work over its limit, every read ends', () => {
	// The files of any finding stay in this folder, named in the failure.
	const out = mkdtempSync(join(tmpdir(), 'reader-fuzz-'));
	const report = JSON.parse(
		execFileSync(
			process.execPath,
			[
				join(__dirname, 'fuzz.js'),
				'--runs',
				'200',
				'--seed',
				'1',
				'--no-corpus',
				'--json',
				'--out',
				out,
			],
			{ encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
		),
	) as FuzzReport;
	expect(report.files).toBeGreaterThan(150);
	expect(report.pdfjsRead).toBeGreaterThan(100);
	expect({
		undercounts: report.undercounts,
		overLimit: report.overLimit,
		stalled: report.stalled,
		findings: report.findings,
	}).toEqual({ undercounts: 0, overLimit: 0, stalled: 0, findings: {} });
	rmSync(out, { recursive: true, force: true });
});
