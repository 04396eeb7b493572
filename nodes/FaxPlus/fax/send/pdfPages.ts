// A PDF's pages as the document says: the trailer's /Root → /Pages → /Count, found through its
// cross-reference sections (tables and streams, the newest definition of an object first, as after
// incremental updates) and compressed object streams. Whatever cannot be read, or would pass a
// bound, is "cannot be counted": no page marker is ever counted.
import { integerOf, PdfLexer, unreadable, type PdfDict, type PdfValue } from './pdfSyntax';

/** The document's first and last bytes, kept from its first read: where producers put its structure. */
const KEPT = 2 * 1024 * 1024;
/** Bytes read at once for a cross-reference section or an object (a stream's data is read as long as it is). */
const WINDOW = 512 * 1024;
/** Reads of the document besides the first: each streams it from its start to what it needs. */
const MAX_READS = 8;
/** Cross-reference sections: the document's own and its incremental updates'. */
const MAX_SECTIONS = 100;
/** Objects looked up: the count needs a few (catalog, page tree root, lengths, object streams). */
const MAX_LOOKUPS = 32;
/** What one stream may inflate to, and all together: a stream past it is not read further. */
const MAX_STREAM_BYTES = 4 * 1024 * 1024;
const MAX_INFLATED = 8 * 1024 * 1024;
/** Compressed bytes fed at a time: one slice inflates to at most about a thousand times it. */
const INFLATE_SLICE = 1024;

type Open = () => Promise<AsyncIterable<Uint8Array>>;
/** Where the newest definition of an object is: at an offset, or in an object stream. */
type Entry = { offset: number } | { stream: number; index: number };
interface Section {
	trailer: PdfDict;
	/** The object's entry here; undefined where this section does not define it (or frees it). */
	entry: (ref: number) => Entry | undefined;
}
interface PdfObject {
	value: PdfValue;
	/** A stream's bytes as stored. */
	data?: Buffer;
}

/** The page tree root's /Count, a whole number (Infinity for one too long to hold), or undefined. */
export async function pdfPageCount(open: Open): Promise<number | undefined> {
	try {
		const count = await (await PdfFile.read(open)).pageCount();
		return typeof count === 'number' && count >= 0 && Math.floor(count) === count
			? count
			: undefined;
	} catch {
		return undefined;
	}
}

class PdfFile {
	private sections: Section[] = [];
	private readonly objectStreams = new Map<
		number,
		Promise<(index: number, ref: number) => PdfValue>
	>();
	private reads = 0;
	private lookups = 0;
	private inflated = 0;

	private constructor(
		private readonly open: Open,
		private readonly head: Buffer,
		private readonly tail: Buffer,
		private readonly size: number,
	) {}

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

