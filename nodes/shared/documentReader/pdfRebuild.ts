// A damaged PDF's cross-reference rebuilt from its `N G obj` headers, its `trailer` dictionaries and
// its cross-reference streams, as qpdf and poppler, mupdf and pdf.js find them.
import { PdfOverBudget, stopOverBudget, TOKEN_COST, type PdfBudget } from './pdfBudget';
import { lastAtOrBefore } from './pdfRefTable';
import {
	endsWord,
	isDigit,
	isWhiteSpace,
	PdfLexer,
	unreadable,
	type PdfDict,
	type PdfValue,
} from './pdfSyntax';

/** Object headers a rebuilt document may have, and trailers it may name. */
const MAX_HEADERS = 200_000;
export const MAX_TRAILERS = 1000;
const FOUND_COST = 4; // each `obj` (or pdf.js's scan's other words) found
const HEADER_COST = 48; // each header kept
const OBJ = Buffer.from('obj');
/** Bytes after `trailer` searched for its keys where its dictionary does not parse. */
const LOOSE_TRAILER = 1024 * 1024;
/** Orders below 2^18 (MAX_HEADERS) keep a key of number and order exact. */
const ORDERS = 2 ** 18;

/**
 * Which header of a number a rebuilt table keeps: pdf.js and qpdf the first generation met (a later
 * one of it wins, an update), poppler the highest (the last of it), mupdf the last whatever its
 * generation (and it reads that one for any generation a reference asks).
 */
export type Rule = 'first' | 'highest' | 'last';

/** Each object's definition by its headers, kept by `rule`. */
export class RebuiltTable {
	/** Numbers ascending, each once, and the offset and generation of each one's definition. */
	private readonly numbers: Float64Array;
	private readonly offsets: Float64Array;
	private readonly gens: Float64Array;
	/** Whether a number has two headers (mupdf's table may differ), of two generations (poppler's may). */
	readonly redefined: boolean = false;
	readonly generations: boolean = false;

	constructor(
		numbers: number[],
		gens: number[],
		offsets: number[],
		readonly rule: Rule = 'first',
	) {
		// Sorted by number, then by place in the document: no table keyed by numbers the document chooses.
		const keys = Float64Array.from(numbers, (number, order) => number * ORDERS + order).sort();
		[this.numbers, this.offsets, this.gens] = [0, 0, 0].map(() => new Float64Array(keys.length));
		let count = -1;
		for (let at = 0; at < keys.length; at++) {
			const order = keys[at] % ORDERS;
			const number = (keys[at] - order) / ORDERS;
			if (count < 0 || this.numbers[count] !== number) {
				count++;
				[this.numbers[count], this.gens[count]] = [number, gens[order]];
				this.offsets[count] = offsets[order];
			} else {
				this.redefined = true;
				this.generations ||= gens[order] !== this.gens[count];
				if (
					rule === 'last' ||
					gens[order] === this.gens[count] ||
					(rule === 'highest' && gens[order] > this.gens[count])
				)
					[this.offsets[count], this.gens[count]] = [offsets[order], gens[order]];
			}
		}
		this.numbers = this.numbers.subarray(0, count + 1);
	}

	get(ref: number): { offset: number; gen: number } | undefined {
		const at = lastAtOrBefore(this.numbers, ref);
		return this.numbers[at] === ref ? { offset: this.offsets[at], gen: this.gens[at] } : undefined;
	}

	/** Whether `other` defines the same objects at the same places. */
	same(other: RebuiltTable): boolean {
		const [mine, its] = [this.offsets, other.offsets];
		return mine.length === its.length && mine.every((offset, at) => offset === its[at]);
	}
}

/** The `N G obj` headers, in the document's order. */
export function headersOf(bytes: Buffer, budget: PdfBudget) {
	const [numbers, gens, offsets]: number[][] = [[], [], []];
	let suspect = false;
	for (let at = indexAfter(bytes, OBJ, 0); at >= 0; at = indexAfter(bytes, OBJ, at + 3)) {
		// Each `obj` found is looked at before it: `objobj…` costs as much as headers do.
		budget.step(FOUND_COST);
		const header = headerBefore(bytes, at);
		// An `obj` after white space that is no header here may be one to mupdf (a comment, a sign or more space before it).
		suspect ||= !header && isWhiteSpace(bytes[at - 1]) && endsWord(bytes[at + 3]);
		if (!header) continue;
		const [ref, gen, offset] = header;
		budget.step(HEADER_COST);
		if (offsets.push(offset) > MAX_HEADERS) throw new PdfOverBudget();
		numbers.push(ref);
		gens.push(gen);
	}
	return { numbers, gens, offsets, suspect };
}

