'use strict';
// Writes the lock of sqlite3 alone, cut from an n8n install's lock: sqlite3 and every package it
// depends on, at the same versions and with the same integrity hashes. scripts/n8n/install.sh
// installs it (`npm ci`) into a folder of its own and compiles sqlite3 there while n8n's packages
// download, instead of after them.
//   node scripts/n8n/sqlite3-lock.js <n8n's package-lock.json> <dir>
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

/** The lock (package.json and package-lock.json contents) of sqlite3 and what it depends on. */
function sqlite3Lock(lock) {
	const packages = lock.packages;
	const root = 'node_modules/sqlite3';
	if (!packages[root]) throw new Error('the lock has no node_modules/sqlite3');
	const kept = {};
	const queue = [root];
	while (queue.length) {
		const key = queue.shift();
		if (kept[key]) continue;
		kept[key] = packages[key];
		const entry = packages[key];
		for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
			const found = resolve(packages, key, name);
			if (found) queue.push(found);
		}
	}
	const dependencies = { sqlite3: packages[root].version };
	return {
		packageJson: { name: 'sqlite3-build', private: true, dependencies },
		packageLock: {
			name: 'sqlite3-build',
			lockfileVersion: 3,
			requires: true,
			packages: { '': { name: 'sqlite3-build', dependencies }, ...kept },
		},
	};
}

function main([lockFile, dir]) {
	if (!lockFile || !dir) {
		console.error('usage: node scripts/n8n/sqlite3-lock.js <package-lock.json> <dir>');
		process.exit(2);
	}
	const { packageJson, packageLock } = sqlite3Lock(JSON.parse(fs.readFileSync(lockFile, 'utf8')));
	fs.mkdirSync(dir, { recursive: true });
	fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
	fs.writeFileSync(
		path.join(dir, 'package-lock.json'),
		`${JSON.stringify(packageLock, null, 2)}\n`,
	);
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { sqlite3Lock };
