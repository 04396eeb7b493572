/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// The adversary's PDFs of issue 87, made here so each test and the bench read the same bytes:
// documents that cost a reader more work than their size (an object stream's table read again for
// every lookup, unfiltered cross-reference streams that overlap), and 50-page documents crafted so
// a reader that trusts /Count or a cross-reference entry counts fewer pages than pdf.js.
import { createCipheriv, createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { lastSection, pdfLibPdf, structureOf } from './pdf';
import { buildPdf } from './pdf-build';

/** Writes a PDF object by object; `offsets` keeps where each starts. */
class Writer {
	readonly parts: Buffer[] = [];
	readonly offsets = new Map<number, number>();
	size = 0;

	constructor(start: Buffer | string = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n') {
		this.write(start);
	}

	write(text: Buffer | string): number {
		const at = this.size;
		const bytes = typeof text === 'string' ? Buffer.from(text, 'latin1') : text;
		this.parts.push(bytes);
		this.size += bytes.length;
		return at;
	}

	object(number: number, body: string, data?: Buffer, gen = 0): number {
		const at = this.write(`${number} ${gen} obj\n${body}`);
		this.offsets.set(number, at);
		if (data)
			this.write(Buffer.concat([Buffer.from('\nstream\n'), data, Buffer.from('\nendstream')]));
		this.write('\nendobj\n');
		return at;
	}

	bytes(): Buffer {
		return Buffer.concat(this.parts);
	}
}

/** A classic table of `entries` (number → offset and generation, or free), then the trailer. */
function table(
	writer: Writer,
	entries: Array<[number, number, number, 'n' | 'f']>,
	trailer: string,
): Buffer {
	const at = writer.size;
	const lines = entries
		.sort(([a], [b]) => a - b)
		.map(
			([number, offset, gen, kind]) =>
				`${number} 1\n${String(offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} ${kind} \n`,
		);
	writer.write(`xref\n${lines.join('')}trailer\n<< ${trailer} >>\nstartxref\n${at}\n%%EOF\n`);
	return writer.bytes();
}

/**
 * About 5 KB: an object stream of about a million `0 0` pairs, and a chain of 28 references through
 * its last objects to the page tree root. A reader that reads the pairs again for every lookup reads
 * 28 million of them.
 */
export function objectStreamChain(pairs = 1_000_000, chain = 28): Buffer {
	const writer = new Writer();
	const stream = 3;
	const first = 4; // the chain's objects: 4 … 4 + chain - 1; then the page tree root and one page
	const pagesRoot = first + chain;
	const page = pagesRoot + 1;
	const bodies = [
		...Array.from({ length: chain }, (_, at) => `${first + at + 1} 0 R`),
		`<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`,
		`<< /Type /Page /Parent ${pagesRoot} 0 R /MediaBox [0 0 612 792] >>`,
	].map((body) => `${body}\n`);
	const filler = pairs - bodies.length;
	let offset = 0;
	const table = bodies.map((body, at) => {
		const pair = `${first + at} ${offset} `;
		offset += body.length;
		return pair;
	});
	const header = Buffer.from(`${'0 0 '.repeat(filler)}${table.join('')}`, 'latin1');
	const decoded = Buffer.concat([header, Buffer.from(bodies.join(''), 'latin1')]);
	const data = deflateSync(decoded, { level: 9 });
	writer.object(1, `<< /Type /Catalog /Pages ${first} 0 R >>`);
	writer.object(
		stream,
		`<< /Type /ObjStm /N ${pairs} /First ${header.length} /Filter /FlateDecode /Length ${data.length} >>`,
		data,
	);
	// A cross-reference stream (compressed objects need one): widths 1, 4, 4; no predictor.
	const xrefNumber = page + 1;
	const rows: Array<[number, number, number]> = [[0, 0, 0]];
	for (let number = 1; number <= xrefNumber; number++) {
		if (number === 1 || number === stream) rows.push([1, writer.offsets.get(number)!, 0]);
		else if (number === 2) rows.push([0, 0, 0]);
		else if (number < xrefNumber) rows.push([2, stream, filler + number - first]);
		else rows.push([1, writer.size, 0]);
	}
	const raw = Buffer.alloc(rows.length * 9);
	rows.forEach(([type, second, third], row) => {
		raw.writeUInt8(type, row * 9);
		raw.writeUInt32BE(second, row * 9 + 1);
		raw.writeUInt32BE(third, row * 9 + 5);
	});
	const xref = deflateSync(raw);
	const at = writer.object(
		xrefNumber,
		`<< /Type /XRef /Size ${rows.length} /Root 1 0 R /W [1 4 4] /Filter /FlateDecode /Length ${xref.length} >>`,
		xref,
	);
	writer.write(`startxref\n${at}\n%%EOF\n`);
	return writer.bytes();
}

/**
 * About 2 MB: a one-page PDF, then `count` cross-reference streams without a filter, each naming
 * the one before as /Prev, whose data all run to the end of one shared block (they overlap; the file just under the 2 MB a reader keeps),
 * each with /Predictor 14 over one row. A reader that undoes the predictor for each reads 200 MB.
 */
export async function overlappingXrefStreams(
	count = 100,
	shared = 2 * 1024 * 1024 - 64 * 1024,
): Promise<Buffer> {
	const base = await pdfLibPdf(1, false);
	const structure = await structureOf(base);
	const writer = new Writer(base);
	writer.write('\n');
	const starts: number[] = [];
	const fields: Array<[columns: number, length: number]> = [];
	let prev = lastSection(base);
	for (let stream = 0; stream < count; stream++) {
		const number = structure.size + stream;
		// /Columns and /Length are written later, padded: they depend on where the shared block ends.
		const head = `${number} 0 obj\n<< /Type /XRef /Size ${structure.size + count} /Root ${structure.root} 0 R /Prev ${prev} /W [1 4 2] /DecodeParms << /Predictor 14 /Columns 0000000000 >> /Length 0000000000 >>\nstream\n`;
		const at = writer.write(head);
		fields.push([at + head.indexOf('/Columns ') + 9, at + head.indexOf('/Length ') + 8]);
		// One NUL: the row's predictor byte (None), and white space between objects.
		starts.push(writer.write('\0'));
		prev = at;
	}
	writer.write(Buffer.alloc(shared));
	const end = writer.size;
	writer.write('\nendstream\nendobj\n');
	writer.write(`startxref\n${prev}\n%%EOF\n`);
	const bytes = writer.bytes();
	const pad = (value: number) => String(value).padStart(10, '0');
	fields.forEach(([columns, length], stream) => {
		bytes.write(pad(end - starts[stream] - 1), columns, 'latin1');
		bytes.write(pad(end - starts[stream]), length, 'latin1');
	});
	return bytes;
}

/** A 50-page PDF (classic tables) and what updates refer to. */
async function fiftyPages() {
	const pdf = await pdfLibPdf(50, false);
	const structure = await structureOf(pdf);
	const kids = `[${structure.pages.map((page) => `${page} 0 R`).join(' ')}]`;
	return { pdf, structure, kids };
}

/**
 * An update that rewrites the 50-page tree's root as a one-page tree with generation `header` in
 * its object header and `entry` in its cross-reference entry, while the catalog refers to
 * generation 0.
 */
async function generations(entry: number, header: number): Promise<Buffer> {
	const { pdf, structure } = await fiftyPages();
	const writer = new Writer(pdf);
	writer.write('\n');
	const root = structure.pagesRoot;
	const at = writer.object(
		root,
		`<< /Type /Pages /Kids [${structure.pages[0]} 0 R] /Count 1 >>`,
		undefined,
		header,
	);
	return table(
		writer,
		[[root, at, entry, 'n']],
		`/Size ${structure.size} /Root ${structure.root} 0 R /Prev ${lastSection(pdf)}`,
	);
}

/** The cross-reference names generation 1 for the page tree root, a one-page tree: the catalog's `N 0 R` is not it. */
export async function wrongGeneration(): Promise<Buffer> {
	return await generations(1, 1);
}

/** The entry says generation 0, the object's header generation 1. */
export async function wrongHeaderGeneration(): Promise<Buffer> {
	return await generations(0, 1);
}

/** An update gives the page tree root an indirect /Count of 1; the next frees that object. */
export async function freedCount(): Promise<Buffer> {
	const { pdf, structure, kids } = await fiftyPages();
	const count = structure.size;
	const first = new Writer(pdf);
	first.write('\n');
	const countAt = first.object(count, '1');
	const rootAt = first.object(
		structure.pagesRoot,
		`<< /Type /Pages /Kids ${kids} /Count ${count} 0 R >>`,
	);
	const trailer = (prev: number) => `/Size ${count + 1} /Root ${structure.root} 0 R /Prev ${prev}`;
	const once = table(
		first,
		[
			[count, countAt, 0, 'n'],
			[structure.pagesRoot, rootAt, 0, 'n'],
		],
		trailer(lastSection(pdf)),
	);
	const second = new Writer(once);
	second.write('\n');
	return table(second, [[count, 0, 1, 'f']], trailer(lastSection(once)));
}

/** An update gives the 50-page tree's root `count` as its /Count (`0`, `-0`, `1`, `9999999999`…). */
export async function withCount(count: string, pages = 50): Promise<Buffer> {
	const pdf = await pdfLibPdf(pages, false);
	const structure = await structureOf(pdf);
	const kids = `[${structure.pages.map((page) => `${page} 0 R`).join(' ')}]`;
	const writer = new Writer(pdf);
	writer.write('\n');
	const at = writer.object(structure.pagesRoot, `<< /Type /Pages /Kids ${kids} /Count ${count} >>`);
	return table(
		writer,
		[[structure.pagesRoot, at, 0, 'n']],
		`/Size ${structure.size} /Root ${structure.root} 0 R /Prev ${lastSection(pdf)}`,
	);
}

/**
 * A 7-page PDF encrypted with RC4 (revision 3, 128 bits, no /ID), its user password `secret`, its
 * owner password `owner` (ISO 32000-1, algorithms 2 to 5); its strings are left plain.
 */
export async function passwordProtected(owner: string): Promise<Buffer> {
	const O = rc4Rounds(hashed50(md5(pad(owner))), pad('secret'));
	const key = hashed50(md5(pad('secret'), O, Buffer.from([0xfc, 0xff, 0xff, 0xff])));
	const U = Buffer.concat([rc4Rounds(key, md5(PADDING)), Buffer.alloc(16)]);
	const encrypt = `/Encrypt << /Filter /Standard /V 2 /R 3 /Length 128 /P -4 /O <${O.toString('hex')}> /U <${U.toString('hex')}> >>`;
	const pdf = await pdfLibPdf(7, false);
	const at = pdf.lastIndexOf('/Root');
	return Buffer.concat([pdf.subarray(0, at), Buffer.from(`${encrypt}\n`), pdf.subarray(at)]);
}
/**
 * A 1-page PDF whose content stream is encrypted as Acrobat writes revision 4 with a 40-bit RC4
 * key (the empty user password): the 5-byte file key padded with zeros to 16 before each object's.
 */
export function shortKeyRc4(): Buffer {
	const O = rc4Rounds(hashed50(md5(PADDING).subarray(0, 5), 5), PADDING);
	const key = hashed50(md5(PADDING, O, Buffer.from([0xfc, 0xff, 0xff, 0xff])).subarray(0, 5), 5);
	const U = Buffer.concat([rc4Rounds(key, md5(PADDING)), Buffer.alloc(16)]);
	const objectKey = md5(key, Buffer.alloc(11), Buffer.from([4, 0, 0, 0, 0]));
	const data = rc4(objectKey, deflateSync('0 0 m 100 100 l S'));
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
		`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n${data.toString('latin1')}\nendstream`,
		`<< /Filter /Standard /V 4 /R 4 /Length 40 /P -4 /O <${O.toString('hex')}> /U <${U.toString('hex')}> /CF << /StdCF << /CFM /V2 /Length 5 /AuthEvent /DocOpen >> >> /StmF /StdCF /StrF /StdCF >>`,
	];
	return numbered(objects, '/Encrypt 5 0 R');
}
export const ATTACHED = 'notes attached to the fax';
export const DRAWN = '0 0 m 100 100 l S';
/**
 * A 1-page PDF whose embedded file alone is encrypted (revision 4, AES-128 by /EFF, asked for as it
 * is opened: /AuthEvent /EFOpen; streams and strings /Identity) with the user password `password`,
 * as qpdf's and pdf.js's attachment tests have it. The attachment holds ATTACHED, the page draws
 * DRAWN. `streams`: /StmF's filter; `authEvent`: /EFF's; `content`: the content stream encrypted by
 * a /Crypt filter of its own, its /Filter and /DecodeParms written in place or by reference. The
 * attachment is reached through the file specification's /EF and /RF.
 */
