// A PDF's pages as the document says: the trailer's /Root → /Pages, its /Count beside a bounded walk
// of its /Kids, found through the cross-reference sections (the newest definition of an object
// first, as after incremental updates) and compressed object streams, or, where those are damaged, a
// scan of the object headers as pdf.js and qpdf rebuild them. Every step is charged to one budget
// for the read (pdfBudget.ts). Whatever cannot be read, or would pass a bound, is "cannot be
// counted": no page marker is ever counted.
import { PdfBudget, PdfOverBudget, stopOverBudget, type PdfWork } from './pdfBudget';
import { standardDecrypt, type PdfDecrypt } from './pdfCrypt';
import { decodeStream, MAX_STREAM_BYTES } from './pdfFilters';
import {
	endsWord,
	integerOf,
	isWhiteSpace,
	PdfLexer,
	unreadable,
	type PdfDict,
	type PdfRef,
	type PdfValue,
} from './pdfSyntax';

/** The document's first and last bytes, kept from its first read: where producers put its structure. */
const KEPT = 2 * 1024 * 1024;
/** Bytes read at once for a cross-reference section or an object (a stream's data is read as long as it is). */
const WINDOW = 512 * 1024;
/** Reads of the document besides the first: each streams it from its start to what it needs. */
const MAX_READS = 8;
/** Bytes streamed again that cost a unit of the budget: a large document is read again once or twice at most. */
const REREAD_BYTES = 32;
/** Documents up to this size are rebuilt from their object headers where their cross-reference is damaged. */
const MAX_REBUILT = 16 * 1024 * 1024;
/** Catalogs a rebuilt document's trailers may name: each is counted, the largest count wins. */
const MAX_ROOTS = 8;
/** References followed from one value to what it names. */
const MAX_HOPS = 32;
/** Object headers a rebuilt document may have (a map entry each), and trailers it may name. */
const MAX_HEADERS = 200_000;
/** What each `obj` a rebuild finds costs the budget, and each header it keeps (an entry in a map). */
const FOUND_COST = 4;
const HEADER_COST = 64;
const MAX_TRAILERS = 1000;
/** Bytes after `trailer` searched for its keys where its dictionary does not parse. */
const LOOSE_TRAILER = 1024 * 1024;
/** An object stream's table: numbers below LISTED, fewer than INDICES entries (2^21: 8 MB decoded holds no more pairs). */
const LISTED = 2 ** 31;
const INDICES = 2 ** 21;
/** What an entry of an object stream's table costs besides its bytes: its place, sorted. */
const ITEM_STEP = 16;
/** Nodes of the page tree walked beside /Count. */
const MAX_WALK = 20_000;

type Open = () => Promise<AsyncIterable<Uint8Array>>;
/** Where an object is defined: at an offset, in an object stream, or freed (hiding older definitions). */
type Entry = { offset: number; gen: number } | { stream: number; index: number } | 'free';
interface Section {
	trailer: PdfDict;
	/** The object's entry here; undefined where this section does not list it. */
	entry: (ref: number) => Entry | undefined;
}
interface PdfObject {
	value: PdfValue;
	/** A stream's bytes as stored. */
	data?: Buffer;
}
interface ObjectStream {
	/** Each object number of the table times 2^21 plus its index, sorted: where a number is last listed. */
	listed: Float64Array;
	offsets: Int32Array;
	first: number;
	data: Buffer;
}

/** The page count (undefined: cannot be counted), and the work reading it took. */
export interface PdfPagesRead {
	pages: number | undefined;
	work: PdfWork | undefined;
}

/** The document's pages, a whole number of at least 1, or undefined where it cannot be counted. */
export async function pdfPageCount(open: Open): Promise<number | undefined> {
	return (await readPdfPages(open)).pages;
}

export async function readPdfPages(open: Open): Promise<PdfPagesRead> {
	let file: PdfFile;
	try {
		file = await PdfFile.read(open);
	} catch {
		return { pages: undefined, work: undefined };
	}
	try {
		return { pages: await file.pageCount(), work: file.budget.work };
	} catch {
		return { pages: undefined, work: file.budget.work };
	}
}

