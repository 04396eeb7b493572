// PDF's object syntax (ISO 32000-1, 7.2 and 7.3) without patterns: each byte is looked at a bounded
// number of times, numbers and references are read without making strings, and each token is
// charged as it is read, its bytes and its kind's TOKEN_COST, whether it reads or not.
import type { PdfBudget } from './pdfBudget';

/** A value as the page count reads it: a name is its text, escapes decoded (without the slash). */
export type PdfValue = number | string | boolean | null | PdfString | PdfRef | PdfValue[] | PdfDict;
export type PdfRef = { ref: number; gen: number };
/** Why a PDF cannot be counted (README.md, "Entry"). */
export type PdfRefusal = 'damaged' | 'encrypted' | 'budget';
export class PdfRefused extends Error {
	constructor(readonly reason: PdfRefusal) {
		super(`The PDF cannot be counted: ${reason}`);
	}
}
/** Why `error` ends a read: its refusal, else damage (a fault no check of the format named). */
export const refusalOf = (error: unknown): PdfRefusal =>
	error instanceof PdfRefused ? error.reason : 'damaged';
/** What every reader of a document's structure throws on bytes that break the format. */
export function unreadable(): never {
	throw new PdfRefused('damaged');
}
/** A dictionary; a key written twice is the last one written. */
export class PdfDict extends Map<string, PdfValue> {}

// What a token costs besides its bytes, by kind: a stray delimiter pays as a keyword, a whole
// number below 2^30 allocates nothing, a string is decoded only where read; then what an array,
// a dictionary (a Map) and each key new to it cost besides their tokens.
const TOKEN_COST = { keyword: 14, number: 8, real: 18, reference: 30, name: 15, string: 32 };
const [ARRAY_COST, DICTIONARY_COST, ENTRY_COST] = [72, 80, 64];
// Arrays and dictionaries nested deeper than MAX_DEPTH are refused (qpdf's odd tokens nest 61); a
// string's bytes decoded unless asked for all (an ID, a key's: short); digits read exactly (below 2^53).
const [MAX_DEPTH, MAX_STRING, EXACT_DIGITS] = [100, 1024, 15];
const [LF, CR, SPACE, PLUS, MINUS, DOT, ZERO, NINE, SEVEN] = [10, 13, 32, 43, 45, 46, 48, 57, 55];
const [PERCENT, SLASH, OPEN_ARRAY, CLOSE_ARRAY, LESS, GREATER] = [37, 47, 91, 93, 60, 62];
const [OPEN_PAREN, CLOSE_PAREN, BACKSLASH, R] = [40, 41, 92, 82];
/** Each byte's class: 1 white space (NUL, tab, LF, form feed, CR, space), 2 delimiter, 0 regular. */
const CLASS = new Uint8Array(256);
for (const byte of [0, 9, LF, 12, CR, SPACE]) CLASS[byte] = 1;
for (const char of '()<>[]{}/%') CLASS[char.charCodeAt(0)] = 2;
/** Each byte's value as a hex digit, else -1. */
export const HEX = new Int8Array(256).map((_, byte) =>
	'0123456789abcdef'.indexOf(String.fromCharCode(byte).toLowerCase()),
);
/** What `\n`, `\r`, `\t`, `\b`, `\f` stand for in a literal string; any other escaped byte is itself. */
const ESCAPES = new Uint8Array(256).map((_, byte) => byte);
for (const [escaped, byte] of ['n\n', 'r\r', 't\t', 'b\b', 'f\f'])
	ESCAPES[escaped.charCodeAt(0)] = byte.charCodeAt(0);
