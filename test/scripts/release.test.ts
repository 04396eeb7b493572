/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The release checks: the workflow linter over .github/workflows (and that it finds real mistakes),
// the tarball check of the publish workflow (a tarball that is not the tested tree is refused), and
// the changelog step of `npm run release`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const { lintWorkflows } = require('../../scripts/lint-workflows.js');
const { compare } = require('../../scripts/release/verify-tarball.js');
const { releaseChangelog, repositoryUrl } = require('../../scripts/release/release.js');

describe('workflow linter', () => {
	it('finds no problem in ci.yml and publish.yml', async () => {
		const { files, problems } = await lintWorkflows(join(ROOT, '.github/workflows'));
		expect(files).toEqual(['ci.yml', 'publish.yml']);
		expect(problems).toEqual([]);
	});

	it('reports a missing job, an unknown expression property and a malformed step', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'faxplus-workflows-'));
		try {
			writeFileSync(
				join(dir, 'bad.yml'),
				'on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    needs: missing\n    steps:\n      - run: echo ${{ github.nonexistent }}\n      - uses: actions/checkout@v4\n        with: 3\n',
			);
			const { problems } = await lintWorkflows(dir);
			expect(problems).toEqual([
				expect.stringMatching(/needs job "missing" which does not exist/),
				expect.stringMatching(/property "nonexistent" is not defined/),
				expect.stringMatching(/"with" section is scalar node but mapping node is expected/),
			]);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
});

describe('verify-tarball', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'faxplus-tarball-'));
		for (const [file, text] of Object.entries({
			'tree/dist/a.js': 'a',
			'tree/dist/b.js': 'b',
			'tree/package.json': '{}',
			'package/package.json': '{}',
		})) {
			mkdirSync(join(dir, file, '..'), { recursive: true });
			writeFileSync(join(dir, file), text);
		}
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));
	const put = (file: string, text: string) => {
		mkdirSync(join(dir, 'package', file, '..'), { recursive: true });
		writeFileSync(join(dir, 'package', file), text);
	};

	it('accepts a package whose every file is the tested file', () => {
		put('dist/a.js', 'a');
		put('dist/b.js', 'b');
		expect(compare(join(dir, 'package'), join(dir, 'tree'))).toEqual([]);
	});

	it('names a changed file, a file the tests never saw and a built file left out', () => {
		put('dist/a.js', 'a, rebuilt');
		put('dist/extra.js', 'x');
		expect(compare(join(dir, 'package'), join(dir, 'tree')).sort()).toEqual([
			'dist/a.js: differs from the tested file',
			'dist/b.js: built and tested, not in the tarball',
			'dist/extra.js: in the tarball, not in the working tree',
		]);
	});
});

describe('npm run release: CHANGELOG.md', () => {
	const REPO = 'https://github.com/n8n-nodes-faxplus/n8n-nodes-faxplus';
	const changelog = [
		'# Changelog',
		'',
		'## [Unreleased]',
		'',
		'### Added',
		'- Example workflows.',
		'',
		'## [1.0.0] - 2026-11-01',
		'',
		'### Added',
		'- The first release.',
		'',
		`[Unreleased]: ${REPO}/compare/v1.0.0...HEAD`,
		`[1.0.0]: ${REPO}/releases/tag/v1.0.0`,
		'',
	].join('\n');

	it('turns the Unreleased entries into the new version, keeps an empty Unreleased and moves the compare links', () => {
		expect(releaseChangelog(changelog, '1.1.0', '2026-11-22', REPO)).toBe(
			[
				'# Changelog',
				'',
				'## [Unreleased]',
				'',
				'## [1.1.0] - 2026-11-22',
				'',
				'### Added',
				'- Example workflows.',
				'',
				'## [1.0.0] - 2026-11-01',
				'',
				'### Added',
				'- The first release.',
				'',
				`[Unreleased]: ${REPO}/compare/v1.1.0...HEAD`,
				`[1.1.0]: ${REPO}/compare/v1.0.0...v1.1.0`,
				`[1.0.0]: ${REPO}/releases/tag/v1.0.0`,
				'',
			].join('\n'),
		);
	});

	it('refuses a release with nothing under Unreleased, and a version released before', () => {
		const released = releaseChangelog(changelog, '1.1.0', '2026-11-22', REPO);
		expect(() => releaseChangelog(released, '0.3.0', '2026-11-23', REPO)).toThrow(
			/nothing under "## \[Unreleased\]"/,
		);
		expect(() => releaseChangelog(changelog, '1.0.0', '2026-11-23', REPO)).toThrow(
			/already has a section for 1.0.0/,
		);
	});

	it("reads the repository's URL from package.json, as the tags' compare links need it", () => {
		expect(repositoryUrl(require('../../package.json'))).toBe(REPO);
	});
});