export function lockedAttachment({
	streams = 'Identity',
	password = 'secret',
	authEvent = 'EFOpen',
	content = 'plain',
}: {
	streams?: 'Identity' | 'StdCF';
	password?: string;
	authEvent?: 'EFOpen' | 'DocOpen';
	content?: 'plain' | 'crypt' | 'cryptByReference';
} = {}): Buffer {
	const O = rc4Rounds(hashed50(md5(pad('owner'))), pad(password));
	const id = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
	const key = hashed50(md5(pad(password), O, Buffer.from([0xfc, 0xff, 0xff, 0xff]), id));
	const U = Buffer.concat([rc4Rounds(key, md5(PADDING, id)), Buffer.alloc(16)]);
	/** `data` of object `number` encrypted by AESV2 (a zero IV). */
	const aes = (number: number, data: string) => {
		const objectKey = md5(key, Buffer.from([number, 0, 0, 0, 0]), Buffer.from('sAlT'));
		const cipher = createCipheriv('aes-128-cbc', objectKey, Buffer.alloc(16));
		return Buffer.concat([Buffer.alloc(16), cipher.update(data), cipher.final()]);
	};
	const [attached, drawn] = [
		aes(8, ATTACHED),
		content === 'plain' ? Buffer.from(DRAWN) : aes(4, DRAWN),
	];
	const crypt =
		content === 'crypt'
			? ' /Filter [/Crypt] /DecodeParms [<< /Name /StdCF >>]'
			: content === 'cryptByReference'
				? ' /Filter 9 0 R /DecodeParms 10 0 R'
				: '';
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [6 0 R] >>',
		`<< /Length ${drawn.length}${crypt} >>\nstream\n${drawn.toString('latin1')}\nendstream`,
		`<< /Filter /Standard /V 4 /R 4 /Length 128 /P -4 /O <${O.toString('hex')}> /U <${U.toString('hex')}> /CF << /StdCF << /CFM /AESV2 /Length 16 /AuthEvent /${authEvent} >> >> /StmF /${streams} /StrF /Identity /EFF /StdCF >>`,
		'<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 20 20] /FS 7 0 R >>',
		'<< /Type /Filespec /F (notes.txt) /EF << /F 8 0 R >> /RF << /F 11 0 R >> >>',
		`<< /Type /EmbeddedFile /Length ${attached.length} >>\nstream\n${attached.toString('latin1')}\nendstream`,
		'[/Crypt]',
		'[<< /Name /StdCF >>]',
		'[(notes.txt) 8 0 R]',
	];
	return numbered(objects, `/Encrypt 5 0 R /ID [<${id.toString('hex')}> <${id.toString('hex')}>]`);
}
/** Algorithm 2's padding, which is also the empty password padded. */
const PADDING = Buffer.from(
	'28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
	'hex',
);
const pad = (password: string) =>
	Buffer.concat([Buffer.from(password, 'latin1'), PADDING]).subarray(0, 32);
