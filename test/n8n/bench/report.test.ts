/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: it builds docs/benchmarks.md from the stored figures */
// test/n8n/bench/lib/report.js writes docs/benchmarks.md from the stored figures: measurements as
// tables, each under one line, machine loads only in a table, no prose line over 400 characters,
// and the hand-kept "Document reader" block carried over from the page as it stands.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const { document, readStored } = require('./lib/report');

const PAGE = join(__dirname, '../../../docs/benchmarks.md');
const OPEN = '<!-- hand-kept: document reader -->';
const CLOSE = '<!-- /hand-kept -->';

/** The page's lines outside fenced code blocks. */
function proseLines(markdown: string): string[] {
	let fenced = false;
	return markdown.split('\n').filter((line) => {
		if (/^\s*```/.test(line)) {
			fenced = !fenced;
			return false;
		}
		return !fenced;
	});
}

describe('docs/benchmarks.md as report.js writes it', () => {
	const stored = readStored(PAGE);
	const page: string = document(stored, readFileSync(PAGE, 'utf8'));

	it('has a table under every section heading', () => {
		const sections = page.split('\n### ').slice(1);
		expect(sections.length).toBeGreaterThanOrEqual(8);
		for (const section of sections) expect(section).toMatch(/\n\| measured /);
	});

	it('has no prose line over 400 characters', () => {
		expect(proseLines(page).filter((line) => line.length > 400)).toEqual([]);
	});

	it('names a load average only in a table', () => {
		const inProse = proseLines(page).filter(
			(line) => /load average/i.test(line) && !line.startsWith('|'),
		);
		expect(inProse).toEqual([]);
		expect(page).toMatch(/\| load average at start \|/);
	});

	it('carries over the hand-kept block of the page as it stands', () => {
		const kept = '| document | the reader |\n| --- | --- |\n| a kept row | 1 ms |';
		const before = page.replace(
			new RegExp(`${OPEN}[\\s\\S]*${CLOSE}`),
			`${OPEN}\n\n${kept}\n\n${CLOSE}`,
		);
		const after: string = document(stored, before);
		expect(after).toContain(`## Document reader\n\n${OPEN}\n\n${kept}\n\n${CLOSE}`);
	});

	it('writes the default line where the page has no hand-kept block', () => {
		const fresh: string = document(stored, '');
		expect(fresh).toContain(`${OPEN}\n\nThe reader's work on one document is bounded`);
	});
});
