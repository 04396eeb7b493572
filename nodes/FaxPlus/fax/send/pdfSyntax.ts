// PDF's object syntax (ISO 32000-1, 7.2 and 7.3) over a document's bytes, without patterns: each
// byte is looked at a bounded number of times, so a hostile document costs linear time.

/** A value as the page count reads it: a name is its text (without the slash); a string reads as null. */
export type PdfValue = number | string | boolean | null | PdfRef | PdfValue[] | PdfDict;
export type PdfDict = Map<string, PdfValue>;
export interface PdfRef {
	ref: number;
}

/** Arrays and dictionaries nested deeper than this are refused: documents nest a few levels. */
const MAX_DEPTH = 32;

const WHITE_SPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((char) => char.charCodeAt(0)));
const BYTE: Record<string, number> = Object.fromEntries(
	[...'%/[]<>()\\'].map((char) => [char, char.charCodeAt(0)]),
);

/** What every reader of a document's structure throws on anything it cannot read. */
export function unreadable(): never {
	throw new Error('The PDF cannot be read');
}

export class PdfLexer {
	constructor(
		readonly bytes: Buffer,
		public at = 0,
	) {}

	/** Skips white space and comments. */
	skip(): void {
		const bytes = this.bytes;
		while (this.at < bytes.length) {
			if (WHITE_SPACE.has(bytes[this.at])) this.at++;
			else if (bytes[this.at] !== BYTE['%']) return;
			else
				while (this.at < bytes.length && bytes[this.at] !== 10 && bytes[this.at] !== 13) this.at++;
		}
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
			const items: PdfValue[] = [];
			while (!this.closes(BYTE[']'])) items.push(this.value(depth + 1));
			return items;
		}
		if (first === BYTE['<'] && bytes[this.at + 1] === BYTE['<']) {
			this.at += 2;
			const dict: PdfDict = new Map();
			while (!this.closes(BYTE['>'], BYTE['>'])) {
				const key = this.value(depth + 1);
				if (typeof key !== 'string') unreadable();
				dict.set(key, this.value(depth + 1));
			}
			return dict;
		}
		if (first === BYTE['<']) {
			const end = bytes.indexOf(BYTE['>'], this.at);
			this.at = end < 0 ? unreadable() : end + 1;
			return null;
		}
		if (first === BYTE['(']) return this.skipString();
		const word = this.word();
		if (word === 'true' || word === 'false') return word === 'true';
		if (word === 'null') return null;
		const number = isMadeOf(word, '0123456789.+-') ? Number(word) : NaN;
		if (Number.isNaN(number)) unreadable();
		// `12 0 R` is a reference to object 12.
		const mark = this.at;
		const generation = this.word();
		if (Number.isSafeInteger(number) && isMadeOf(generation, '0123456789') && this.word() === 'R')
			return { ref: number };
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
		while (
			this.at < bytes.length &&
			!WHITE_SPACE.has(bytes[this.at]) &&
			!DELIMITERS.has(bytes[this.at])
		)
			this.at++;
		return bytes.toString('latin1', start, this.at);
	}

	/** A literal string: balanced parentheses, a backslash escapes the next byte. */
	private skipString(): null {
		let open = 0;
		do {
			const byte = this.at < this.bytes.length ? this.bytes[this.at++] : unreadable();
			if (byte === BYTE['\\']) this.at++;
			else if (byte === BYTE['(']) open++;
			else if (byte === BYTE[')']) open--;
		} while (open > 0);
		return null;
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
