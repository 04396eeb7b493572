// PDF's object syntax (ISO 32000-1, 7.2 and 7.3) over a document's bytes, without patterns: each
// byte is looked at a bounded number of times and charged to the read's budget, so a hostile
// document costs linear time.
import type { PdfBudget } from './pdfBudget';

/** A value as the page count reads it: a name is its text (without the slash); a string its bytes (its first KB). */
export type PdfValue = number | string | boolean | null | Buffer | PdfRef | PdfValue[] | PdfDict;
export type PdfDict = Map<string, PdfValue>;
export interface PdfRef {
	ref: number;
	gen: number;
}

/** Arrays and dictionaries nested deeper than this are refused: documents nest a few levels. */
const MAX_DEPTH = 32;
/** What an item of an array or dictionary costs the budget besides its bytes: the memory it holds. */
const ITEM_COST = 8;
/** What an array or dictionary itself costs: an empty Map holds about 100 bytes and takes time to make. */
const CONTAINER_COST = 64;
/** A string's bytes kept: the ones the count reads (an ID, an encryption key's) are short. */
const MAX_STRING = 1024;

/** Each byte's class: 1 white space, 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const byte of [0, 9, 10, 12, 13, 32]) CLASS[byte] = 1;
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = 2;
const BYTE: Record<string, number> = Object.fromEntries(
	[...'%/[]<>()\\'].map((char) => [char, char.charCodeAt(0)]),
);
const HEX: Record<number, number> = Object.fromEntries(
	[...'0123456789abcdef'].flatMap((char, value) => [
		[char.charCodeAt(0), value],
		[char.toUpperCase().charCodeAt(0), value],
	]),
);
const ESCAPES: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };

/** What every reader of a document's structure throws on anything it cannot read. */
export function unreadable(): never {
	throw new Error('The PDF cannot be read');
}

export function isWhiteSpace(byte: number): boolean {
	return CLASS[byte] === 1;
}

/** Whether `byte` ends a word (white space, a delimiter, or past the end). */
export function endsWord(byte: number | undefined): boolean {
	return byte === undefined || CLASS[byte] !== 0;
}

export class PdfLexer {
	constructor(
		readonly bytes: Buffer,
		public at = 0,
		private readonly budget?: PdfBudget,
	) {}

	/** Skips white space and comments. */
	skip(): void {
		const bytes = this.bytes;
		const start = this.at;
		while (this.at < bytes.length) {
			if (CLASS[bytes[this.at]] === 1) this.at++;
			else if (bytes[this.at] !== BYTE['%']) break;
			else
				while (this.at < bytes.length && bytes[this.at] !== 10 && bytes[this.at] !== 13) this.at++;
		}
		this.budget?.tokenize(this.at - start);
	}

	/** The next keyword or number: the regular characters after white space. */
	word(): string {
		this.skip();
		return this.regular();
	}

	/** A non-negative whole number a structure gives (an offset, a count), or unreadable. */
	integer(): number {
		return integerOf(this.value());
	}

	/** A whole number written in digits alone (an object stream's table), read without backtracking. */
	digits(): number {
		this.skip();
		const bytes = this.bytes;
		const start = this.at;
		let number = 0;
		while (
			this.at < bytes.length &&
			bytes[this.at] >= 48 &&
			bytes[this.at] <= 57 &&
			this.at - start < 15
		)
			number = number * 10 + bytes[this.at++] - 48;
		this.budget?.tokenize(this.at - start);
		return this.at > start && endsWord(bytes[this.at]) ? number : unreadable();
	}

