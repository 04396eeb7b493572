// The eighth review's adversary documents (issue 92), made here so the tests and the bench read the
// same bytes: object numbers and TIFF offsets V8 hashes into one bucket, each beside a control of
// ordinary numbers; /Kids arrays of hundreds of thousands of references; a damaged file of nine
// trailers whose first names 5,000 pages; a trailer whose /Encrypt lies in an object stream; a
// 150 MB stream whose end only `endstream` tells; and hundreds of thousands of tiny streams.
import { buildPdf, collidingNumbers, pageTree, type Body } from './pdf-build';

/** Object numbers of one bucket in any `Map` or `Set` of up to 65,536 entries: about 32,900 of them. */
export function bucketNumbers(count = 40_000): number[] {
	return collidingNumbers(count, 15);
}

/**
 * About 1 MB, damaged (no `startxref`, so readers rebuild it from its object headers): a catalog
 * and a 3-page tree, then one small object for each of `numbers`. With `colliding` numbers every
 * lookup in a table keyed by them walks all of them; the control numbers them 10, 11, 12….
 */
export function floodedRebuild(colliding: boolean): { pdf: Buffer; numbers: number[] } {
	const numbers = colliding
		? bucketNumbers().filter((number) => number > 100)
		: Array.from({ length: bucketNumbers().length - 1 }, (_, at) => 10 + at);
	const objects: Array<[number, Body]> = [
		[1, '<< /Type /Catalog /Pages 2 0 R >>'],
		[2, '<< /Type /Pages /Count 3 /Kids [3 0 R 4 0 R 5 0 R] >>'],
		[3, '<< /Type /Page /Parent 2 0 R >>'],
		[4, '<< /Type /Page /Parent 2 0 R >>'],
		[5, '<< /Type /Page /Parent 2 0 R >>'],
		...numbers.map((number): [number, Body] => [number, '<< >>']),
	];
	return { pdf: buildPdf(objects, { root: 1, damaged: true }), numbers };
}

/** A page tree of `pages` whose every object's number lies in one bucket, found through a table or an object stream. */
export function bucketTree(
	form: 'table' | 'objstm',
	pages: number,
): { pdf: Buffer; numbers: number[] } {
	const numbers = bucketNumbers();
	return { pdf: pageTree({ pages, fanout: 100, numbers, form }).pdf, numbers };
}

/**
 * A TIFF (little-endian) of image directories at `offsets` in order, each of no entries and
 * naming the next: a reader keeps each offset it has seen, to stop at a loop.
 */
export function tiffOfDirectories(offsets: number[]): Buffer {
	const size = offsets.at(-1)! + 6;
	const tiff = Buffer.alloc(size);
	tiff.write('II', 0, 'latin1');
	tiff.writeUInt16LE(42, 2);
	tiff.writeUInt32LE(offsets[0], 4);
	offsets.forEach((offset, at) => {
		tiff.writeUInt16LE(0, offset);
		tiff.writeUInt32LE(at + 1 < offsets.length ? offsets[at + 1] : 0, offset + 2);
	});
	return tiff;
}

/** Offsets below `size`, at least 8 bytes apart, that V8 hashes into one bucket of tables up to 2^(bits+1) entries. */
export function bucketOffsets(size: number, bits: number): number[] {
	const offsets = collidingNumbers(2 ** 20, bits, size - 8)
		.filter((offset) => offset >= 8)
		.sort((a, b) => a - b);
	return offsets.filter((offset, at) => at === 0 || offset - offsets[at - 1] >= 8);
}

/** A page tree root whose /Kids names one page `references` times (6 bytes each), /Count as many. */
export function manyKids(references: number): Buffer {
	return buildPdf(
		[
			[1, '<< /Type /Catalog /Pages 2 0 R >>'],
			[2, `<< /Type /Pages /Count ${references} /Kids [${'3 0 R '.repeat(references)}] >>`],
			[3, '<< /Type /Page /Parent 2 0 R >>'],
		],
		{ root: 1 },
	);
}

/**
 * Damaged (no `startxref`), nine trailers in file order: the first, with /ID, names a catalog of a
 * 5,000-page tree (pdf.js takes it); the eight after it each name a catalog of one page of its own
 * (poppler and mupdf take the last). A reader counting the last eight catalogs says 1.
 */