const [LF, CR, LT] = [10, 13, 60];
const lineTokenEnd = (byte: number) => byte === LF || byte === CR || byte === LT;
/** JavaScript's `\s` and `\w` over bytes read as latin1 text, as pdf.js's patterns read them. */
const jsSpace = (byte: number) => (byte >= 9 && byte <= 13) || byte === 32 || byte === 160;
const jsWord = (byte: number | undefined) =>
	byte !== undefined && (isDigit(byte) || byte === 95 || ((byte | 32) >= 97 && (byte | 32) <= 122));
/** A header pdf.js finds costs less than one of ours: its table is built, not its text read twice. */
const PDFJS_HEADER_COST = 32;

/**
 * The objects and cross-reference streams pdf.js 6.5's rebuild (XRef.indexObjects) finds, in its
 * order: its line-by-line scan, its skips of each object's content, of `xref` … `trailer` …
 * `startxref` and of `trailer` … `startxref`, its header pattern (`\d+\s+\d+\s+obj\b`, numbers
 * cut to 32 bits). Each pattern is found by a native search whose finds are charged, and each
 * byte looked at one by one is charged: the work is linear in the document's size.
 */
export function pdfjsHeaders(bytes: Buffer, budget: PdfBudget) {
	const length = bytes.length;
	/** The first match at or after `from` of `word` as `start` reads it (its start, else -1); `from` never decreases. */
	const finder = (word: string, start: (at: number) => number) => {
		const needle = Buffer.from(word);
		let found = -1;
		return (from: number) => {
			if (found >= from) return found;
			for (
				let at = indexAfter(bytes, needle, from);
				at >= 0;
				at = indexAfter(bytes, needle, at + 1)
			) {
				budget.step(FOUND_COST);
				if ((found = start(at)) >= from) return found;
			}
			return (found = length);
		};
	};
	/** Where `N G obj` starts before the `obj` at `at` (else -1); `runs`: where its gen, space and number start. */
	const runs = [0, 0, 0, 0];
	let inLine = true;
	const header = (at: number) => {
		let from = at;
		inLine = true;
		for (let run = 0; run < 4; run++) {
			const end = from;
			while (from > 0 && (run % 2 ? isDigit(bytes[from - 1]) : jsSpace(bytes[from - 1])))
				if (bytes[--from] === LF || bytes[from] === CR) inLine = false;
			if (from === end) return -1;
			runs[run] = from;
		}
		budget.step(at - from);
		return from;
	};
	const bounded = (at: number, size: number) =>
		!jsWord(bytes[at - 1]) && !jsWord(bytes[at + size]) ? at : -1;
	// A line's token (which leaves out the document's last byte) that is the word, or it and white space.
	const tokenWord = (at: number, size: number) =>
		at + size < length &&
		(at + size === length - 1 || bytes[at + size] === LT || jsSpace(bytes[at + size]))
			? at
			: -1;
	const top = {
		header: finder('obj', (at) => {
			const from = header(at);
			const ends = at + 3 < length && (at + 4 === length || !jsWord(bytes[at + 3]));
			return inLine && ends ? from : -1;
		}),
		xref: finder('xref', (at) => tokenWord(at, 4)),
		trailer: finder('trailer', (at) => tokenWord(at, 7)),
	};
	const inObject = {
		endobj: finder('obj', (at) =>
			bytes.toString('latin1', at - 3, at) === 'end' ? bounded(at - 3, 6) : -1,
		),
		header: finder('obj', (at) => {
			const from = header(at);
			return from >= 0 && bounded(from, at + 3 - from) >= 0 ? from : -1;
		}),
		xref: finder('xref', (at) => bounded(at, 4)),
		trailer: finder('trailer', (at) => {
			if (jsWord(bytes[at - 1])) return -1;
			let after = at + 7;
			while (jsSpace(bytes[after])) after++;
			budget.step(after - at);
			return bytes[after] === LT && bytes[after + 1] === LT && jsWord(bytes[after + 2]) ? at : -1;
		}),
	};
	const startxref = finder('startxref', (at) => bounded(at, 9));
	const [anyTrailer, anyStartxref] = [
		finder('trailer', (at) => at),
		finder('startxref', (at) => at),
	];
	const xrefKey = finder('/XRef', (at) => at);
	/** Where the line's token at `at` ends: a line end or `<` (the last one found stands for a token within it). */
	let [walkedFrom, walkedTo] = [-1, -1];
	const tokenEnd = (at: number) => {
		if (at >= walkedFrom && at <= walkedTo) return walkedTo;
		walkedFrom = walkedTo = at;
		while (walkedTo < length - 1 && !lineTokenEnd(bytes[walkedTo])) walkedTo++;
		budget.step(walkedTo - at);
		return walkedTo;
	};

	const [numbers, gens, offsets, xrefStreams]: number[][] = [[], [], [], []];
	for (let position = 0; position < length;) {
		// The next token at a line's start (after white space, a comment or a `<`) that is a header, `xref` or `trailer`.
		let [walked, inToken, comment, at] = [position, false, false, position];
		for (;;) {
			at = Math.min(top.header(at), top.xref(at), top.trailer(at));
			if (at >= length) return { numbers, gens, offsets, xrefStreams };
			if (at - walked > 64) {
				const passed = bytes.subarray(walked, at);
				const lineEnd = Math.max(passed.lastIndexOf(LF), passed.lastIndexOf(CR));
				if (lineEnd >= 0) [walked, inToken, comment] = [walked + lineEnd + 1, false, false];
			}
			budget.step(at - walked);
			for (; walked < at; walked++) {
				const byte = bytes[walked];
				if (byte === LF || byte === CR) [inToken, comment] = [false, false];
				else if (comment) continue;
				else if (byte === LT) inToken = false;
				else if (!inToken && byte === 37) comment = true;
				else if (!inToken) inToken = byte !== 9 && byte !== 32;
			}
			if (!inToken && !comment) break;
			at++;
		}
		if (at === top.xref(at)) {
			position = anyStartxref(anyTrailer(at));
			continue;
		}
		const startsObject = at === top.header(at);
		const start = tokenEnd(at);
		if (!startsObject) {
			// A trailer's dictionary: passed over to `startxref` or to a header.
			const end = Math.min(startxref(start), inObject.header(start));
			position = end < length && end === startxref(start) ? end + 10 : end;
			continue;
		}
		header(indexAfter(bytes, OBJ, at));
		const number = Number(bytes.toString('latin1', at, runs[2])) | 0;
		budget.step(PDFJS_HEADER_COST);
		if (number >= 0) {
			if (offsets.push(at) > MAX_HEADERS) throw new PdfOverBudget();
			numbers.push(number);
			gens.push(Number(bytes.toString('latin1', runs[1], runs[0])) | 0);
		}
		const end = Math.min(
			inObject.endobj(start),
			inObject.header(start),
			inObject.xref(start),
			inObject.trailer(start),
		);
		position = end < length && end === inObject.endobj(start) ? end + 7 : end;
		const xref = xrefKey(at);
		if (xref + 5 < position && bytes[xref + 5] < 64) xrefStreams.push(at);
	}
	return { numbers, gens, offsets, xrefStreams };
}

