'use strict';
// Makes sure dist/ is built from the current sources, then copies the package
// (package.json, index.js, dist/) to test/n8n/bench/results/package/, so every case measures
// one and the same build even if someone rebuilds dist/ while the benchmarks run.

const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../../../..');
const RESULTS = path.join(ROOT, 'test/n8n/bench/results');
const SNAPSHOT = path.join(RESULTS, 'package');

function newestMtime(dir) {
	let newest = 0;
	const walk = (d) => {
		for (const e of fs.readdirSync(d, { withFileTypes: true })) {
			const p = path.join(d, e.name);
			if (e.isDirectory()) walk(p);
			else newest = Math.max(newest, fs.statSync(p).mtimeMs);
		}
	};
	if (fs.existsSync(dir)) walk(dir);
	return newest;
}

function distIsStale() {
	const dist = path.join(ROOT, 'dist');
	if (!fs.existsSync(path.join(dist, 'nodes/FaxPlus/FaxPlus.node.js'))) return 'dist/ is missing';
	const built = fs.statSync(dist).mtimeMs;
	const sources = Math.max(
		...['nodes', 'credentials', 'icons'].map((d) => newestMtime(path.join(ROOT, d))),
	);
	return sources > built ? 'dist/ is older than the sources' : '';
}

function requiredFiles(dir) {
	const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
	return [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((f) => path.join(dir, f));
}

/** Builds when needed; returns { built, stale, note }. Never throws when a usable dist/ exists. */
function ensureBuilt({ log = console.error } = {}) {
	const why = distIsStale();
	if (!why) return { built: false, note: 'dist/ is up to date' };
	log(`${why}: building (npm run build)...`);
	for (let attempt = 1; attempt <= 2; attempt++) {
		const r = spawnSync('npm', ['run', 'build', '--silent'], {
			cwd: ROOT,
			stdio: ['ignore', 'inherit', 'inherit'],
			timeout: 300000,
		});
		if (r.status === 0 && requiredFiles(ROOT).every((f) => fs.existsSync(f)))
			return { built: true, note: 'built now' };
		log(`npm run build failed (attempt ${attempt})`);
	}
	if (requiredFiles(ROOT).every((f) => fs.existsSync(f))) {
		log(
			'WARNING: the build failed; measuring the existing dist/, which may be older than the sources',
		);
		return {
			built: false,
			stale: true,
			note: 'build failed; existing dist/ measured (may be stale)',
		};
	}
	throw new Error('dist/ is missing and `npm run build` failed');
}

/** Copies the built package to test/n8n/bench/results/package; returns its folder. */
function snapshotPackage() {
	for (let attempt = 1; attempt <= 5; attempt++) {
		try {
			fs.rmSync(SNAPSHOT, { recursive: true, force: true });
			fs.mkdirSync(SNAPSHOT, { recursive: true });
			for (const f of ['package.json', 'index.js'])
				fs.copyFileSync(path.join(ROOT, f), path.join(SNAPSHOT, f));
			fs.cpSync(path.join(ROOT, 'dist'), path.join(SNAPSHOT, 'dist'), { recursive: true });
			if (requiredFiles(SNAPSHOT).every((f) => fs.existsSync(f))) return SNAPSHOT;
		} catch {
			// dist/ changed under us (someone is rebuilding): try again
		}
		spawnSync('sleep', ['3']);
	}
	throw new Error('could not copy dist/ (is a build running?)');
}

module.exports = { ensureBuilt, snapshotPackage, requiredFiles, ROOT, RESULTS, SNAPSHOT };
