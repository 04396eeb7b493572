'use strict';
// `node scripts/reach.js [--check] [--list]`: how much code a reader opens to follow Fax → Send,
// Fax → Get and the webhook trigger's webhook(): the files (and their lines) reached from the
// operation's file through relative imports, itself included. Type-only imports count too: a reader
// opens them. nodes/shared/documentReader/ counts as one module (its README states its contract),
// its lines all counted. Imports of packages (n8n-workflow, node:crypto) are not followed.
//   --check   exits 1 when a reach is over its target (TARGETS)
//   --list    prints the files each reach opens
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');

/** Folders counted as one module each, relative to the root. */
const MODULES = ['nodes/shared/documentReader'];

/**
 * What is measured: the first of `files` that exists (another name may be the same operation's
 * file while the layout moves), and the most files its reach may open.
 */
const TARGETS = [
	{
		name: 'Fax → Send',
		files: [
			'nodes/FaxPlus/fax/send/operation.ts',
			'nodes/FaxPlus/fax/send/send.operation.ts',
			'nodes/FaxPlus/fax/send.operation.ts',
		],
		maxFiles: 30,
	},
	{ name: 'Fax → Get', files: ['nodes/FaxPlus/fax/get.operation.ts'], maxFiles: 15 },
	{
		name: 'Trigger webhook()',
		files: ['nodes/FaxPlusTrigger/webhook.ts', 'nodes/FaxPlusTrigger/delivery.ts'],
		maxFiles: 12,
	},
];

const EXTENSIONS = ['.ts', '.d.ts', '.js', '.json', '/index.ts', '/index.js'];

/** The file a relative import names, or undefined when none of TypeScript's candidates exists. */
function resolveImport(fromFile, specifier) {
	const base = path.resolve(path.dirname(fromFile), specifier);
	const candidates = [base, ...EXTENSIONS.map((ext) => base + ext)];
	// `./x.js` in TypeScript sources names ./x.ts.
	if (/\.js$/.test(base)) candidates.push(base.replace(/\.js$/, '.ts'));
	return candidates.find((file) => fs.existsSync(file) && fs.statSync(file).isFile());
}

/** The relative imports of a file: import and export declarations, import(), require(). */
function relativeImports(file) {
	const text = fs.readFileSync(file, 'utf8');
	if (!/\.(ts|js|mts|cts|mjs|cjs)$/.test(file)) return [];
	const { importedFiles } = ts.preProcessFile(text, true, true);
	return importedFiles.map((i) => i.fileName).filter((name) => name.startsWith('.'));
}

const lineCount = (file) => {
	const text = fs.readFileSync(file, 'utf8');
	return text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
};

/**
 * The reach of `entry` under `root`: every file reached through relative imports, the entry
 * included. A file inside one of `modules` (folders relative to root) stands for its whole module:
 * the module counts as one file, with the lines of all its files, and its files' imports are
 * followed. Answers { files, lines, opened: [{ name, lines }] } sorted by name; an import that
 * resolves to no file is in `unresolved`.
 */
function reach(entry, { root = ROOT, modules = MODULES } = {}) {
	const moduleDirs = modules.map((dir) => path.resolve(root, dir));
	const moduleOf = (file) => moduleDirs.find((dir) => file.startsWith(dir + path.sep));
	const seen = new Set();
	const unresolved = [];
	const opened = new Map();
	const queue = [path.resolve(root, entry)];
	const visit = (file) => {
		if (seen.has(file)) return;
		seen.add(file);
		queue.push(file);
	};
	seen.add(queue[0]);
	while (queue.length) {
		const file = queue.shift();
		const moduleDir = moduleOf(file);
		if (moduleDir && !opened.has(moduleDir)) {
			// The whole module is opened: every file of it is read and followed.
			let lines = 0;
			for (const member of filesUnder(moduleDir)) {
				lines += lineCount(member);
				visit(member);
			}
			opened.set(moduleDir, lines);
		} else if (!moduleDir) opened.set(file, lineCount(file));
		for (const specifier of relativeImports(file)) {
			const target = resolveImport(file, specifier);
			if (target) visit(target);
			else unresolved.push(`${path.relative(root, file)}: ${specifier}`);
		}
	}
	const list = [...opened]
		.map(([file, lines]) => ({
			name:
				path.relative(root, file).split(path.sep).join('/') +
				(moduleDirs.includes(file) ? '/' : ''),
			lines,
		}))
		.sort((a, b) => (a.name < b.name ? -1 : 1));
	return {
		files: list.length,
		lines: list.reduce((sum, f) => sum + f.lines, 0),
		opened: list,
		unresolved,
	};
}

/** The source files of a folder, recursively, sorted. */
function filesUnder(dir) {
	const out = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) out.push(...filesUnder(full));
		else if (/\.(ts|js)$/.test(entry.name)) out.push(full);
	}
	return out.sort();
}

function main(argv) {
	const check = argv.includes('--check');
	const listFiles = argv.includes('--list');
	console.log(
		`Reach through relative imports (type-only imports included; ${MODULES.map((m) => `${m}/`).join(', ')} one module):`,
	);
	let over = 0;
	for (const target of TARGETS) {
		const entry = target.files.find((file) => fs.existsSync(path.join(ROOT, file)));
		if (!entry) {
			console.log(`  ${target.name}: none of ${target.files.join(', ')} exists`);
			over += 1;
			continue;
		}
		const result = reach(entry);
		const ok = result.files <= target.maxFiles;
		if (!ok) over += 1;
		console.log(
			`  ${target.name.padEnd(18)} ${String(result.files).padStart(3)} files, ${result.lines.toLocaleString('en-US').padStart(6)} lines   (target ≤ ${target.maxFiles}${ok ? '' : ', over'})   ${entry}`,
		);
		if (listFiles)
			for (const file of result.opened)
				console.log(`      ${String(file.lines).padStart(5)}  ${file.name}`);
		for (const line of result.unresolved) console.log(`      unresolved import: ${line}`);
	}
	if (check && over) {
		console.log(`reach: ${over} over target`);
		process.exitCode = 1;
	}
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { reach };