/**
 * The headers mupdf 1.21's repair (pdf_repair_xref) finds: `N G obj` as its lexer reads tokens
 * (comments between them, a `+`), each object passed over as it passes it: a dictionary first read
 * whole, then tokens up to `stream`, `endobj` or a number, a stream's data up to `endstream` (past
 * a direct /Length where `endstream` follows). Each token read is charged by the lexer.
 */
export function mupdfHeaders(bytes: Buffer, budget: PdfBudget) {
	const [numbers, gens, offsets]: number[][] = [[], [], []];
	const lexer = new PdfLexer(bytes, 0, budget);
	let [dict, before]: [PdfValue, number] = [null, 0];
	// The next token: a word (a keyword or number), `<<` (its dictionary read where `whole`), or ''.
	const token = (whole: boolean) => {
		lexer.skip();
		const at = (before = lexer.at);
		if (at >= bytes.length) return undefined;
		if (!endsWord(bytes[at])) return lexer.word();
		const double = bytes[at] === LT && bytes[at + 1] === LT;
		if (double ? whole : bytes[at] === LT || bytes[at] === 40 || bytes[at] === 47)
			dict = lexer.value();
		else {
			lexer.at = at + (double ? 2 : 1);
			budget.token(1, TOKEN_COST.keyword);
		}
		return double ? '<<' : '';
	};
	// `+` then digits, as mupdf's lexer takes an integer; a loop, as no pattern reads the document.
	const integer = (word: string | undefined) => {
		if (word === undefined) return false;
		const from = word.startsWith('+') ? 1 : 0;
		for (let at = from; at < word.length; at++) if (!isDigit(word.charCodeAt(at))) return false;
		return word.length > from;
	};
	/** pdf_repair_obj: past the object, the token after it. */
	const objectEnd = () => {
		let word = token(true);
		// A truncated object at the end is not one.
		if (word === undefined) unreadable();
		const length = word === '<<' && dict instanceof Map ? dict.get('Length') : 0;
		while (word !== undefined && word !== 'stream' && word !== 'endobj' && !integer(word))
			word = token(false);
		if (word !== 'stream') return word;
		const start = lexer.at + (bytes[lexer.at] === CR && bytes[lexer.at + 1] === LF ? 2 : 1);
		lexer.at =
			start + (Number.isInteger(length) && (length as number) > 0 ? (length as number) : 0);
		if (lexer.at === start || token(false) !== 'endstream') {
			const end = bytes.indexOf('endstream', start);
			budget.scan((end < 0 ? bytes.length : end) - start);
			lexer.at = end < 0 ? bytes.length : end + 9;
		}
		word = token(true);
		return word === 'endobj' ? token(true) : word;
	};
	let [num, gen, numAt, genAt] = [0, 0, 0, 0];
	try {
		for (let word = token(true); word !== undefined;) {
			if (word === 'obj') {
				const [number, generation, offset] = [num, Math.min(gen, 65535), numAt];
				word = objectEnd();
				if (number <= 0 || number > 8_388_607) continue;
				if (offsets.push(offset) > MAX_HEADERS) throw new PdfOverBudget();
				numbers.push(number);
				gens.push(generation);
				continue;
			}
			if (integer(word)) [num, numAt, gen, genAt] = [gen, genAt, Number(word), before];
			else if (word !== '<<') [num, gen] = [0, 0];
			word = token(true);
		}
	} catch (error) {
		stopOverBudget(error);
	}
	return { numbers, gens, offsets };
}

