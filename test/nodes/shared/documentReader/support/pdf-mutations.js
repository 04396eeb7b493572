'use strict';
// The fuzzer's mutations (fuzz.js): each takes a PDF's text (latin1) and answers a new text, or
// undefined where it does not fit the document. They know the structure: an edit in place moves
// every classic table entry, `startxref`, `/Prev` and `/XRefStm` past it by as much, so the file
// stays sound unless the mutation means to damage it; new structure comes as an incremental update
// (a classic table or a cross-reference stream, /Prev to the last section) or as bytes no table
// names.
//
// The kinds: trailers (dropped, doubled, another /Root, without /Root, /Size, /Prev, /XRefStm,
// /Encrypt), table entries (offsets moved, past the end used and unused, n↔f, generations), object
// headers' and references' generations, /Count and /Kids, every key and type written with `#xx`
// escapes (alone, and shadowing a plain key of the same name), linearization dictionaries (/N, /L
// equal and not equal to the file's length), object streams (/N, /First, a number listed twice, an
// index out of range), `startxref` moved or far from the end (past 1,024 bytes and past 24 KB),
// definitions no table names, `/Type` given by reference, incremental updates, and bytes cut, doubled
// or changed.
const { deflateSync, inflateSync } = require('node:zlib');

const MEDIA_BOX = '/MediaBox [0 0 612 792]';

/** Every match of `pattern` in `text`, as [index, match]. */
function matches(text, pattern) {
	return [...text.matchAll(pattern)].map((match) => [match.index, match]);
}

/**
 * `text` with `removed` characters at `at` replaced by `insert`, every offset past `at` that a
 * classic table entry, a `startxref`, a `/Prev` or an `/XRefStm` states moved by the difference (a
 * cross-reference stream's binary offsets stay: such a file is damaged by an edit in place).
 */
function edit(text, at, removed, insert) {
	return editAll(text, [[at, removed, insert]]);
}

/** `edit` for many ranges at once (none overlapping), the offsets moved in one pass. */
function editAll(text, edits) {
	const sorted = [...edits].sort((a, b) => a[0] - b[0]);
	const starts = sorted.map(([at]) => at);
	const before = [0];
	for (const [, removed, insert] of sorted) before.push(before.at(-1) + insert.length - removed);
	if (before.every((delta) => delta === 0))
		return sorted.reduceRight(
			(out, [at, removed, insert]) => out.slice(0, at) + insert + out.slice(at + removed),
			text,
		);
	// An offset moves by every edit that starts before it.
	const move = (value) => {
		let low = 0;
		let high = starts.length;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (starts[middle] < value) low = middle + 1;
			else high = middle;
		}
		return value + before[low];
	};
	const shift = (part) =>
		part
			.replace(
				/(?<![\d.])(\d{10})( \d{5} n)/g,
				(whole, offset, rest) => `${String(move(Number(offset))).padStart(10, '0')}${rest}`,
			)
			.replace(
				/(startxref\s+|\/Prev\s+|\/XRefStm\s+)(\d+)/g,
				(whole, key, value) => `${key}${move(Number(value))}`,
			);
	const parts = [];
	let from = 0;
	for (const [at, removed, insert] of sorted) {
		parts.push(shift(text.slice(from, at)), insert);
		from = at + removed;
	}
	parts.push(shift(text.slice(from)));
	return parts.join('');
}

/** Replaces one match of `pattern` (chosen by `random`) through `replace`; undefined where none. */
function replaceOne(random, text, pattern, replace) {
	const found = matches(text, pattern);
	if (found.length === 0) return undefined;
	const [at, match] = random.pick(found);
	return edit(text, at, match[0].length, replace(match));
}

/** The text of every Flate stream decoded, after `text`: where object streams keep the structure. */
function searchable(text) {
	const decoded = [text];
	for (const [at, match] of matches(text, /\/FlateDecode[^]{0,300}?>>\s*stream\r?\n/g)) {
		const start = at + match[0].length;
		const end = text.indexOf('endstream', start);
		if (end < 0) continue;
		try {
			decoded.push(inflateSync(Buffer.from(text.slice(start, end), 'latin1')).toString('latin1'));
		} catch {
			// not Flate data, or cut: nothing to search
		}
	}
	return decoded.join('\n');
}