class PdfFile {
	readonly budget: PdfBudget;
	private sections: Section[] = [];
	/** A damaged document's objects by number, from their headers; undefined while its sections are read. */
	private rebuilt?: Map<number, { offset: number; gen: number }>;
	private objectStreams = new Map<number, Promise<ObjectStream>>();
	/** The document's /Encrypt and /ID, then how its streams are decrypted (none: undefined). */
	private decrypt?:
		{ encrypt: PdfValue | undefined; id: PdfValue | undefined } | { streams?: PdfDecrypt };
	private reads = 0;
	/** Whether the document may be read again for bytes not kept (not while the page tree is walked). */
	private mayRead = true;
	/** Whether the page tree's reading wanted bytes not kept (read whole, it may be counted). */
	private wanted = false;
	private inLength = false;

	private constructor(
		private readonly open: Open,
		private head: Buffer,
		private tail: Buffer,
		private readonly size: number,
	) {
		this.budget = new PdfBudget(size);
	}

	/** One read of the whole document, keeping its first and last KEPT bytes. */
	static async read(open: Open): Promise<PdfFile> {
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
		return new PdfFile(open, Buffer.concat(head), Buffer.concat(parts), size);
	}

	async pageCount(): Promise<number> {
		try {
			const start = this.tail.lastIndexOf('startxref');
			if (start < 0) unreadable();
			this.budget.scan(this.tail.length - start);
			await this.readSections(
				new PdfLexer(this.tail, start + 'startxref'.length, this.budget).integer(),
			);
			const trailer = this.sections.find((section) => section.trailer.has('Root'))?.trailer;
			return await this.countOf(
				trailer ?? unreadable(),
				this.sections.map(({ trailer }) => trailer),
			);
		} catch (error) {
			stopOverBudget(error);
		}
		// Damaged: rebuilt from the object headers, as readers do.
		const trailers = await this.rebuild();
		const roots = new Map<string | number, PdfDict>();
		for (const trailer of trailers) {
			const root = trailer.get('Root');
			const key = isRef(root)
				? `${root.ref} ${root.gen}`
				: root instanceof Map
					? roots.size
					: undefined;
			if (key !== undefined && !roots.has(key) && roots.size < MAX_ROOTS) roots.set(key, trailer);
		}
		let most: number | undefined;
		for (const trailer of roots.values()) {
			try {
				most = Math.max(most ?? 0, await this.countOf(trailer, trailers));
			} catch (error) {
				stopOverBudget(error);
			}
		}
		return most ?? unreadable();
	}

	/**
	 * The pages pdf.js counts, or more. pdf.js takes /Count (a linearized file's /N) where its
	 * descent by each node's /Count finds the page that number names (Catalog.getPageDict), else the
	 * leaves of a walk of /Kids. Here: the larger of the leaves and each number so found, where the
	 * walk finishes; where it does not (past its bound, bytes not kept, an object not read), the
	 * numbers alone, and only if each is found. A number found above the document's size in bytes
	 * (a page takes more than a byte) is none: cannot be counted.
	 */
	private async countOf(trailer: PdfDict, trailers: PdfDict[]): Promise<number> {
		for (;;) {
			this.wanted = false;
			try {
				return await this.countOnce(trailer, trailers);
			} catch (error) {
				stopOverBudget(error);
				// Pages in bytes not kept: read whole once (as a damaged document), then counted there.
				if (!this.wanted || this.head.length >= this.size || this.size > MAX_REBUILT) unreadable();
			}
			await this.whole();
		}
	}

