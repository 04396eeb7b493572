'use strict';
// `npm run test:version -- <n8n version>`: installs that n8n and runs the package's core paths on
// it, as the test suite does on the oldest supported 2.x (scripts/test-plan.js: CORE_E2E_FILES):
// the package loads, n8n's credential test of a PAT, a Send from a binary file and from an allowed
// and a refused document URL, the webhook trigger's lifecycle with a repeat and a forgery, and the
// polling trigger's polls. n8n comes from its committed lock (scripts/n8n/locks/<version>/); a
// version with none is resolved once into ~/.cache/n8n-nodes-faxplus/locks/<version>/ and
// installed from that lock (commit it with `bash scripts/n8n/install.sh --lock <version>`).
//   npm run test:version -- 2.20.12
//   E2E_ONLY=trigger npm run test:version -- 1.100.1     (some of the core files only)
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { CORE_E2E_FILES } = require('./test-plan.js');

const ROOT = path.resolve(__dirname, '..');
const version = process.argv[2];
if (!/^\d+\.\d+\.\d+$/.test(version ?? '')) {
	console.error('Usage: npm run test:version -- <n8n version, e.g. 2.20.12>');
	process.exit(2);
}

const env = { ...process.env, N8N_VERSION: version, E2E_BROWSER: '0' };
env.E2E_ONLY ||= CORE_E2E_FILES.join(',');
if (!fs.existsSync(path.join(ROOT, 'scripts/n8n/locks', version, 'package-lock.json'))) {
	const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	env.N8N_LOCK_DIR = path.join(cache, 'n8n-nodes-faxplus/locks', version);
	if (!fs.existsSync(path.join(env.N8N_LOCK_DIR, 'package-lock.json'))) {
		const lock = spawnSync(
			'bash',
			['scripts/n8n/install.sh', '--lock', version, env.N8N_LOCK_DIR],
			{
				cwd: ROOT,
				stdio: 'inherit',
			},
		);
		if (lock.status !== 0) process.exit(lock.status ?? 1);
	}
}
const run = spawnSync(process.execPath, ['test/n8n/e2e/run.js'], {
	cwd: ROOT,
	env,
	stdio: 'inherit',
});
process.exit(run.status ?? 1);