/** What an update needs: the catalog's number, the page tree root's, a page's, the first unused number, the last section. */
function structure(text) {
	const all = searchable(text);
	const root = [...text.matchAll(/\/Root\s+(\d+)\s+(\d+)\s+R/g)].at(-1);
	const pages = /\/Pages\s+(\d+)\s+\d+\s+R/.exec(all);
	const page = /(\d+)\s+0\s+obj\s*<<(?:(?!endobj)[^])*?\/Type\s*\/Page\b(?!s)/.exec(all);
	let size = 1;
	for (const [, m] of matches(all, /(?<![\d.])(\d{1,7})\s+\d{1,5}\s+obj\b/g))
		size = Math.max(size, Number(m[1]) + 1);
	for (const [, m] of matches(all, /\/Size\s+(\d{1,7})\b/g)) size = Math.max(size, Number(m[1]));
	// An object stream's numbers: its table's pairs are not headers.
	for (const [, m] of matches(all, /\/N\s+(\d{1,6})\b/g)) size = Math.max(size, Number(m[1]));
	const last = [...text.matchAll(/startxref\s+(\d+)/g)].at(-1);
	return {
		root: root && Number(root[1]),
		pagesRoot: pages && Number(pages[1]),
		page: page && Number(page[1]),
		size: size + 64,
		last: last && Number(last[1]),
	};
}

/** `text`, a name with some of its letters written `#xx` (each letter at least once where `all`). */
function escapeName(random, name, all = false) {
	let out = '';
	let escaped = false;
	for (let at = 0; at < name.length; at++) {
		const write = all || random.next() < 0.4 || (!escaped && at === name.length - 1);
		if (!write) {
			out += name[at];
			continue;
		}
		escaped = true;
		const hex = name.charCodeAt(at).toString(16);
		out += `#${random.next() < 0.5 ? hex : hex.toUpperCase()}`;
	}
	return out;
}

/** The names whose meaning decides a count: keys and types. */
const NAMES = [
	'Type',
	'Pages',
	'Page',
	'Kids',
	'Count',
	'Root',
	'Catalog',
	'Size',
	'Prev',
	'XRefStm',
	'XRef',
	'ObjStm',
	'N',
	'First',
	'Linearized',
	'L',
	'Parent',
	'Encrypt',
	'Length',
	'Filter',
	'FlateDecode',
	'Index',
	'W',
];

/**
 * A page tree of `pages` leaves rewriting the document's page tree root (same number): the root's
 * new body and the leaves, numbered from `first`. `type`: how the types are written (direct, the
 * leaves' by reference, the root's by reference, leaves without one); `root`: extra entries.
 */
function bigTree(s, pages, { type = 'direct', rootExtra = '', kids } = {}) {
	const objects = [];
	let next = s.size;
	const typeOf = (name) => {
		const number = next++;
		objects.push([number, `/${name}`]);
		return `${number} 0 R`;
	};
	const leafType =
		type === 'leaf by reference' ? typeOf('Page') : type === 'leaf without' ? undefined : '/Page';
	const rootType = type === 'root by reference' ? typeOf('Pages') : '/Pages';
	const leaves = [];
	for (let at = 0; at < pages; at++) {
		const number = next++;
		leaves.push(number);
		objects.push([
			number,
			`<< ${leafType ? `/Type ${leafType} ` : ''}/Parent ${s.pagesRoot} 0 R ${MEDIA_BOX} >>`,
		]);
	}
	const list = (kids ?? leaves).map((n) => `${n} 0 R`).join(' ');
	const root = `<< /Type ${rootType} /Kids [${list}] /Count ${kids?.length ?? pages}${rootExtra} >>`;
	return { root, objects, leaves, next };
}

/** A table entry: ten digits of offset, five of generation, its type, a two-byte line end. */
const entry = (offset, type = 'n', generation = 0) =>
	`${String(offset).padStart(10, '0')} ${String(generation).padStart(5, '0')} ${type} \n`;

/**
 * An incremental update with a classic table: `objects` (number, body), `entries` added as given
 * (number, offset), a trailer naming `/Root` unless `root` is false, /Prev the last section.
 */
