/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Sound PDFs that PDF readers read differently (issue 101): a 50-page tree written plainly, then
// varied one way at a time. Each is written with a cross-reference stream that lists every object,
// plain or in one object stream, so only the variation differs from a file every reader agrees on.
import { deflateSync } from 'node:zlib';
import { pdfParts } from './pdf-build';

export type Plain = [number, string];
/** An object stream's objects, in the order its table lists them (a number may be listed twice). */
export type Listed = Array<[number, string]>;

export interface ReadingOptions {
	/** Objects in one object stream (number 900), each found at its index unless `at` says otherwise. */
	listed?: Listed;
	/** The index the cross-reference gives each listed number (its first listing unless given). */
	at?: Record<number, number>;
	/** The trailer's entries (the catalog is 1 0 R). */
	trailer?: string;
	/** Rows added to the cross-reference: number, offset (in use, generation 0). */
	extraRows?: Array<[number, number]>;
	/** Bytes after `%%EOF`. */
	tail?: string;
	/** Bytes of white space between /First and the first listed object (its offset then is not 0). */
	firstOffset?: number;
	/** The first object: written before all others, `%L` standing for the file's length. */
	first?: Plain;
}

const STREAM = 900;
const XREF = 901;

/** A catalog (1), a root (2) of `pages` leaves (3…), as plain objects. */
export function fiftyPages(pages = 50, root = '/Type /Pages'): Plain[] {
	const kids = Array.from({ length: pages }, (_, at) => `${at + 3} 0 R`).join(' ');
	return [
		[1, '<< /Type /Catalog /Pages 2 0 R >>'],
		[2, `<< ${root} /Kids [${kids}] /Count ${pages} >>`],
		...Array.from({ length: pages }, (_, at): Plain => [at + 3, '<< /Type /Page /Parent 2 0 R >>']),
	];
}

export function readingsPdf(plain: Plain[], options: ReadingOptions = {}): Buffer {
	const { listed = [], at = {}, trailer = '/Root 1 0 R', extraRows = [], tail = '' } = options;
	const firstOffset = options.firstOffset ?? 0;
	const { parts, put: write, size } = pdfParts();
	const rows: Array<[number, number, number, number]> = [];
	const objects = options.first ? [options.first, ...plain] : plain;
	for (const [number, body] of objects)
		rows.push([number, 1, write(`${number} 0 obj\n${body}\nendobj\n`), 0]);
	if (listed.length > 0) {
		const bodies = listed.map(([, body]) => `${body}\n`);
		let offset = firstOffset;
		const header = listed
			.map(([number], index) => {
				const pair = `${number} ${offset}`;
				offset += bodies[index].length;
				return pair;
			})
			.join(' ');
		const data = deflateSync(
			Buffer.from(`${header}\n${' '.repeat(firstOffset)}${bodies.join('')}`, 'latin1'),
		);
		const dict = `<< /Type /ObjStm /N ${listed.length} /First ${header.length + 1} /Filter /FlateDecode /Length ${data.length} >>`;
		rows.push([STREAM, 1, write(`${STREAM} 0 obj\n${dict}\nstream\n`), 0]);
		write(Buffer.concat([data, Buffer.from('\nendstream\nendobj\n')]));
		for (const [number] of new Map(listed))
			rows.push([number, 2, STREAM, at[number] ?? listed.findIndex(([n]) => n === number)]);
	}
	for (const [number, offset] of extraRows) rows.push([number, 1, offset, 0]);
	const xrefAt = size();
	rows.push([XREF, 1, xrefAt, 0]);
	rows.sort(([a], [b]) => a - b);
	const data = Buffer.alloc(rows.length * 7);
	rows.forEach(([, type, second, third], row) => {
		data.writeUInt8(type, row * 7);
		data.writeUInt32BE(second, row * 7 + 1);
		data.writeUInt16BE(third, row * 7 + 5);
	});
	const index = rows.flatMap(([number]) => [number, 1]).join(' ');
	const packed = deflateSync(data);
	write(
		`${XREF} 0 obj\n<< /Type /XRef /Size ${XREF + 1} ${trailer} /W [1 4 2] /Index [${index}] /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`,
	);
	write(Buffer.concat([packed, Buffer.from('\nendstream\nendobj\n')]));
	write(`startxref\n${xrefAt}\n%%EOF\n${tail}`);
	const pdf = Buffer.concat(parts);
	// A linearization dictionary's /L: the length, written in as many digits as `%L` had room for.
	const length = pdf.indexOf('%L');
	if (length >= 0) pdf.write(String(pdf.length).padEnd(10, ' '), length, 'latin1');
	return pdf;
}