	private async countOnce(trailer: PdfDict, trailers: PdfDict[]): Promise<number> {
		// Decryption is set up when an object stream needs it: other objects are not encrypted.
		const encrypted = trailers.find((each) => each.has('Encrypt'));
		this.decrypt = encrypted && {
			encrypt: encrypted.get('Encrypt'),
			id: trailers.find((each) => each.has('ID'))?.get('ID'),
		};
		const catalog = dictOf(await this.resolve(trailer.get('Root')));
		const root = catalog.get('Pages');
		const pages = dictOf(await this.resolve(root));
		const numbers = [await this.fetched(pages.get('Count')), ...this.linearizedPages()];
		const { leaves, complete } = await this.walk(root);
		let found = 0;
		let needsLeaves = false;
		for (const number of numbers) {
			// pdf.js takes 1 or less as it is: no page more to find (and 1 is no fewer). No more
			// than a finished walk's leaves: those stand whether pdf.js finds it or not.
			if (Number.isInteger(number) && (number as number) <= (complete ? Math.max(leaves, 1) : 1))
				continue;
			if (
				typeof number === 'number' &&
				Number.isSafeInteger(number) &&
				(await this.finds(root, pages, number - 1))
			) {
				if (number > this.size) unreadable();
				found = Math.max(found, number);
			} else needsLeaves = true;
		}
		if (complete) return Math.max(found, leaves) || unreadable();
		return needsLeaves || found === 0 ? unreadable() : found;
	}

	/** A value, or the object a reference names (one step, as pdf.js fetches). */
	private async fetched(value: PdfValue | undefined): Promise<PdfValue> {
		return isRef(value) ? (await this.object(value.ref, value.gen)).value : (value ?? null);
	}

	/**
	 * Whether pdf.js finds page `index` (Catalog.getPageDict): first page 0 then `index` with the
	 * node counts it caches, and `index` without them (a linearized file's first page is found
	 * elsewhere); where they differ, cannot be counted. An object not read is no answer either.
	 */
	private async finds(root: PdfValue | undefined, pages: PdfDict, index: number): Promise<boolean> {
		const counts = new Map<string, number>();
		this.mayRead = false;
		try {
			await this.descend(root, pages, 0, counts);
			const warm = await this.descend(root, pages, index, counts);
			const cold = await this.descend(root, pages, index, new Map());
			return warm === cold ? warm : unreadable();
		} finally {
			this.mayRead = true;
		}
	}

	private async descend(
		root: PdfValue | undefined,
		pages: PdfDict,
		index: number,
		counts: Map<string, number>,
	): Promise<boolean> {
		const keyOf = (ref: PdfRef) => `${ref.ref} ${ref.gen}`;
		const rootKey = isRef(root) ? keyOf(root) : undefined;
		const nodes: Array<{ node: PdfValue; key?: string }> = [{ node: pages, key: rootKey }];
		const visited = new Set<string>(rootKey === undefined ? [] : [rootKey]);
		let current = 0;
		while (nodes.length > 0) {
			this.budget.step(1);
			const { node, key } = nodes.pop()!;
			if (isRef(node)) {
				const ref = keyOf(node);
				const count = counts.get(ref);
				if (count !== undefined && current + count <= index) {
					current += count;
					continue;
				}
				// A node met again: pdf.js's "circular reference", page not found.
				if (visited.has(ref)) return false;
				visited.add(ref);
				const value = await this.fetched(node);
				if (value instanceof Map) {
					const type = await this.fetched(value.get('Type'));
					if (type === 'Page' || !value.has('Kids')) {
						if (!counts.has(ref)) counts.set(ref, 1);
						if (current === index) return true;
						current++;
						continue;
					}
				}
				nodes.push({ node: value, key: ref });
				continue;
			}
			if (!(node instanceof Map)) return false;
			const count = await this.fetched(node.get('Count'));
			if (Number.isInteger(count) && (count as number) >= 0) {
				if (key !== undefined && !counts.has(key)) counts.set(key, count as number);
				if (current + (count as number) <= index) {
					current += count as number;
					continue;
				}
			}
			const kids = await this.fetched(node.get('Kids'));
			if (!Array.isArray(kids)) {
				const type = await this.fetched(node.get('Type'));
				if (type !== 'Page' && node.has('Kids')) return false;
				if (current === index) return true;
				current++;
				continue;
			}
			this.budget.step(kids.length);
			for (let at = kids.length - 1; at >= 0; at--) nodes.push({ node: kids[at] });
		}
		return false;
	}

