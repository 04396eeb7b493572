'use strict';
// Cuts a part out of an npm lock: the packages named and every package they need (dependencies,
// optional dependencies, peers that are not optional), at the same versions and with the same
// integrity hashes, as a lock that `npm ci` installs alone. scripts/n8n/sqlite3-lock.js cuts sqlite3
// from n8n's lock; scripts/demo-build.js cuts the build's tools from the project's.
//   const { lockPart, writeLockPart } = require('./lock-part');
const fs = require('node:fs');
const path = require('node:path');

/** Where npm finds `name` for the package at `from` (a lock key): the nearest node_modules up. */
function resolve(packages, from, name) {
	for (let dir = from; ;) {
		const key = `${dir ? `${dir}/` : ''}node_modules/${name}`;
		if (packages[key]) return key;
		if (!dir) return undefined;
		const at = dir.lastIndexOf('/node_modules/');
		dir = at < 0 ? '' : dir.slice(0, at);
	}
}

/** The names a lock entry needs installed beside it. */
function needs(entry) {
	const optionalPeer = (name) => entry.peerDependenciesMeta?.[name]?.optional === true;
	const peers = Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeer(name));
	return [...Object.keys({ ...entry.dependencies, ...entry.optionalDependencies }), ...peers];
}

/**
 * The lock (package.json and package-lock.json contents, named `name`) of the top-level packages
 * `names` of `lock` and what they need.
 */
function lockPart(lock, names, name) {
	const packages = lock.packages;
	const kept = {};
	const queue = names.map((top) => {
		const key = `node_modules/${top}`;
		if (!packages[key]) throw new Error(`the lock has no ${key}`);
		return key;
	});
	while (queue.length) {
		const key = queue.shift();
		if (kept[key]) continue;
		kept[key] = packages[key];
		for (const needed of needs(packages[key])) {
			const found = resolve(packages, key, needed);
			if (found) queue.push(found);
		}
	}
	const dependencies = Object.fromEntries(
		names.map((top) => [top, packages[`node_modules/${top}`].version]),
	);
	return {
		packageJson: { name, private: true, dependencies },
		packageLock: {
			name,
			lockfileVersion: 3,
			requires: true,
			packages: { '': { name, dependencies }, ...kept },
		},
	};
}

/** Writes a part's package.json and package-lock.json into `dir`. */
function writeLockPart(dir, { packageJson, packageLock }) {
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
	fs.writeFileSync(
		path.join(dir, 'package-lock.json'),
		`${JSON.stringify(packageLock, null, 2)}\n`,
	);
}

module.exports = { lockPart, writeLockPart };
