// A PDF's bytes as the page count reads them: one read that keeps the first and last KEPT bytes,
// where producers put the structure, and reads again (charged to the budget) for any other.
import { PdfBudget } from './pdfBudget';
import { unreadable } from './pdfSyntax';

/** The document's first and last bytes, kept from its first read: where producers put its structure. */
const KEPT = 2 * 1024 * 1024;
/** Reads of the document besides the first: each streams it from its start to what it needs. */
const MAX_READS = 8;
/** Bytes streamed again that cost a unit of the budget: a large document is read again once or twice at most. */
const REREAD_BYTES = 32;
/** Documents up to this size are read whole where their cross-reference is damaged. */
export const MAX_WHOLE = 16 * 1024 * 1024;

export type Open = () => Promise<AsyncIterable<Uint8Array>>;

export class PdfBytes {
	readonly budget: PdfBudget;
	private reads = 0;
	/** Whether the document may be read again for bytes not kept (not while the page tree is walked). */
	private mayRead = true;
	/** Whether a reading wanted bytes not kept (read whole, it may be counted). */
	wanted = false;

	private constructor(
		private readonly open: Open,
		private head: Buffer,
		private tail: Buffer,
		readonly size: number,
	) {
		this.budget = new PdfBudget(size);
	}

	/** One read of the whole document, keeping its first and last KEPT bytes. */
	static async read(open: Open): Promise<PdfBytes> {
		const [head, parts]: Uint8Array[][] = [[], []];
		let kept = 0;
		let size = 0;
		for await (const chunk of await open()) {
			if (size < KEPT) head.push(chunk.subarray(0, KEPT - size));
			parts.push(chunk);
			kept += chunk.length;
			size += chunk.length;
			while (kept - parts[0].length >= KEPT) kept -= parts.shift()!.length;
		}
		if (kept > KEPT) parts[0] = parts[0].subarray(kept - KEPT);
		return new PdfBytes(open, Buffer.concat(head), Buffer.concat(parts), size);
	}

	/** The document's first `length` bytes (fewer where it is shorter). */
	first(length: number): Buffer {
		return this.head.subarray(0, length);
	}

	/** The last bytes kept, and the offset of the first of them. */
	last(): { bytes: Buffer; offset: number } {
		return { bytes: this.tail, offset: this.size - this.tail.length };
	}

	/** Whether all of the document is kept. */
	get whole(): boolean {
		return this.head.length >= this.size;
	}

	/** `read` with no read of the document again: bytes not kept are unreadable, and `wanted` says so. */
	async withoutReads<T>(read: () => Promise<T>): Promise<T> {
		this.mayRead = false;
		try {
			return await read();
		} finally {
			this.mayRead = true;
		}
	}

	/** The whole document: kept where it is small, else read once more (up to MAX_WHOLE). */
	async all(): Promise<Buffer> {
		if (this.size <= this.head.length) return this.head;
		if (this.size > MAX_WHOLE || ++this.reads > MAX_READS) unreadable();
		this.budget.step(Math.ceil(this.size / REREAD_BYTES));
		const parts: Uint8Array[] = [];
		for await (const chunk of await this.open()) parts.push(chunk);
		const whole = Buffer.concat(parts);
		if (whole.length !== this.size) unreadable();
		[this.head, this.tail] = [whole, whole];
		return whole;
	}

	/** The bytes at `offset`, `length` or more (fewer at the end): kept ones, or read from the start up to them. */
	async at(offset: number, length: number): Promise<Buffer> {
		const end = Math.min(offset + length, this.size);
		if (!(offset >= 0 && offset < end)) unreadable();
		const tailStart = this.size - this.tail.length;
		if (offset >= tailStart) return this.tail.subarray(offset - tailStart);
		if (end <= this.head.length) return this.head.subarray(offset);
		if (!this.mayRead) {
			this.wanted = true;
			unreadable();
		}
		if (++this.reads > MAX_READS) unreadable();
		this.budget.step(Math.ceil(end / REREAD_BYTES));
		const bytes = Buffer.alloc(end - offset);
		let at = 0;
		for await (const chunk of await this.open()) {
			const [from, to] = [Math.max(offset - at, 0), Math.min(end - at, chunk.length)];
			if (from < to) bytes.set(chunk.subarray(from, to), at + from - offset);
			if ((at += chunk.length) >= end) break;
		}
		return at >= end ? bytes : unreadable();
	}
}