	/** A linearized file's /N (its first object, in the first KB), where it has one. */
	private linearizedPages(): PdfValue[] {
		try {
			const lexer = new PdfLexer(this.head.subarray(0, 1024), 0, this.budget);
			const at = this.head.subarray(0, 1024).indexOf(' obj');
			if (at < 0) return [];
			lexer.at = at + ' obj'.length;
			const first = lexer.value();
			return first instanceof Map && first.has('Linearized') ? [first.get('N') ?? null] : [];
		} catch (error) {
			stopOverBudget(error);
			return [];
		}
	}

	/** The page tree's leaves, depth first, each node once (a node met again counts as one leaf: pdf.js counts no more). */
	private async walk(root: PdfValue | undefined): Promise<{ leaves: number; complete: boolean }> {
		let leaves = 0;
		const seen = new Set<string>();
		const stack: Array<PdfValue | undefined> = [root];
		this.mayRead = false;
		try {
			for (let nodes = 0; stack.length > 0; nodes++) {
				if (nodes >= MAX_WALK) return { leaves, complete: false };
				const node = stack.pop();
				if (isRef(node)) {
					const key = `${node.ref} ${node.gen}`;
					if (seen.has(key)) {
						leaves++;
						continue;
					}
					seen.add(key);
				}
				const value = await this.resolve(node);
				const kids = value instanceof Map ? value.get('Kids') : undefined;
				if (value instanceof Map && value.get('Type') !== 'Page' && kids !== undefined) {
					const list = await this.resolve(kids);
					if (!Array.isArray(list)) leaves++;
					else {
						this.budget.step(list.length);
						for (let at = list.length - 1; at >= 0; at--) stack.push(list[at]);
					}
				} else leaves++;
				this.budget.step(1);
			}
			return { leaves, complete: true };
		} catch (error) {
			stopOverBudget(error);
			return { leaves, complete: false };
		} finally {
			this.mayRead = true;
		}
	}

	/** The sections from the newest: each table's /XRefStm (a hybrid file's), then /Prev. */
	private async readSections(newest: number) {
		const sections: Section[] = [];
		const offsets = [newest];
		const seen = new Set<number>();
		while (offsets.length > 0) {
			const offset = offsets.shift()!;
			// A /Prev back to a section already read ends the chain: its entries are known.
			if (seen.has(offset)) continue;
			seen.add(offset);
			this.budget.section();
			const section = await this.sectionAt(offset);
			sections.push(section);
			for (const key of ['XRefStm', 'Prev'])
				if (section.trailer.has(key)) offsets.push(integerOf(section.trailer.get(key)));
		}
		this.sections = sections;
	}

	private async sectionAt(offset: number): Promise<Section> {
		const bytes = await this.bytesAt(offset, WINDOW);
		const lexer = new PdfLexer(bytes, 0, this.budget);
		if (lexer.word() === 'xref') return tableSection(lexer, this.budget);
		const { value, data } = await this.objectIn(bytes, offset);
		return this.streamSection(value, data);
	}

	private async streamSection(value: PdfValue, data: Buffer | undefined): Promise<Section> {
		const dict = dictOf(value);
		if (dict.get('Type') !== 'XRef' || !data) unreadable();
		// A cross-reference stream is never encrypted.
		return streamSection(dict, await decodeStream(dict, data, this.budget), this.budget);
	}

	/** What `value` names, following references; an object that is not defined (or freed) is null. */
	private async resolve(value: PdfValue | undefined): Promise<PdfValue> {
		for (let hops = 0; isRef(value); hops++) {
			if (hops >= MAX_HOPS) unreadable();
			value = (await this.object(value.ref, value.gen)).value;
		}
		return value ?? null;
	}

