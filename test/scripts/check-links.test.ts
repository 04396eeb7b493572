/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The link checker of `npm run lint`: GitHub's anchors, and the broken links it must find.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
const { anchorsOf, checkDocument } = require('../../scripts/check-links.js');

describe('link checker', () => {
	it('slugs headings as GitHub does (punctuation dropped, code and links as text, repeats numbered)', () => {
		const anchors = anchorsOf(
			[
				'# Running at scale (queue mode)',
				'## The fault suite (`npm run test:faults`)',
				"### Rules (n8n's verification rules, kept by lint)",
				'## 1. Verify + de-duplicate one delivery',
				'## Set-up',
				'## Set-up',
				'## See [the guide](x.md)',
				'```',
				'# not a heading',
				'```',
			].join('\n'),
		);
		expect([...anchors]).toEqual([
			'running-at-scale-queue-mode',
			'the-fault-suite-npm-run-testfaults',
			'rules-n8ns-verification-rules-kept-by-lint',
			'1-verify--de-duplicate-one-delivery',
			'set-up',
			'set-up-1',
			'see-the-guide',
		]);
	});

	it('finds a missing file, a missing anchor in another file and in the same one; ignores code and URLs', () => {
		const dir = mkdtempSync(join(tmpdir(), 'links-'));
		try {
			mkdirSync(join(dir, 'docs'));
			writeFileSync(join(dir, 'docs/guide.md'), '# Guide\n\n## The polling trigger\n');
			const doc = join(dir, 'README.md');
			writeFileSync(
				doc,
				[
					'# Top',
					'[ok](docs/guide.md#the-polling-trigger) [ok](#top) [web](https://example.com/#x)',
					'[gone](docs/missing.md) [bad anchor](docs/guide.md#the-trigger)',
					'![picture](docs/none.png) [self](#nowhere) `[code](nope.md)`',
					'```',
					'[fenced](nope.md)',
					'```',
					'[ref]: docs/guide.md#guide',
					'[bad ref]: docs/guide.md#nothing',
				].join('\n'),
			);
			const where = relative(ROOT, doc);
			expect(checkDocument(doc)).toEqual([
				`${where}:3: docs/missing.md: no such file`,
				`${where}:3: docs/guide.md#the-trigger: no heading with that anchor`,
				`${where}:4: docs/none.png: no such file`,
				`${where}:4: #nowhere: no heading with that anchor`,
				`${where}:9: docs/guide.md#nothing: no heading with that anchor`,
			]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});

	it('names only files that exist in CONTRIBUTING.md and test/README.md (code spans that are paths)', () => {
		const missing: string[] = [];
		for (const file of ['CONTRIBUTING.md', 'test/README.md']) {
			const text = readFileSync(join(ROOT, file), 'utf8');
			for (const [, span] of text.matchAll(/`([^`\s]+)`/g)) {
				const named = span.replace(/[#:].*$/, '');
				// Placeholders (<op>, *, ~) and the worked example's new files are not files.
				if (!/^(credentials|nodes|test|scripts|bench|docs|examples|\.github)\//.test(named))
					continue;
				if (/[<*~]/.test(named) || named.includes('contact/get.operation')) continue;
				if (!existsSync(join(ROOT, named))) missing.push(`${file}: ${span}`);
			}
		}
		expect(missing).toEqual([]);
	});

	it("finds nothing broken in the repository's documents", () => {
		for (const file of ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md', 'test/README.md'])
			expect(checkDocument(file)).toEqual([]);
	});
});
