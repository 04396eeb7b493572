// A PDF's bytes, streamed once, keeping what the structure needs (README.md, "One read of a PDF").
import { PdfBudget } from './pdfBudget';
import {
	endsWord,
	HEX,
	isDigit,
	isWhiteSpace,
	lastAtOrBefore,
	spells,
	unreadable,
} from './pdfSyntax';

const MAX_KEPT = 24 * 1024 * 1024;
/** What each `stream` the read finds costs: a native search, a copy, a look at the dictionary before it, a run. */
const STREAM_COST = 64;
// Letters of `endstream` met in a search that cost a unit (each a word checked); a header's cost, its digits.
const [LETTERS, HEADER_COST, NUMBER_DIGITS, GEN_DIGITS] = [2, 16, 10, 5];
/** Bytes kept (copied, grown into, looked at for `obj` and names) or held for a unit; searched for a word. */
const [KEPT_BYTES, SEARCHED_BYTES] = [3, 8];
/** Bytes after a skipped stream's /Length in which `endstream` must begin. */
const PROBE = 16;
const [STREAM, ENDSTREAM] = [Buffer.from('stream'), Buffer.from('endstream')];
/** Spaces a `stream` keyword's line may have before its end: the bytes after the keyword kept. */
const PADDING = 16;
/** Opens the document's bytes from their start; each call reads them anew. */
export type Open = () => Promise<AsyncIterable<Uint8Array>>;
// The kept bytes, read once as they stream (each byte looked at once), then by their offsets.
export class PdfBytes {
	readonly budget = new PdfBudget();
	/** `N G obj` headers found, ascending by offset (each in the run kept). */
	readonly headers = { offsets: [] as number[], numbers: [] as number[], gens: [] as number[] };
	/** The headers of streams kept (/XRef, /First), ascending, and which are object streams. */
	readonly keptStreams = { offsets: [] as number[], objectStream: [] as boolean[] };
	namesEncryption = false; // /Encrypt or an encryption dictionary's /Filter /Standard, outside strings
	/** Each skipped stream's data, ascending: its first byte's offset and the offset past its last. */
	streams = { starts: new Float64Array(0), ends: new Float64Array(0) };
	private readonly data = { starts: [] as number[], ends: [] as number[] };
	private kept = Buffer.alloc(64 * 1024);
	private used = 0;
	/** Runs of kept bytes: where each starts in the document and in `kept`, ascending. */
	private readonly runs = { file: [0], kept: [0] };
	/** The bytes read so far (the next one's offset): once read, the document's size. */
	size = 0;
	// Keeping: where in `kept` a `stream` is looked for next (past a kept stream's data), how far
	// dictionaries were looked at, and the last `obj`, /Length (past it), /XRef and /First found there.
	private searchFrom = 0;
	private looked = 0;
	private readonly latest = { obj: -1, length: -1, kept: -1, objectStream: -1, header: -1 };
	/** Where the byte at `looked` is: in a literal string (its depth), in a comment (-1), else 0. */
	private lexical = 0;
	// Skipping: the document offset the data ends at by its /Length (-1: at `endstream`), and the
	// last bytes skipped (for an `endstream` split between chunks).
	private skipping = false;
	private dataEnd = -1;
	private carry = Buffer.alloc(0);
	// Skipping by /Length: where the data ends if it ends at its first `endstream` (-1: none found
	// yet, -2: past the kept cap), and where in `kept` the bytes from there are held.
	private early = -1;
	private held = 0;
	/** Bytes to read (again) before the next chunk; at the end, whether the document has ended. */
	private pending?: Buffer;
	private ended = false;
	static async read(open: Open): Promise<PdfBytes> {
		const bytes = new PdfBytes();
		for await (const chunk of await open())
			bytes.feed(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
		bytes.ended = true;
		while (bytes.skipping && bytes.dataEnd >= 0) bytes.feed(Buffer.alloc(0));
		bytes.budget.sized(bytes.size);
		if (bytes.skipping) unreadable();
		bytes.lookAt(bytes.used);
		const { starts, ends } = bytes.data;
		bytes.streams = { starts: Float64Array.from(starts), ends: Float64Array.from(ends) };
		return bytes;
	}
	/** The last run of kept bytes, which ends the document (read() refuses one ending in a stream's data). */
	last(): Buffer {
		return this.kept.subarray(this.runs.kept[this.runs.kept.length - 1], this.used);
	}
	/** The kept bytes from `offset` to the end of their run; an offset in skipped data (or below 0) is damage. */
	at(offset: number): Buffer {
		const run = lastAtOrBefore(this.runs.file, offset);
		const from = this.runs.kept[run] + offset - this.runs.file[run];
		const end = run + 1 < this.runs.kept.length ? this.runs.kept[run + 1] : this.used;
		return from < end ? this.kept.subarray(from, end) : unreadable();
	}
	/** The offsets at which `word` is written whole in the kept bytes (`/Encrypt`, not `/EncryptMetadata`), ascending. */
	offsetsOf(word: string): number[] {
		this.budget.step(Math.ceil(this.used / SEARCHED_BYTES));
		const found: number[] = [];
		const kept = this.kept.subarray(0, this.used);
		for (let at = kept.indexOf(word); at >= 0; at = kept.indexOf(word, at + 1)) {
			this.budget.step(HEADER_COST);
			if (!endsWord(kept[at + word.length])) continue;
			const run = lastAtOrBefore(this.runs.kept, at);
			found.push(this.runs.file[run] + at - this.runs.kept[run]);
		}
		return found;
	}
	private feed(next: Buffer | undefined): void {
		for (let chunk = next; chunk; [chunk, this.pending] = [this.pending, undefined]) {
			// The last bytes kept may begin a `stream` this chunk ends: they are read again with it.
			const tail = this.skipping ? 0 : this.used - this.searchFrom;
			if (tail > 0) {
				chunk = Buffer.concat([this.kept.subarray(this.searchFrom, this.used), chunk]);
				[this.used, this.size] = [this.used - tail, this.size - tail];
			}
			let at = 0;
			do at = this.skipping ? this.skip(chunk, at) : this.keep(chunk, at);
			while (at < chunk.length);
		}
	}
	private append(chunk: Buffer, from: number, to: number): void {
		const needed = this.used + to - from;
		if (needed > MAX_KEPT) unreadable();
		if (needed > this.kept.length) {
			const grown = Buffer.alloc(Math.min(MAX_KEPT, Math.max(needed, this.kept.length * 2)));
			this.kept.copy(grown, 0, 0, this.used);
			this.kept = grown;
		}
		chunk.copy(this.kept, this.used, from, to);
		this.used = needed;
		this.size += to - from;
	}
	/** Keeps `chunk` from `at`, and returns where skipping begins in it (its length: none). */
	private keep(chunk: Buffer, at: number): number {
		for (;;) {
			// Appended up to the next `stream` and its line end (no more is copied than is kept), searched
			// for past a kept stream's data or an `endstream` known.
			const from = Math.min(chunk.length, at + Math.max(0, this.searchFrom - this.used));
			const hit = chunk.indexOf(STREAM, from);
			const to = hit < 0 ? chunk.length : Math.min(chunk.length, hit + 8 + PADDING);
			const base = this.used - at;
			this.append(chunk, at, to);
			at = to;
			const keyword = base + hit;
			// The keyword's line end decides where its data starts: wait for it.
			if (hit < 0 || keyword + 8 + PADDING > this.used) {
				this.searchFrom = hit < 0 ? Math.max(this.searchFrom, this.used - 5) : keyword;
				return chunk.length;
			}
			this.budget.step(STREAM_COST);
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
			[this.used, this.size, this.skipping, this.early] = [start, this.size - appended, true, -1];
			this.data.starts.push(this.size);
			this.dataEnd = length === undefined ? -1 : this.size + length;
			return at - appended;
		}
	}
	// The stream whose keyword is at `hit`: its data's start, direct /Length and whether it is kept;
	// undefined where the word starts none (`endstream`, a word in a string, no dictionary before).
	private streamAt(hit: number) {
		const kept = this.kept;
		if ((hit > 0 && !endsWord(kept[hit - 1])) || !endsWord(kept[hit + 6])) return undefined;
		let before = hit;
		while (before > 0 && isWhiteSpace(kept[before - 1])) before--;
		if (before < 2 || kept[before - 1] !== 62 || kept[before - 2] !== 62) return undefined;
		this.lookAt(hit);
		if (this.lexical !== 0) return undefined;
		const start = dataStart(kept, hit + 6);
		const { latest, headers } = this;
		if (latest.kept > latest.obj && latest.header === latest.obj) {
			this.keptStreams.offsets.push(headers.offsets[headers.offsets.length - 1]);
			this.keptStreams.objectStream.push(latest.objectStream > latest.obj);
		}
		const length = latest.length > latest.obj ? directLength(kept, latest.length) : undefined;
		return { start, length, kept: latest.kept > latest.obj };
	}
	// Looks at the kept bytes up to `end`, each once, for `obj` (and its header), /Length, /XRef and
	// /First outside strings and comments; a string also ends at `endobj` (README.md, "One read").
	private lookAt(end: number): void {
		const kept = this.kept;
		const from = Math.max(this.looked, 2);
		if (end > from) this.budget.step(Math.ceil((end - from) / KEPT_BYTES));
		let found = 0;
		let [at, lexical] = [from, this.lexical];
		for (; at < end; at++) {
			const byte = kept[at];
			if (lexical > 0) {
				if (byte === 92) at++;
				else if (byte === 40 || byte === 41) lexical += byte === 40 ? 1 : -1;
				else if (byte === 106 && kept[at - 1] === 98 && spells(kept, at - 5, 'endobj')) {
					// Only damage ends a string here: it pays as a header does.
					lexical = 0;
					this.budget.step(HEADER_COST);
				}
			} else if (lexical < 0) {
				if (byte === 10 || byte === 13) lexical = 0;
			} else if (byte === 40 || byte === 37) lexical = byte === 40 ? 1 : -1;
			else if (byte === 106) {
				if (kept[at - 1] === 98 && kept[at - 2] === 111) {
					this.latest.obj = at - 2;
					this.header(at - 2);
					found++;
				}
			} else if (byte === 47) {
				const length = nameAt(kept, at, 'Length');
				if (length >= 0) this.latest.length = length;
				else if (nameAt(kept, at, 'XRef') >= 0) this.latest.kept = at;
				// An object stream by its /First, whatever its /Type says.
				else if (nameAt(kept, at, 'First') >= 0) this.latest.kept = this.latest.objectStream = at;
				else if (nameAt(kept, at, 'Encrypt') >= 0 || standardFilter(kept, at))
					this.namesEncryption = true;
			}
		}
		// Each `obj` found is looked at before it.
		this.budget.step(found);
		[this.looked, this.lexical] = [Math.max(this.looked, at), lexical];
	}
	/** Records `N G obj` where the `obj` at `obj` ends one: digits, white space, digits, white space. */
	private header(obj: number): void {
		const kept = this.kept;
		if (!endsWord(obj + 3 < this.used ? kept[obj + 3] : undefined)) return;
		const gen = this.digitsBefore(obj, GEN_DIGITS);
		const number = gen && this.digitsBefore(gen.start, NUMBER_DIGITS);
		if (!number || !endsWord(kept[number.start - 1])) return;
		this.budget.step(HEADER_COST);
		this.latest.header = obj;
		const run = this.runs.kept.length - 1;
		this.headers.offsets.push(this.runs.file[run] + number.start - this.runs.kept[run]);
		this.headers.numbers.push(Number(kept.toString('latin1', number.start, number.end)));
		this.headers.gens.push(Number(kept.toString('latin1', gen.start, gen.end)));
	}
	/** The 1 to `most` digits that white space separates from `end`, or undefined. */
	private digitsBefore(end: number, most: number) {
		const kept = this.kept;
		let digitsEnd = end;
		while (digitsEnd > 0 && isWhiteSpace(kept[digitsEnd - 1])) digitsEnd--;
		let start = digitsEnd;
		while (start > 0 && digitsEnd - start <= most && isDigit(kept[start - 1])) start--;
		const digits = digitsEnd - start;
		return digitsEnd < end && digits > 0 && digits <= most ? { start, end: digitsEnd } : undefined;
	}
	/** Skips `chunk` from `at` up to the data's end, and returns where keeping begins in it. */
	private skip(chunk: Buffer, at: number): number {
		if (this.dataEnd >= 0) {
			const until = Math.min(chunk.length, at + Math.max(0, this.dataEnd - this.size));
			this.hold(chunk, at, until);
			if (until > at || (until === chunk.length && !this.ended)) return until;
			// At the data's end by /Length (or the document's): `endstream` must follow, after 4 bytes of
			// white space at most (in the bytes carried while too few to tell); else the data ends at the
			// first `endstream` in it, or where there is none, at the first after it.
			const probe = Buffer.concat([this.carry, chunk.subarray(at, at + PROBE)]);
			if (probe.length < PROBE && !this.ended) {
				[this.carry, this.size] = [probe, this.size + chunk.length - at];
				return chunk.length;
			}
			let after = 0;
			while (after < 4 && isWhiteSpace(probe[after])) after++;
			const carried = this.carry;
			if (this.size >= this.dataEnd && isEndstream(probe, after)) {
				if (this.early >= 0) this.used = this.held;
				this.size -= carried.length;
				this.resume(this.size, after + ENDSTREAM.length);
				this.append(carried, 0, carried.length);
			} else if (this.early >= 0) {
				// Read again in place: the bytes held, then those carried and the rest of this chunk after them.
				this.append(carried, 0, carried.length);
				this.append(chunk, at, chunk.length);
				this.pending = this.kept.subarray(this.held, this.used);
				[this.used, this.size] = [this.held, this.early];
				this.resume(this.early, 0);
				return chunk.length;
			} else this.dataEnd = -1;
			return at;
		}
		if (this.carry.length > 0) {
			// An `endstream` begun in the bytes carried from the chunk before (a small join: the chunk is not copied).
			const joined = Buffer.concat([this.carry, chunk.subarray(at, at + ENDSTREAM.length)]);
			const across = joined.indexOf(ENDSTREAM);
			if (across >= 0 && across < this.carry.length) {
				const begun = this.carry.subarray(across);
				this.size -= begun.length;
				this.resume(this.endBefore(this.carry.subarray(0, across), this.size), 0);
				this.append(begun, 0, begun.length);
				return at;
			}
		}
		const end = this.endstreamAt(chunk, at);
		if (end >= 0) {
			this.size += end - at;
			const before = chunk.subarray(Math.max(at, end - 2), end);
			const bytes = before.length < 2 ? Buffer.concat([this.carry, before]) : before;
			this.resume(this.endBefore(bytes, this.size), ENDSTREAM.length);
			return end;
		}
		this.size += chunk.length - at;
		const carried = Buffer.concat([this.carry, chunk.subarray(Math.max(at, chunk.length - 16))]);
		this.carry = carried.subarray(Math.max(0, carried.length - 16));
		return chunk.length;
	}
	// Skipping `chunk` from `at` to `until` by /Length: the first `endstream` in the data is found,
	// and the bytes from it are held (each charged as looked at), in case none follows the /Length.
	private hold(chunk: Buffer, at: number, until: number): void {
		const end = this.size + until - at;
		if (this.early === -1) {
			const found = this.endstreamAt(chunk.subarray(0, until + 8), at);
			if (found >= 0 && found < until) {
				const before = chunk.subarray(Math.max(at, found - 2), found);
				this.early = this.endBefore(before, this.size + found - at);
				[this.held, at] = [this.used, at + this.early - this.size];
			}
		}
		if (this.early >= 0 && this.used + until - at > MAX_KEPT)
			[this.used, this.early] = [this.held, -2];
		this.budget.step(this.early >= 0 ? Math.ceil((until - at) / KEPT_BYTES) : 0);
		if (this.early >= 0) this.append(chunk, at, until);
		this.size = end;
	}
	/** Where data found to end at an `endstream` at `at` ends, where `before` are the bytes before it: its end of line is not data. */
	private endBefore(before: Buffer, at: number): number {
		const [last, second] = [before[before.length - 1], before[before.length - 2]];
		const eol = last === 10 ? (second === 13 ? 2 : 1) : last === 13 ? 1 : 0;
		return Math.max(this.data.starts[this.data.starts.length - 1], at - eol);
	}
	/** The data ends at `end`; keeping again, in a run from the current offset whose first `known` bytes need no search. */
	private resume(end: number, known: number): void {
		this.data.ends.push(end);
		this.skipping = false;
		this.carry = Buffer.alloc(0);
		this.runs.file.push(this.size);
		this.runs.kept.push(this.used);
		this.searchFrom = this.looked = this.used + known;
	}
	// The first `endstream` from `from` (-1: none), its letters looked at charged. Any 9 bytes in a
	// row hold one of every ninth byte, so only those are looked at, and the word is checked only
	// where that byte is one of its letters: a step costs the same whatever the data, where a native
	// search slows to a step of two bytes on data of `e`s.
	private endstreamAt(bytes: Buffer, from: number): number {
		let [letters, found] = [0, -1];
		for (let at = from + 8; at < bytes.length && found < 0; at += 9) {
			const place = IN_ENDSTREAM[bytes[at]];
			if (place < 0) continue;
			letters++;
			if (at - place >= from && isEndstream(bytes, at - place)) found = at - place;
			else if (place === 6 && at + 9 <= bytes.length && isEndstream(bytes, at)) found = at;
		}
		this.budget.step(Math.ceil(letters / LETTERS));
		return found;
	}
}
/** Where a stream's data starts after its keyword at `at`: past its line's spaces and end. */
export function dataStart(bytes: Buffer, at: number): number {
	let end = at;
	while (bytes[end] === 32 && end < at + PADDING) end++;
	if (bytes[end] === 13 || bytes[end] === 10) at = end;
	if (bytes[at] === 13) at++;
	return bytes[at] === 10 ? at + 1 : at;
}
/** Past the name at `at` where it reads `name` (its `#xx` decoded), else -1. */
function nameAt(bytes: Buffer, at: number, name: string): number {
	let next = at + 1;
	for (let letter = 0; letter < name.length; letter++, next++) {
		const escaped = bytes[next] === 35 && HEX[bytes[next + 1]] >= 0 && HEX[bytes[next + 2]] >= 0;
		const byte = escaped ? HEX[bytes[next + 1]] * 16 + HEX[bytes[next + 2]] : bytes[next];
		if (byte !== name.charCodeAt(letter)) return -1;
		if (escaped) next += 2;
	}
	return endsWord(bytes[next]) ? next : -1;
}
/** Whether the name at `at` is /Filter naming the standard security handler: an encryption dictionary's. */
function standardFilter(bytes: Buffer, at: number): boolean {
	let next = nameAt(bytes, at, 'Filter');
	while (next >= 0 && isWhiteSpace(bytes[next])) next++;
	return next >= 0 && bytes[next] === 47 && nameAt(bytes, next, 'Standard') >= 0;
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
/** Each byte's place in `endstream` (`e`: its second, 6), -1 where it has none. */
const IN_ENDSTREAM = new Int8Array(256).fill(-1);
for (let at = 0; at < ENDSTREAM.length; at++) IN_ENDSTREAM[ENDSTREAM[at]] = at;
const isEndstream = (bytes: Buffer, at: number) => spells(bytes, at, 'endstream');