	async pageCount(): Promise<PdfValue> {
		const start = this.tail.lastIndexOf('startxref');
		if (start < 0) unreadable();
		await this.readSections(new PdfLexer(this.tail, start + 'startxref'.length).integer());
		const trailer = this.sections.find((section) => section.trailer.has('Root'))?.trailer;
		const catalog = dictOf(await this.resolve(trailer?.get('Root')));
		const pages = dictOf(await this.resolve(catalog.get('Pages')));
		return await this.resolve(pages.get('Count'));
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
			if (seen.add(offset).size > MAX_SECTIONS) unreadable();
			const section = await this.sectionAt(offset);
			sections.push(section);
			for (const key of ['XRefStm', 'Prev'])
				if (section.trailer.has(key)) offsets.push(integerOf(section.trailer.get(key)));
		}
		// Only now: a cross-reference stream's own /Length must be direct.
		this.sections = sections;
	}

	private async sectionAt(offset: number): Promise<Section> {
		const bytes = await this.bytesAt(offset, WINDOW);
		const lexer = new PdfLexer(bytes);
		if (lexer.word() === 'xref') return tableSection(lexer);
		const { value, data } = await this.objectIn(bytes, offset);
		const dict = dictOf(value);
		if (dict.get('Type') !== 'XRef' || !data) unreadable();
		return streamSection(dict, await this.decode(dict, data));
	}

	private async resolve(value: PdfValue | undefined): Promise<PdfValue> {
		while (value instanceof Object && 'ref' in value) value = (await this.object(value.ref)).value;
		return value ?? unreadable();
	}

	/** Object `ref` by its newest definition. */
	private async object(ref: number): Promise<PdfObject> {
		if (++this.lookups > MAX_LOOKUPS) unreadable();
		let entry: Entry | undefined;
		for (const section of this.sections) if ((entry = section.entry(ref))) break;
		if (!entry) return unreadable();
		if ('offset' in entry)
			return await this.objectIn(await this.bytesAt(entry.offset, WINDOW), entry.offset, ref);
		const { stream, index } = entry;
		if (!this.objectStreams.has(stream)) this.objectStreams.set(stream, this.objectStream(stream));
		return { value: (await this.objectStreams.get(stream)!)(index, ref) };
	}

	/** `ref 0 obj value endobj`, or a stream (`<< /Length … >> stream … endstream`), at the start of `bytes`. */
	private async objectIn(bytes: Buffer, offset: number, ref?: number): Promise<PdfObject> {
		const lexer = new PdfLexer(bytes);
		const found = lexer.integer();
		lexer.integer();
		if (lexer.word() !== 'obj' || (ref !== undefined && found !== ref)) unreadable();
		const value = lexer.value();
		if (!(value instanceof Map) || lexer.word() !== 'stream') return { value };
		// The data starts after the keyword's line end (CR LF or LF).
		if (bytes[lexer.at] === 13) lexer.at++;
		if (bytes[lexer.at] === 10) lexer.at++;
		const length = integerOf(await this.resolve(value.get('Length')));
		if (length > MAX_STREAM_BYTES) unreadable();
		const start = lexer.at;
		const data = (
			start + length <= bytes.length
				? bytes.subarray(start)
				: await this.bytesAt(offset + start, length)
		).subarray(0, length);
		return data.length === length ? { value, data } : unreadable();
	}

	/** An object stream's objects: `N` pairs of object number and offset (from `/First`), then the objects. */
	private async objectStream(ref: number): Promise<(index: number, ref: number) => PdfValue> {
		const { value, data } = await this.object(ref);
		const dict = dictOf(value);
		if (dict.get('Type') !== 'ObjStm' || !data) unreadable();
		const decoded = await this.decode(dict, data);
		const [count, first] = [integerOf(dict.get('N')), integerOf(dict.get('First'))];
		return (index, ref) => {
			if (index >= count) unreadable();
			const lexer = new PdfLexer(decoded);
			for (let number = 0; number < 2 * index; number++) lexer.integer();
			if (lexer.integer() !== ref) unreadable();
			lexer.at = first + lexer.integer();
			return lexer.value();
		};
	}

	/** A stream's data: FlateDecode (or none), then a PNG predictor where its parameters name one. */
	private async decode(dict: PdfDict, data: Buffer): Promise<Buffer> {
		const filters = [dict.get('Filter') ?? []].flat();
		if (filters.length > 1 || filters.some((filter) => filter !== 'FlateDecode')) unreadable();
		const inflated = filters.length > 0 ? await this.inflate(data) : data;
		const parameters = [dict.get('DecodeParms') ?? []].flat()[0];
		const predictor = parameters instanceof Map ? (parameters.get('Predictor') ?? 1) : 1;
		if (predictor === 1) return inflated;
		if (typeof predictor !== 'number' || predictor < 10) unreadable();
		return unpredict(inflated, integerOf((parameters as PdfDict).get('Columns') ?? 1));
	}

	/** Inflates in slices, stopping once past its bound: a zip bomb costs no more than the bound. */
	private async inflate(data: Buffer): Promise<Buffer> {
		const bound = Math.min(MAX_STREAM_BYTES, MAX_INFLATED - this.inflated);
		const { readable, writable } = new DecompressionStream('deflate');
		const writer = writable.getWriter();
		const fed = (async () => {
			for (let at = 0; at < data.length; at += INFLATE_SLICE)
				await writer.write(data.subarray(at, at + INFLATE_SLICE));
			await writer.close();
		})();
		fed.catch(() => {}); // Ends with the reading: cancelled, or the data's own error below.
		const parts: Uint8Array[] = [];
		let size = 0;
		try {
			for await (const part of readable) {
				if ((size += part.length) > bound) break;
				parts.push(part);
			}
		} catch {
			// Data damaged after its end (junk, a missing checksum): what inflated before it stands.
		}
		if (size > bound) unreadable();
		this.inflated += size;
		return Buffer.concat(parts);
	}

	/** The bytes at `offset`, `length` or more (fewer at the end): kept ones, or read from the start up to them. */
	private async bytesAt(offset: number, length: number): Promise<Buffer> {
		const end = Math.min(offset + length, this.size);
		if (!(offset >= 0 && offset < end)) unreadable();
		const tailStart = this.size - this.tail.length;
		if (offset >= tailStart) return this.tail.subarray(offset - tailStart);
		if (end <= this.head.length) return this.head.subarray(offset);
		if (++this.reads > MAX_READS) unreadable();
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

/** A classic table: subsections of `first count`, then 20-byte entries `offset generation n|f`. */
function tableSection(lexer: PdfLexer): Section {
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
		lexer.at = start + width * count;
		if (lexer.at > lexer.bytes.length) unreadable();
	}
	const trailer = dictOf(lexer.value());
	const bytes = Buffer.from(lexer.bytes.subarray(0, lexer.at));
	return {
		trailer,
		entry: (ref) => {
			const found = subsections.find(([first, count]) => ref >= first && ref < first + count);
			if (!found) return undefined;
			const [first, , start, width] = found;
			const entry = new PdfLexer(bytes, start + width * (ref - first));
			const offset = entry.integer();
			entry.integer();
			const kind = entry.word();
			return kind === 'n' ? { offset } : kind === 'f' ? undefined : unreadable();
		},
	};
}

