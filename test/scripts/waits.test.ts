/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The real-n8n and browser checks wait for events, never for a fixed time: every deadline is derived
// from what the run measured (`patience(ms)` in scripts/n8n/n8n.js stretches a quiet machine's
// figure by n8n's measured start-up; checks.waitFor and n8n's own waits apply it; a browser page's
// default deadline comes from its first load). Found by reading the files, as grep would.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const SUITES = ['test/n8n/e2e', 'test/n8n/browser', 'test/n8n/queue', 'test/n8n/faults'];
/** Suites whose every pause is a wait for an event (queue and faults also time their faults). */
const EVENT_ONLY = ['test/n8n/e2e', 'test/n8n/browser'];

function filesOf(dir: string): string[] {
	return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
		entry.isDirectory()
			? filesOf(join(dir, entry.name))
			: /\.(js|ts)$/.test(entry.name) && !entry.name.endsWith('.test.ts')
				? [join(dir, entry.name)]
				: [],
	);
}

const RULES: Array<{ rule: string; pattern: RegExp; dirs: string[] }> = [
	{
		rule: 'a literal timeout given to a browser locator, waitFor or a page (only 0, "none", is literal)',
		pattern: /\btimeout:\s*[1-9]/,
		dirs: SUITES,
	},
	{
		rule: "Playwright's waitForTimeout (a fixed pause)",
		pattern: /\bwaitForTimeout\(/,
		dirs: SUITES,
	},
	{
		rule: 'a deadline of a literal number of ms (use patience(ms))',
		pattern: /Date\.now\(\)\s*\+\s*[0-9]/,
		dirs: SUITES,
	},
	{
		rule: 'a bare sleep of a literal number of ms outside a polling loop',
		pattern: /^\s*await (sleep\(\s*[0-9]|new Promise\(\(\w+\) => setTimeout\(\w+, [0-9])/,
		dirs: EVENT_ONLY,
	},
];

/** Whether line `index` sits in a `for`/`while` loop's body that began within the 15 lines before it. */
function inLoop(lines: string[], index: number): boolean {
	return lines
		.slice(Math.max(0, index - 15), index)
		.some((line) => /\b(for|while)\s*\(/.test(line));
}

function violations(file: string, text: string): string[] {
	const lines = text.split('\n');
	const found: string[] = [];
	for (const { rule, pattern, dirs } of RULES) {
		if (!dirs.some((dir) => file.startsWith(`${dir}/`))) continue;
		lines.forEach((line, index) => {
			if (!pattern.test(line)) return;
			if (rule.includes('polling loop') && inLoop(lines, index)) return;
			found.push(`${file}:${index + 1}: ${rule}: ${line.trim()}`);
		});
	}
	return found;
}

describe('waits in the real-n8n and browser checks', () => {
	it('wait for events with derived deadlines: no literal timeouts, fixed pauses or literal deadlines', () => {
		const files = SUITES.flatMap(filesOf);
		expect(files.length).toBeGreaterThan(20);
		const found = files.flatMap((file) =>
			violations(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8')),
		);
		expect(found).toEqual([]);
	});

	it('finds each kind of fixed wait (the rules can fail)', () => {
		const sample = [
			"await page.getByText('x').waitFor({ timeout: 30000 });",
			"await locator.click({ state: 'hidden', timeout: 2_000 });",
			'await page.waitForTimeout(300);',
			'const deadline = Date.now() + 30000;',
			'await sleep(1000);',
			'await new Promise((r) => setTimeout(r, 1000));',
			'while (!done()) {',
			'	await sleep(250);',
			'}',
			"await page.getByLabel('Email').waitFor({ timeout: 0 });",
			'const deadline = Date.now() + patience(30000);',
		].join('\n');
		expect(violations('test/n8n/e2e/sample.e2e.js', sample).map((v) => v.split(': ')[0])).toEqual([
			'test/n8n/e2e/sample.e2e.js:1',
			'test/n8n/e2e/sample.e2e.js:2',
			'test/n8n/e2e/sample.e2e.js:3',
			'test/n8n/e2e/sample.e2e.js:4',
			'test/n8n/e2e/sample.e2e.js:5',
			'test/n8n/e2e/sample.e2e.js:6',
		]);
		expect(violations('test/n8n/faults/sample.js', 'await sleep(1000);')).toEqual([]);
	});
});
