// The work one read of a document may do, counted as it is done: nothing in node code can yield
// n8n's event loop, so a read stays short only by doing bounded work. Each kind has a cap, and all
// of it together a total linear in the document's size (a small constant a byte) under an absolute
// cap. Past any: "cannot be counted", never a guess.
//
// A unit is what the costliest pattern of each kind spends on it: a token, a lookup, a step of a
// table or a walk. test/nodes/shared/documentReader/budgetBench.js times the worst pattern of each
// kind past the budget, and the charges below are set so none takes more than about 40 ns a unit
// on a busy 2-core machine: MOST units, at most about 250 ms.

/** Work every document may do however small: a catalog, a page tree, an object stream or two. */
const BASE = 2 * 1024 * 1024;
/** Work a byte of the document adds. */
const PER_BYTE = 8;
/** Work no document exceeds: at most about 250 ms of CPU (see above). */
const MOST = 6 * 1024 * 1024;
/** What one object looked up costs besides its bytes: a table lookup, a map entry. */
const OBJECT_COST = 64;

/** What a token costs besides its bytes, by kind: what its reading and what it holds cost. */
export const TOKEN_COST = {
	/** A keyword, or a stray delimiter read past. */
	keyword: 14,
	/** A number held without an allocation (a whole number below 2^30). */
	number: 8,
	/** Any other number (a fraction, a large one): an allocation each. */
	real: 18,
	/** `N G R`: an object each. */
	reference: 30,
	/** A name: a string each. */
	name: 15,
	/** A string: an object each (its bytes are decoded only where they are read). */
	string: 32,
	/** An array, empty. */
	array: 72,
	/** A dictionary, empty: a Map. */
	dictionary: 80,
	/** A new key in a dictionary's Map. */
	entry: 64,
};

const CAPS = {
	/** Bytes the lexer reads (white space, comments, words, strings). */
	tokenized: 16 * 1024 * 1024,
	/** Bytes searched without the lexer (a damaged document's object headers). */
	scanned: 16 * 1024 * 1024,
	/** Bytes a stream's filters, predictor or decryption output, or its data where it has none. */
	decoded: 8 * 1024 * 1024,
	/** Objects looked up. */
	objects: 100_000,
	/** Cross-reference sections read. */
	sections: 100,
};

export type PdfWorkKind = keyof typeof CAPS;
export type PdfWork = Record<PdfWorkKind | 'total', number> & { limit: number };

/** Thrown past the budget: the document cannot be counted, and nothing else is tried. */
export class PdfOverBudget extends Error {
	constructor() {
		super('The PDF needs more work to read than its size allows');
	}
}

/** After a step that may fail on its own (damage read past): the budget's end still ends the read. */
export function stopOverBudget(error: unknown): void {
	if (error instanceof PdfOverBudget) throw new PdfOverBudget();
}

export class PdfBudget {
	readonly work: PdfWork;

	constructor(size: number) {
		this.work = {
			tokenized: 0,
			scanned: 0,
			decoded: 0,
			objects: 0,
			sections: 0,
			total: 0,
			limit: Math.min(MOST, BASE + PER_BYTE * size),
		};
	}

	tokenize(bytes: number): void {
		this.spend('tokenized', bytes, bytes);
	}

	/** A token of `bytes` (white space before it included) and its kind's `cost` besides. */
	token(bytes: number, cost: number): void {
		this.spend('tokenized', bytes, bytes + cost);
	}

	scan(bytes: number): void {
		this.spend('scanned', bytes, bytes);
	}

	decode(bytes: number): void {
		this.spend('decoded', bytes, bytes);
	}

	object(): void {
		this.spend('objects', 1, OBJECT_COST);
	}

	section(): void {
		this.spend('sections', 1, OBJECT_COST);
	}

	/**
	 * An object stream decoded to `bytes`: objects a producer compressed are the document's as much
	 * as those it did not, so they add to the limit as its bytes do (never past MOST).
	 */
	objectStreamBytes(bytes: number): void {
		this.work.limit = Math.min(MOST, this.work.limit + PER_BYTE * bytes);
	}

	/** Work that is none of the kinds: entries of a table looked through. */
	step(units: number): void {
		this.work.total += units;
		if (this.work.total > this.work.limit) throw new PdfOverBudget();
	}

	/** Whether `bytes` more can be decoded: a stream past it is not started. */
	canDecode(bytes: number): boolean {
		return this.work.decoded + bytes <= CAPS.decoded && this.work.total + bytes <= this.work.limit;
	}

	private spend(kind: PdfWorkKind, count: number, units: number): void {
		const work = this.work;
		work[kind] += count;
		work.total += units;
		if (work[kind] > CAPS[kind] || work.total > work.limit) throw new PdfOverBudget();
	}
}
