// The work one read of a document may do, counted as it is done (README.md, "Budget"; its time in
// docs/benchmarks.md): node code cannot yield n8n's event loop, so a read stays short only by
// bounded work, linear in the size under an absolute cap; past it, "cannot be counted".
import { PdfRefused } from './pdfSyntax';

/** Work every document may do however small (a catalog, a page tree, an object stream or two), per byte, at most. */
const [BASE, PER_BYTE, MOST] = [2 * 1024 * 1024, 8, 6 * 1024 * 1024];
/** What one object looked up or section read costs besides its bytes: a table lookup, a map entry. */
export const OBJECT_COST = 64;
/** Thrown past the budget: the document cannot be counted, and nothing else is tried. */
export function overBudget(): never {
	throw new PdfRefused('budget');
}
/** At the absolute cap until the document's size is known (`sized`). */
export class PdfBudget {
	readonly work = { total: 0, limit: MOST };
	/** The document's size known: its limit, which the work done before it must be within. */
	sized(size: number): void {
		this.work.limit = Math.min(MOST, BASE + PER_BYTE * size);
		this.step(0);
	}
	/** An object stream decoded to `bytes`: compressed objects add to the limit as bytes do. */
	objectStreamBytes(bytes: number): void {
		this.work.limit = Math.min(MOST, this.work.limit + PER_BYTE * bytes);
	}
	step(units: number): void {
		this.work.total += units;
		if (this.work.total > this.work.limit) overBudget();
	}
}
