/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// A new clone's demo builds with the build's own few tools (scripts/demo-build.js), cut from
// package-lock.json (scripts/lock-part.js), and runs on Node 24 without the dev dependencies
// (scripts/with-node.js --node-only).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const { lockPart } = require('../../scripts/lock-part.js');
const { TOOLS, buildSteps, toolsLock } = require('../../scripts/demo-build.js');
const { lockPackages } = require('../../scripts/progress.js');

type LockEntry = {
	version?: string;
	integrity?: string;
	dependencies?: Record<string, string>;
	optionalDependencies?: Record<string, string>;
	peerDependencies?: Record<string, string>;
	peerDependenciesMeta?: Record<string, { optional?: boolean }>;
};
type Lock = { packages: Record<string, LockEntry> };

const projectLock: Lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));

/** Where npm finds `name` for the package at `from`, within `packages`. */
function resolveIn(packages: Record<string, LockEntry>, from: string, name: string) {
	for (let dir = from; ;) {
		const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
		if (packages[key]) return key;
		if (!dir) return undefined;
		const at = dir.lastIndexOf('/node_modules/');
		dir = at < 0 ? '' : dir.slice(0, at);
	}
}

describe('scripts/lock-part.js', () => {
	it('keeps the packages named and what they need, nested where npm nests them; optional peers left out', () => {
		const lock = {
			packages: {
				'': {},
				'node_modules/a': {
					version: '1.0.0',
					dependencies: { b: '^1' },
					optionalDependencies: { c: '^1' },
					peerDependencies: { d: '^1', e: '^1' },
					peerDependenciesMeta: { e: { optional: true } },
				},
				'node_modules/a/node_modules/b': { version: '1.0.0' },
				'node_modules/b': { version: '2.0.0' },
				'node_modules/c': { version: '1.0.0' },
				'node_modules/d': { version: '1.0.0' },
				'node_modules/e': { version: '1.0.0' },
				'node_modules/unrelated': { version: '1.0.0' },
			},
		};
		const { packageJson: part, packageLock } = lockPart(lock, ['a'], 'part');
		expect(part).toEqual({ name: 'part', private: true, dependencies: { a: '1.0.0' } });
		expect(Object.keys(packageLock.packages).sort()).toEqual([
			'',
			'node_modules/a',
			'node_modules/a/node_modules/b',
			'node_modules/c',
			'node_modules/d',
		]);
		expect(packageLock.packages['node_modules/a']).toBe(lock.packages['node_modules/a']);
		expect(() => lockPart(lock, ['missing'], 'part')).toThrow(
			'the lock has no node_modules/missing',
		);
	});
});

describe('scripts/demo-build.js', () => {
	const { part, dir } = toolsLock(projectLock, '/cache');
	const kept: Record<string, LockEntry> = part.packageLock.packages;

	it("cuts the build's tools from package-lock.json: at its versions and hashes, needing nothing outside, a fraction of it", () => {
		for (const name of TOOLS)
			expect(part.packageJson.dependencies[name]).toBe(
				projectLock.packages[`node_modules/${name}`].version,
			);
		for (const [key, entry] of Object.entries(kept)) {
			if (key === '') continue;
			expect(entry).toEqual(projectLock.packages[key]);
			const peerOptional = (name: string) => entry.peerDependenciesMeta?.[name]?.optional;
			const needed = [
				...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }),
				...Object.keys(entry.peerDependencies ?? {}).filter((name) => !peerOptional(name)),
			];
			for (const name of needed) {
				const inProject = resolveIn(projectLock.packages, key, name);
				if (inProject)
					expect([key, name, resolveIn(kept, key, name)]).toEqual([key, name, inProject]);
			}
		}
		const tools = Object.keys(kept).length - 1;
		const all = lockPackages(ROOT).length;
		expect(tools).toBeLessThan(all / 3);
	});

	it('installs into a folder named by that part, which a change outside it leaves as it is', () => {
		expect(dir).toMatch(/^\/cache\/build-[0-9a-f]{12}$/);
		const outside = structuredClone(projectLock);
		const other = Object.keys(outside.packages).find((key) => key && !kept[key]) as string;
		outside.packages[other] = { ...outside.packages[other], version: '0.0.0-other' };
		expect(toolsLock(outside, '/cache').dir).toBe(dir);
		const inside = structuredClone(projectLock);
		inside.packages['node_modules/typescript'].integrity = 'sha512-other';
		expect(toolsLock(inside, '/cache').dir).not.toBe(dir);
	});

	it("runs npm run build's steps with the tools, and refuses a build it does not know", () => {
		const steps = buildSteps(packageJson, '/tools', '/scratch/tsconfig.json');
		expect(steps.map((step: string[]) => step.slice(1))).toEqual([
			[join(ROOT, 'scripts/clean.js'), 'dist'],
			['/tools/node_modules/typescript/bin/tsc', '-p', '/scratch/tsconfig.json'],
			['/tools/node_modules/gulp/bin/gulp.js', 'build:assets'],
		]);
		const changed = { scripts: { build: `${packageJson.scripts.build} && node other.js` } };
		expect(() => buildSteps(changed, '/tools', '/t.json')).toThrow(
			'make scripts/demo-build.js run its steps',
		);
	});
});

describe('scripts/with-node.js --node-only', () => {
	let dir: string;
	beforeEach(() => {
		// A clone without node_modules: with-node.js, its lock of Node, a package.json and a lock.
		dir = mkdtempSync(join(tmpdir(), 'faxplus-with-node-'));
		mkdirSync(join(dir, 'scripts/node'), { recursive: true });
		for (const file of [
			'.nvmrc',
			'package.json',
			'package-lock.json',
			'scripts/with-node.js',
			'scripts/progress.js',
			'scripts/node/package.json',
			'scripts/node/package-lock.json',
		])
			copyFileSync(join(ROOT, file), join(dir, file));
	});
	afterEach(() => rmSync(dir, { recursive: true, force: true }));

	it('runs the command on Node 24 without installing the dev dependencies', () => {
		const run = spawnSync(
			process.execPath,
			[join(dir, 'scripts/with-node.js'), '--node-only', 'node', '-p', 'process.versions.node'],
			{ encoding: 'utf8' },
		);
		expect([run.status, run.stderr]).toEqual([0, '']);
		expect(Number(run.stdout.split('.')[0])).toBeGreaterThanOrEqual(24);
		expect(existsSync(join(dir, 'node_modules'))).toBe(false);
	});

	it('says how to use it without a command', () => {
		const run = spawnSync(process.execPath, [join(dir, 'scripts/with-node.js'), '--node-only'], {
			encoding: 'utf8',
		});
		expect(run.status).toBe(2);
		expect(run.stderr).toContain('usage: node scripts/with-node.js [--node-only] <command>');
	});
});
