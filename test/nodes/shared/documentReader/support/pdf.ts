/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// PDFs for the page count's tests: saved by a real producer (pdf-lib), read back by it (the count
// to compare against), and incremental updates appended as ISO 32000-1 7.5.6 describes them (pdf-lib
// cannot save one): new object versions, then a cross-reference section for them whose /Prev is the
// document's last one.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFRef } from 'pdf-lib';

/**
 * A PDF of `pages` blank pages as pdf-lib saves it: with object streams unless told otherwise; with
 * `filler` bytes (an image's, say) between the catalog and the pages.
 */
export async function pdfLibPdf(pages: number, objectStreams = true, filler = 0): Promise<Buffer> {
	const doc = await PDFDocument.create();
	if (filler > 0) doc.context.register(doc.context.stream(Buffer.alloc(filler, 'x')));
	for (let page = 0; page < pages; page++) doc.addPage();
	return Buffer.from(await doc.save({ useObjectStreams: objectStreams }));
}

/** A PDF of test/nodes/shared/documentReader/fixtures/, made by another producer (its README says how). */
export function pdfFixture(name: string): Buffer {
	return readFileSync(join(__dirname, '../fixtures', name));
}

/** The page count as pdf-lib reads it. */
export async function pdfLibPages(pdf: Buffer): Promise<number> {
	return (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
}

/** What an update refers to: the catalog, the page tree root, the pages, the first unused number. */
export interface PdfStructure {
	root: number;
	pagesRoot: number;
	pages: number[];
	size: number;
}

export async function structureOf(pdf: Buffer): Promise<PdfStructure> {
	const doc = await PDFDocument.load(pdf, { updateMetadata: false });
	return {
		root: (doc.context.trailerInfo.Root as PDFRef).objectNumber,
		pagesRoot: (doc.catalog.get(PDFName.of('Pages')) as PDFRef).objectNumber,
		pages: doc.getPages().map((page) => page.ref.objectNumber),
		// The trailer's /Size: pdf-lib does not keep its object and cross-reference streams.
		size: Math.max(doc.context.largestObjectNumber + 1, numberAfter(pdf, '/Size')),
	};
}

export interface UpdateOptions {
	/** A classic table; a compressed cross-reference stream (PNG predictor 12, as Acrobat and qpdf
	 * write them); or a table whose /XRefStm stream lists the objects, kept in an object stream (a
	 * hybrid file, as Word writes them). */
	form?: 'table' | 'stream' | 'hybrid';
	/** Entries added to the trailer. */
	trailer?: string;
	/** The /Prev written: the document's last section unless given ('self': this section's own). */
	prev?: number | 'self';
	/** Free entries added to a cross-reference stream, to make it inflate to more. */
	freeRows?: number;
	/** A hybrid update's object stream data as stored (its objects deflated unless given). */
	objectStreamData?: Buffer;
}

/** The offset the document's last `startxref` names. */
export function lastSection(pdf: Buffer): number {
	return numberAfter(pdf, 'startxref');
}

function numberAfter(pdf: Buffer, keyword: string): number {
	const at = pdf.lastIndexOf(keyword);
	return Number(/\d+/.exec(pdf.toString('latin1', at, at + 40))?.[0]);
}

/** `pdf` with an incremental update of `objects` (number → body) after it. */
export function appendUpdate(
	pdf: Buffer,
	structure: Pick<PdfStructure, 'root' | 'size'>,
	objects: Record<number, string>,
	{ form = 'table', trailer = '', prev, freeRows = 0, objectStreamData }: UpdateOptions = {},
): Buffer {
	const numbers = Object.keys(objects).map(Number);
	const own = Math.max(structure.size, ...numbers.map((number) => number + 1));
	const size = own + 2 + freeRows;
	const parts: Buffer[] = [pdf, Buffer.from('\n')];
	const offset = () => parts.reduce((sum, part) => sum + part.length, 0);
	const write = (text: string | Buffer) => parts.push(Buffer.from(text as string, 'latin1'));
	const offsets = new Map<number, number>();
	const writeObject = (number: number, body: string | Buffer, data?: Buffer) => {
		offsets.set(number, offset());
		write(`${number} 0 obj\n`);
		write(body);
		if (data) write(Buffer.concat([Buffer.from('\nstream\n'), data, Buffer.from('\nendstream')]));
		write('\nendobj\n');
	};
	const previous = (at: number) => (prev === 'self' ? at : (prev ?? lastSection(pdf)));
	const trailerOf = (at: number) =>
		`/Size ${size} /Root ${structure.root} 0 R /Prev ${previous(at)}${trailer}`;
	const end = (at: number) => write(`startxref\n${at}\n%%EOF\n`);

	if (form === 'table') {
		for (const number of numbers) writeObject(number, objects[number]);
		const at = offset();
		write(`xref\n${[...offsets].map(([n, o]) => `${n} 1\n${entry(o)}`).join('')}`);
		write(`trailer\n<< ${trailerOf(at)} >>\n`);
		end(at);
		return Buffer.concat(parts);
	}
	const rows: Array<[number, number[]]> = [];
	if (form === 'stream') {
		for (const number of numbers) writeObject(number, objects[number]);
		for (const [number, at] of offsets) rows.push([number, [1, at, 0]]);
	} else {
		// One object stream holds the objects: pairs of number and offset, then the objects.
		const bodies = numbers.map((number) => `${objects[number]}\n`);
		const header = numbers
			.map((number, index) => {
				const before = bodies.slice(0, index).join('');
				return `${number} ${Buffer.byteLength(before, 'latin1')}`;
			})
			.join(' ');
		const data =
			objectStreamData ?? deflateSync(Buffer.from(`${header}\n${bodies.join('')}`, 'latin1'));
		writeObject(
			own,
			`<< /Type /ObjStm /N ${numbers.length} /First ${header.length + 1} /Filter /FlateDecode /Length ${data.length} >>`,
			data,
		);
		numbers.forEach((number, index) => rows.push([number, [2, own, index]]));
	}
	const streamAt = offset();
	if (form === 'stream') rows.push([own + 1, [1, streamAt, 0]]);
	rows.sort(([a], [b]) => a - b);
	// Consecutive numbers make one subsection of /Index; the free rows come last.
	const index: number[] = [];
	for (const [number] of rows) {
		if (index.length > 0 && index.at(-2)! + index.at(-1)! === number) index[index.length - 1]++;
		else index.push(number, 1);
	}
	if (freeRows > 0) index.push(own + 2, freeRows);
	// Field widths 1, 4 and 2 bytes: each row seven bytes, each PNG "Up" from the row before.
	const raw = Buffer.alloc((rows.length + freeRows) * 7);
	rows.forEach(([, [type, second, third]], row) => {
		raw.writeUInt8(type, row * 7);
		raw.writeUInt32BE(second, row * 7 + 1);
		raw.writeUInt16BE(third, row * 7 + 5);
	});
	const predicted = Buffer.alloc((rows.length + freeRows) * 8);
	for (let row = 0; row < rows.length + freeRows; row++) {
		predicted[row * 8] = 2;
		for (let at = 0; at < 7; at++)
			predicted[row * 8 + 1 + at] = raw[row * 7 + at] - (row > 0 ? raw[row * 7 - 7 + at] : 0);
	}
	const data = deflateSync(predicted);
	writeObject(
		own + 1,
		`<< /Type /XRef ${form === 'stream' ? trailerOf(streamAt) : `/Size ${size}`} /W [1 4 2] /Index [${index.join(' ')}] /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 7 >> /Length ${data.length} >>`,
		data,
	);
	if (form === 'stream') {
		end(streamAt);
		return Buffer.concat(parts);
	}
	const at = offset();
	write(`xref\n0 1\n0000000000 65535 f \n${own} 1\n${entry(offsets.get(own)!)}`);
	write(`trailer\n<< ${trailerOf(at)} /XRefStm ${streamAt} >>\n`);
	end(at);
	return Buffer.concat(parts);
}

/** A table entry: ten digits of offset, five of generation, `n`, and a two-byte line end. */
function entry(offset: number): string {
	return `${String(offset).padStart(10, '0')} 00000 n \n`;
}