	value(depth = 0): PdfValue {
		if (depth > MAX_DEPTH) unreadable();
		this.skip();
		const bytes = this.bytes;
		const first = bytes[this.at];
		if (first === BYTE['/']) {
			this.at++;
			return this.regular();
		}
		if (first === BYTE['[']) {
			this.at++;
			this.budget?.step(CONTAINER_COST);
			const items: PdfValue[] = [];
			while (!this.closes(BYTE[']'])) {
				this.budget?.step(ITEM_COST);
				items.push(this.value(depth + 1));
			}
			return items;
		}
		if (first === BYTE['<'] && bytes[this.at + 1] === BYTE['<']) {
			this.at += 2;
			this.budget?.step(CONTAINER_COST);
			const dict: PdfDict = new Map();
			while (!this.closes(BYTE['>'], BYTE['>'])) {
				// A key that is not a name is skipped, as readers skip it.
				this.budget?.step(ITEM_COST);
				const key = this.value(depth + 1);
				if (typeof key === 'string') dict.set(key, this.value(depth + 1));
			}
			return dict;
		}
		if (first === BYTE['<']) return this.hexString();
		if (first === BYTE['(']) return this.literalString();
		const word = this.word();
		if (word === 'true' || word === 'false') return word === 'true';
		if (word === 'null') return null;
		if (word === '') {
			// A stray delimiter (`{`, `)`, `>`): past it, as readers read on.
			if (this.at >= bytes.length) unreadable();
			this.at++;
			this.budget?.tokenize(1);
			return null;
		}
		const number = isMadeOf(word, '0123456789.+-') ? Number(word) : NaN;
		// Any other keyword (or a number written wrong) is no value the count reads.
		if (Number.isNaN(number)) return null;
		// `12 0 R` is a reference to object 12, generation 0.
		const mark = this.at;
		const generation = this.word();
		if (
			Number.isSafeInteger(number) &&
			number >= 0 &&
			isMadeOf(generation, '0123456789') &&
			generation.length <= 5 &&
			this.word() === 'R'
		)
			return { ref: number, gen: Number(generation) };
		this.at = mark;
		return number;
	}

	/** Whether the next bytes (after white space) are the closing ones, then past them. */
	private closes(...closing: number[]): boolean {
		this.skip();
		if (this.at >= this.bytes.length) unreadable();
		if (closing.some((byte, index) => this.bytes[this.at + index] !== byte)) return false;
		this.at += closing.length;
		return true;
	}

	private regular(): string {
		const start = this.at;
		const bytes = this.bytes;
		while (this.at < bytes.length && CLASS[bytes[this.at]] === 0) this.at++;
		this.budget?.tokenize(this.at - start);
		return bytes.toString('latin1', start, this.at);
	}

	/** `<48 65>`: pairs of hex digits, white space between them, a last odd digit followed by 0. */
	private hexString(): Buffer {
		const bytes = this.bytes;
		const start = this.at++;
		const out: number[] = [];
		let high = -1;
		for (; bytes[this.at] !== BYTE['>']; this.at++) {
			if (this.at >= bytes.length) unreadable();
			if (CLASS[bytes[this.at]] === 1) continue;
			const digit = HEX[bytes[this.at]];
			if (digit === undefined) unreadable();
			if (high < 0) high = digit;
			else {
				if (out.length < MAX_STRING) out.push(high * 16 + digit);
				high = -1;
			}
		}
		if (high >= 0 && out.length < MAX_STRING) out.push(high * 16);
		this.at++;
		this.budget?.tokenize(this.at - start);
		return Buffer.from(out);
	}

	/** A literal string: balanced parentheses, backslash escapes (ISO 32000-1, 7.3.4.2). */
	private literalString(): Buffer {
		const bytes = this.bytes;
		const start = this.at++;
		const out: number[] = [];
		const next = () => (this.at < bytes.length ? bytes[this.at++] : unreadable());
		for (let open = 1; ;) {
			const byte = next();
			if (byte === BYTE['\\']) {
				const escaped = next();
				if (escaped >= 48 && escaped <= 55) {
					let code = escaped - 48;
					for (let digit = 0; digit < 2 && bytes[this.at] >= 48 && bytes[this.at] <= 55; digit++)
						code = code * 8 + bytes[this.at++] - 48;
					if (out.length < MAX_STRING) out.push(code & 255);
				} else if (escaped === 13) {
					if (bytes[this.at] === 10) this.at++;
				} else if (escaped !== 10 && out.length < MAX_STRING) out.push(ESCAPES[escaped] ?? escaped);
				continue;
			}
			if (byte === BYTE['(']) open++;
			if (byte === BYTE[')'] && --open === 0) break;
			if (out.length < MAX_STRING) out.push(byte);
		}
		this.budget?.tokenize(this.at - start);
		return Buffer.from(out);
	}
}

export function integerOf(value: PdfValue | undefined): number {
	return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0
		? value
		: unreadable();
}

function isMadeOf(word: string, chars: string): boolean {
	return word !== '' && [...word].every((char) => chars.includes(char));
}