/** Where `word` next is at or after `from`: the next 64 bytes looked at here (a native search is a costly call). */
function indexAfter(bytes: Buffer, word: Buffer, from: number): number {
	for (const near = Math.min(from + 64, bytes.length - word.length + 1); from < near; from++) {
		let at = 0;
		while (at < word.length && bytes[from + at] === word[at]) at++;
		if (at === word.length) return from;
	}
	return bytes.indexOf(word, from);
}

/** The dictionaries after each `trailer` keyword, from the last. */
export function trailersOf(bytes: Buffer, budget: PdfBudget): PdfDict[] {
	const trailers: PdfDict[] = [];
	for (const at of lastOccurrences(bytes, 'trailer', MAX_TRAILERS)) {
		try {
			const value = new PdfLexer(bytes, at + 'trailer'.length, budget).value();
			trailers.push(value instanceof Map ? value : looseTrailer(bytes, at, budget));
		} catch (error) {
			stopOverBudget(error);
			trailers.push(looseTrailer(bytes, at, budget));
		}
	}
	return trailers;
}

/** A trailer whose dictionary does not parse (a stray bracket, a broken string): its keys the count needs, each read alone. */
function looseTrailer(bytes: Buffer, at: number, budget: PdfBudget): PdfDict {
	// Its keys lie before the next `startxref`, within LOOSE_TRAILER.
	const limit = bytes.subarray(0, Math.min(bytes.length, at + LOOSE_TRAILER));
	const end = limit.indexOf('startxref', at);
	const near = end < 0 ? limit : limit.subarray(0, end);
	budget.scan(near.length - at);
	const dict: PdfDict = new Map();
	for (const key of ['Root', 'Encrypt', 'ID']) {
		const found = near.indexOf(`/${key}`, at);
		if (found < 0 || !endsWord(near[found + key.length + 1])) continue;
		try {
			dict.set(key, new PdfLexer(near, found + key.length + 1, budget).value());
		} catch (error) {
			stopOverBudget(error);
		}
	}
	return dict;
}

/** Where `word` is in `bytes`, from the last; more than `most` places cannot be read (the first one may be the one a reader takes). */
export function lastOccurrences(bytes: Buffer, word: string, most: number): number[] {
	const found: number[] = [];
	for (let from = bytes.length; from > 0;) {
		const at = bytes.lastIndexOf(word, from - 1);
		if (at < 0) break;
		if (found.push((from = at)) > most) unreadable();
	}
	return found;
}

/** `N G` before the `obj` at `at` (the offset of N), or undefined where the bytes there are not a header. */
export function headerBefore(bytes: Buffer, at: number): [number, number, number] | undefined {
	if (!endsWord(bytes[at + 3])) return undefined;
	// Where the run of at most `most` bytes that pass `test` ending at `end` starts.
	const runBefore = (end: number, most: number, test: (byte: number) => boolean) => {
		let start = end;
		while (start > 0 && end - start < most && test(bytes[start - 1])) start--;
		return start;
	};
	const end = runBefore(at, 8, isWhiteSpace);
	const genStart = runBefore(end, 10, isDigit);
	if (genStart === end || end === at) return undefined;
	const numEnd = runBefore(genStart, 8, isWhiteSpace);
	const numStart = runBefore(numEnd, 10, isDigit);
	if (numStart === numEnd || numEnd === genStart) return undefined;
	if (numStart > 0 && !endsWord(bytes[numStart - 1])) return undefined;
	const number = Number(bytes.toString('latin1', numStart, numEnd));
	const gen = Number(bytes.toString('latin1', genStart, end));
	return gen <= 65535 ? [number, gen, numStart] : undefined;
}