export const isWhiteSpace = (byte: number) => CLASS[byte] === 1;
export const isDigit = (byte: number) => byte >= ZERO && byte <= NINE;
/** Whether `byte` ends a word (white space, a delimiter, or past the end). */
export const endsWord = (byte?: number) => byte === undefined || CLASS[byte] !== 0;
export class PdfLexer {
	constructor(
		readonly bytes: Buffer,
		public at = 0,
		private readonly budget?: PdfBudget,
	) {}
	skip(): void {
		const start = this.at;
		this.at = this.pastSpace(start);
		this.charge(this.at - start, 0);
	}
	word(): string {
		const start = this.at;
		const from = this.pastSpace(start);
		this.at = this.pastRegular(from);
		this.charge(this.at - start, TOKEN_COST.keyword);
		return this.bytes.toString('latin1', from, this.at);
	}
	/** A whole number written in digits alone (an object stream's table), read without backtracking. */
	digits(): number {
		const bytes = this.bytes;
		const start = this.at;
		const from = this.pastSpace(start);
		let [at, number] = [from, 0];
		while (at - from < 15 && isDigit(bytes[at])) number = number * 10 + bytes[at++] - ZERO;
		this.at = at;
		this.charge(at - start, TOKEN_COST.number);
		return at > from && endsWord(bytes[at]) ? number : unreadable();
	}
	value(depth = 0): PdfValue {
		if (depth > MAX_DEPTH) unreadable();
		const bytes = this.bytes;
		const start = this.at;
		const at = this.pastSpace(start);
		const first = bytes[at];
		if (first === SLASH) {
			this.at = this.pastRegular(at + 1);
			this.charge(this.at - start, TOKEN_COST.name);
			return this.name(at + 1, this.at);
		}
		if (first === OPEN_ARRAY) {
			this.at = at + 1;
			this.charge(this.at - start, ARRAY_COST);
			const items: PdfValue[] = [];
			while (!this.closes(CLOSE_ARRAY, -1)) items.push(this.value(depth + 1));
			return items;
		}
		if (first === LESS && bytes[at + 1] === LESS) {
			this.at = at + 2;
			this.charge(this.at - start, DICTIONARY_COST);
			const dict = new PdfDict();
			while (!this.closes(GREATER, GREATER)) {
				const key = this.value(depth + 1);
				// `>>` starts no value: a key without one ends the dictionary.
				if (this.closes(GREATER, GREATER)) break;
				const value = this.value(depth + 1);
				// A key that is not a name is dropped with its value.
				if (typeof key !== 'string') continue;
				if (!dict.has(key)) this.charge(0, ENTRY_COST);
				dict.set(key, value);
			}
			return dict;
		}
		if (first === LESS || first === OPEN_PAREN) return this.string(start, at, first === LESS);
		const end = this.pastRegular(at);
		if (end === at) {
			// A stray delimiter (`{`, `)`, `>`): past it, as readers read on.
			this.at = Math.min(at + 1, bytes.length);
			this.charge(this.at - start, TOKEN_COST.keyword);
			if (at >= bytes.length) unreadable();
			return null;
		}
		this.at = end;
		const number = numberIn(bytes, at, end);
		if (Number.isNaN(number)) {
			// Any other keyword (or a number written wrong) is no value the count reads.
			this.charge(end - start, TOKEN_COST.keyword);
			if (end - at === 4 && spells(bytes, at, 'true')) return true;
			return end - at === 5 && spells(bytes, at, 'false') ? false : null;
		}
		// `12 0 R` is a reference to object 12, generation 0: a generation of 1 to 5 digits, then R.
		let looked = end;
		if (Number.isSafeInteger(number) && number >= 0) {
			const genStart = this.pastSpace(end);
			let gen = 0;
			for (looked = genStart; looked - genStart <= 5 && isDigit(bytes[looked]); looked++)
				gen = gen * 10 + bytes[looked] - ZERO;
			if (looked > genStart && looked - genStart <= 5 && endsWord(bytes[looked])) {
				const r = this.pastSpace(looked);
				looked = r + 1;
				if (bytes[r] === R && endsWord(bytes[r + 1])) {
					this.at = r + 1;
					this.charge(this.at - start, TOKEN_COST.reference);
					return { ref: number, gen };
				}
			}
		}
		// A small integer is held without an allocation of its own.
		const small = (number | 0) === number && number > -(2 ** 30) && number < 2 ** 30;
		this.charge(looked - start, small ? TOKEN_COST.number : TOKEN_COST.real);
		return number;
	}
	/** A name's text, `#xx` decoded; a `#` without two hex digits after it is itself. */
	private name(from: number, to: number): string {
		const bytes = this.bytes;
		let hash = from;
		while (hash < to && bytes[hash] !== 35) hash++;
		if (hash === to) return bytes.toString('latin1', from, to);
		const out = Buffer.alloc(to - from);
		let filled = 0;
		for (let at = from; at < to; at++) {
			const [high, low] = [HEX[bytes[at + 1]], HEX[bytes[at + 2]]];
			if (bytes[at] !== 35) out[filled++] = bytes[at];
			else if (at + 2 < to && high >= 0 && low >= 0) {
				out[filled++] = high * 16 + low;
				at += 2;
			} else out[filled++] = 35;
		}
		return out.toString('latin1', 0, filled);
	}
	private pastSpace(at: number): number {
		const bytes = this.bytes;
		const length = bytes.length;
		while (at < length) {
			const byte = bytes[at];
			if (CLASS[byte] === 1) at++;
			else if (byte !== PERCENT) break;
			else while (at < length && bytes[at] !== LF && bytes[at] !== CR) at++;
		}
		return at;
	}
	private pastRegular(at: number): number {
		const bytes = this.bytes;
		while (at < bytes.length && CLASS[bytes[at]] === 0) at++;
		return at;
	}
	private charge(bytes: number, cost: number): void {
		this.budget?.step(bytes + cost);
	}
	/** Whether the next bytes close an array (`]`, -1) or a dictionary (`>>`); if so, past them. */
	private closes(closing: number, second: number): boolean {
		this.skip();
		const { at, bytes } = this;
		if (at >= bytes.length) unreadable();
		if (bytes[at] !== closing || (second >= 0 && bytes[at + 1] !== second)) return false;
		this.at = at + (second >= 0 ? 2 : 1);
		return true;
	}
	/** A hex string, or a literal one: balanced parentheses, backslash escapes (ISO 32000-1, 7.3.4.2). */
	private string(start: number, open: number, hex: boolean): PdfString {
		const bytes = this.bytes;
		let end = open + 1;
		// Up to `>` (no digit nor white space) or the end (where a byte is undefined: neither).
		if (hex) while (HEX[bytes[end]] >= 0 || CLASS[bytes[end]] === 1) end++;
		else
			for (let depth = 1; end < bytes.length; end++) {
				const byte = bytes[end];
				if (byte === BACKSLASH) end++;
				else if (byte === OPEN_PAREN) depth++;
				else if (byte === CLOSE_PAREN && --depth === 0) break;
			}
		this.at = Math.min(end + 1, bytes.length);
		this.charge(this.at - start, TOKEN_COST.string);
		if (bytes[end] !== (hex ? GREATER : CLOSE_PAREN)) unreadable();
		return new PdfString(bytes, open + 1, end, hex);
	}
}
/** A string, where it is written: most are never read, so its bytes are decoded only when asked. */
export class PdfString {
	constructor(
		private readonly source: Buffer,
		private readonly start: number,
		private readonly end: number,
		private readonly hex: boolean,
	) {}
	/** Its first `most` bytes; in a hex string, white space between digits and a last odd digit followed by 0. */
	bytes(most = MAX_STRING): Buffer {
		const { source, start, end, hex } = this;
		const out = Buffer.alloc(Math.min(most, hex ? Math.ceil((end - start) / 2) : end - start));
		let filled = 0;
		if (hex) {
			let digits = 0;
			for (let at = start; at < end && digits < 2 * out.length; at++) {
				// White space between digits (the lexer let nothing else into the string).
				const digit = HEX[source[at]];
				if (digit < 0) continue;
				out[digits >> 1] = digits % 2 === 0 ? digit * 16 : out[digits >> 1] + digit;
				digits++;
			}
			return out.subarray(0, (digits + 1) >> 1);
		}
		for (let at = start; at < end && filled < out.length;) {
			const byte = source[at++];
			if (byte !== BACKSLASH) {
				out[filled++] = byte;
				continue;
			}
			const next = source[at++];
			if (next >= ZERO && next <= SEVEN) {
				let code = next - ZERO;
				for (let digit = 0; digit < 2 && source[at] >= ZERO && source[at] <= SEVEN; digit++)
					code = code * 8 + source[at++] - ZERO;
				out[filled++] = code & 255;
			} else if (next === CR) {
				if (source[at] === LF) at++;
			} else if (next !== LF) out[filled++] = ESCAPES[next];
		}
		return out.subarray(0, filled);
	}
}
export function integerOf(value: PdfValue | undefined): number {
	const whole = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
	return whole ? value : unreadable();
}
// The number `bytes[from, to)` writes (a sign, digits, at most one point), or NaN: a whole number of
// up to EXACT_DIGITS from its digits, any other through a string, where the bytes paid for it.
function numberIn(bytes: Buffer, from: number, to: number): number {
	let [at, digits, whole, point] = [from, 0, 0, false];
	if (bytes[at] === MINUS || bytes[at] === PLUS) at++;
	for (; at < to; at++) {
		if (isDigit(bytes[at])) [digits, whole] = [digits + 1, whole * 10 + bytes[at] - ZERO];
		else if (bytes[at] === DOT && !point) point = true;
		else return NaN;
	}
	if (digits === 0) return NaN;
	const plain = !point && digits <= EXACT_DIGITS && isDigit(bytes[from]);
	return plain ? whole : Number(bytes.toString('latin1', from, to));
}
/** Whether `word` is at `at`; its last letter first, so a run of letters fails at once. */
export function spells(bytes: Buffer, at: number, word: string): boolean {
	for (let index = word.length - 1; index >= 0; index--)
		if (bytes[at + index] !== word.charCodeAt(index)) return false;
	return true;
}
/** The index of the last of the ascending `values` at or before `at` (-1: none). */
export function lastAtOrBefore(values: ArrayLike<number>, at: number): number {
	let [low, high] = [0, values.length - 1];
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (values[middle] <= at) low = middle + 1;
		else high = middle - 1;
	}
	return high;
}
export const isRef = (value?: PdfValue): value is PdfRef =>
	value instanceof Object && 'ref' in value;
export const dictOf = (value?: PdfValue) => (value instanceof PdfDict ? value : unreadable());
export function integersOf(value: PdfValue | undefined): number[] {
	return Array.isArray(value) ? value.map(integerOf) : unreadable();
}
