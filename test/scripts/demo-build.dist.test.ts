/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The demo's build (scripts/demo-build.js: its own few tools, installed once into
// ~/.cache/n8n-nodes-faxplus/) makes the dist/ that `npm run build` makes with the dev
// dependencies, byte for byte, and builds again only where the sources or dist/ changed. Heavy (jest.config.js): two builds, and the tools' install where
// this machine has none yet.
import { spawnSync } from 'node:child_process';
import {
	appendFileSync,
	cpSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	symlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '../..');
/** What a build reads; scripts/ for the demo's build itself. */
const SOURCES = [
	'credentials',
	'nodes',
	'icons',
	'scripts',
	'gulpfile.js',
	'package.json',
	'package-lock.json',
	'tsconfig.json',
	'tsconfig.build.json',
];

function files(dir: string): Record<string, string> {
	const all: Record<string, string> = {};
	const walk = (at: string) => {
		for (const entry of readdirSync(at, { withFileTypes: true })) {
			const path = join(at, entry.name);
			if (entry.isDirectory()) walk(path);
			else all[relative(dir, path)] = readFileSync(path).toString('base64');
		}
	};
	walk(dir);
	return all;
}

function copyOfSources() {
	const dir = mkdtempSync(join(tmpdir(), 'faxplus-demo-build-'));
	for (const source of SOURCES) cpSync(join(ROOT, source), join(dir, source), { recursive: true });
	return dir;
}

const copies: string[] = [];
afterAll(() => {
	for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

it("builds with the demo's tools the dist/ that npm run build makes", () => {
	const [demo, full] = [copyOfSources(), copyOfSources()];
	copies.push(demo, full);
	const built = spawnSync(process.execPath, [join(demo, 'scripts/demo-build.js')], {
		cwd: demo,
		encoding: 'utf8',
	});
	expect([built.status, built.stderr]).toEqual([
		0,
		expect.stringContaining('building the package (tsc, gulp): done'),
	]);
	symlinkSync(join(ROOT, 'node_modules'), join(full, 'node_modules'));
	const npm = spawnSync('npm', ['run', 'build', '--silent'], { cwd: full, encoding: 'utf8' });
	expect([npm.status, npm.stderr]).toEqual([0, '']);
	const expected = files(join(full, 'dist'));
	expect(Object.keys(expected).length).toBeGreaterThan(50);
	expect(files(join(demo, 'dist'))).toEqual(expected);

	// A later start builds nothing while dist/ is the build of the sources as they are.
	const again = () =>
		spawnSync(process.execPath, [join(demo, 'scripts/demo-build.js')], {
			cwd: demo,
			encoding: 'utf8',
		}).stderr;
	expect(again()).toContain('the package is built already');
	const icon = readdirSync(join(demo, 'icons'))[0];
	rmSync(join(demo, 'dist/icons', icon));
	expect(again()).toContain('building the package (tsc, gulp): done');
	expect(files(join(demo, 'dist'))).toEqual(expected);
	expect(again()).toContain('the package is built already');
	appendFileSync(join(demo, 'nodes/FaxPlus/FaxPlus.node.ts'), '\n// changed\n');
	expect(again()).toContain('building the package (tsc, gulp): done');
});
