// The work one read of a document may do, counted as it is done: node code cannot yield n8n's event
// loop, so a read stays short only by bounded work. Each kind has a cap, the total one linear in the
// size under an absolute cap; past any, "cannot be counted". A unit is what the costliest pattern of
// each kind spends: budgetBench.js times each at no more than about 40 ns a unit on a busy 2-core
// machine, so MOST units take at most about 250 ms.

/** Work every document may do however small: a catalog, a page tree, an object stream or two. */
const BASE = 2 * 1024 * 1024;
const PER_BYTE = 8;
const MOST = 6 * 1024 * 1024;
/** What one object looked up or section read costs besides its bytes: a table lookup, a map entry. */
const OBJECT_COST = 64;

/** What a token costs besides its bytes, by kind: what its reading and what it holds cost. */
export const TOKEN_COST = {
	keyword: 14, // or a stray delimiter read past
	number: 8, // a whole number below 2^30: no allocation
	real: 18, // any other number: an allocation each
	reference: 30, // `N G R`: an object each
	name: 15, // a string each
	string: 32, // an object each (its bytes decoded only where read)
	array: 72, // empty
	dictionary: 80, // empty: a Map
	entry: 64, // a new key in a dictionary's Map
};

const CAPS = {
	tokenized: 16 * 1024 * 1024, // bytes the lexer reads (white space, comments, words, strings)
	scanned: 16 * 1024 * 1024, // bytes searched without the lexer
	decoded: 8 * 1024 * 1024, // bytes out of filters, predictor or decryption (or data without)
	objects: 100_000,
	sections: 100, // cross-reference sections
};

/** Thrown past the budget: the document cannot be counted, and nothing else is tried. */
export class PdfOverBudget extends Error {
	constructor() {
		super('The PDF needs more work to read than its size allows');
	}
}

export class PdfBudget {
	readonly work: Record<keyof typeof CAPS | 'total' | 'limit', number>;

	constructor(size: number) {
		const limit = Math.min(MOST, BASE + PER_BYTE * size);
		this.work = { tokenized: 0, scanned: 0, decoded: 0, objects: 0, sections: 0, total: 0, limit };
	}

	/** A token of `bytes` (white space before it included) and its kind's `cost` besides. */
	token(bytes: number, cost: number): void {
		this.spend('tokenized', bytes, bytes + cost);
	}

	lookUp(kind: 'objects' | 'sections'): void {
		this.spend(kind, 1, OBJECT_COST);
	}

	/** An object stream decoded to `bytes`: compressed objects add to the limit as bytes do. */
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

	/** `count` of a kind of work, costing `units` (one each unless given). */
	spend(kind: keyof typeof CAPS, count: number, units = count): void {
		const work = this.work;
		work[kind] += count;
		work.total += units;
		if (work[kind] > CAPS[kind] || work.total > work.limit) throw new PdfOverBudget();
	}
}
