/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The first start's long steps say how far they are (scripts/progress.js), and sqlite3 compiles
// from its own part of n8n's lock (scripts/n8n/sqlite3-lock.js), beside n8n's download.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const PROGRESS = join(ROOT, 'scripts/progress.js');
const {
	bytesCachedSince,
	countNpmLine,
	formatDuration,
	installProgress,
	npmCacheDir,
	npmStatus,
} = require(PROGRESS);
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

	/** A file npm's cache got, as cacache keeps it (`_cacache/content-v2/sha512/xx/yy/…`). */
	function cacheFile(cache: string, name: string, bytes: number) {
		const folder = join(
			cache,
			'_cacache',
			'content-v2',
			'sha512',
			name.slice(0, 2),
			name.slice(2, 4),
		);
		mkdirSync(folder, { recursive: true });
		writeFileSync(join(folder, name.slice(4)), Buffer.alloc(bytes));
		return join(folder, name.slice(4));
	}

	it('while npm only fetches package documents, the line moves: documents fetched and megabytes downloaded', () => {
		writeLock({
			'node_modules/a': { version: '1.0.0' },
			'node_modules/b': { version: '1.0.0' },
			'node_modules/c': { version: '1.0.0' },
		});
		const cache = join(dir, 'npm-cache');
		// In the cache before the install: not downloaded by it.
		const old = cacheFile(cache, 'aaaa01', 5_000_000);
		utimesSync(old, new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
		const download = { cacheDir: cache, since: Date.now() };
		const counts = { documents: 0, tarballs: 0, warnings: 0 };
		const lines = [npmStatus(counts, dir, download)];
		for (const [index, name] of ['aaaa02', 'bbbb01'].entries()) {
			counts.documents += 400;
			cacheFile(cache, name, 600_000);
			// A download on its way: cacache writes it into tmp/ first.
			mkdirSync(join(cache, '_cacache', 'tmp'), { recursive: true });
			writeFileSync(join(cache, '_cacache', 'tmp', `part-${index}`), Buffer.alloc(100_000));
			lines.push(npmStatus(counts, dir, download));
		}
		expect(lines).toEqual([
			'0 package documents and 0 tarballs fetched (0.0 MB downloaded), 0 of 3 packages in place (0%)',
			'400 package documents and 0 tarballs fetched (0.7 MB downloaded), 0 of 3 packages in place (0%)',
			'800 package documents and 0 tarballs fetched (1.4 MB downloaded), 0 of 3 packages in place (0%)',
		]);
		expect(bytesCachedSince(cache, download.since)).toBe(1_400_000);
		// Where npm's log says nothing for a while, the megabytes still move.
		cacheFile(cache, 'cccc01', 1_000_000);
		expect(npmStatus(counts, dir, download)).toBe(
			'800 package documents and 0 tarballs fetched (2.4 MB downloaded), 0 of 3 packages in place (0%)',
		);
		// No cache folder there: no megabytes, rather than a wrong 0.
		expect(npmStatus(counts, dir, { cacheDir: join(dir, 'none'), since: 0 })).toBe(
			'800 package documents and 0 tarballs fetched, 0 of 3 packages in place (0%)',
		);
	});

	it("finds npm's cache where npm says it is, else where npm keeps it by default", () => {
		expect(npmCacheDir({ npm_config_cache: '/somewhere/npm-cache' })).toBe('/somewhere/npm-cache');
		expect(npmCacheDir({})).toBe(
			process.platform === 'win32' ? expect.stringMatching(/npm-cache$/) : join(homedir(), '.npm'),
		);
	});

	it('runs an npm install, showing what it fetched and what npm says but its requests', () => {
		writeLock({
			'node_modules/a': { version: '1.0.0' },
			'node_modules/b/node_modules/a': { version: '2.0.0' },
			'node_modules/b': { version: '1.0.0' },
		});
		const cache = join(dir, 'npm-cache');
		const document = join(cache, '_cacache', 'content-v2', 'sha512', 'ab', 'cd');
		const npm = [
			`require('node:fs').mkdirSync(${JSON.stringify(document)}, { recursive: true })`,
			`require('node:fs').writeFileSync(${JSON.stringify(join(document, 'ef'))}, Buffer.alloc(2_500_000))`,
			"console.error('npm http fetch GET 200 https://registry.example/a 5ms (cache miss)')",
			"console.error('npm warn deprecated a@1.0.0: gone')",
			"console.error('npm error something went wrong')",
		].join(';');
		const run = spawnSync(
			process.execPath,
			[PROGRESS, '--npm', dir, 'installing', '--', process.execPath, '-e', npm],
			{ encoding: 'utf8', env: { ...process.env, npm_config_cache: cache } },
		);
		expect(run.status).toBe(0);
		expect(run.stderr).toContain('npm error something went wrong');
		expect(run.stderr).not.toContain('npm http');
		expect(run.stderr).not.toContain('npm warn');
		expect(run.stderr).toMatch(
			/… installing: done, 1 package documents and 0 tarballs fetched \(2\.5 MB downloaded\), 0 of 3 packages in place \(0%\), \d+ s; npm's 1 warnings are left out/,
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