function tableUpdate(text, objects, { root = true, trailer = '', entries = [], catalog } = {}) {
	const s = structure(text);
	let out = `${text}\n`;
	const rows = [...entries];
	for (const [number, body] of objects) {
		rows.push([number, out.length]);
		out += `${number} 0 obj\n${body}\nendobj\n`;
	}
	rows.sort(([a], [b]) => a - b);
	const at = out.length;
	const size = Math.max(s.size, ...rows.map(([n]) => n + 1));
	const names = catalog ?? s.root;
	out += `xref\n${rows.map(([n, o]) => `${n} 1\n${entry(o)}`).join('')}`;
	out += `trailer\n<< /Size ${size}${root && names !== undefined ? ` /Root ${names} 0 R` : ''}${s.last !== undefined ? ` /Prev ${s.last}` : ''}${trailer} >>\nstartxref\n${at}\n%%EOF\n`;
	return out;
}

/**
 * An incremental update with a cross-reference stream: `objects` written plainly, `packed` (number,
 * body) in one object stream whose table lists them in that order (a number may come twice),
 * `indexOf(number, listed)` the index the cross-reference gives each packed number (listed: its
 * indexes in the table), `entries` extra rows [number, type, second, third].
 */
function streamUpdate(text, objects, packed = [], { indexOf, root = true, entries = [] } = {}) {
	const s = structure(text);
	let out = `${text}\n`;
	const rows = entries.map((row) => [...row]);
	const taken = new Set();
	for (const [number, body] of objects) {
		rows.push([number, 1, out.length, 0]);
		taken.add(number);
		out += `${number} 0 obj\n${body}\nendobj\n`;
	}
	let number = Math.max(s.size, ...objects.map(([n]) => n + 1), ...packed.map(([n]) => n + 1));
	if (packed.length > 0) {
		const stream = number++;
		const bodies = packed.map(([, body]) => `${body}\n`);
		let offset = 0;
		const table = packed
			.map(([n], at) => {
				const pair = `${n} ${offset}`;
				offset += bodies[at].length;
				return pair;
			})
			.join(' ');
		const data = deflateSync(Buffer.from(`${table}\n${bodies.join('')}`, 'latin1'));
		rows.push([stream, 1, out.length, 0]);
		out += `${stream} 0 obj\n<< /Type /ObjStm /N ${packed.length} /First ${table.length + 1} /Filter /FlateDecode /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream\nendobj\n`;
		const listed = new Map();
		packed.forEach(([n], at) => listed.set(n, [...(listed.get(n) ?? []), at]));
		for (const [n, indexes] of listed)
			if (!taken.has(n)) rows.push([n, 2, stream, indexOf ? indexOf(n, indexes) : indexes[0]]);
	}
	const xref = number++;
	const at = out.length;
	rows.push([xref, 1, at, 0]);
	rows.sort(([a], [b]) => a - b);
	const index = [];
	const unique = [];
	for (const row of rows) {
		if (unique.length > 0 && unique.at(-1)[0] === row[0]) continue; // one row a number
		unique.push(row);
		if (index.length > 0 && index.at(-2) + index.at(-1) === row[0]) index[index.length - 1]++;
		else index.push(row[0], 1);
	}
	const data = Buffer.alloc(unique.length * 8);
	unique.forEach(([, type, second, third], row) => {
		data.writeUInt8(type, row * 8);
		data.writeUIntBE(Math.min(second, 2 ** 40 - 1), row * 8 + 1, 5);
		data.writeUInt16BE(Math.min(third, 65535), row * 8 + 6);
	});
	const packedData = deflateSync(data);
	out += `${xref} 0 obj\n<< /Type /XRef /Size ${xref + 1}${root && s.root !== undefined ? ` /Root ${s.root} 0 R` : ''}${s.last !== undefined ? ` /Prev ${s.last}` : ''} /W [1 5 2] /Index [${index.join(' ')}] /Filter /FlateDecode /Length ${packedData.length} >>\nstream\n${packedData.toString('latin1')}\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`;
	return out;
}

/** `objects` written where no table names them: just before the last `startxref`. */
function hidden(text, objects) {
	const at = text.lastIndexOf('startxref');
	if (at < 0) return undefined;
	const bodies = objects.map(([n, body]) => `${n} 0 obj\n${body}\nendobj\n`).join('');
	return `${text.slice(0, at)}${bodies}${text.slice(at)}`;
}

/** `text` with its linearization dictionary's `/L` made the file's length (leading zeros keep the width found). */
function lengthFixed(text) {
	let out = text;
	for (let step = 0; step < 4; step++) {
		const found = /(\/Linearized[^>]*?\/L\s+)(\d+)/.exec(out);
		if (!found) return out;
		const width = found[2].length;
		const wanted = String(out.length).padStart(width, '0');
		if (found[2] === wanted) return out;
		out = edit(out, found.index + found[1].length, width, wanted);
	}
	return out;
}

