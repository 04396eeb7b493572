'use strict';
// Every relative link of the documents resolves: the file exists, and a #anchor names a heading
// of its target as GitHub slugs it. Run by `npm run lint` (scripts/lint.js), so by `npm test` too.
//   node scripts/check-links.js [files...]   (default: the documents below)
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const DOCUMENTS = [
	'README.md',
	'CONTRIBUTING.md',
	'CHANGELOG.md',
	'test/README.md',
	'test/n8n/README.md',
];

/** The documents checked by default: those above and docs/*.md. */
function defaultDocuments() {
	const docs = fs.existsSync(path.join(ROOT, 'docs'))
		? fs
				.readdirSync(path.join(ROOT, 'docs'))
				.filter((name) => name.endsWith('.md'))
				.map((name) => `docs/${name}`)
		: [];
	return [...DOCUMENTS, ...docs].filter((file) => fs.existsSync(path.join(ROOT, file)));
}

/** The text outside fenced code blocks and inline code, line by line (line numbers kept). */
function proseLines(text) {
	let fenced = false;
	return text.split('\n').map((line) => {
		if (/^\s*(```|~~~)/.test(line)) {
			fenced = !fenced;
			return '';
		}
		return fenced ? '' : line;
	});
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces → '-'. */
function slug(heading) {
	return heading
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** The anchors of a Markdown text's headings, numbered as GitHub numbers repeats (-1, -2, ...). */
function anchorsOf(text) {
	const seen = new Map();
	const anchors = new Set();
	for (const line of proseLines(text)) {
		const match = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!match) continue;
		// The heading's text as rendered: links keep their text, emphasis and code marks go.
		const rendered = match[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
		const base = slug(rendered);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		anchors.add(count === 0 ? base : `${base}-${count}`);
	}
	return anchors;
}

/** Relative link targets of a Markdown text: inline links and images, and reference definitions. */
function linksOf(text) {
	const links = [];
	proseLines(text).forEach((raw, index) => {
		const line = raw.replace(/`[^`]*`/g, (code) => ' '.repeat(code.length));
		for (const match of line.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
			links.push({ target: match[1], line: index + 1 });
		const definition = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(line);
		if (definition) links.push({ target: definition[1], line: index + 1 });
	});
	return links.filter(({ target }) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Problems of one document's links, as "file:line: message". */
function checkDocument(file, cache = new Map()) {
	const read = (absolute) => {
		if (!cache.has(absolute)) cache.set(absolute, fs.readFileSync(absolute, 'utf8'));
		return cache.get(absolute);
	};
	const absolute = path.resolve(ROOT, file);
	const problems = [];
	for (const { target, line } of linksOf(read(absolute))) {
		const [pathPart, anchor] = target.split('#', 2);
		const resolved = pathPart
			? path.resolve(path.dirname(absolute), decodeURIComponent(pathPart))
			: absolute;
		const where = `${path.relative(ROOT, absolute)}:${line}`;
		if (!fs.existsSync(resolved)) {
			problems.push(`${where}: ${target}: no such file`);
			continue;
		}
		if (anchor === undefined || anchor === '') continue;
		if (!resolved.endsWith('.md') || fs.statSync(resolved).isDirectory()) {
			problems.push(`${where}: ${target}: an anchor into a file that is not Markdown`);
			continue;
		}
		if (!anchorsOf(read(resolved)).has(decodeURIComponent(anchor)))
			problems.push(`${where}: ${target}: no heading with that anchor`);
	}
	return problems;
}

function main() {
	const files = process.argv.slice(2).length ? process.argv.slice(2) : defaultDocuments();
	const cache = new Map();
	const problems = files.flatMap((file) => checkDocument(file, cache));
	for (const problem of problems) console.log(problem);
	console.log(
		problems.length
			? `links: ${problems.length} broken in ${files.join(', ')}`
			: `links: every relative link and anchor resolves (${files.join(', ')})`,
	);
	process.exit(problems.length ? 1 : 0);
}

if (require.main === module) main();
module.exports = { anchorsOf, checkDocument, linksOf, slug };