	/** Object `ref` of generation `gen` by its newest definition. */
	private async object(ref: number, gen: number): Promise<PdfObject> {
		this.budget.object();
		const entry = this.entryOf(ref);
		if (entry === undefined || entry === 'free') return { value: null };
		if ('offset' in entry) {
			if (entry.gen !== gen) {
				// A reference to a generation the document does not define: null once rebuilt; in a
				// cross-reference, damage (readers rebuild it).
				return this.rebuilt ? { value: null } : unreadable();
			}
			return await this.objectIn(await this.bytesAt(entry.offset, WINDOW), entry.offset, ref, gen);
		}
		if (gen !== 0) return this.rebuilt ? { value: null } : unreadable();
		return {
			value: this.objectStreamValue(await this.objectStream(entry.stream), entry.index, ref),
		};
	}

	private entryOf(ref: number): Entry | undefined {
		const found = this.rebuilt?.get(ref);
		if (found) return found;
		for (const section of this.sections) {
			this.budget.step(1);
			const entry = section.entry(ref);
			// Once rebuilt, the streams found are read for what the headers did not define.
			if (entry !== undefined && !(this.rebuilt && entry === 'free')) return entry;
		}
		return undefined;
	}

	/** `ref gen obj value endobj`, or a stream (`<< /Length … >> stream … endstream`), at the start of `bytes`. */
	private async objectIn(
		bytes: Buffer,
		offset: number,
		ref?: number,
		gen?: number,
	): Promise<PdfObject> {
		const lexer = new PdfLexer(bytes, 0, this.budget);
		const [found, foundGen] = [lexer.integer(), lexer.integer()];
		if (lexer.word() !== 'obj' || (ref !== undefined && (found !== ref || foundGen !== gen)))
			unreadable();
		const value = lexer.value();
		if (!(value instanceof Map) || lexer.word() !== 'stream') return { value };
		// The data starts after the keyword's line end (CR LF or LF).
		if (bytes[lexer.at] === 13) lexer.at++;
		if (bytes[lexer.at] === 10) lexer.at++;
		const start = lexer.at;
		let length: number | undefined;
		// A /Length in a stream whose own /Length is being read (a loop of them): found by `endstream`.
		if (!this.inLength) {
			this.inLength = true;
			try {
				length = integerOf(await this.resolve(value.get('Length')));
			} catch (error) {
				stopOverBudget(error);
			} finally {
				this.inLength = false;
			}
		}
		if (length !== undefined && length > MAX_STREAM_BYTES) throw new PdfOverBudget();
		if (length !== undefined) {
			const near = start + length + 32 <= bytes.length;
			const around = near ? bytes.subarray(start) : await this.bytesAt(offset + start, length + 32);
			if (endstreamAt(around, length)) return { value, data: around.subarray(0, length) };
		}
		// A /Length that is wrong or missing: the data ends before `endstream`, as readers find it.
		const searched = bytes.subarray(0, start + WINDOW);
		this.budget.scan(searched.length - start);
		const end = searched.indexOf('endstream', start);
		if (end < 0) unreadable();
		let last = end;
		if (bytes[last - 1] === 10) last--;
		if (bytes[last - 1] === 13) last--;
		return { value, data: bytes.subarray(start, Math.max(start, last)) };
	}

	/** An object stream's table of `N` pairs (object number, offset from `/First`), read once a read. */
	private async objectStream(ref: number): Promise<ObjectStream> {
		let stream = this.objectStreams.get(ref);
		if (!stream) this.objectStreams.set(ref, (stream = this.readObjectStream(ref)));
		return await stream;
	}

	private async readObjectStream(ref: number): Promise<ObjectStream> {
		const { value, data } = await this.object(ref, 0);
		const dict = dictOf(value);
		if (dict.get('Type') !== 'ObjStm' || !data) unreadable();
		const decoded = await decodeStream(dict, await this.decrypted(data, ref, 0), this.budget);
		const [count, first] = [integerOf(dict.get('N')), integerOf(dict.get('First'))];
		// A pair takes four bytes at least (`0 0 `): more cannot be there.
		if (count > decoded.length / 4 || first > decoded.length) unreadable();
		const listed = new Float64Array(count);
		const offsets = new Int32Array(count);
		const lexer = new PdfLexer(decoded.subarray(0, first), 0, this.budget);
		for (let index = 0; index < count; index++) {
			const number = lexer.digits();
			// No reference names a number this large: it is listed nowhere a lookup finds.
			listed[index] = (number < LISTED ? number : LISTED) * INDICES + index;
			offsets[index] = lexer.digits();
		}
		this.budget.step(count * ITEM_STEP);
		listed.sort();
		return { listed, offsets, first, data: decoded };
	}

