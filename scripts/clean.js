'use strict';
// `node scripts/clean.js <dir>...`: removes folders, on every platform (the build's first step).
const fs = require('node:fs');

for (const dir of process.argv.slice(2)) fs.rmSync(dir, { recursive: true, force: true });
