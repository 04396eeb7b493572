'use strict';
// `npm run lint` (and the lint stage of `npm test`): five checks, each run even when one fails.
//   1. `n8n-node lint`: n8n's own ESLint config (eslint.config.mjs), in strict mode (package.json's
//      `n8n.strict`), which refuses any other config.
//   2. eslint.nodes-base.config.mjs: eslint-plugin-n8n-nodes-base's rules on nodes, credentials and
//      package.json, including the two that n8n's config turns off.
//   3. `n8n-node cloud-support`: the package must be reported eligible for n8n Cloud.
//   4. Prettier (the starter's settings, .prettierrc.js) over the whole repository.
//   5. scripts/check-links.js: the documents' relative links and #anchors resolve.
//   --fix   passes --fix to both ESLint runs and lets Prettier write
//   --cache (npm run check) ESLint and Prettier look again only at files that changed since their last
//           run (their caches in .cache/check/); check 1 then runs `eslint .` with n8n's config itself,
//           as `n8n-node lint` does, whose own check that the config is n8n's is check 3's.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const fix = process.argv.includes('--fix');
const cache = process.argv.includes('--cache');
/** ESLint's or Prettier's cache arguments under --cache. */
const cached = (name) =>
	cache ? ['--cache', '--cache-location', path.join(ROOT, '.cache/check', name)] : [];
const eslintCache = (name) => (cache ? [...cached(name), '--cache-strategy', 'content'] : []);
const failed = [];

function run(label, command, args) {
	console.log(`--- ${label}: ${[command, ...args].join(' ')}`);
	const result = spawnSync(command, args, {
		cwd: ROOT,
		encoding: 'utf8',
		env: { ...process.env, FORCE_COLOR: '0' },
		// node_modules/.bin's commands are .cmd files on Windows, which only a shell runs.
		shell: process.platform === 'win32',
	});
	process.stdout.write(result.stdout ?? '');
	process.stderr.write(result.stderr ?? '');
	if (result.status !== 0) failed.push(label);
	return result;
}

if (cache)
	run("eslint with n8n's config", 'eslint', [
		'.',
		...eslintCache('eslint-n8n'),
		...(fix ? ['--fix'] : []),
	]);
else run('n8n-node lint (strict)', 'n8n-node', ['lint', ...(fix ? ['--fix'] : [])]);
run('eslint-plugin-n8n-nodes-base', 'eslint', [
	'-c',
	'eslint.nodes-base.config.mjs',
	'nodes',
	'credentials',
	'package.json',
	...eslintCache('eslint-nodes-base'),
	...(fix ? ['--fix'] : []),
]);
run('prettier', 'prettier', [
	fix ? '--write' : '--check',
	'--log-level=warn',
	...cached('prettier'),
	'.',
]);
run('links', 'node', ['scripts/check-links.js']);
const cloud = run('n8n-node cloud-support', 'n8n-node', ['cloud-support']);
// The command exits 0 either way; its status line says which.
const ansiColour = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const plain = `${cloud.stdout}${cloud.stderr}`.replace(ansiColour, '');
if (!/Status: eligible for n8n Cloud/.test(plain) && !failed.includes('n8n-node cloud-support')) {
	console.log('n8n-node cloud-support does not report the package eligible');
	failed.push('n8n-node cloud-support');
}

console.log(
	failed.length
		? `lint: failed: ${failed.join(', ')}`
		: `lint: ${cache ? "eslint with n8n's config" : 'n8n-node lint'}, eslint-plugin-n8n-nodes-base, Prettier, links and cloud-support clean`,
);
process.exit(failed.length ? 1 : 0);
