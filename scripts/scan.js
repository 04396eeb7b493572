'use strict';
// `npm run scan`: n8n's verification gate, run the way n8n runs it on a published
// package (@n8n/scan-community-package, scanner/scanner.mjs → analyzePackageByName):
// its ESLint rules over the sources (SOURCE_FILE_PATTERNS), then over the unpacked
// `npm pack` tarball (compiled .js and the published package.json). Inline
// eslint-disable comments do not count in either pass. Also checks that every node
// in the tarball ships its codex file (<node>.node.json). Exits non-zero on any error.
//
//   SCAN_SKIP_BUILD=1   pack the existing dist/ (scripts/test.js has just built it)
//   FAXPLUS_PACKAGE_TARBALL=<file>   scan that tarball (the one scripts/test.js packed)
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const { pack } = require('./release/pack.js');

const ROOT = path.resolve(__dirname, '..');
const SCANNER = path.join(ROOT, 'node_modules/@n8n/scan-community-package/scanner/scanner.mjs');
const TARBALL_PATTERNS = ['**/*.js', 'package.json'];

function runOrThrow(command, args, options = {}) {
	const result = spawnSync(command, args, { cwd: ROOT, encoding: 'utf8', ...options });
	if (result.status !== 0) {
		throw new Error(
			`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}):\n${result.stderr ?? ''}`,
		);
	}
	return result.stdout ?? '';
}

/**
 * Unpacks the tarball `npm test` packed (FAXPLUS_PACKAGE_TARBALL), else packs the package as npm
 * would publish it; returns the package folder.
 */
function packAndUnpack(tempDir) {
	const tarball = process.env.FAXPLUS_PACKAGE_TARBALL
		? path.resolve(ROOT, process.env.FAXPLUS_PACKAGE_TARBALL)
		: pack(ROOT, tempDir).tarball;
	const packageDir = path.join(tempDir, 'package');
	fs.mkdirSync(packageDir);
	runOrThrow('tar', ['-xzf', tarball, '-C', packageDir, '--strip-components=1']);
	return packageDir;
}

/** Nodes listed in the manifest whose codex file (<file>.node.json) is not in the package. */
function nodesWithoutCodex(packageDir) {
	const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
	return (manifest.n8n?.nodes ?? [])
		.map((nodeFile) => nodeFile.replace(/\.js$/, '.json'))
		.filter((codexFile) => !fs.existsSync(path.join(packageDir, codexFile)));
}

function report(label, result) {
	console.log(
		`${result.passed ? 'ok  ' : 'FAIL'} ${label}${result.message ? `: ${result.message}` : ''}`,
	);
	if (result.details) console.log(result.details);
	return result.passed;
}

async function main() {
	// The scanner makes a temp folder when loaded (for downloads it does not do here): removed at exit.
	require(require.resolve('tmp', { paths: [path.dirname(SCANNER)] })).setGracefulCleanup();
	const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(SCANNER);
	if (process.env.SCAN_SKIP_BUILD !== '1')
		runOrThrow('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });

	let passed = report(
		`sources (${SOURCE_FILE_PATTERNS.join(', ')})`,
		await analyzePackage(ROOT, SOURCE_FILE_PATTERNS),
	);

	const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-scan-'));
	try {
		const packageDir = packAndUnpack(tempDir);
		passed =
			report(
				`npm pack tarball (${TARBALL_PATTERNS.join(', ')})`,
				await analyzePackage(packageDir, TARBALL_PATTERNS),
			) && passed;
		const missing = nodesWithoutCodex(packageDir);
		passed =
			report('codex file beside every node in the tarball', {
				passed: missing.length === 0,
				message: missing.length ? `missing ${missing.join(', ')}` : undefined,
			}) && passed;
	} finally {
		fs.rmSync(tempDir, { recursive: true, force: true });
	}
	console.log(passed ? 'scan: 0 errors' : 'scan: errors found');
	process.exit(passed ? 0 : 1);
}

main().catch((error) => {
	console.error(`scan failed: ${error.stack ?? error}`);
	process.exit(1);
});
