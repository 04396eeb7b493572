// A damaged PDF's cross-reference rebuilt as pdf.js and qpdf rebuild it: from its `N G obj` headers,
// its `trailer` dictionaries and its cross-reference streams, each found by a native search.
import { PdfOverBudget, stopOverBudget, type PdfBudget } from './pdfBudget';
import { lastAtOrBefore } from './pdfRefTable';
import { endsWord, isDigit, isWhiteSpace, PdfLexer, unreadable, type PdfDict } from './pdfSyntax';

/** Object headers a rebuilt document may have, and trailers it may name. */
const MAX_HEADERS = 200_000;
export const MAX_TRAILERS = 1000;
const FOUND_COST = 4; // each `obj` found
const HEADER_COST = 64; // each header kept
/** Bytes after `trailer` searched for its keys where its dictionary does not parse. */
const LOOSE_TRAILER = 1024 * 1024;
/** Orders below 2^18 (MAX_HEADERS) keep a key of number and order exact. */
const ORDERS = 2 ** 18;

/** Each object's definition by its headers: a later one of the same generation wins (an update), another generation does not. */
export class RebuiltTable {
	/** Numbers ascending, each once, and the offset and generation of each one's definition. */
	private readonly numbers: Float64Array;
	private readonly offsets: Float64Array;
	private readonly gens: Float64Array;

	/** Whether a number has several definitions of its generation (readers may take any). */
	readonly redefined: boolean = false;

	constructor(numbers: number[], gens: number[], offsets: number[], first = false) {
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
			} else if (this.gens[count] === gens[order]) {
				this.redefined = true;
				if (!first) this.offsets[count] = offsets[order];
			}
		}
		this.numbers = this.numbers.subarray(0, count + 1);
	}

	get(ref: number): { offset: number; gen: number } | undefined {
		const at = lastAtOrBefore(this.numbers, ref);
		return this.numbers[at] === ref ? { offset: this.offsets[at], gen: this.gens[at] } : undefined;
	}
}

/** The `N G obj` headers: their table, the tables other readers may build where a number is defined twice, and their offsets. */
export function headersOf(bytes: Buffer, budget: PdfBudget) {
	const [numbers, gens, offsets]: number[][] = [[], [], []];
	for (let at = bytes.indexOf('obj'); at >= 0; at = bytes.indexOf('obj', at + 3)) {
		// Each `obj` found is looked at before it: `objobj…` costs as much as headers do.
		budget.step(FOUND_COST);
		const header = headerBefore(bytes, at);
		if (!header) continue;
		const [ref, gen, offset] = header;
		budget.step(HEADER_COST);
		if (offsets.push(offset) > MAX_HEADERS) throw new PdfOverBudget();
		numbers.push(ref);
		gens.push(gen);
	}
	const rebuilt = new RebuiltTable(numbers, gens, offsets);
	// An object defined more than once: readers may take another definition than the last.
	const alternatives: RebuiltTable[] = [];
	if (rebuilt.redefined) {
		alternatives.push(new RebuiltTable(numbers, gens, offsets, true));
		const seen = seenByPdfjs(bytes, offsets, budget);
		if (seen.length < offsets.length)
			alternatives.push(
				new RebuiltTable(
					seen.map((at) => numbers[at]),
					seen.map((at) => gens[at]),
					seen.map((at) => offsets[at]),
				),
			);
	}
	return { rebuilt, alternatives, offsets };
}

/**
 * The headers (their indexes; offsets ascending) pdf.js's rebuild reads: it passes over the bytes
 * from a line's `xref` to the next `trailer`, and from a line's `trailer` to the next `startxref`.
 */
function seenByPdfjs(bytes: Buffer, offsets: number[], budget: PdfBudget): number[] {
	// Native searches, as the rebuild's own (charged once by its caller); each word found charged.
	// A word that starts a token: after white space (pdf.js reads the file a line at a time).
	const next = (word: string, from: number) => {
		for (let at = bytes.indexOf(word, from); at >= 0; at = bytes.indexOf(word, at + 1)) {
			budget.step(FOUND_COST);
			if ((at === 0 || isWhiteSpace(bytes[at - 1])) && endsWord(bytes[at + word.length])) return at;
		}
		return bytes.length;
	};
	const skipped: number[] = []; // start and end of each passed-over run, ascending
	let [xref, trailer] = [next('xref', 0), next('trailer', 0)];
	for (let from = 0; ;) {
		if (xref < from) xref = next('xref', from);
		if (trailer < from) trailer = next('trailer', from);
		const start = Math.min(xref, trailer);
		if (start >= bytes.length) break;
		const named = start === trailer ? start : bytes.indexOf('trailer', start);
		const end = named < 0 ? -1 : bytes.indexOf('startxref', named);
		skipped.push(start, end < 0 ? bytes.length : end);
		from = (end < 0 ? bytes.length : end) + 1;
	}
	const seen: number[] = [];
	for (let at = 0, run = 0; at < offsets.length; at++) {
		while (run < skipped.length && skipped[run + 1] <= offsets[at]) run += 2;
		if (run >= skipped.length || offsets[at] < skipped[run]) seen.push(at);
	}
	return seen;
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
