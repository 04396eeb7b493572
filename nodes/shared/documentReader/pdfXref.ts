// A PDF's cross-reference sections (ISO 32000-1, 7.5.4 and 7.5.8) and object streams (7.5.7), read
// only where their bytes have one reading: anything readers take two ways is refused.
import type { PdfBudget } from './pdfBudget';
import {
	arrayOf,
	dictOf,
	integerOf,
	isDigit,
	PdfLexer,
	readDifferently,
	unreadable,
	type PdfDict,
	type PdfValue,
} from './pdfSyntax';

/** The largest object number every reader keeps (mupdf's); one above it is damage. */
export const MAX_NUMBER = 8_388_607;
/** Kinds of entry: freed, at an offset (with a generation), in an object stream (at an index). */
export const [FREE, AT, COMPRESSED] = [0, 1, 2];
/** Above the budget's most entries (a unit each as read): a number's key (number, section, row) stays exact. */
export const ROWS = 2 ** 23;

/** A section's rows as read, four numbers a row (number, kind, first, second), no number twice. */
export type Section = { trailer: PdfDict; rows: number[] };

const [LF, CR, SPACE] = [10, 13, 32];

/** A classic table from after `xref`: subsections of `first count`, 20-byte entries, `trailer`. */
export function tableSection(lexer: PdfLexer, budget: PdfBudget): Section {
	const bytes = lexer.bytes;
	const rows: number[] = [];
	for (;;) {
		lexer.skip();
		if (bytes.toString('latin1', lexer.at, lexer.at + 7) === 'trailer') break;
		const [first, count] = [lexer.digits(), lexer.digits()];
		// The subsection's line ends; its entries start the next line.
		while (bytes[lexer.at] === SPACE) lexer.at++;
		if (bytes[lexer.at] === CR) lexer.at++;
		if (bytes[lexer.at] === LF) lexer.at++;
		if (first + count - 1 > MAX_NUMBER) unreadable();
		// Its 20 bytes looked at one by one.
		budget.step(count * 4);
		for (let index = 0; index < count; index++) {
			const at = lexer.at + 20 * index;
			const kind = entryAt(bytes, at);
			// pdf.js numbers a subsection from 0 where it starts at 1 with a free entry.
			if (index === 0 && first === 1 && kind === FREE) readDifferently();
			rows.push(first + index, kind, digitsAt(bytes, at, 10), digitsAt(bytes, at + 11, 5));
		}
		lexer.at += 20 * count;
	}
	lexer.at += 7;
	return sectionOf(dictOf(lexer.value()), rows, budget);
}

/** A table's entry at `at`: `oooooooooo ggggg n|f` and a two-byte end of line, or damage. */
function entryAt(bytes: Buffer, at: number): number {
	for (let digit = at; digit < at + 16; digit++)
		if (digit !== at + 10 && !isDigit(bytes[digit])) unreadable();
	const [kind, end] = [bytes[at + 17], bytes.toString('latin1', at + 18, at + 20)];
	if (bytes[at + 10] !== SPACE || bytes[at + 16] !== SPACE) unreadable();
	if (end !== ' \n' && end !== ' \r' && end !== '\r\n') unreadable();
	return kind === 110 ? AT : kind === 102 ? FREE : unreadable();
}

function digitsAt(bytes: Buffer, at: number, count: number): number {
	let value = 0;
	for (let digit = at; digit < at + count; digit++) value = value * 10 + bytes[digit] - 48;
	return value;
}

/** A cross-reference stream: rows of /W's field widths for the objects of /Index (`first count` pairs). */
export function streamSection(dict: PdfDict, data: Buffer, budget: PdfBudget): Section {
	const widths = arrayOf(dict.get('W')).map(integerOf);
	if (widths.length !== 3 || widths.some((width) => width > 8)) unreadable();
	const size = integerOf(dict.get('Size'));
	const index = arrayOf(dict.get('Index') ?? [0, size]).map(integerOf);
	if (index.length % 2 !== 0) unreadable();
	const rowWidth = widths[0] + widths[1] + widths[2];
	const rows: number[] = [];
	let at = 0;
	for (let pair = 0; pair < index.length; pair += 2) {
		const [first, count] = [index[pair], index[pair + 1]];
		if (first + count - 1 > MAX_NUMBER || at + count * rowWidth > data.length) unreadable();
		// An entry costs a unit at each step (read, sorted, chosen): a few comparisons, no allocation.
		budget.step(count);
		for (let row = 0; row < count; row++) {
			const [type, second, third] = widths.map((width) => {
				let field = 0;
				for (const end = at + width; at < end; at++) field = field * 256 + data[at];
				return field;
			});
			// A type field of no width means type 1; another type is one readers take differently.
			const kind = widths[0] === 0 ? AT : type;
			if (kind > COMPRESSED) readDifferently();
			rows.push(first + row, kind, second, kind === AT && widths[2] === 0 ? 0 : third);
		}
	}
	return sectionOf(dict, rows, budget);
}

/** The section's rows, checked in order of number: a number listed twice in one section is read differently. */
function sectionOf(trailer: PdfDict, rows: number[], budget: PdfBudget): Section {
	const count = rows.length / 4;
	const keys = Float64Array.from({ length: count }, (_, row) => rows[4 * row] * ROWS + row).sort();
	budget.step(count);
	for (let at = 0; at < count; at++) {
		const row = 4 * (keys[at] % ROWS);
		if (at > 0 && rows[4 * (keys[at - 1] % ROWS)] === rows[row]) readDifferently();
		if (rows[row + 1] === AT && rows[row + 3] > 65535) unreadable();
	}
	return { trailer, rows };
}

/** An object stream: the number at each index, and each object read where its table says it starts. */
export class ObjectStream {
	readonly numbers: Float64Array;
	private readonly starts: Float64Array;
	private readonly objects: PdfLexer;

	/** `N` pairs (number, offset from /First), offsets ascending, no number twice. */
	constructor(dict: PdfDict, data: Buffer, budget: PdfBudget) {
		const [count, first] = [integerOf(dict.get('N')), integerOf(dict.get('First'))];
		// A pair takes four bytes at least (`0 0 `): more cannot be there.
		if (count > data.length / 4 || first > data.length) unreadable();
		const numbers = (this.numbers = new Float64Array(count));
		const starts = (this.starts = new Float64Array(count + 1));
		const lexer = new PdfLexer(data.subarray(0, first), 0, budget);
		for (let index = 0; index < count; index++) {
			numbers[index] = lexer.digits();
			starts[index] = first + lexer.digits();
			if (numbers[index] > MAX_NUMBER || (index > 0 && starts[index] <= starts[index - 1]))
				unreadable();
		}
		starts[count] = data.length;
		if (count > 0 && starts[count - 1] >= data.length) unreadable();
		budget.step(count);
		// Listed twice: pdf.js reads the last listing, mupdf the first, poppler the one at the index.
		const order = Float64Array.from(numbers).sort();
		for (let at = 1; at < count; at++) if (order[at] === order[at - 1]) readDifferently();
		this.objects = new PdfLexer(data, 0, budget);
	}

	/** The object at `index` (readObjectStreams found its number there): it must end before the next starts. */
	value(index: number): PdfValue {
		this.objects.at = this.starts[index];
		const value = this.objects.value();
		// Past the next object's start: poppler cuts it there, pdf.js reads on.
		return this.objects.at <= this.starts[index + 1] ? value : readDifferently();
	}
}
