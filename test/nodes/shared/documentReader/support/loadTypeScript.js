'use strict';
// Loads TypeScript (the reader, the builders) into a plain node script through TypeScript's
// transpiler, for the tools run outside jest (corpus.js, fuzz.js, large.js, budgetBench.js).
const fs = require('node:fs');

/** `require(file)` with `.ts` files transpiled to CommonJS as they load. */
function loadTypeScript(file) {
	const ts = require('typescript');
	if (!require.extensions['.ts'])
		require.extensions['.ts'] = (module, filename) => {
			const { outputText } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), {
				compilerOptions: {
					module: ts.ModuleKind.CommonJS,
					target: ts.ScriptTarget.ES2022,
					esModuleInterop: true,
				},
			});
			module._compile(outputText, filename);
		};
	return require(file);
}

module.exports = { loadTypeScript };
