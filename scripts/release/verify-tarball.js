'use strict';
// `node scripts/release/verify-tarball.js <package.tgz>`: the release check of .github/workflows/publish.yml.
// Every file in the tarball must be byte for byte the file of the working tree that the tests ran
// (dist/ as built by `npm test`, package.json, README.md, LICENSE.md), and every file of dist/ must be
// in the tarball. Exits non-zero, naming the files, otherwise.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');

function filesUnder(dir, base = dir) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		return entry.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
	});
}

/** The differences between an unpacked package and the working tree; empty when they agree. */
function compare(packageDir, root = ROOT) {
	const problems = [];
	const packed = filesUnder(packageDir);
	for (const file of packed) {
		const tested = path.join(root, file);
		if (!fs.existsSync(tested)) problems.push(`${file}: in the tarball, not in the working tree`);
		else if (!fs.readFileSync(tested).equals(fs.readFileSync(path.join(packageDir, file))))
			problems.push(`${file}: differs from the tested file`);
	}
	const packedSet = new Set(packed);
	for (const file of filesUnder(path.join(root, 'dist'), root)) {
		if (!packedSet.has(file)) problems.push(`${file}: built and tested, not in the tarball`);
	}
	return problems;
}

function main() {
	const tarball = process.argv[2];
	if (!tarball || !fs.existsSync(tarball)) {
		console.error('usage: node scripts/release/verify-tarball.js <package.tgz>');
		process.exit(2);
	}
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-release-'));
	try {
		const untar = spawnSync(
			'tar',
			['-xzf', path.resolve(tarball), '-C', dir, '--strip-components=1'],
			{ encoding: 'utf8' },
		);
		if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr}`);
		const problems = compare(dir);
		if (problems.length) {
			console.error(`${tarball} is not what the tests ran:\n  ${problems.join('\n  ')}`);
			process.exit(1);
		}
		console.log(`${tarball}: ${filesUnder(dir).length} files, each the tested file`);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
}

if (require.main === module) main();
module.exports = { compare };
