// A PDF's bytes, streamed once, keeping what the structure needs (README.md, "One read of a PDF").
import { PdfBudget } from './pdfBudget';
import { lastAtOrBefore } from './pdfRefTable';
import { endsWord, isDigit, isWhiteSpace, spells, unreadable } from './pdfSyntax';

/** Bytes kept from the read at most: past it, the document cannot be counted. */
const MAX_KEPT = 24 * 1024 * 1024;
/** Reads of the document besides the first, for bytes in a skipped stream's data that the structure names. */
const MAX_READS = 8;
/** Documents up to this size are read whole again where they are rebuilt and the read skipped bytes. */
const MAX_WHOLE = 16 * 1024 * 1024;
/** Bytes streamed again that cost a unit of the budget: a large document is read again once at most. */
const REREAD_BYTES = 32;
/** What each `stream` the read finds costs: a native search, a copy, a look at the dictionary before it, a run. */
const STREAM_COST = 64;
/** Letters of `endstream` met in a search for it that cost a unit: each a word checked (endstreamIndex). */
const LETTERS = 2;
/** The budget's size while the document's size is not yet known: its absolute cap. */
const UNKNOWN_SIZE = 2 ** 40;
/** Bytes after a skipped stream's /Length in which `endstream` must begin. */
const PROBE = 16;
const STREAM = Buffer.from('stream');
const EMPTY = Buffer.alloc(0);
const ENDSTREAM = Buffer.from('endstream');

/** Opens the document's bytes from their start; each call reads them anew. */
export type Open = () => Promise<AsyncIterable<Uint8Array>>;

export class PdfBytes {
	readonly budget: PdfBudget;
	private reads = 0;

	private constructor(
		private readonly open: Open,
		private kept: Buffer,
		/** Runs of kept bytes: where each starts in the document and in `kept`, ascending. */
		private runFile: Float64Array,
		private runKept: Float64Array,
		readonly size: number,
		work: number,
	) {
		this.budget = new PdfBudget(size);
		this.budget.step(work);
	}