/** The mutations by name: each (text) → text or undefined. */
function mutations(random, collide) {
	const anyNumber = () =>
		random.pick([0, 1, 2, -1, 3, 7, 100, 65535, 99999, 2 ** 31, 1e10, random.pick(collide)]);
	const manyPages = () => random.pick([2, 30, 50, 300]);
	const refOf = (text) =>
		random.pick(matches(text, /(\d+)\s+(\d+)\s+R\b/g).map(([, m]) => m[1])) ?? '1';
	/** An update (table or stream form, as `random` picks) whose objects rewrite the page tree to `pages` pages. */
	const treeUpdate = (text, options = {}) => {
		const s = structure(text);
		if (s.pagesRoot === undefined) return undefined;
		const tree = bigTree(s, options.pages ?? manyPages(), options);
		const objects = [[s.pagesRoot, tree.root], ...tree.objects];
		return random.next() < 0.5
			? tableUpdate(text, objects, options)
			: streamUpdate(text, objects, [], options);
	};
	/** Padding of `bytes` after the end: comment lines, white space or binary bytes. */
	const padding = (bytes) => {
		const kind = random.below(3);
		if (kind === 0) return `${'%'.padEnd(79, 'x')}\n`.repeat(Math.ceil(bytes / 80)).slice(0, bytes);
		if (kind === 1) return ' \n'.repeat(Math.ceil(bytes / 2)).slice(0, bytes);
		let out = '';
		for (let at = 0; at < bytes; at++) out += String.fromCharCode(random.below(256));
		return out;
	};
	return {
		'trailer dropped': (t) =>
			replaceOne(random, t, /trailer\s*<<[^]*?>>\s*(?=startxref)/g, () => ''),
		'trailer doubled, another /Root': (t) =>
			replaceOne(
				random,
				t,
				/trailer\s*<<([^]*?)>>/g,
				(m) =>
					`trailer\n<<${m[1].replace(/\/Root\s+\d+\s+\d+\s+R/, `/Root ${refOf(t)} 0 R`)}>>\n${m[0]}`,
			),
		'trailer /Size': (t) => replaceOne(random, t, /\/Size\s+\d+/g, () => `/Size ${anyNumber()}`),
		'trailer /Prev': (t) =>
			replaceOne(
				random,
				t,
				/(\/Root\s+\d+\s+\d+\s+R)/g,
				(m) => `${m[1]} /Prev ${random.below(t.length)}`,
			),
		'/Prev moved': (t) =>
			replaceOne(random, t, /\/Prev\s+\d+/g, () => `/Prev ${random.below(t.length)}`),
		'/XRefStm': (t) =>
			replaceOne(
				random,
				t,
				/(\/Root\s+\d+\s+\d+\s+R)/g,
				(m) => `${m[1]} /XRefStm ${random.below(t.length)}`,
			),
		'/Encrypt added': (t) =>
			replaceOne(random, t, /(\/Root\s+\d+\s+\d+\s+R)/g, (m) =>
				random.next() < 0.5
					? `${m[1]} /Encrypt << /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'00'.repeat(32)}> /P -4 >>`
					: `${m[1]} /Encrypt ${refOf(t)} 0 R`,
			),
		// Trailers without /Root: the newest one's removed, or an update rewriting the tree (or naming a new catalog) whose trailer names none.
		'newest trailer without /Root': (t) => {
			const last = [...t.matchAll(/\/Root\s+\d+\s+\d+\s+R/g)].at(-1);
			return last && edit(t, last.index, last[0].length, '');
		},
		'update without /Root, tree rewritten': (t) => treeUpdate(t, { root: false }),
		'update without /Root, a new catalog': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined) return undefined;
			const tree = bigTree(s, manyPages());
			const catalog = tree.next;
			return tableUpdate(
				t,
				[
					[catalog, `<< /Type /Catalog /Pages ${s.pagesRoot} 0 R >>`],
					[s.pagesRoot, tree.root],
					...tree.objects,
				],
				{ root: random.next() < 0.5, catalog },
			);
		},
		'table entry moved': (t) =>
			replaceOne(
				random,
				t,
				/(\d{10}) (\d{5}) n/g,
				(m) =>
					`${String(Math.max(0, Number(m[1]) + random.below(41) - 20)).padStart(10, '0')} ${m[2]} n`,
			),
		// In-use entries past the end of the file: one the document uses, or one for a number nothing uses.
		'entry past the end, used': (t) =>
			replaceOne(
				random,
				t,
				/(\d{10}) (\d{5}) n/g,
				(m) => `${String(t.length + random.pick([0, 1, 100, 1e6])).padStart(10, '0')} ${m[2]} n`,
			),
		'entry past the end, unused': (t) => {
			const s = structure(t);
			const past = t.length + 1000 + random.below(1e6);
			return random.next() < 0.5
				? tableUpdate(t, [], { entries: [[s.size + 50, past]] })
				: streamUpdate(t, [], [], { entries: [[s.size + 50, 1, past, 0]] });
		},
		'table entry n↔f': (t) =>
			replaceOne(random, t, /(\d{10} \d{5}) ([nf])/g, (m) => `${m[1]} ${m[2] === 'n' ? 'f' : 'n'}`),
		'table entry generation': (t) =>
			replaceOne(
				random,
				t,
				/(\d{10}) (\d{5}) ([nf])/g,
				(m) => `${m[1]} ${String(random.pick([0, 1, 2, 65535])).padStart(5, '0')} ${m[3]}`,
			),
		'header generation': (t) =>
			replaceOne(
				random,
				t,
				/(?<=[\r\n])(\d+) (\d+) obj/g,
				(m) => `${m[1]} ${random.pick([0, 1, 2, 65535])} obj`,
			),
		'reference generation': (t) =>
			replaceOne(random, t, /(\d+) (\d+) R\b/g, (m) => `${m[1]} ${random.pick([0, 1, 2])} R`),
		'/Count': (t) =>
			replaceOne(
				random,
				t,
				/\/Count\s+(-?\d+)/g,
				() =>
					`/Count ${random.pick(['0', '-1', '1', '-0', '2', '9999999999', '1.5', `${anyNumber()}`])}`,
			),
		'/Count removed': (t) => replaceOne(random, t, /\/Count\s+-?\d+/g, () => ''),
		'/Count indirect': (t) =>
			replaceOne(random, t, /\/Count\s+-?\d+/g, () => `/Count ${refOf(t)} 0 R`),
		'/Kids kid doubled': (t) =>
			replaceOne(random, t, /\/Kids\s*\[\s*(\d+\s+\d+\s+R)/g, (m) => `/Kids [${m[1]} ${m[1]}`),
		'/Kids kid dropped': (t) =>
			replaceOne(random, t, /\/Kids\s*\[\s*\d+\s+\d+\s+R/g, () => '/Kids ['),
		'/Kids looped': (t) => replaceOne(random, t, /\/Kids\s*\[/g, () => `/Kids [${refOf(t)} 0 R `),
		'/Kids dangling': (t) =>
			replaceOne(random, t, /\/Kids\s*\[/g, () => `/Kids [${anyNumber()} 0 R `),
		'/Type /Page ↔ /Pages': (t) =>
			replaceOne(random, t, /\/Type\s*\/Pages?\b/g, (m) =>
				m[0].endsWith('Pages') ? '/Type /Page' : '/Type /Pages',
			),
		// Names written with #xx escapes: one, every one, and an escaped key beside a plain one of the same name.
		'a name escaped': (t) => {
			const name = random.pick(NAMES);
			return replaceOne(
				random,
				t,
				new RegExp(`/${name}(?![A-Za-z#])`, 'g'),
				() => `/${escapeName(random, name)}`,
			);
		},
		'every name escaped': (t) => {
			const chosen = NAMES.filter(() => random.next() < 0.7);
			if (chosen.length === 0) return undefined;
			const pattern = new RegExp(`/(${chosen.join('|')})(?![A-Za-z#])`, 'g');
			const edits = matches(t, pattern).map(([at, m]) => [
				at,
				m[0].length,
				`/${escapeName(random, m[1])}`,
			]);
			return edits.length === 0 ? undefined : editAll(t, edits);
		},
		'an escaped key shadows a plain one': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined) return undefined;
			const pages = manyPages();
			const tree = bigTree(s, pages);
			const plain = `/Kids [${tree.leaves[0]} 0 R] /Count 1`;
			const escaped = `/${escapeName(random, 'Kids')} [${tree.leaves.map((n) => `${n} 0 R`).join(' ')}] /${escapeName(random, 'Count')} ${pages}`;
			const [first, second] = random.next() < 0.5 ? [plain, escaped] : [escaped, plain];
			const typeKey = random.next() < 0.5 ? 'Type' : escapeName(random, 'Type');
			const root = `<< /${typeKey} /${random.next() < 0.7 ? 'Pages' : escapeName(random, 'Pages')} ${first} ${second} >>`;
			const objects = [[s.pagesRoot, root], ...tree.objects];
			return random.next() < 0.5 ? tableUpdate(t, objects) : streamUpdate(t, objects);
		},
		'an escaped /Count shadows a plain one': (t) =>
			replaceOne(random, t, /\/Count\s+(\d+)/g, (m) => {
				const escaped = `/${escapeName(random, 'Count')} ${random.pick([Number(m[1]) + 1, Number(m[1]) * 10, 50])}`;
				return random.next() < 0.5 ? `${m[0]} ${escaped}` : `${escaped} ${m[0]}`;
			}),
		'an escaped /Pages or /Root shadows a plain one': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined || s.page === undefined || s.root === undefined)
				return undefined;
			const tree = bigTree(s, manyPages());
			const bigRoot = tree.next;
			const catalog = tree.next + 1;
			const objects = [
				[bigRoot, tree.root.replace(/\/Parent \d+/g, `/Parent ${bigRoot}`)],
				...tree.objects.map(([n, body]) => [
					n,
					body.replace(/\/Parent \d+ 0 R/, `/Parent ${bigRoot} 0 R`),
				]),
			];
			if (random.next() < 0.5) {
				// The catalog: plain /Pages the old tree, escaped /Pages the new one.
				const pair = [
					`/Pages ${s.pagesRoot} 0 R`,
					`/${escapeName(random, 'Pages')} ${bigRoot} 0 R`,
				];
				if (random.next() < 0.5) pair.reverse();
				objects.push([s.root, `<< /Type /Catalog ${pair.join(' ')} >>`]);
				return tableUpdate(t, objects);
			}
			// The trailer: plain /Root the old catalog, escaped /Root a new one.
			objects.push([catalog, `<< /Type /Catalog /Pages ${bigRoot} 0 R >>`]);
			const escaped = ` /${escapeName(random, 'Root')} ${catalog} 0 R`;
			return tableUpdate(t, objects, { trailer: escaped });
		},
		// Linearization dictionaries: one added at the start, its /N and /L changed, /L the file's length or not.
		'linearization dictionary added': (t) => {
			const header = /^%PDF-\d\.\d[^\n]*\n(%[^\n]*\n)?/.exec(t);
			if (!header || /\/Type\s*\/XRef/.test(t)) return undefined;
			const s = structure(t);
			const pages = random.pick([1, 2, 30, 50, 300]);
			const dict = `${s.size + 90} 0 obj\n<< /Linearized 1 /L 0000000000 /H [1 1] /O 1 /E 1 /N ${pages} /T 1 >>\nendobj\n`;
			const out = edit(t, header[0].length, 0, dict);
			return random.next() < 0.75 ? lengthFixed(out) : out;
		},
		'linearization /N': (t) => {
			const out = replaceOne(
				random,
				t,
				/(\/Linearized[^>]*?\/N\s+)(\d+)/g,
				(m) => `${m[1]}${random.pick([0, 1, 2, 30, 50, Number(m[2]) + 1])}`,
			);
			return out && (random.next() < 0.75 ? lengthFixed(out) : out);
		},
		'linearization /L': (t) =>
			replaceOne(
				random,
				t,
				/(\/Linearized[^>]*?\/L\s+)(\d+)/g,
				(m) =>
					`${m[1]}${String(t.length + random.pick([-1, 1, 1000, -100])).padStart(m[2].length, '0')}`,
			),
		'object stream /N': (t) =>
			replaceOne(
				random,
				t,
				/(\/Type\s*\/ObjStm[^>]*?)\/N\s+\d+/g,
				(m) => `${m[1]}/N ${anyNumber()}`,
			),
		'object stream /First': (t) =>
			replaceOne(random, t, /\/First\s+\d+/g, () => `/First ${random.below(200)}`),
		// Object streams' tables: the tree's root listed twice (one page and many), the cross-reference giving either index or neither.
		'object stream lists a number twice': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined) return undefined;
			const tree = bigTree(s, manyPages());
			const small = `<< /Type /Pages /Kids [${tree.leaves[0]} 0 R] /Count 1 >>`;
			const listing = random.next() < 0.5 ? [small, tree.root] : [tree.root, small];
			const packed = [[s.pagesRoot, listing[0]], ...tree.objects, [s.pagesRoot, listing[1]]];
			const choice = random.below(3);
			return streamUpdate(t, [], packed, {
				indexOf: (n, indexes) =>
					indexes.length < 2 ? indexes[0] : choice < 2 ? indexes[choice] : packed.length + 2,
			});
		},
		'object stream index out of range': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined) return undefined;
			const tree = bigTree(s, manyPages());
			const packed = [...tree.objects, [s.pagesRoot, tree.root]];
			const target = random.next() < 0.5 ? s.pagesRoot : random.pick(tree.leaves);
			const beyond = packed.length + random.pick([0, 1, 1000]);
			return streamUpdate(t, [], packed, {
				indexOf: (n, indexes) => (n === target ? beyond : indexes[0]),
			});
		},
		'startxref removed': (t) => replaceOne(random, t, /startxref\s+\d+/g, () => ''),
		'startxref moved': (t) =>
			replaceOne(
				random,
				t,
				/startxref\s+(\d+)/g,
				(m) => `startxref\n${Math.max(0, Number(m[1]) + random.below(21) - 10)}`,
			),
		// `startxref` moved away from the end: bytes after it past 1,024 (mupdf looks no further) or 24 KB (poppler), maybe a newer tree among them.
		'startxref far from the end': (t) => {
			const bytes = random.pick([1025, 1100, 4096, 24 * 1024 + 1, 25 * 1024, 30_000]);
			const s = structure(t);
			let tail = '';
			if (s.pagesRoot !== undefined && random.next() < 0.6) {
				const tree = bigTree(s, manyPages());
				tail = [[s.pagesRoot, tree.root], ...tree.objects]
					.map(([n, body]) => `${n} 0 obj\n${body}\nendobj\n`)
					.join('');
			}
			return `${t}${random.next() < 0.5 ? tail : ''}${padding(bytes)}${random.next() < 0.5 ? '' : tail}`;
		},
		// Definitions no table names, after the last section: a newer page tree root where readers scan for one.
		'definitions no table names': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined) return undefined;
			const tree = bigTree(s, manyPages());
			return hidden(t, [[s.pagesRoot, tree.root], ...tree.objects]);
		},
		// /Type given by reference: the leaves', the root's; or leaves with none.
		'/Type by reference': (t) =>
			treeUpdate(t, {
				type: random.pick(['leaf by reference', 'root by reference', 'leaf without']),
			}),
		'update: page tree root rewritten': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined || s.page === undefined) return undefined;
			return tableUpdate(t, [
				[s.pagesRoot, `<< /Type /Pages /Kids [${s.page} 0 R] /Count ${random.pick([1, 0, 2])} >>`],
			]);
		},
		'update: a bigger page tree': (t) => treeUpdate(t),
		'update: catalog at a colliding number': (t) => {
			const s = structure(t);
			if (s.pagesRoot === undefined) return undefined;
			const number = random.pick(collide);
			return tableUpdate(t, [[number, `<< /Type /Catalog /Pages ${s.pagesRoot} 0 R >>`]], {
				catalog: number,
			});
		},
		'update: object freed': (t) => {
			const s = structure(t);
			if (s.last === undefined || s.root === undefined) return undefined;
			return `${t}\nxref\n${refOf(t)} 1\n0000000000 00001 f \ntrailer\n<< /Size ${anyNumber()} /Root ${s.root} 0 R /Prev ${s.last} >>\nstartxref\n${t.length + 1}\n%%EOF\n`;
		},
		'bytes cut': (t) => {
			const at = random.below(t.length);
			return t.slice(0, at) + t.slice(at + 1 + random.below(64));
		},
		'bytes doubled': (t) => {
			const at = random.below(t.length);
			const length = 1 + random.below(256);
			return t.slice(0, at + length) + t.slice(at, at + length) + t.slice(at + length);
		},
		'byte changed': (t) => {
			const at = random.below(t.length);
			return t.slice(0, at) + String.fromCharCode(random.below(256)) + t.slice(at + 1);
		},
		truncated: (t) => t.slice(0, random.below(t.length)),
	};
}

module.exports = { mutations, edit, editAll, structure };