	/**
	 * Object `ref`, the `index`th of the stream's by the cross-reference: as pdf.js reads it, at the
	 * table's last place for `ref` where the table lists it, else at `index` whatever the table says.
	 */
	private objectStreamValue(stream: ObjectStream, index: number, ref: number): PdfValue {
		const { listed } = stream;
		let [low, high] = [0, listed.length - 1];
		const below = (ref + 1) * INDICES;
		while (low <= high) {
			const middle = (low + high) >> 1;
			if (listed[middle] < below) low = middle + 1;
			else high = middle - 1;
		}
		this.budget.step(32);
		const last = high >= 0 && ref < LISTED ? listed[high] : -1;
		const at = last >= ref * INDICES ? last - ref * INDICES : index;
		if (at >= stream.offsets.length) unreadable();
		return new PdfLexer(stream.data, stream.first + stream.offsets[at], this.budget).value();
	}

	private async decrypted(data: Buffer, ref: number, gen: number): Promise<Buffer> {
		if (this.decrypt && 'encrypt' in this.decrypt) {
			const { encrypt, id } = this.decrypt;
			this.decrypt = { streams: standardDecrypt(dictOf(await this.resolve(encrypt)), id) };
		}
		const streams = this.decrypt?.streams;
		if (!streams) return data;
		this.budget.decode(data.length);
		return streams(data, ref, gen);
	}

	/** Rebuilds the cross-reference from `N G obj` headers and finds the trailers (`trailer` and cross-reference streams). */
	private async rebuild(): Promise<PdfDict[]> {
		const bytes = await this.whole();
		// Searches of the whole for object headers, trailers and cross-reference streams, each native
		// and cheap: charged once.
		this.budget.scan(bytes.length);
		const rebuilt = new Map<number, { offset: number; gen: number }>();
		const headers: number[] = [];
		for (let at = bytes.indexOf('obj'); at >= 0; at = bytes.indexOf('obj', at + 3)) {
			// Each `obj` found is looked at before it: `objobj…` costs as much as headers do.
			this.budget.step(FOUND_COST);
			const header = headerBefore(bytes, at);
			if (!header) continue;
			const [ref, gen, offset] = header;
			this.budget.step(HEADER_COST);
			if (headers.push(offset) > MAX_HEADERS) throw new PdfOverBudget();
			const known = rebuilt.get(ref);
			// A later definition of the same generation wins (an update); another generation does not.
			if (!known || known.gen === gen) rebuilt.set(ref, { offset, gen });
		}
		this.sections = [];
		this.objectStreams = new Map();
		this.decrypt = undefined;
		this.rebuilt = rebuilt;
		const trailers: PdfDict[] = [];
		for (const at of lastOccurrences(bytes, 'trailer', MAX_TRAILERS)) {
			try {
				trailers.push(dictOf(new PdfLexer(bytes, at + 'trailer'.length, this.budget).value()));
			} catch (error) {
				stopOverBudget(error);
				trailers.push(this.looseTrailer(bytes, at));
			}
		}
		// Cross-reference streams, newest first: their dictionaries are trailers, their entries the
		// compressed objects' places.
		let header = headers.length - 1;
		for (const at of lastOccurrences(bytes, '/XRef', MAX_TRAILERS)) {
			if (!endsWord(bytes[at + 5])) continue;
			while (header >= 0 && headers[header] > at) header--;
			if (header < 0) break;
			const offset = headers[header];
			try {
				const { value, data } = await this.objectIn(bytes.subarray(offset), offset);
				const section = await this.streamSection(value, data);
				this.budget.section();
				this.sections.push(section);
				trailers.push(section.trailer);
			} catch (error) {
				stopOverBudget(error);
			}
		}
		// No trailer at all: an object holding /Root stands for one (as pdf.js finds it).
		if (trailers.length === 0)
			for (const at of lastOccurrences(bytes, '/Root', MAX_ROOTS)) {
				const index = headerAt(headers, at);
				if (index < 0) continue;
				const offset = headers[index];
				try {
					const { value } = await this.objectIn(bytes.subarray(offset), offset);
					if (value instanceof Map && value.has('Root')) trailers.push(value);
				} catch (error) {
					stopOverBudget(error);
				}
			}
		return trailers;
	}