export function nineTrailers(): Buffer {
	const big = pageTree({ pages: 5000, fanout: 50 }).objects;
	const parts: string[] = ['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'];
	for (const [number, body] of big) parts.push(`${number} 0 obj\n${body}\nendobj\n`);
	const id = '<0123456789abcdef0123456789abcdef>';
	parts.push(`trailer\n<< /Size ${big.length + 1} /Root 1 0 R /ID [${id} ${id}] >>\n`);
	for (let trailer = 0; trailer < 8; trailer++) {
		const first = 20_000 + trailer * 3;
		parts.push(`${first} 0 obj\n<< /Type /Catalog /Pages ${first + 1} 0 R >>\nendobj\n`);
		parts.push(
			`${first + 1} 0 obj\n<< /Type /Pages /Count 1 /Kids [${first + 2} 0 R] >>\nendobj\n`,
		);
		parts.push(`${first + 2} 0 obj\n<< /Type /Page /Parent ${first + 1} 0 R >>\nendobj\n`);
		parts.push(`trailer\n<< /Size ${first + 3} /Root ${first} 0 R >>\n`);
	}
	parts.push('%%EOF\n');
	return Buffer.from(parts.join(''), 'latin1');
}

/** Three pages in an object stream with the trailer's /Encrypt dictionary: decrypting the stream needs what it holds. */
export function encryptInObjectStream(): Buffer {
	return buildPdf(
		[
			[1, '<< /Type /Catalog /Pages 2 0 R >>'],
			[2, '<< /Type /Pages /Count 3 /Kids [3 0 R 4 0 R 5 0 R] >>'],
			[3, '<< /Type /Page /Parent 2 0 R >>'],
			[4, '<< /Type /Page /Parent 2 0 R >>'],
			[5, '<< /Type /Page /Parent 2 0 R >>'],
			[
				6,
				`<< /Filter /Standard /V 1 /R 2 /O <${'00'.repeat(32)}> /U <${'00'.repeat(32)}> /P -4 >>`,
			],
		],
		{
			root: 1,
			form: 'objstm',
			trailer: ` /Encrypt 6 0 R /ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]`,
		},
	);
}

/**
 * One page whose content stream of `dataBytes` bytes, `fill` repeated, has its /Length in an object
 * after it: a read that skips it finds its end by `endstream`. `open` streams it in 64 KB pieces,
 * never held whole; `bytes()` makes it whole (for pdf.js, at a small size).
 */
export function indirectLengthStream(
	dataBytes: number,
	fill: string | Buffer,
): { size: number; open: () => Promise<AsyncIterable<Uint8Array>>; bytes: () => Buffer } {
	const text = typeof fill === 'string' ? fill : fill.toString('latin1');
	const piece = Buffer.from(
		text.repeat(Math.max(1, Math.floor((64 * 1024) / text.length))),
		'latin1',
	);
	const data = dataBytes - (dataBytes % text.length);
	const head: string[] = ['%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'];
	const offsets: number[] = [];
	let size = Buffer.byteLength(head[0], 'latin1');
	const put = (text: string) => {
		head.push(text);
		size += Buffer.byteLength(text, 'latin1');
	};
	const object = (number: number, body: string) => {
		offsets[number] = size;
		put(`${number} 0 obj\n${body}\nendobj\n`);
	};
	object(1, '<< /Type /Catalog /Pages 2 0 R >>');
	object(2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>');
	object(3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>');
	offsets[4] = size;
	put('4 0 obj\n<< /Length 5 0 R >>\nstream\n');
	const start = size;
	size += data;
	const tail: string[] = [];
	const after = (text: string) => {
		tail.push(text);
		size += Buffer.byteLength(text, 'latin1');
	};
	after('\nendstream\nendobj\n');
	offsets[5] = size;
	after(`5 0 obj\n${data}\nendobj\n`);
	const xref = size;
	after(
		`xref\n0 6\n0000000000 65535 f \n${offsets
			.slice(1)
			.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`)
			.join('')}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
	);
	const first = Buffer.from(head.join(''), 'latin1');
	const last = Buffer.from(tail.join(''), 'latin1');
	const pieces = function* () {
		yield first;
		for (let at = start; at < start + data; at += piece.length)
			yield piece.subarray(0, Math.min(piece.length, start + data - at));
		yield last;
	};
	return {
		size,
		open: async () =>
			(async function* () {
				yield* pieces();
			})(),
		bytes: () => Buffer.concat([...pieces()]),
	};
}

/** One page, then `count` objects each an empty stream (about 45 bytes each), all in its table. */
export function tinyStreams(count: number): Buffer {
	const objects: Array<[number, Body]> = [
		[1, '<< /Type /Catalog /Pages 2 0 R >>'],
		[2, '<< /Type /Pages /Count 1 /Kids [3 0 R] >>'],
		[3, '<< /Type /Page /Parent 2 0 R >>'],
	];
	const empty = { dict: '<<>>', data: Buffer.alloc(0) };
	for (let number = 4; number < 4 + count; number++) objects.push([number, empty]);
	return buildPdf(objects, { root: 1, spare: [count + 4, count + 5] });
}
