'use strict';
// Writes the lock of sqlite3 alone, cut from an n8n install's lock: sqlite3 and every package it
// depends on, at the same versions and with the same integrity hashes (scripts/lock-part.js).
// scripts/n8n/install.sh installs it (`npm ci`) into a folder of its own and compiles sqlite3 there
// while n8n's packages download, instead of after them.
//   node scripts/n8n/sqlite3-lock.js <n8n's package-lock.json> <dir>
const fs = require('node:fs');
const { lockPart, writeLockPart } = require('../lock-part');

/** The lock (package.json and package-lock.json contents) of sqlite3 and what it depends on. */
function sqlite3Lock(lock) {
	return lockPart(lock, ['sqlite3'], 'sqlite3-build');
}

function main([lockFile, dir]) {
	if (!lockFile || !dir) {
		console.error('usage: node scripts/n8n/sqlite3-lock.js <package-lock.json> <dir>');
		process.exit(2);
	}
	writeLockPart(dir, sqlite3Lock(JSON.parse(fs.readFileSync(lockFile, 'utf8'))));
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { sqlite3Lock };