	/** A trailer whose dictionary does not parse (a stray bracket, a broken string): its keys the count needs, each read alone. */
	private looseTrailer(bytes: Buffer, at: number): PdfDict {
		// Its keys lie before the next `startxref`, within LOOSE_TRAILER.
		const limit = bytes.subarray(0, Math.min(bytes.length, at + LOOSE_TRAILER));
		const end = limit.indexOf('startxref', at);
		const near = end < 0 ? limit : limit.subarray(0, end);
		this.budget.scan(near.length - at);
		const dict: PdfDict = new Map();
		for (const key of ['Root', 'Encrypt', 'ID']) {
			const found = near.indexOf(`/${key}`, at);
			if (found < 0 || !endsWord(near[found + key.length + 1])) continue;
			try {
				dict.set(key, new PdfLexer(near, found + key.length + 1, this.budget).value());
			} catch (error) {
				stopOverBudget(error);
			}
		}
		return dict;
	}

	/** The whole document: kept where it is small, else read once more (up to MAX_REBUILT). */
	private async whole(): Promise<Buffer> {
		if (this.size <= this.head.length) return this.head;
		if (this.size > MAX_REBUILT || ++this.reads > MAX_READS) unreadable();
		this.budget.step(Math.ceil(this.size / REREAD_BYTES));
		const parts: Uint8Array[] = [];
		for await (const chunk of await this.open()) parts.push(chunk);
		const whole = Buffer.concat(parts);
		if (whole.length !== this.size) unreadable();
		[this.head, this.tail] = [whole, whole];
		return whole;
	}

