/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The worst pattern of each kind of work the PDF reader charges (pdfBudget.ts), each repeated
// until the read is past its budget: what the budget bench (budgetBench.js) times to give each
// kind's nanoseconds a unit, and what the tests read to show each stays within the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, deflateSync } from 'node:zlib';
import { pageTree, pdfParts } from './pdf-build';
import { indirectLengthStream, tinyStreams } from './pdf-hostile';

/** Bytes a pattern's object may take: the last 2 MB of a document are kept whole by its read. */
const OBJECT_BYTES = 1900 * 1024;

/** A PDF of `objects` (number, body) in their order, with a classic table (one subsection) and trailer. */
export function pdfOf(objects: Array<[number, string | Buffer]>, trailer = ''): Buffer {
	const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
	let size = parts[0].length;
	const offsets: number[] = [];
	for (const [number, body] of objects) {
		const bytes = Buffer.concat([
			Buffer.from(`${number} 0 obj\n`, 'latin1'),
			typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
			Buffer.from('\nendobj\n', 'latin1'),
		]);
		offsets[number] = size;
		parts.push(bytes);
		size += bytes.length;
	}
	const lines = ['0000000000 65535 f \n'];
	for (let number = 1; number < offsets.length; number++) {
		const at = offsets[number];
		lines.push(
			at === undefined ? '0000000000 00000 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`,
		);
	}
	const table = `xref\n0 ${offsets.length}\n${lines.join('')}trailer\n<< /Size ${offsets.length} /Root 1 0 R ${trailer}>>\nstartxref\n${size}\n%%EOF\n`;
	return Buffer.concat([...parts, Buffer.from(table, 'latin1')]);
}

/** `bytes` of 128 values in no order a compressor finds. */
const literals = (bytes: number) =>
	Buffer.from(
		Array.from({ length: bytes }, (_, at) => (Math.imul(at + 1, 2654435761) >>> 25) + 128),
	);
/** `text` repeated to fill `bytes`. */
const fill = (text: string, bytes = OBJECT_BYTES) => text.repeat(Math.floor(bytes / text.length));
const refs = (first: number, count: number) =>
	Array.from({ length: count }, (_, at) => `${first + at} 0 R`).join(' ');
const catalog: [number, string] = [1, '<< /Type /Catalog /Pages 2 0 R >>'];

/** A one-page document whose page tree root holds `/Junk value`, value last in the file. */
function junk(value: string): Buffer {
	return pdfOf([
		catalog,
		[3, '<< /Type /Page >>'],
		[2, `<< /Type /Pages /Count 1 /Kids [3 0 R] /Junk ${value} >>`],
	]);
}

/** A page tree root of `count` references to one page: the review's 166,000 in 1 MB and 333,000 in 2 MB. */
export function kidsOfOnePage(count: number): Buffer {
	return pdfOf([
		catalog,
		[3, '<< /Type /Page >>'],
		[2, `<< /Type /Pages /Count ${count} /Kids [${'3 0 R '.repeat(count)}] >>`],
	]);
}

/** `count` pages, each its own object, under one root: a lookup each. */
function distinctPages(count: number, page = '<< /Type /Page >>'): Array<[number, string]> {
	return [
		catalog,
		...Array.from({ length: count }, (_, at): [number, string] => [3 + at, page]),
		[2, `<< /Type /Pages /Count ${count} /Kids [${refs(3, count)}] >>`],
	];
}

