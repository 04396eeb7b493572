'use strict';
// Case 4 (one sample): the time to require the package's built nodes and credentials in a
// fresh process. Run many times by test/n8n/bench/run.js:
//   node test/n8n/bench/cases/load.js <package> <mode>
// mode: cold      nothing loaded before (n8n-workflow is loaded by our files)
//       inN8n     n8n-workflow loaded first, as inside n8n (n8n loads it before any package)
// Prints one JSON line: { requireMs, instantiateMs }.

const path = require('node:path');

const [pkgArg, mode] = process.argv.slice(2);
const pkgDir = path.resolve(pkgArg);
const ns = (t0) => Number(process.hrtime.bigint() - t0);

function files() {
	const pkg = require(path.join(pkgDir, 'package.json'));
	return [...pkg.n8n.credentials, ...pkg.n8n.nodes].map((f) => path.join(pkgDir, f));
}

const targets = files();
if (mode === 'inN8n')
	require(require.resolve('n8n-workflow', { paths: [path.join(pkgDir, 'dist')] }));

const t0 = process.hrtime.bigint();
const modules = targets.map((f) => require(f));
const requireNs = ns(t0);

const t1 = process.hrtime.bigint();
for (const m of modules) {
	for (const value of Object.values(m)) {
		if (typeof value === 'function' && /^class /.test(Function.prototype.toString.call(value))) {
			const instance = new value();
			if (!instance.description && !instance.name)
				throw new Error(`${value.name} has no description`);
		}
	}
}
const instantiateNs = ns(t1);
process.stdout.write(
	`${JSON.stringify({ requireMs: requireNs / 1e6, instantiateMs: instantiateNs / 1e6 })}\n`,
);
