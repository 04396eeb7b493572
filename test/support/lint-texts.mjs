// Lints source texts with `npm run lint`'s second pass (eslint.nodes-base.config.mjs), each under
// the file name it is given: stdin is [{ filePath, code }], stdout each file's messages. Run as a
// child process: the community rules are an ES module, which jest's module loader does not run, and
// eslint-plugin-n8n-nodes-base reads NODE_ENV once loaded (under "test" it takes every file for any kind).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const files = JSON.parse(readFileSync(0, 'utf8'));
const eslint = new ESLint({
	cwd: ROOT,
	overrideConfigFile: join(ROOT, 'eslint.nodes-base.config.mjs'),
	// No type information: none of these rules reads it, and a TypeScript program would cost seconds.
	overrideConfig: { languageOptions: { parserOptions: { project: null } } },
});
const results = [];
for (const { filePath, code } of files) {
	const [result] = await eslint.lintText(code, { filePath: join(ROOT, filePath) });
	results.push({
		filePath,
		messages: result.messages.map(({ ruleId, message, line }) => ({ ruleId, message, line })),
	});
}
process.stdout.write(JSON.stringify(results));
