// Cross-reference sections and object streams (ISO 32000-1, 7.5.4 to 7.5.8): rows charged as read.
import type { PdfBudget } from './pdfBudget';
import type { PdfDict } from './pdfSyntax';
import { dictOf, integerOf, integersOf, isDigit, PdfLexer, unreadable } from './pdfSyntax';

/** The largest object number kept (mupdf's); one above it is damage. */
const MAX_NUMBER = 8_388_607;
/** Kinds of entry: freed, at an offset (with a generation), in an object stream (at an index). */
export const [FREE, AT, COMPRESSED] = [0, 1, 2];
/** What a row costs as read, sorted and chosen (a few comparisons, 16 bytes kept); bytes of a table. */
const [ROW_COST, LF, CR, SPACE] = [8, 10, 13, 32];
/** Rows of four numbers (number, kind, first, second), grown as read. */
export class Rows {
	data = new Int32Array(64);
	count = 0;
	/** A number above MAX_NUMBER (a header's, in a rebuild) is no row; sections refuse one. */
	push(number: number, kind: number, first: number, second: number): void {
		if (number > MAX_NUMBER) return;
		if (4 * this.count + 4 > this.data.length) {
			const grown = new Int32Array(this.data.length * 2);
			grown.set(this.data);
			this.data = grown;
		}
		const [data, at] = [this.data, 4 * this.count++];
		// An offset or index past 2^31 names nothing in a document this size.
		data[at] = number;
		data[at + 1] = kind;
		data[at + 2] = Math.min(first, 2 ** 31 - 1);
		data[at + 3] = Math.min(second, 2 ** 31 - 1);
	}
}
/** A classic table from after `xref`: subsections of `first count`, 20-byte entries, `trailer`. */
export function tableSection(lexer: PdfLexer, budget: PdfBudget) {
	const bytes = lexer.bytes;
	const rows = new Rows();
	for (;;) {
		lexer.skip();
		if (bytes.toString('latin1', lexer.at, lexer.at + 7) === 'trailer') break;
		const [first, count] = [lexer.digits(), lexer.digits()];
		// The subsection's line ends; its entries start the next line.
		while (bytes[lexer.at] === SPACE) lexer.at++;
		if (bytes[lexer.at] === CR) lexer.at++;
		if (bytes[lexer.at] === LF) lexer.at++;
		if (first + count - 1 > MAX_NUMBER || lexer.at + 20 * count > bytes.length) unreadable();
		budget.step(count * ROW_COST);
		for (let index = 0; index < count; index++) {
			const at = lexer.at + 20 * index;
			const kind = entryAt(bytes, at);
			rows.push(first + index, kind, digitsAt(bytes, at, 10), digitsAt(bytes, at + 11, 5));
		}
		lexer.at += 20 * count;
	}
	lexer.at += 7;
	return { trailer: dictOf(lexer.value()), rows };
}
/** A table's entry at `at`: `oooooooooo ggggg n|f` and a two-byte end of line, or damage. */
function entryAt(bytes: Buffer, at: number): number {
	for (let digit = at; digit < at + 16; digit++)
		if (digit !== at + 10 && !isDigit(bytes[digit])) unreadable();
	if (bytes[at + 10] !== SPACE || bytes[at + 16] !== SPACE) unreadable();
	const [first, second] = [bytes[at + 18], bytes[at + 19]];
	if (!(first === SPACE || first === CR) || !(second === LF || second === CR)) unreadable();
	const kind = bytes[at + 17];
	return kind === 110 ? AT : kind === 102 ? FREE : unreadable();
}
function digitsAt(bytes: Buffer, at: number, count: number): number {
	let value = 0;
	for (let digit = at; digit < at + count; digit++) value = value * 10 + bytes[digit] - 48;
	return value;
}
/** A cross-reference stream: rows of /W's field widths for the objects of /Index (`first count` pairs). */
export function streamSection(dict: PdfDict, data: Buffer, budget: PdfBudget) {
	const widths = integersOf(dict.get('W'));
	if (widths.length !== 3 || widths.some((width) => width > 8)) unreadable();
	const rowWidth = widths[0] + widths[1] + widths[2];
	// Rows of no bytes would cost work and memory that no byte pays for.
	if (rowWidth === 0) unreadable();
	const size = integerOf(dict.get('Size'));
	const index = integersOf(dict.get('Index') ?? [0, size]);
	if (index.length % 2 !== 0) unreadable();
	const rows = new Rows();
	let at = 0;
	for (let pair = 0; pair < index.length; pair += 2) {
		const [first, count] = [index[pair], index[pair + 1]];
		if (first + count - 1 > MAX_NUMBER || at + count * rowWidth > data.length) unreadable();
		budget.step(count * ROW_COST);
		for (let row = 0; row < count; row++) {
			const fields = [0, 0, 0];
			for (let field = 0; field < 3; field++)
				for (const end = at + widths[field]; at < end; at++)
					fields[field] = fields[field] * 256 + data[at];
			// A type field of no width means type 1; an unknown type is a free entry.
			const kind = widths[0] === 0 ? AT : fields[0] > COMPRESSED ? FREE : fields[0];
			rows.push(first + row, kind, fields[1], kind === AT && widths[2] === 0 ? 0 : fields[2]);
		}
	}
	return { trailer: dict, rows };
}
/** An object stream: the number at each index, and each object read where its table says it starts. */
export class ObjectStream {
	readonly numbers: Float64Array;
	private readonly starts: Float64Array;
	private readonly objects: PdfLexer;
	/** `N` pairs (number, offset from /First). */
	constructor(dict: PdfDict, data: Buffer, budget: PdfBudget) {
		const [count, first] = [integerOf(dict.get('N')), integerOf(dict.get('First'))];
		// A pair takes four bytes at least (`0 0 `): more cannot be there.
		if (count > data.length / 4 || first > data.length) unreadable();
		const numbers = (this.numbers = new Float64Array(count));
		const starts = (this.starts = new Float64Array(count));
		const lexer = new PdfLexer(data.subarray(0, first), 0, budget);
		for (let index = 0; index < count; index++) {
			numbers[index] = lexer.digits();
			starts[index] = first + lexer.digits();
			if (numbers[index] > MAX_NUMBER || starts[index] >= data.length) unreadable();
		}
		budget.step(count * ROW_COST);
		this.objects = new PdfLexer(data, 0, budget);
	}
	value(index: number) {
		this.objects.at = this.starts[index];
		return this.objects.value();
	}
}