/** A cross-reference stream: rows of /W's field widths for the objects of /Index (`first count` pairs). */
function streamSection(dict: PdfDict, data: Buffer): Section {
	const widths = arrayOf(dict.get('W')).map(integerOf);
	if (widths.length !== 3 || widths.some((width) => width > 8)) unreadable();
	const index = arrayOf(dict.get('Index') ?? [0, dict.get('Size') ?? null]).map(integerOf);
	const rowWidth = widths[0] + widths[1] + widths[2];
	return {
		trailer: dict,
		entry: (ref) => {
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
				return kind === 1
					? { offset: second }
					: kind === 2
						? { stream: second, index: third }
						: undefined;
			}
			return undefined;
		},
	};
}

/** Reverses a PNG predictor (one byte a pixel, as cross-reference streams have): a filter byte, then a row. */
function unpredict(data: Buffer, columns: number): Buffer {
	const rows = Math.floor(data.length / (columns + 1));
	const out = Buffer.alloc(rows * columns);
	for (let row = 0; row < rows; row++) {
		const filter = data[row * (columns + 1)];
		for (let column = 0; column < columns; column++) {
			const at = row * columns + column;
			const left = column > 0 ? out[at - 1] : 0;
			const up = row > 0 ? out[at - columns] : 0;
			const upLeft = row > 0 && column > 0 ? out[at - columns - 1] : 0;
			out[at] = data[row * (columns + 1) + 1 + column] + predicted(filter, left, up, upLeft);
		}
	}
	return out;
}

function predicted(filter: number, left: number, up: number, upLeft: number): number {
	if (filter === 0) return 0;
	if (filter === 1) return left;
	if (filter === 2) return up;
	if (filter === 3) return (left + up) >> 1;
	if (filter !== 4) unreadable();
	const guess = left + up - upLeft;
	const [toLeft, toUp, toUpLeft] = [left, up, upLeft].map((value) => Math.abs(guess - value));
	return toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
}

function dictOf(value: PdfValue | undefined): PdfDict {
	return value instanceof Map ? value : unreadable();
}

function arrayOf(value: PdfValue | undefined): PdfValue[] {
	return Array.isArray(value) ? value : unreadable();
}