/** Object streams of `count` objects each, every object a page; their cross-reference a stream. */
function objectStreamPages(count: number, predictor: boolean): Buffer {
	const { parts, put, size } = pdfParts('%PDF-1.7\n');
	const pages = Array.from({ length: count }, (_, at) => 4 + at);
	const catalogAt = put(`1 0 obj\n${catalog[1]}\nendobj\n`);
	const rootAt = put(
		`2 0 obj\n<< /Type /Pages /Count ${count} /Kids [${refs(4, count)}] >>\nendobj\n`,
	);
	const body = '<</Type/Page>>';
	const table = pages.map((number, at) => `${number} ${at * body.length}`).join(' ') + '\n';
	const decoded = Buffer.from(table + body.repeat(count), 'latin1');
	const data = deflateSync(decoded, { level: 9 });
	const streamAt = put(
		Buffer.concat([
			Buffer.from(
				`3 0 obj\n<< /Type /ObjStm /N ${count} /First ${table.length} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
				'latin1',
			),
			data,
			Buffer.from('\nendstream\nendobj\n', 'latin1'),
		]),
	);
	const xref = 4 + count;
	const width = 1 + 4 + 4;
	const rows = Buffer.alloc((xref + 1) * width);
	const row = (number: number, type: number, second: number, third: number) => {
		rows[number * width] = type;
		rows.writeUInt32BE(second, number * width + 1);
		rows.writeUInt32BE(third, number * width + 5);
	};
	row(1, 1, catalogAt, 0);
	row(2, 1, rootAt, 0);
	row(3, 1, streamAt, 0);
	pages.forEach((number, at) => row(number, 2, 3, at));
	row(xref, 1, size(), 0);
	// With /Predictor 14 (Paeth), each row's bytes are predicted before they are inflated.
	const predicted = predictor
		? Buffer.concat(
				Array.from({ length: xref + 1 }, (_, at) =>
					Buffer.concat([Buffer.from([4]), rows.subarray(at * width, (at + 1) * width)]),
				),
			)
		: rows;
	const xrefData = deflateSync(predicted);
	const parms = predictor ? `/DecodeParms << /Predictor 14 /Columns ${width} >> ` : '';
	put(
		Buffer.concat([
			Buffer.from(
				`${xref} 0 obj\n<< /Type /XRef /Size ${xref + 1} /Root 1 0 R /W [1 4 4] /Filter /FlateDecode ${parms}/Length ${xrefData.length} >>\nstream\n`,
				'latin1',
			),
			xrefData,
			Buffer.from('\nendstream\nendobj\n', 'latin1'),
		]),
	);
	return Buffer.concat([...parts, Buffer.from(`startxref\n${size()}\n%%EOF\n`, 'latin1')]);
}

/** A table of `count` one-entry subsections (a search through them for each lookup), then pages. */
function subsections(count: number, pages: number): Buffer {
	const pdf = pdfOf(distinctPages(pages));
	const text = pdf.toString('latin1');
	const xref = text.lastIndexOf('xref\n');
	// Free entries for numbers far past the pages: their subsections come first.
	const extra = Array.from(
		{ length: count },
		(_, at) => `${1_000_000 + at} 1\n0000000000 00000 f \n`,
	).join('');
	return Buffer.from(`${text.slice(0, xref)}xref\n${extra}${text.slice(xref + 5)}`, 'latin1');
}

/** A chain of `count` sections, each naming the one before as /Prev, over `pages` pages: each lookup looks through them all. */
function sectionChain(count: number, pages: number): Buffer {
	let pdf = pdfOf(distinctPages(pages));
	const text = pdf.toString('latin1');
	let prev = Number(
		text
			.slice(text.lastIndexOf('startxref') + 10)
			.trim()
			.split('\n')[0],
	);
	const chunks = [pdf];
	let size = pdf.length;
	for (let section = 0; section < count; section++) {
		const update = Buffer.from(
			`xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size ${pages + 3} /Root 1 0 R /Prev ${prev} >>\nstartxref\n${size}\n%%EOF\n`,
			'latin1',
		);
		prev = size;
		chunks.push(update);
		size += update.length;
	}
	pdf = Buffer.concat(chunks);
	return pdf;
}

/** A damaged document (no cross-reference: rebuilt) of three pages, `head` and `body` repeated to `bytes`. */
function damaged(body: string, bytes = 3 * 1024 * 1024, head = ''): Buffer {
	const text = pdfOf(distinctPages(3)).toString('latin1');
	const end = `trailer\n<< /Root 1 0 R >>\n%%EOF\n`;
	return Buffer.from(
		`${text.slice(0, text.lastIndexOf('\nxref\n') + 1)}${head}${fill(body, bytes)}${end}`,
		'latin1',
	);
}

/**
 * The patterns by kind, each a document past the budget by repeating its worst token or lookup. The
 * kinds: numbers, references, names, strings, arrays, dictionaries, streams, Flate data, table
 * entries, a damaged document's rebuild.
 */
export const BUDGET_PATTERNS: Record<string, () => Buffer> = {
	// Numbers: each looks two words ahead for `G R`, so each is read three times.
	numbers: () => junk(`[${fill('1 ')}]`),
	'numbers with points': () => junk(`[${fill('.5 ')}]`),
	'numbers of 15 digits': () => junk(`[${fill('123456789012345 ')}]`),
	'numbers of 16 digits': () => junk(`[${fill('1234567890123456 ')}]`),
	references: () => junk(`[${fill('1 0 R ')}]`),
	'166,000 kids, one page': () => kidsOfOnePage(166_000),
	'333,000 kids, one page': () => kidsOfOnePage(333_000),
	names: () => junk(`[${fill('/a')}]`),
	'dictionary keys': () =>
		junk(`<< ${Array.from({ length: 200_000 }, (_, at) => `/${at.toString(36)} 1`).join(' ')} >>`),
	strings: () => junk(`[${fill('()')}]`),
	'hex strings': () => junk(`[${fill('<>')}]`),
	'escaped strings': () => junk(`[${fill('(\\0)')}]`),
	keywords: () => junk(`[${fill('x ')}]`),
	'stray delimiters': () => junk(`[${fill('{')}]`),
	arrays: () => junk(`[${fill('[]')}]`),
	'nested arrays': () =>
		junk(`[${fill('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]')}]`),
	dictionaries: () => junk(`[${fill('<<>>')}]`),
	// Streams: each page a stream object (its /Length and `endstream` checked), in object streams, a predicted cross-reference stream.
	'stream objects': () =>
		pdfOf(distinctPages(60_000, '<< /Type /Page /Length 0 >>\nstream\n\nendstream')),
	'object stream pages': () => objectStreamPages(100_000, false),
	'predicted cross-reference stream': () => objectStreamPages(100_000, true),
	// Stream data searched for `endstream` (no direct /Length), 150 MB of the letters a search stops at most.
	'endstream searched, 150 MB of e': () => indirectLengthStream(150 * 1024 * 1024, 'e').bytes(),
	'endstream searched, near misses': () =>
		indirectLengthStream(150 * 1024 * 1024, 'endsxream').bytes(),
	'300,000 empty streams': () => tinyStreams(300_000),
	// Flate's costliest data: literals only, of 128 values (7 bits each), in object streams of 100 KB.
	'Huffman-coded literals': () => oneObjectStreams(60, literals(100 * 1024)),
	// Table entries: a lookup each, through a table, its subsections, sections, or a rebuild.
	'table lookups': () => pdfOf(distinctPages(100_000)),
	'table subsections': () => subsections(20_000, 20_000),
	'section chain': () => sectionChain(99, 30_000),
	// A damaged document's rebuild: headers, and pdf.js's scan for them (pdfRebuild.ts, pdfjsHeaders).
	'rebuilt headers': () => damaged('10 0 obj null endobj\n', 80_000 * 21),
	'headers pdf.js alone finds': () => damaged('10 0          obj null endobj\n'),
	'headers on one line': () => damaged('10 0 obj<<>>endobj ', 80_000 * 19),
	'headers in an object': () => damaged('x 10 0 obj ', 2 * 1024 * 1024),
	'obj, no header': () => damaged('obj'),
	'obj after a header': () => damaged('1 1 objx '),
	'xref within a word': () => damaged('axref '),
	'long line walked': () => damaged(`${'a'.repeat(200)}xref `),
	// Kept bytes between objects (copied, grown into, looked at): 15 MB of white space or comments (20 past the budget).
	'white space between objects': () =>
		pdfOf([
			catalog,
			[3, '<< /Type /Page >>'],
			[2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>'],
			[4, fill(' ', 15 * 1024 * 1024)],
		]),
	'comments between objects': () =>
		pdfOf([
			catalog,
			[3, '<< /Type /Page >>'],
			[2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>'],
			[4, fill('%\n', 15 * 1024 * 1024)],
		]),
	// Names looked at as they read (`#xx` decoded): /Length but for its last letter.
	'escaped names looked at': () => damaged('/L#65#6E#67#74 '),
	// Kept bytes in strings and comments (each looked at once), and a string ended at each `endobj`.
	'kept bytes in a string': () => damaged('(\\)\\('),
	'strings ended at endobj': () => damaged('(endobj '),
	// Stream data held from its first `endstream` (a /Length past it), then read again, stream after stream.
	'held data read again': () => damaged('1 0 obj<</Length 99999999>>stream\nendstream\n'),
	'held data past the kept cap': () =>
		damaged(
			' ',
			0,
			`1 0 obj<</Length ${30 * 1024 * 1024}>>stream\nendstream${' '.repeat(30 * 1024 * 1024 - 9)}\nendstream\nendobj\n`,
		),
	// mupdf's scan of tokens, where a number has two headers.
	"mupdf's tokens": () => damaged('1 ', OBJECT_BYTES, '10 0 obj\nnull\nendobj\n'.repeat(2)),
	'startxref within a word': () => damaged('xstartxref ', 4 * 1024 * 1024, 'trailer\n<< >>\n'),
	// Issue 101's: key derivations, a damaged tree read several ways, a search after startxref.
	'AES-256, 64 trailers': () => encryptedTrailers(64),
	'damaged 6,000-page tree': () => damagedTree(6000),
	'5 MB of " obj" after startxref': () => objAfterStartxref(),
};

/**
 * qpdf's AES-256 fixture (its /Encrypt in a cross-reference stream's trailer) with `count` trailers
 * in all: classic sections appended, each naming /ID, /Prev and an /Encrypt of its own (a copy of
 * the fixture's, in the section's update), so no key derived for one trailer serves another.
 */
export function encryptedTrailers(count = 64): Buffer {
	const pdf = readFileSync(join(__dirname, '../fixtures/qpdf-aes-256.pdf'));
	const text = pdf.toString('latin1');
	const dict = /\/Type \/XRef([^]*?)>>\s*stream/.exec(text)![1];
	const entries = ['/Info', '/Root', '/ID']
		.map((key) => new RegExp(`${key}\\s*(\\[[^\\]]*\\]|\\d+ \\d+ R|\\d+)`).exec(dict)![0])
		.join(' ');
	const encryptNumber = Number(/\/Encrypt\s+(\d+)/.exec(dict)![1]);
	const encrypt = new RegExp(`(?<=[\\r\\n])${encryptNumber} 0 obj\\s*([^]*?)\\s*endobj`).exec(
		text,
	)![1];
	const first = Number(/\/Size\s+(\d+)/.exec(dict)![1]);
	let prev = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
	const parts = [pdf];
	let size = pdf.length;
	for (let section = 1; section < count; section++) {
		const number = first + section;
		const object = `${number} 0 obj\n${encrypt}\nendobj\n`;
		const at = size + object.length;
		const update = Buffer.from(
			`${object}xref\n0 1\n0000000000 65535 f \n${number} 1\n${String(size).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${number + 1} ${entries} /Encrypt ${number} 0 R /Prev ${prev} >>\nstartxref\n${at}\n%%EOF\n`,
			'latin1',
		);
		prev = at;
		parts.push(update);
		size += update.length;
	}
	return Buffer.concat(parts);
}

/** A damaged (no `startxref`: rebuilt) page tree of `pages` pages, eight kids a node. */
export function damagedTree(pages = 6000): Buffer {
	return pageTree({ pages, fanout: 8, damaged: true }).pdf;
}

/** A sound three-page document, then `bytes` of ` obj` after its `startxref`. */
export function objAfterStartxref(bytes = 5 * 1024 * 1024): Buffer {
	return Buffer.concat([pdfOf(distinctPages(3)), Buffer.from(' obj'.repeat(bytes / 4), 'latin1')]);
}

/**
 * A little-endian TIFF of `size` bytes and `directories` image directories (each of no entries,
 * naming the next), spread evenly over it: what the reader walks without copying the file.
 */
export function tiffOf(size: number, directories: number): Buffer {
	const tiff = Buffer.alloc(size, 0x55);
	tiff.write('II', 0, 'latin1');
	tiff.writeUInt16LE(42, 2);
	const step = Math.floor((size - 16) / directories) & ~1;
	const offsetOf = (at: number) => 8 + at * step;
	tiff.writeUInt32LE(offsetOf(0), 4);
	for (let at = 0; at < directories; at++) {
		tiff.writeUInt16LE(0, offsetOf(at));
		tiff.writeUInt32LE(at + 1 < directories ? offsetOf(at + 1) : 0, offsetOf(at) + 2);
	}
	return tiff;
}

/** The issue-101 documents the budget's bench times beside the patterns (PDFs) and the CPU bench reads (all). */
export const ISSUE_101_DOCUMENTS: Record<string, () => Buffer> = {
	'AES-256, 64 trailers': () => encryptedTrailers(64),
	'damaged 6,000-page tree': () => damagedTree(6000),
	'5 MB of " obj" after startxref': () => objAfterStartxref(),
	'TIFF of 63 MB, 99,990 directories': () => tiffOf(63 * 1024 * 1024, 99_990),
	'TIFF of 63 MB, one directory': () => tiffOf(63 * 1024 * 1024, 1),
};

/**
 * A cross-reference stream of rows with no width (`/W [0 0 0]`: every row type 1 at offset 0, no
 * data read) for `entries` numbers, in a file of about `bytes` (an image stream's skipped data makes
 * up the rest, which raises the document's budget): each entry costs work and memory, no byte.
 */
export function zeroWidthXref(entries = 6_000_000, bytes = 600 * 1024): Buffer {
	const head = pdfOf(distinctPages(1)).toString('latin1');
	const body = head.slice(0, head.lastIndexOf('\nxref\n') + 1);
	const pad = `4 0 obj\n<< /Length ${bytes} >>\nstream\n${'\x55'.repeat(bytes)}\nendstream\nendobj\n`;
	const xrefAt = body.length + pad.length;
	const xref = `5 0 obj\n<< /Type /XRef /Size ${entries} /W [0 0 0] /Root 1 0 R /Length 0 >>\nstream\n\nendstream\nendobj\n`;
	return Buffer.from(`${body}${pad}${xref}startxref\n${xrefAt}\n%%EOF\n`, 'latin1');
}

/**
 * A GIF of `bytes`: one image whose data is sub-blocks of one byte each (a length byte and a byte),
 * the most blocks a size allows: a reader that walks them takes a step each two bytes.
 */
export function gifOfTinyBlocks(bytes: number): Buffer {
	const gif = Buffer.alloc(bytes);
	// Header, a 1×1 screen with no colour table, an image descriptor of 1×1, LZW's code size.
	const head = Buffer.from([
		...Buffer.from('GIF89a', 'latin1'),
		1,
		0,
		1,
		0,
		0,
		0,
		0,
		0x2c,
		0,
		0,
		0,
		0,
		1,
		0,
		1,
		0,
		0,
		2,
	]);
	head.copy(gif);
	const end = bytes - 2;
	for (let at = head.length; at + 1 < end; at += 2) gif[at] = 1;
	// The image ends with an empty sub-block, the file with the trailer.
	if ((end - head.length) % 2 === 1) gif[end - 1] = 0;
	gif[end] = 0;
	gif[end + 1] = 0x3b;
	return gif;
}

/**
 * `count` pages, each alone in an object stream of its own; their cross-reference a stream. With
 * `filler`, each stream's data goes on with it after its page, Huffman-coded (no repeats found).
 */
export function oneObjectStreams(count: number, filler = Buffer.alloc(0)): Buffer {
	const { parts, put, size } = pdfParts('%PDF-1.7\n');
	// Objects: 1 the catalog, 2 the root, 3 + 2k a page, 4 + 2k its object stream.
	const page = (at: number) => 3 + 2 * at;
	const offsets = [0, put(`1 0 obj\n${catalog[1]}\nendobj\n`)];
	const kids = Array.from({ length: count }, (_, at) => `${page(at)} 0 R`).join(' ');
	offsets.push(put(`2 0 obj\n<< /Type /Pages /Count ${count} /Kids [${kids}] >>\nendobj\n`));
	const streamsAt: number[] = [];
	for (let at = 0; at < count; at++) {
		const body = `${page(at)} 0 <</Type/Page/Parent 2 0 R>>`;
		const first = `${page(at)} 0 `.length;
		const data = deflateSync(Buffer.concat([Buffer.from(body, 'latin1'), filler]), {
			strategy: filler.length > 0 ? constants.Z_HUFFMAN_ONLY : constants.Z_DEFAULT_STRATEGY,
		});
		streamsAt.push(
			put(
				Buffer.concat([
					Buffer.from(
						`${page(at) + 1} 0 obj\n<< /Type /ObjStm /N 1 /First ${first} /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
						'latin1',
					),
					data,
					Buffer.from('\nendstream\nendobj\n', 'latin1'),
				]),
			),
		);
	}
	const xref = 3 + 2 * count;
	const width = 1 + 4 + 2;
	const rows = Buffer.alloc((xref + 1) * width);
	const row = (number: number, type: number, second: number, third: number) => {
		rows[number * width] = type;
		rows.writeUInt32BE(second, number * width + 1);
		rows.writeUInt16BE(third, number * width + 5);
	};
	row(0, 0, 0, 65535);
	row(1, 1, offsets[1], 0);
	row(2, 1, offsets[2], 0);
	streamsAt.forEach((at, index) => {
		row(page(index), 2, page(index) + 1, 0);
		row(page(index) + 1, 1, at, 0);
	});
	row(xref, 1, size(), 0);
	const data = deflateSync(rows);
	const xrefAt = put(
		Buffer.concat([
			Buffer.from(
				`${xref} 0 obj\n<< /Type /XRef /Size ${xref + 1} /Root 1 0 R /W [1 4 2] /Filter /FlateDecode /Length ${data.length} >>\nstream\n`,
				'latin1',
			),
			data,
			Buffer.from('\nendstream\nendobj\n', 'latin1'),
		]),
	);
	return Buffer.concat([...parts, Buffer.from(`startxref\n${xrefAt}\n%%EOF\n`, 'latin1')]);
}

/** A one-page document whose classic table lists `count` free entries after its objects. */
export function freeEntries(count: number): Buffer {
	const text = pdfOf(distinctPages(1)).toString('latin1');
	const xref = text.lastIndexOf('\nxref\n') + 1;
	const used = Number(/\n0 (\d+)\n/.exec(text.slice(xref))![1]);
	const rows = text
		.slice(xref)
		.split('\n')
		.slice(2, 2 + used)
		.join('\n');
	const total = used + count;
	const table = `xref\n0 ${total}\n${rows}\n${'0000000000 00000 f \n'.repeat(count)}trailer\n<< /Size ${total} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(text.slice(0, xref) + table, 'latin1');
}

/**
 * Issue 105's costs past the bounds, each a document the reader must read within 250 ms of CPU
 * and 64 MB: what bench.js measures beside issue 101's.
 */
export const COST_BOUNDS: Record<string, () => Buffer> = {
	'xref stream of /W [0 0 0], 600 KB': () => zeroWidthXref(),
	'GIF of 1-byte sub-blocks, 64 MB': () => gifOfTinyBlocks(64 * 1024 * 1024),
	'GIF of 1-byte sub-blocks, 150 MB': () => gifOfTinyBlocks(150 * 1024 * 1024),
	'2,000 one-object object streams': () => oneObjectStreams(2000),
	'20,000 one-object object streams': () => oneObjectStreams(20_000),
	'700,000 free table entries': () => freeEntries(700_000),
};