	static async read(open: Open): Promise<PdfBytes> {
		const scan = new KeptScan();
		for await (const chunk of await open())
			scan.feed(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
		return new PdfBytes(open, ...scan.end());
	}

	/** The document's first `length` bytes, or fewer (where a stream's data begins before). */
	first(length: number): Buffer {
		return this.kept.subarray(0, Math.min(length, this.runEnd(0)));
	}

	/** The last run of kept bytes where it ends the document, else none. */
	last(): Buffer {
		const run = this.runFile.length - 1;
		const bytes = this.kept.subarray(this.runKept[run], this.runEnd(run));
		return this.runFile[run] + bytes.length === this.size ? bytes : EMPTY;
	}

	/** The whole document: kept where the read skipped nothing, else read again (up to MAX_WHOLE). */
	async whole(): Promise<Buffer> {
		if (this.kept.length === this.size) return this.kept;
		if (this.size > MAX_WHOLE || ++this.reads > MAX_READS) unreadable();
		this.budget.step(Math.ceil(this.size / REREAD_BYTES));
		const parts: Uint8Array[] = [];
		for await (const chunk of await this.open()) parts.push(chunk);
		const whole = Buffer.concat(parts);
		if (whole.length !== this.size) unreadable();
		[this.kept, this.runFile, this.runKept] = [whole, new Float64Array(1), new Float64Array(1)];
		return whole;
	}

	/** The bytes at `offset` up to the end of their run, at least `length` where they are kept; else read again. */
	async at(offset: number, length: number): Promise<Buffer> {
		const end = Math.min(offset + length, this.size);
		if (!(offset >= 0 && offset < end)) unreadable();
		const run = lastAtOrBefore(this.runFile, offset);
		if (run >= 0) {
			const from = this.runKept[run] + offset - this.runFile[run];
			if (from < this.runEnd(run)) return this.kept.subarray(from, this.runEnd(run));
		}
		// In a stream's data the read skipped: read again up to it.
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

	private runEnd(run: number): number {
		return run + 1 < this.runKept.length ? this.runKept[run + 1] : this.kept.length;
	}
}

/**
 * The streamed read: bytes are kept up to each `stream` keyword, whose dictionary (after the last
 * `obj`) is looked at, each byte once; a stream not kept is counted, not kept, up to its data's end.
 */
class KeptScan {
	private kept = Buffer.alloc(64 * 1024);
	private used = 0;
	private readonly runFile = [0];
	private readonly runKept = [0];
	private offset = 0; // of the next byte read, in the document
	/** Work done before the document's size is known, charged to the absolute cap. */
	private readonly budget = new PdfBudget(UNKNOWN_SIZE);
	// Keeping: where in `kept` a `stream` is looked for next (past a kept stream's data), how far
	// dictionaries were looked at, and the last `obj`, /Length, /XRef and /ObjStm found there.
	private searchFrom = 0;
	private looked = 0;
	private lastObj = -1;
	private lastLength = -1;
	private lastKept = -1;
	// Skipping: the document offset the data ends at by its /Length (-1: at `endstream`), the bytes
	// there being looked at, and the last bytes skipped (for an `endstream` split between chunks).
	private skipping = false;
	private dataEnd = -1;
	private probe: Buffer[] = [];
	private probed = 0;
	private carry = EMPTY;

	feed(chunk: Buffer): void {
		let at = 0;
		while (at < chunk.length) at = this.skipping ? this.skip(chunk, at) : this.keep(chunk, at);
	}

	/** The kept bytes, their runs, the document's size and the work done. */
	end() {
		const { kept, used, runFile, runKept, offset, budget } = this;
		const runs = [Float64Array.from(runFile), Float64Array.from(runKept)] as const;
		return [kept.subarray(0, used), ...runs, offset, budget.work.total] as const;
	}

	private append(chunk: Buffer, from: number, to: number): void {
		const needed = this.used + to - from;
		if (needed > MAX_KEPT) unreadable();
		if (needed > this.kept.length) {
			const grown = Buffer.alloc(Math.min(MAX_KEPT, Math.max(needed, this.kept.length * 2)));
			this.kept.copy(grown, 0, 0, this.used);
			this.kept = grown;
		}
		// A short piece by hand: Buffer's copy costs more to call than to run.
		if (to - from > 64) this.kept.set(chunk.subarray(from, to), this.used);
		else for (let at = from, into = this.used; at < to;) this.kept[into++] = chunk[at++];
		this.used = needed;
		this.offset += to - from;
	}

	/** Keeps `chunk` from `at`, and returns where skipping begins in it (its length: none). */
	private keep(chunk: Buffer, at: number): number {
		const tail = this.used - this.searchFrom;
		if (tail <= 0) return this.keepFrom(chunk, at);
		// The last bytes kept may begin a `stream` this chunk ends: they are read again with it.
		const joined = Buffer.concat([
			this.kept.subarray(this.searchFrom, this.used),
			chunk.subarray(at),
		]);
		this.used -= tail;
		this.offset -= tail;
		const skipFrom = this.keepFrom(joined, 0);
		if (skipFrom >= tail) return at + skipFrom - tail;
		this.feed(joined.subarray(skipFrom, tail));
		return at;
	}

	private keepFrom(chunk: Buffer, at: number): number {
		for (;;) {
			// A kept stream's data, or an `endstream` known: appended without a search.
			if (this.searchFrom > this.used) {
				const to = Math.min(chunk.length, at + this.searchFrom - this.used);
				this.append(chunk, at, to);
				at = to;
				if (at === chunk.length) return at;
			}
			// Appended up to the next `stream` and its line end: no more is copied than is kept.
			const hit = chunk.indexOf(STREAM, at);
			const to = hit < 0 ? chunk.length : Math.min(chunk.length, hit + 8);
			const base = this.used - at;
			this.append(chunk, at, to);
			at = to;
			if (hit < 0) {
				this.searchFrom = Math.max(this.searchFrom, this.used - 5);
				return chunk.length;
			}
			const keyword = base + hit;
			if (keyword < this.searchFrom) continue;
			this.budget.step(STREAM_COST);
			// The keyword's line end decides where its data starts: wait for it.
			if (keyword + 8 > this.used) {
				this.searchFrom = keyword;
				return chunk.length;
			}
			this.searchFrom = keyword + 6;
			const stream = this.streamAt(keyword);
			if (!stream) continue;
			const { start, length } = stream;
			if (stream.kept) {
				if (length !== undefined) this.searchFrom = this.looked = start + length;
				continue;
			}
			// Skipped from `start`: the bytes of it appended go back to skipping.
			const appended = this.used - start;
			this.used = start;
			this.offset -= appended;
			this.skipping = true;
			this.dataEnd = length === undefined ? -1 : this.offset + length;
			this.carry = EMPTY;
			return at - appended;
		}
	}

	/**
	 * The stream whose keyword is at `hit`: its data's start, direct /Length and whether it is kept;
	 * undefined where the word starts none (`endstream`, a word in a string, no dictionary before).
	 */
	private streamAt(hit: number) {
		const kept = this.kept;
		if (hit > 0 && !endsWord(kept[hit - 1])) return undefined;
		if (!endsWord(kept[hit + 6])) return undefined;
		let before = hit;
		while (before > 0 && isWhiteSpace(kept[before - 1])) before--;
		if (before < 2 || kept[before - 1] !== 62 || kept[before - 2] !== 62) return undefined;
		let start = hit + 6;
		if (kept[start] === 13) start++;
		if (kept[start] === 10) start++;
		this.lookAt(hit);
		const { lastObj, lastLength, lastKept } = this;
		return {
			start,
			length: lastLength > lastObj ? directLength(kept, lastLength + 7) : undefined,
			kept: lastKept > lastObj,
		};
	}

	/** Looks at the kept bytes up to `end`, each once, for `obj`, /Length, /XRef and /ObjStm. */
	private lookAt(end: number): void {
		const kept = this.kept;
		for (let at = Math.max(this.looked, 2); at < end; at++) {
			const byte = kept[at];
			if (byte === 106) {
				if (kept[at - 1] === 98 && kept[at - 2] === 111) this.lastObj = at - 2;
			} else if (byte === 47) {
				if (nameAt(kept, at, 'Length')) this.lastLength = at;
				else if (nameAt(kept, at, 'XRef') || nameAt(kept, at, 'ObjStm')) this.lastKept = at;
			}
		}
		this.looked = Math.max(this.looked, end);
	}
	/** Skips `chunk` from `at` up to the data's end, and returns where keeping begins in it. */
	private skip(chunk: Buffer, at: number): number {
		if (this.dataEnd >= 0) {
			const until = Math.min(chunk.length, at + Math.max(0, this.dataEnd - this.offset));
			this.offset += until - at;
			if (until > at) return until;
			// At the data's end by /Length: `endstream` must follow there; else the /Length is wrong
			// and the data ends at the first `endstream`, searched from here.
			if (this.probed === 0 && at + PROBE <= chunk.length) {
				const end = endstreamAfter(chunk, at);
				if (end >= 0) this.resume(end - at);
				else this.dataEnd = -1;
				return at;
			}
			// Split between chunks: gathered.
			const taken = chunk.subarray(at, at + PROBE - this.probed);
			this.probe.push(taken);
			this.probed += taken.length;
			if (this.probed < PROBE) return at + taken.length;
			const probe = Buffer.concat(this.probe);
			[this.probe, this.probed] = [[], 0];
			if (endstreamAfter(probe, 0) >= 0) this.resume(0);
			else this.dataEnd = -1;
			this.feed(probe);
			return at + taken.length;
		}
		if (this.carry.length > 0) {
			// An `endstream` begun in the bytes carried from the chunk before.
			const joined = Buffer.concat([this.carry, chunk.subarray(at, at + ENDSTREAM.length)]);
			const across = joined.indexOf(ENDSTREAM);
			if (across >= 0 && across < this.carry.length) {
				const begun = this.carry.subarray(across);
				this.offset -= begun.length;
				this.resume(0);
				this.append(begun, 0, begun.length);
				return at;
			}
		}
		const { at: end, letters } = endstreamIndex(chunk, at);
		this.budget.step(Math.ceil(letters / LETTERS));
		if (end >= 0) {
			this.offset += end - at;
			this.resume(ENDSTREAM.length);
			return end;
		}
		this.offset += chunk.length - at;
		const carried = Buffer.concat([this.carry, chunk.subarray(Math.max(at, chunk.length - 16))]);
		this.carry = carried.subarray(Math.max(0, carried.length - 16));
		return chunk.length;
	}

	/** Keeping again, in a run that starts at the current offset; its first `known` bytes need no search (`endstream`). */
	private resume(known: number): void {
		this.skipping = false;
		this.carry = EMPTY;
		this.runFile.push(this.offset);
		this.runKept.push(this.used);
		this.searchFrom = this.looked = this.used + known;
	}
}

/** Whether the name `/name` (a whole word) is at `at`. */
function nameAt(bytes: Buffer, at: number, name: string): boolean {
	return spells(bytes, at + 1, name) && endsWord(bytes[at + 1 + name.length]);
}

/** A /Length's number where it is direct (not `N G R`), read after the key at `at`. */
function directLength(bytes: Buffer, at: number): number | undefined {
	while (at < bytes.length && isWhiteSpace(bytes[at])) at++;
	const start = at;
	let length = 0;
	while (at - start < 12 && isDigit(bytes[at])) length = length * 10 + bytes[at++] - 48;
	if (at === start || !endsWord(bytes[at])) return undefined;
	while (at < bytes.length && isWhiteSpace(bytes[at])) at++;
	return isDigit(bytes[at]) ? undefined : length;
}

/** Where an `endstream` that begins within 4 bytes of white space from `at` ends (-1: none). */
export function endstreamAfter(bytes: Buffer, at: number): number {
	let from = at;
	while (from < at + 4 && isWhiteSpace(bytes[from])) from++;
	return isEndstream(bytes, from) ? from + ENDSTREAM.length : -1;
}

/** Each byte's place in `endstream` (`e`: its second, 6), -1 where it has none. */
const IN_ENDSTREAM = new Int8Array(256).fill(-1);
for (let at = 0; at < ENDSTREAM.length; at++) IN_ENDSTREAM[ENDSTREAM[at]] = at;

/**
 * The first `endstream` from `from` (-1: none), and the bytes looked at that are its letters. Any 9
 * bytes in a row hold one of every ninth byte, so only those are looked at, and the word is checked
 * only where that byte is one of its letters: a step costs the same whatever the data, where a
 * native search slows to a step of two bytes on data of `e`s.
 */
function endstreamIndex(bytes: Buffer, from: number): { at: number; letters: number } {
	let letters = 0;
	for (let at = from + 8; at < bytes.length; at += 9) {
		const place = IN_ENDSTREAM[bytes[at]];
		if (place < 0) continue;
		letters++;
		if (at - place >= from && isEndstream(bytes, at - place)) return { at: at - place, letters };
		if (place === 6 && at + 9 <= bytes.length && isEndstream(bytes, at)) return { at, letters };
	}
	return { at: -1, letters };
}

/** Whether `endstream` is at `at`; its last byte first, so a run of letters fails at once. */
function isEndstream(bytes: Buffer, at: number): boolean {
	return (
		bytes[at + 8] === 109 &&
		bytes[at] === 101 &&
		bytes[at + 1] === 110 &&
		bytes[at + 2] === 100 &&
		bytes[at + 3] === 115 &&
		bytes[at + 4] === 116 &&
		bytes[at + 5] === 114 &&
		bytes[at + 6] === 101 &&
		bytes[at + 7] === 97
	);
}
