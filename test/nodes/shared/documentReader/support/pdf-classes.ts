/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Issue 105's classes, built here: PDFs that readers read two ways, each a small variation of one
// file. The table names a tree of one page (object 2); a second definition of object 2, of thirty
// pages, is what a rebuild or a lenient read finds. Each class hides or breaks something so that
// readers disagree; the node counts its own reading and writes it, and the written PDF must read
// one way (writtenClasses.test.ts). `classes()` answers [name, bytes] pairs.
import { createCipheriv, createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { fiftyPages, readingsPdf } from './pdf-readings';

/** A piece of the file: text, or an object whose offset the table gives (`header` written as is). */
type Piece = string | Buffer | { number: number; header?: string; body: string | Buffer };

interface Layout {
	/** The pieces after `%PDF-1.7`. */
	pieces: Piece[];
	/** The trailer's entries besides /Size and /Root. */
	trailer?: string;
	/** /Size as written (default: the highest number plus one). */
	size?: string;
	/** Bytes before `%PDF-`. */
	before?: string | Buffer;
	/** `startxref` written as this, not the table's offset (a reader then rebuilds). */
	startxref?: number;
	/** Lines written into the table after its first subsection's header. */
	tableNote?: string;
}

const PAGES = 30;
/** A `startxref` past the end: every reader rebuilds, and the hidden definitions are found. */
const LOST = 999_999;
const kids = (count: number, first = 3) =>
	Array.from({ length: count }, (_, at) => `${first + at} 0 R`).join(' ');
const root = (count: number) =>
	`<< /Type /Pages /Kids [${kids(count)}] /Count ${count} /MediaBox [0 0 200 200] >>`;
const page = '<< /Type /Page /Parent 2 0 R >>';

/** The objects every class shares: catalog 1, root 2 of one page, leaves 3… (all thirty). */
function base(catalog = '<< /Type /Catalog /Pages 2 0 R >>'): Piece[] {
	return [
		{ number: 1, body: catalog },
		{ number: 2, body: root(1) },
		...Array.from({ length: PAGES }, (_, at): Piece => ({ number: 3 + at, body: page })),
	];
}

/** Object 2 defined again, of thirty pages, with the header given: what a rebuild finds. */
const hidden = (header: string): string => `${header}\n${root(PAGES)}\nendobj\n`;

/** A classic file: pieces in order, one table of every object piece, its trailer and `%%EOF`. */
export function assemble(layout: Layout): Buffer {
	const parts: Buffer[] = [];
	let size = 0;
	const push = (bytes: string | Buffer) => {
		const buffer = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : bytes;
		parts.push(buffer);
		size += buffer.length;
	};
	if (layout.before) push(layout.before);
	push('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
	const offsets: number[] = [];
	for (const piece of layout.pieces) {
		if (typeof piece === 'string' || Buffer.isBuffer(piece)) {
			push(piece);
			continue;
		}
		offsets[piece.number] = size;
		push(`${piece.header ?? `${piece.number} 0 obj`}\n`);
		push(piece.body);
		push('\nendobj\n');
	}
	const tableAt = size;
	const rows = Array.from({ length: offsets.length }, (_, number) =>
		offsets[number] === undefined
			? `0000000000 ${number === 0 ? '65535' : '00000'} f\r\n`
			: `${String(offsets[number]).padStart(10, '0')} 00000 n\r\n`,
	);
	push(`xref\n0 ${offsets.length}\n${layout.tableNote ?? ''}${rows.join('')}`);
	push(
		`trailer\n<< /Size ${layout.size ?? offsets.length} /Root 1 0 R ${layout.trailer ?? ''} >>\nstartxref\n${layout.startxref ?? tableAt}\n%%EOF\n`,
	);
	return Buffer.concat(parts);
}

/** A stream object's body: its dictionary with a direct /Length, then its data. */
const stream = (dict: string, data: Buffer | string, length?: string): Buffer =>
	Buffer.concat([
		Buffer.from(
			`<< ${dict} /Length ${length ?? Buffer.byteLength(data, 'latin1')} >>\nstream\n`,
			'latin1',
		),
		typeof data === 'string' ? Buffer.from(data, 'latin1') : data,
		Buffer.from('\nendstream', 'latin1'),
	]);

/** An object stream of `objects` (number, body), the first offset `first` bytes after /First. */
function objectStream(objects: Array<[number, string]>, first = 0): Buffer {
	let offset = first;
	const pairs = objects.map(([number, body]) => {
		const pair = `${number} ${offset}`;
		offset += body.length + 1;
		return pair;
	});
	const header = `${pairs.join(' ')}\n`;
	const data = `${header}${' '.repeat(first)}${objects.map(([, body]) => `${body}\n`).join('')}`;
	const packed = deflateSync(Buffer.from(data, 'latin1'));
	return stream(
		`/Type /ObjStm /N ${objects.length} /First ${header.length} /Filter /FlateDecode`,
		packed,
	);
}

/** An xref stream's body: rows of [type, field2, field3] for numbers `from`…, /W [1 4 2]. */
function xrefStream(from: number, rows: Array<[number, number, number]>, extra: string): Buffer {
	const data = Buffer.alloc(rows.length * 7);
	rows.forEach(([type, second, third], row) => {
		data.writeUInt8(type, row * 7);
		data.writeUInt32BE(second, row * 7 + 1);
		data.writeUInt16BE(third, row * 7 + 5);
	});
	return stream(
		`/Type /XRef /W [1 4 2] /Index [${from} ${rows.length}] ${extra}`,
		deflateSync(data),
	);
}

/**
 * A hybrid file: the plain file's table names root 2 of one page; an update's table names only its
 * object stream (root 2 of thirty) and xref stream, whose /Prev (its own, not the trailer's) leads
 * back to the first table.
 */
function hybridWithPrev(): Buffer {
	const plain = assemble({ pieces: base() });
	const tableAt = plain.lastIndexOf('xref\n');
	const objstmAt = plain.length;
	const objstm = Buffer.concat([
		Buffer.from('40 0 obj\n', 'latin1'),
		objectStream([[2, root(PAGES)]]),
		Buffer.from('\nendobj\n', 'latin1'),
	]);
	const xrefAt = objstmAt + objstm.length;
	const xref = Buffer.concat([
		Buffer.from('41 0 obj\n', 'latin1'),
		xrefStream(2, [[2, 40, 0]], `/Size 42 /Prev ${tableAt} /Root 1 0 R`),
		Buffer.from('\nendobj\n', 'latin1'),
	]);
	const updateAt = xrefAt + xref.length;
	const row = (offset: number) => `${String(offset).padStart(10, '0')} 00000 n\r\n`;
	const update =
		`xref\n0 1\n0000000000 65535 f\r\n40 2\n${row(objstmAt)}${row(xrefAt)}` +
		`trailer\n<< /Size 42 /Root 1 0 R /XRefStm ${xrefAt} >>\nstartxref\n${updateAt}\n%%EOF\n`;
	return Buffer.concat([plain, objstm, xref, Buffer.from(update, 'latin1')]);
}

/** AES-256-CBC of `data`, with PKCS #7 padding where `padded`. */
function aes256(key: Buffer, iv: Buffer, data: Buffer, padded = true): Buffer {
	const cipher = createCipheriv('aes-256-cbc', key, iv).setAutoPadding(padded);
	return Buffer.concat([cipher.update(data), cipher.final()]);
}

/**
 * The thirty pages encrypted by the standard handler (revision 5, AES-256) with the empty user
 * password; page 3 draws through a content stream of `/Filter [/Crypt /FlateDecode]` whose crypt
 * filter is `name`: /StdCF (the file's own: the data is encrypted) or /Identity (plain data).
 */
function cryptFiltered(name: 'StdCF' | 'Identity'): Buffer {
	const fileKey = Buffer.alloc(32, 7);
	const [validationSalt, keySalt, iv] = [
		Buffer.alloc(8, 1),
		Buffer.alloc(8, 2),
		Buffer.alloc(16, 3),
	];
	const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
	const user = Buffer.concat([sha256(validationSalt), validationSalt, keySalt]);
	const userKey = aes256(sha256(keySalt), Buffer.alloc(16), fileKey, false);
	// /P -4 as 4 bytes, 0xff × 4, `T` (metadata encrypted), `adb`, then any 4 bytes.
	const permissions = Buffer.from('fcffffffffffffff5461646200000000', 'hex');
	const perms = createCipheriv('aes-256-ecb', fileKey, null)
		.setAutoPadding(false)
		.update(permissions);
	const hex = (bytes: Buffer) => `<${bytes.toString('hex')}>`;
	const encrypt =
		'<< /Filter /Standard /V 5 /R 5 /Length 256 /StmF /StdCF /StrF /StdCF /P -4' +
		' /CF << /StdCF << /CFM /AESV3 /AuthEvent /DocOpen /Length 32 >> >>' +
		` /O ${hex(Buffer.alloc(48, 4))} /OE ${hex(Buffer.alloc(32, 5))}` +
		` /U ${hex(user)} /UE ${hex(userKey)} /Perms ${hex(perms)} >>`;
	const drawing = deflateSync('0 0 1 rg 20 20 160 160 re f');
	const data = name === 'Identity' ? drawing : Buffer.concat([iv, aes256(fileKey, iv, drawing)]);
	const filtered = stream(
		`/Filter [/Crypt /FlateDecode] /DecodeParms [<< /Name /${name} >> null]`,
		data,
	);
	const pieces = base().map((piece) => {
		if (typeof piece !== 'object' || Buffer.isBuffer(piece)) return piece;
		if (piece.number === 2) return { number: 2, body: root(PAGES) };
		if (piece.number === 3)
			return { number: 3, body: '<< /Type /Page /Parent 2 0 R /Contents 70 0 R >>' };
		return piece;
	});
	return assemble({
		pieces: [...pieces, { number: 70, body: filtered }, { number: 71, body: encrypt }],
		trailer: `/Encrypt 71 0 R /ID [<00> <00>]`,
	});
}

/**
 * What pdf.js, poppler, mupdf and qpdf count of each original (recorded with the written check's
 * readers, support/writtenCheck.js; none means the reader does not open it): the two readings.
 */
export const ORIGINAL_COUNTS: Record<string, string> = {
	'the plain file': '30 30 30 30',
	'a later definition written `0002 0 obj` (leading zeros)': '30 30 30 30',
	'a later definition written `+2 0 obj` (a sign)': '1 1 30 30',
	'a later definition with a comment before `obj`': '1 1 30 30',
	'a definition inside stream data a wrong /Length skips': '30 30 1 30',
	'a catalog whose /AcroForm reference dangles': '1 30 1 1',
	'an indirect /Size': '1 1 30 1',
	'an out-of-range /Size': '1 1 1 1',
	'a comment in the table': '1 1 30 30',
	'`%PDF-` after a leading stream': '30 30 30 30',
	'a hybrid file whose /XRefStm stream has its own /Prev': '1 1 none 1',
	'an object stream whose first offset is not 0': '30 30 30 30',
	'`#00` in a name': '30 30 30 30',
	'reals such as `30.0` where an integer goes': '30 30 30 none',
	'a linearization dictionary of `/N 3-0` and `/L 43-5`': '1 1 1 1',
	'a page whose /Contents array names an object that is not there': '30 30 30 30',
	'a page whose /Contents names an object that is not there': '30 30 30 30',
	'a page whose /Contents is a dictionary, not a stream': '30 30 30 30',
	"a catalog's /AcroForm without /Fields": '30 30 30 30',
	"a catalog's /Metadata stream without /Type /Metadata /Subtype /XML": '30 30 30 30',
	'`>> stream` inside a string before the definitions': '30 30 30 30',
	'`>> stream` inside a comment before the definitions': '30 30 30 30',
	'an encrypted stream whose /Crypt filter is named /StdCF': '30 30 30 30',
	"an encrypted file's stream whose /Crypt filter is /Identity": '30 30 30 30',
};

/** Every class of the issue, as [name, PDF]; the first is the plain file (thirty pages). */
export function classes(): Array<[string, Buffer]> {
	const full = (): Piece[] =>
		base().map((piece) =>
			typeof piece === 'object' && !Buffer.isBuffer(piece) && piece.number === 2
				? { number: 2, body: root(PAGES) }
				: piece,
		);
	const dangling = '<< /Type /Catalog /Pages 2 0 R /AcroForm 99 0 R >>';
	return [
		['the plain file', assemble({ pieces: full() })],
		// Definitions a rebuild finds that a header scan does not.
		[
			'a later definition written `0002 0 obj` (leading zeros)',
			assemble({ pieces: [...base(), hidden('0002 0 obj')], startxref: LOST }),
		],
		[
			'a later definition written `+2 0 obj` (a sign)',
			assemble({ pieces: [...base(), hidden('+2 0 obj')], startxref: LOST }),
		],
		[
			'a later definition with a comment before `obj`',
			assemble({ pieces: [...base(), hidden('2 0 %x\nobj')], startxref: LOST }),
		],
		[
			'a definition inside stream data a wrong /Length skips',
			assemble({
				pieces: [...base(), { number: 50, body: stream('', `q\n${hidden('2 0 obj')}Q`, '4') }],
				startxref: LOST,
			}),
		],
		// Repair triggers on parts the count never reads.
		[
			'a catalog whose /AcroForm reference dangles',
			assemble({ pieces: [...base(dangling), hidden('2 0 obj')] }),
		],
		[
			'an indirect /Size',
			assemble({
				pieces: [...base(), { number: 60, body: '61' }, hidden('2 0 obj')],
				size: '60 0 R',
			}),
		],
		['an out-of-range /Size', assemble({ pieces: [...base(), hidden('2 0 obj')], size: '3' })],
		[
			'a comment in the table',
			assemble({ pieces: [...base(), hidden('2 0 obj')], tableNote: '% note\n' }),
		],
		[
			'`%PDF-` after a leading stream',
			assemble({
				before: `9 0 obj\n<< /Length 5 >>\nstream\n%PDF-\nendstream\nendobj\n`,
				pieces: [...base(), hidden('2 0 obj')],
			}),
		],
		['a hybrid file whose /XRefStm stream has its own /Prev', hybridWithPrev()],
		[
			'an object stream whose first offset is not 0',
			readingsPdf(
				fiftyPages(PAGES).filter(([number]) => number !== 2),
				{ listed: [[2, root(PAGES)]], firstOffset: 3 },
			),
		],
		[
			'`#00` in a name',
			assemble({
				pieces: [
					...base(),
					{
						number: 2,
						header: '2 0 obj',
						body: `<< /Type /Pages /Ki#00ds [3 0 R] /Kids [${kids(PAGES)}] /Count ${PAGES} >>`,
					},
				].filter((_, at) => at !== 1),
			}),
		],
		[
			'reals such as `30.0` where an integer goes',
			assemble({
				pieces: full().map((piece) =>
					typeof piece === 'object' && !Buffer.isBuffer(piece) && piece.number === 2
						? { number: 2, body: root(PAGES).replace(`/Count ${PAGES}`, `/Count ${PAGES}.0`) }
						: piece,
				),
				size: '34.0',
			}),
		],
		[
			'a linearization dictionary of `/N 3-0` and `/L 43-5`',
			assemble({
				pieces: [
					{ number: 80, body: '<< /Linearized 1 /L 43-5 /N 3-0 /H [1 1] /O 3 /E 1 /T 1 >>' },
					...base(),
				],
			}),
		],
		// References the writer cannot follow, where a reader expects a stream.
		[
			'a page whose /Contents array names an object that is not there',
			assemble({
				pieces: full().map((piece) =>
					typeof piece === 'object' && !Buffer.isBuffer(piece) && piece.number === 3
						? { number: 3, body: '<< /Type /Page /Parent 2 0 R /Contents [77 0 R] >>' }
						: piece,
				),
			}),
		],
		[
			'a page whose /Contents names an object that is not there',
			assemble({
				pieces: full().map((piece) =>
					typeof piece === 'object' && !Buffer.isBuffer(piece) && piece.number === 3
						? { number: 3, body: '<< /Type /Page /Parent 2 0 R /Contents 77 0 R >>' }
						: piece,
				),
			}),
		],
		// Parts a reader checks, copied as they are (the fuzzer's findings, reduced).
		[
			'a page whose /Contents is a dictionary, not a stream',
			assemble({
				pieces: [
					...full().map((piece) =>
						typeof piece === 'object' && !Buffer.isBuffer(piece) && piece.number === 3
							? { number: 3, body: '<< /Type /Page /Parent 2 0 R /Contents 60 0 R >>' }
							: piece,
					),
					{ number: 60, body: '<< >>' },
				],
			}),
		],
		[
			"a catalog's /AcroForm without /Fields",
			assemble({
				pieces: [
					{ number: 1, body: '<< /Type /Catalog /Pages 2 0 R /AcroForm << >> >>' },
					...full().slice(1),
				],
			}),
		],
		[
			"a catalog's /Metadata stream without /Type /Metadata /Subtype /XML",
			assemble({
				pieces: [
					{ number: 1, body: '<< /Type /Catalog /Pages 2 0 R /Metadata 61 0 R >>' },
					...full().slice(1),
					{ number: 61, body: stream('', '') },
				],
			}),
		],
		[
			'`>> stream` inside a string before the definitions',
			assemble({ pieces: [{ number: 90, body: '<< /Title (a >> stream b) >>' }, ...full()] }),
		],
		[
			'`>> stream` inside a comment before the definitions',
			assemble({ pieces: ['% >> stream\n', ...full()] }),
		],
		// A stream's own crypt filter, kept on data written decrypted.
		['an encrypted stream whose /Crypt filter is named /StdCF', cryptFiltered('StdCF')],
		["an encrypted file's stream whose /Crypt filter is /Identity", cryptFiltered('Identity')],
	];
}

/**
 * `pdf` with the offset of its last table's second in-use row moved by `by` bytes: what a broken
 * writer would send (writtenClasses.test.ts shows the written check fails it).
 */
export function movedOffset(pdf: Buffer, by = 3): Buffer {
	const text = pdf.toString('latin1');
	const table = text.lastIndexOf('\nxref');
	const rows = [...text.slice(table).matchAll(/(\d{10}) (\d{5}) n/g)];
	const row = rows[1];
	const at = table + row.index;
	const moved = String(Number(row[1]) + by).padStart(10, '0');
	return Buffer.concat([pdf.subarray(0, at), Buffer.from(moved, 'latin1'), pdf.subarray(at + 10)]);
}
