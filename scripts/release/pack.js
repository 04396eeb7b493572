'use strict';
// The package is packed once, right after the build, and its SHA-512 recorded at that moment: every
// real-n8n suite installs that tarball (scripts/n8n/n8n.js), and .github/workflows/publish.yml
// publishes only a tarball with that digest. A later change to dist/ (by anything the tests run)
// makes other bytes, which nothing installs or publishes.
//   node scripts/release/pack.js <folder>   packs the package of the current folder into <folder>;
//                                           prints `tarball=<file name>` and `sha512=<hex>`
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const sha512 = (file) => crypto.createHash('sha512').update(fs.readFileSync(file)).digest('hex');

/** `npm pack` of `packageDir` (its dist/ as built) into `destination`: { tarball (a path), sha512 }. */
function pack(packageDir, destination) {
	if (!fs.existsSync(path.join(packageDir, 'dist')))
		throw new Error(`${packageDir}/dist is missing: run \`npm run build\` first`);
	fs.mkdirSync(destination, { recursive: true });
	const r = spawnSync(
		'npm',
		['pack', '--json', '--ignore-scripts', '--pack-destination', path.resolve(destination)],
		{ cwd: packageDir, encoding: 'utf8' },
	);
	if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr}`);
	const tarball = path.join(path.resolve(destination), JSON.parse(r.stdout)[0].filename);
	return { tarball, sha512: sha512(tarball) };
}

/** Throws unless `tarball` has the digest recorded when it was packed. */
function checkDigest(tarball, recorded) {
	const actual = sha512(tarball);
	if (actual !== recorded)
		throw new Error(
			`${tarball} is not the tarball packed before the tests (sha512 ${actual.slice(0, 16)}…, recorded ${String(recorded).slice(0, 16)}…)`,
		);
}

if (require.main === module) {
	try {
		if (!process.argv[2]) throw new Error('usage: node scripts/release/pack.js <folder>');
		const packed = pack(process.cwd(), process.argv[2]);
		console.log(`tarball=${path.basename(packed.tarball)}\nsha512=${packed.sha512}`);
	} catch (error) {
		console.error(`pack: ${error.message}`);
		process.exit(1);
	}
}
module.exports = { pack, checkDigest };
