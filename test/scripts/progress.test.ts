/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The first start's long steps say how far they are (scripts/progress.js), and sqlite3 compiles
// from its own part of n8n's lock (scripts/n8n/sqlite3-lock.js), beside n8n's download.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const PROGRESS = join(ROOT, 'scripts/progress.js');
const { countNpmLine, formatDuration, installProgress } = require(PROGRESS);
const { sqlite3Lock } = require('../../scripts/n8n/sqlite3-lock.js');

type LockEntry = {
	version: string;
	integrity?: string;
	dependencies?: Record<string, string>;
	optionalDependencies?: Record<string, string>;
};

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'faxplus-progress-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeLock(packages: Record<string, object>) {
	writeFileSync(
		join(dir, 'package-lock.json'),
		JSON.stringify({ lockfileVersion: 3, packages: { '': {}, ...packages } }),
	);
}

function placePackage(key: string, bytes = 10) {
	mkdirSync(join(dir, key), { recursive: true });
	writeFileSync(join(dir, key, 'package.json'), '{}');
	writeFileSync(join(dir, key, 'payload'), Buffer.alloc(bytes));
}

describe('scripts/progress.js', () => {
	it('counts the packages of the lock in place, leaving out those npm skips (other machines, extraneous)', () => {
		writeLock({
			'node_modules/a': { version: '1.0.0' },
			'node_modules/a/node_modules/b': { version: '1.0.0' },
			'node_modules/c': { version: '1.0.0' },
			'node_modules/elsewhere': { version: '1.0.0', os: [`!${process.platform}`] },
			'node_modules/other-cpu': { version: '1.0.0', cpu: ['not-a-cpu'] },
			'node_modules/linked': { link: true },
			'node_modules/left-out': { version: '1.0.0', extraneous: true },
			'node_modules/left-out/node_modules/inside': { version: '1.0.0' },
		});
		expect(installProgress(dir)).toBe('0 of 3 packages in place (0%)');
		placePackage('node_modules/a');
		placePackage('node_modules/a/node_modules/b');
		expect(installProgress(dir)).toBe('2 of 3 packages in place (66%)');
	});

	it("tells a lock of one large package (Node's binary) by the megabytes unpacked", () => {
		writeLock({ 'node_modules/node-bin': { version: '24.0.0' } });
		expect(installProgress(dir)).toBe('0 MB unpacked');
		placePackage('node_modules/node-bin', 3_000_000);
		expect(installProgress(dir)).toBe('3 MB unpacked');
	});

	it("counts npm's requests and warnings, and shows its other lines", () => {
		const counts = { documents: 0, tarballs: 0, warnings: 0 };
		const shown = [
			'npm http fetch GET 200 https://registry.example/semver 56ms (cache miss)',
			'npm http fetch GET 200 https://registry.example/semver/-/semver-7.6.0.tgz 30ms (cache miss)',
			'npm warn EBADENGINE Unsupported engine {',
			"npm warn EBADENGINE   package: 'a@1.0.0',",
			'npm warn EBADENGINE }',
			'npm warn',
			'npm warn deprecated b@1.0.0: no longer supported',
			'npm notice New minor version of npm available!',
			'npm error code EINTEGRITY',
			'added 3 packages in 2s',
		].filter((line) => countNpmLine(counts, line));
		expect(shown).toEqual(['npm error code EINTEGRITY', 'added 3 packages in 2s']);
		expect(counts).toEqual({ documents: 1, tarballs: 1, warnings: 2 });
	});

	it('runs an npm install, showing what it fetched and what npm says but its requests', () => {
		writeLock({
			'node_modules/a': { version: '1.0.0' },
			'node_modules/b/node_modules/a': { version: '2.0.0' },
			'node_modules/b': { version: '1.0.0' },
		});
		const npm = [
			"console.error('npm http fetch GET 200 https://registry.example/a 5ms (cache miss)')",
			"console.error('npm warn deprecated a@1.0.0: gone')",
			"console.error('npm error something went wrong')",
		].join(';');
		const run = spawnSync(
			process.execPath,
			[PROGRESS, '--npm', dir, 'installing', '--', process.execPath, '-e', npm],
			{ encoding: 'utf8' },
		);
		expect(run.status).toBe(0);
		expect(run.stderr).toContain('npm error something went wrong');
		expect(run.stderr).not.toContain('npm http');
		expect(run.stderr).not.toContain('npm warn');
		expect(run.stderr).toMatch(
			/… installing: done, 1 package documents and 0 tarballs fetched, 0 of 3 packages in place \(0%\), \d+ s; npm's 1 warnings are left out/,
		);
	});

	it('formats a duration in seconds, then minutes and seconds', () => {
		expect(formatDuration(44_600)).toBe('45 s');
		expect(formatDuration(125_000)).toBe('2 min 05 s');
	});

	it("passes the command's exit code on, and says when a step is done", () => {
		const ok = spawnSync(process.execPath, [PROGRESS, 'a step', '--', process.execPath, '-e', ''], {
			encoding: 'utf8',
		});
		expect(ok.status).toBe(0);
		expect(ok.stderr).toMatch(/^ {2}… a step: done, \d+ s$/m);
		const failed = spawnSync(
			process.execPath,
			[PROGRESS, 'a step', '--', process.execPath, '-e', 'process.exit(3)'],
			{ encoding: 'utf8' },
		);
		expect(failed.status).toBe(3);
		expect(failed.stderr).not.toContain('done');
	});
});

describe('scripts/n8n/sqlite3-lock.js', () => {
	const versions = readFileSync(join(ROOT, 'scripts/n8n/VERSION'), 'utf8').trim();
	const n8nLock = JSON.parse(
		readFileSync(join(ROOT, 'scripts/n8n/locks', versions, 'package-lock.json'), 'utf8'),
	);

	it("keeps sqlite3 and everything it depends on, as n8n's lock has them", () => {
		const { packageJson, packageLock } = sqlite3Lock(n8nLock);
		const packages: Record<string, LockEntry> = packageLock.packages;
		expect(packageJson.dependencies).toEqual({
			sqlite3: n8nLock.packages['node_modules/sqlite3'].version,
		});
		expect(packages['']).toEqual({
			name: packageJson.name,
			dependencies: packageJson.dependencies,
		});
		for (const [key, entry] of Object.entries(packages)) {
			if (!key) continue;
			expect(entry).toEqual(n8nLock.packages[key]);
			// Each dependency resolves, as npm resolves it (the nearest node_modules up), inside the cut.
			for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
				const candidates = [];
				for (let at = key; ; at = at.slice(0, at.lastIndexOf('/node_modules/'))) {
					candidates.push(`${at}/node_modules/${name}`);
					if (!at.includes('/node_modules/')) break;
				}
				candidates.push(`node_modules/${name}`);
				expect(candidates.some((candidate) => packages[candidate])).toBe(true);
			}
		}
		// Its build needs these beside sqlite3: Node-API's headers and the locked node-gyp.
		expect(Object.keys(packages)).toEqual(
			expect.arrayContaining([
				'node_modules/sqlite3',
				'node_modules/node-addon-api',
				'node_modules/node-gyp',
				'node_modules/sqlite3/node_modules/tar',
			]),
		);
	});
});