const md5 = (...parts: Buffer[]) =>
	parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest();
/** `key` hashed 50 times more (revision 3 on), each time cut to `length` bytes. */
function hashed50(key: Buffer, length = 16): Buffer {
	for (let round = 0; round < 50; round++) key = md5(key).subarray(0, length);
	return key;
}
/** RC4 with `key`, then with it XORed with 1 to 19 (revision 3 on). */
const rc4Rounds = (key: Buffer, data: Buffer) =>
	Array.from({ length: 20 }, (_, round) => round).reduce(
		(out, round) => rc4(Buffer.from(key.map((byte) => byte ^ round)), out),
		data,
	);
/** `objects` numbered from 1, the catalog first, with `trailer`'s entries. */
const numbered = (objects: string[], trailer: string) =>
	buildPdf(
		objects.map((body, at) => [at + 1, body]),
		{ root: 1, trailer: ` ${trailer}` },
	);
function rc4(key: Buffer, data: Buffer): Buffer {
	const state = Array.from({ length: 256 }, (_, at) => at);
	for (let at = 0, mixed = 0; at < 256; at++) {
		mixed = (mixed + state[at] + key[at % key.length]) & 255;
		[state[at], state[mixed]] = [state[mixed], state[at]];
	}
	let [i, j] = [0, 0];
	return Buffer.from(
		data.map((byte) => {
			i = (i + 1) & 255;
			j = (j + state[i]) & 255;
			[state[i], state[j]] = [state[j], state[i]];
			return byte ^ state[(state[i] + state[j]) & 255];
		}),
	);
}

/** Every crafted document, by name: what the corpus script and the bench read. */
export async function craftedPdfs(): Promise<Record<string, Buffer>> {
	return {
		'object-stream-chain': objectStreamChain(),
		'overlapping-xref-streams': await overlappingXrefStreams(),
		'wrong-generation': await wrongGeneration(),
		'wrong-header-generation': await wrongHeaderGeneration(),
		'freed-count': await freedCount(),
		'count-0': await withCount('0'),
		'count-minus-0': await withCount('-0'),
		'count-1-over-50': await withCount('1'),
		'count-9999999999-over-1': await withCount('9999999999', 1),
	};
}
