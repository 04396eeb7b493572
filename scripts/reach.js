'use strict';
// `node scripts/reach.js [--check] [--list]`: how much code a reader opens to follow each operation
// of the action node, Custom API Call and the triggers' webhook() and poll(): the files (and their
// lines) reached from the operation's file through relative imports, itself included. Type-only
// imports count too: a reader opens them. nodes/shared/documentReader/ counts as one module (its
// README states its contract), its lines all counted. Imports of packages (n8n-workflow,
// node:crypto) are not followed.
//   --check   exits 1 when a reach is over its target (TARGETS)
//   --list    prints the files each reach opens
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..');

/** Folders counted as one module each, relative to the root. */
const MODULES = ['nodes/shared/documentReader'];

/** The reaches with a target: the most files, or lines, each may open. */
const TARGETS = [
	{ file: 'nodes/FaxPlus/fax/send/operation.ts', maxFiles: 40, maxLines: 7558 },
	{ file: 'nodes/FaxPlus/fax/get.operation.ts', maxFiles: 16, maxLines: 1999 },
	{ file: 'nodes/FaxPlusTrigger/webhook.ts', maxFiles: 12 },
];

const ACTION_NODE = 'nodes/FaxPlus';
const NOT_RESOURCES = new Set(['shared', 'methods', 'customApiCall']);

/** "contactGroup" → "Contact Group"; "ai" → "AI". */
const words = (name) =>
	name === 'ai'
		? 'AI'
		: name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/^./, (first) => first.toUpperCase());

/** An operation's name as its picker entry (`option`) says it, else its file's. */
function optionName(file, fallback) {
	const match = /export const option = \{\s*name: '([^']+)'/.exec(fs.readFileSync(file, 'utf8'));
	return match ? match[1] : fallback;
}

/**
 * Every path measured, in the editor's order of resources and names: each operation of the action
 * node (`<resource>/<op>.operation.ts`, or `<resource>/<op>/operation.ts`), Custom API Call, and
 * the triggers' webhook() and poll().
 */
function entries(root = ROOT) {
	const node = path.join(root, ACTION_NODE);
	const found = [];
	for (const resource of fs.readdirSync(node, { withFileTypes: true })) {
		if (!resource.isDirectory() || NOT_RESOURCES.has(resource.name)) continue;
		const folder = path.join(node, resource.name);
		for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
			const file = entry.isDirectory()
				? path.join(folder, entry.name, 'operation.ts')
				: entry.name.endsWith('.operation.ts')
					? path.join(folder, entry.name)
					: undefined;
			if (!file || !fs.existsSync(file)) continue;
			const op = entry.isDirectory() ? entry.name : entry.name.replace(/\.operation\.ts$/, '');
			found.push({
				name: `${words(resource.name)} → ${optionName(file, words(op))}`,
				file: path.relative(root, file).split(path.sep).join('/'),
			});
		}
	}
	found.sort((a, b) => (a.name < b.name ? -1 : 1));
	return [
		...found,
		{ name: 'Custom API Call', file: `${ACTION_NODE}/customApiCall/customApiCall.operation.ts` },
		{ name: 'Trigger webhook()', file: 'nodes/FaxPlusTrigger/webhook.ts' },
		{ name: 'Poll trigger poll()', file: 'nodes/FaxPlusPollTrigger/poll.ts' },
	].filter((entry) => fs.existsSync(path.join(root, entry.file)));
}

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
	const all = entries();
	const width = Math.max(...all.map((entry) => entry.name.length));
	console.log(`  ${'path'.padEnd(width)}  files   lines`);
	let over = 0;
	for (const { name, file } of all) {
		const result = reach(file);
		const target = TARGETS.find((t) => t.file === file);
		const overFiles = target?.maxFiles !== undefined && result.files > target.maxFiles;
		const overLines = target?.maxLines !== undefined && result.lines > target.maxLines;
		if (overFiles || overLines) over += 1;
		const goal = target
			? `   (target ≤ ${[
					target.maxFiles !== undefined && `${target.maxFiles} files`,
					target.maxLines !== undefined && `${target.maxLines.toLocaleString('en-US')} lines`,
				]
					.filter(Boolean)
					.join(', ')}${overFiles || overLines ? ', over' : ''})`
			: '';
		console.log(
			`  ${name.padEnd(width)}  ${String(result.files).padStart(5)}  ${result.lines.toLocaleString('en-US').padStart(6)}${goal}`,
		);
		if (listFiles)
			for (const opened of result.opened)
				console.log(`      ${String(opened.lines).padStart(5)}  ${opened.name}`);
		for (const line of result.unresolved) console.log(`      unresolved import: ${line}`);
	}
	for (const target of TARGETS.filter((t) => !all.some((entry) => entry.file === t.file))) {
		console.log(`  ${target.file}: not found`);
		over += 1;
	}
	if (check && over) {
		console.log(`reach: ${over} over target`);
		process.exitCode = 1;
	}
}

if (require.main === module) main(process.argv.slice(2));

module.exports = { reach, entries };