	/** The bytes at `offset`, `length` or more (fewer at the end): kept ones, or read from the start up to them. */
	private async bytesAt(offset: number, length: number): Promise<Buffer> {
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

/** Where `word` is in `bytes`, from the last, at most `most` places. */
function lastOccurrences(bytes: Buffer, word: string, most: number): number[] {
	const found: number[] = [];
	for (let from = bytes.length; from > 0 && found.length < most;) {
		const at = bytes.lastIndexOf(word, from - 1);
		if (at < 0) break;
		found.push((from = at));
	}
	return found;
}

/** The index of the last of the ascending `offsets` at or before `at` (-1: none). */
function headerAt(offsets: number[], at: number): number {
	let [low, high] = [0, offsets.length - 1];
	while (low <= high) {
		const middle = (low + high) >> 1;
		if (offsets[middle] <= at) low = middle + 1;
		else high = middle - 1;
	}
	return high;
}

/** `N G` before the `obj` at `at` (the offset of N), or undefined where the bytes there are not a header. */
function headerBefore(bytes: Buffer, at: number): [number, number, number] | undefined {
	if (!endsWord(bytes[at + 3])) return undefined;
	const digitsBefore = (end: number) => {
		let start = end;
		while (start > 0 && end - start < 10 && bytes[start - 1] >= 48 && bytes[start - 1] <= 57)
			start--;
		return start;
	};
	let end = at;
	while (end > 0 && at - end < 8 && isWhiteSpace(bytes[end - 1])) end--;
	const genStart = digitsBefore(end);
	if (genStart === end || end === at) return undefined;
	let numEnd = genStart;
	while (numEnd > 0 && genStart - numEnd < 8 && isWhiteSpace(bytes[numEnd - 1])) numEnd--;
	const numStart = digitsBefore(numEnd);
	if (numStart === numEnd || numEnd === genStart) return undefined;
	if (numStart > 0 && !endsWord(bytes[numStart - 1])) return undefined;
	const number = Number(bytes.toString('latin1', numStart, numEnd));
	const gen = Number(bytes.toString('latin1', genStart, end));
	return gen <= 65535 ? [number, gen, numStart] : undefined;
}

function endstreamAt(bytes: Buffer, at: number): boolean {
	let from = at;
	while (from < at + 4 && isWhiteSpace(bytes[from])) from++;
	return bytes.toString('latin1', from, from + 9) === 'endstream';
}

/** A classic table: subsections of `first count`, then 20-byte entries `offset generation n|f`. */
function tableSection(lexer: PdfLexer, budget: PdfBudget): Section {
	const subsections: Array<[first: number, count: number, start: number, width: number]> = [];
	for (let word; (word = lexer.word()) !== 'trailer';) {
		lexer.at -= word.length;
		const [first, count] = [lexer.integer(), lexer.integer()];
		lexer.skip();
		const start = lexer.at;
		// The standard's 20 bytes an entry, or what the first one takes (some end lines in one byte).
		for (let word = 0; word < (count > 0 ? 3 : 0); word++) lexer.word();
		lexer.skip();
		const width = lexer.at - start;
		if (count > 1 && (width < 19 || width > 21)) unreadable();
		subsections.push([first, count, start, width]);
		budget.scan(width * count);
		lexer.at = start + width * count;
		if (lexer.at > lexer.bytes.length) unreadable();
	}
	const trailer = dictOf(lexer.value());
	const bytes = lexer.bytes.subarray(0, lexer.at);
	return {
		trailer,
		entry: (ref) => {
			budget.step(subsections.length);
			const found = subsections.find(([first, count]) => ref >= first && ref < first + count);
			if (!found) return undefined;
			const [first, , start, width] = found;
			const entry = new PdfLexer(bytes, start + width * (ref - first), budget);
			const offset = entry.integer();
			const gen = entry.integer();
			const kind = entry.word();
			return kind === 'n' ? { offset, gen } : kind === 'f' ? 'free' : unreadable();
		},
	};
}

/** A cross-reference stream: rows of /W's field widths for the objects of /Index (`first count` pairs). */
function streamSection(dict: PdfDict, data: Buffer, budget: PdfBudget): Section {
	const widths = arrayOf(dict.get('W')).map(integerOf);
	if (widths.length !== 3 || widths.some((width) => width > 8)) unreadable();
	const index = arrayOf(dict.get('Index') ?? [0, dict.get('Size') ?? null]).map(integerOf);
	const rowWidth = widths[0] + widths[1] + widths[2];
	return {
		trailer: dict,
		entry: (ref) => {
			budget.step(index.length);
			let row = 0;
			for (let pair = 0; pair + 1 < index.length; row += index[pair + 1], pair += 2) {
				if (ref < index[pair] || ref >= index[pair] + index[pair + 1]) continue;
				let at = (row + ref - index[pair]) * rowWidth;
				if (at + rowWidth > data.length) return undefined;
				const [type, second, third] = widths.map((width) => {
					let field = 0;
					for (const end = at + width; at < end; at++) field = field * 256 + data[at];
					return field;
				});
				// A type field of no width means type 1.
				const kind = widths[0] === 0 ? 1 : type;
				if (kind === 1) return { offset: second, gen: widths[2] === 0 ? 0 : third };
				if (kind === 2) return { stream: second, index: third };
				// Type 0 frees the object; other types are null references (7.5.8.3).
				return 'free';
			}
			return undefined;
		},
	};
}

function isRef(value: PdfValue | undefined): value is PdfRef {
	return value instanceof Object && 'ref' in value;
}

function dictOf(value: PdfValue | undefined): PdfDict {
	return value instanceof Map ? value : unreadable();
}

function arrayOf(value: PdfValue | undefined): PdfValue[] {
	return Array.isArray(value) ? value : unreadable();
}
