// A PDF's pages as its page tree says, its objects found through the cross-reference or, where that
// is damaged, rebuilt. What cannot be read within the budget cannot be counted.
import { PdfOverBudget, stopOverBudget, type PdfBudget } from './pdfBudget';
import { endstreamAfter, PdfBytes, type Open } from './pdfBytes';
import { standardDecrypt, type PdfDecrypt } from './pdfCrypt';
import { decodeStream, MAX_STREAM_BYTES } from './pdfFilters';
import { objectStreamOf, objectStreamValue, type ObjectStream } from './pdfObjectStreams';
import { pageTreeCount, type PdfObjects } from './pdfPageTree';
import {
	headerBefore,
	headersOf,
	lastOccurrences,
	MAX_TRAILERS,
	mupdfHeaders,
	pdfjsHeaders,
	RebuiltTable,
	trailersOf,
	type Rule,
} from './pdfRebuild';
import {
	endsWord,
	integerOf,
	PdfLexer,
	unreadable,
	type PdfDict,
	type PdfValue,
} from './pdfSyntax';
import { lastAtOrBefore, RefTable } from './pdfRefTable';
import { dictOf, isRef } from './pdfValues';
import { streamSection, tableSection, type Entry, type Section } from './pdfXref';

/** Bytes read at once for a section or an object (a stream's data is read as long as it is). */
const WINDOW = 512 * 1024;
/** Catalogs a rebuilt document's trailers may name (each counted, the largest wins). */
const MAX_ROOTS = 64;
/** References followed from one value to what it names. */
const MAX_HOPS = 32;

interface ObjectStreams {
	numbers: number[];
	/** Each stream's table, or what reading it threw; undefined while it is read. */
	reads: Array<ObjectStream | { failed: unknown } | undefined>;
}

/** An object, and a stream's data as stored. */
type PdfObject = { value: PdfValue; data?: Buffer };

/** A rebuilt document's objects as a reader finds them: by their headers, then its cross-reference streams. */
type RebuiltView = { table: RebuiltTable; sections: Section[] };

/** The page count (undefined: cannot be counted), and the work reading it took. */
export async function readPdfPages(open: Open) {
	let file: PdfFile | undefined;
	try {
		file = new PdfFile(await PdfBytes.read(open));
		return { pages: await file.pageCount(), work: file.budget.work };
	} catch {
		return { pages: undefined, work: file?.budget.work };
	}
}

/** The document's objects, by its cross-reference or its rebuilt one. */
class PdfFile implements PdfObjects {
	readonly budget: PdfBudget;
	private sections: Section[] = [];
	/** A damaged document's objects by number, from their headers; undefined while its sections are read. */
	private rebuilt?: RebuiltTable;
	/** The object streams read, by number ascending (binary search: no table keyed by the document's numbers). */
	private objectStreams: ObjectStreams = { numbers: [], reads: [] };
	/** The document's /Encrypt and /ID, then how its streams are decrypted. */
	private decrypt?:
		{ encrypt: PdfValue | undefined; id: PdfValue | undefined } | { streams?: PdfDecrypt };
	private inLength = false;
	/** Whether a reference asked for another generation than its object's header (mupdf reads it). */
	private otherGeneration = false;
	/** pdf.js's reading of a rebuilt document: a compressed object whatever the generation asked, and,
	 * once a trailer's catalog could not be read for its generation, an object for a later one. */
	private pdfjs?: { fallback: boolean };

	constructor(readonly bytes: PdfBytes) {
		this.budget = bytes.budget;
	}

	async pageCount(): Promise<number> {
		let counted: number | undefined;
		try {
			const tail = this.bytes.last();
			const start = tail.lastIndexOf('startxref');
			if (start < 0) unreadable();
			this.budget.scan(tail.length - start);
			const lexer = new PdfLexer(tail, start + 'startxref'.length, this.budget);
			await this.readSections(lexer.integer());
			const trailers = this.sections.map(({ trailer }) => trailer);
			const withRoot = trailers.find((each) => each.has('Root')) ?? unreadable();
			counted = await this.countOf(withRoot, trailers);
			// Object headers after the last `startxref` (an update cut short of its table): a reader
			// that rebuilds the document reads them, so the rebuilt count stands beside this one.
			if (!headerAfter(tail, start)) return counted;
		} catch (error) {
			stopOverBudget(error);
		}
		// Damaged: rebuilt from the object headers, as readers do. Readers choose among its trailers
		// differently (pdf.js the first with an /ID, poppler and mupdf the last): each catalog they
		// name is counted, and the largest count stands; one that cannot be counted, none does.
		const { trailers, pdfjs, table, suspect } = await this.rebuild();
		let most = Math.max(counted ?? 0, await this.largestCount(trailers));
		// poppler's and mupdf's tables, where a number has two headers, mupdf may find other ones, or a
		// reference asks for another generation (mupdf reads any); one whose catalogs have no page
		// tree is a reader that fails.
		const ours = this.rebuilt!;
		const mismatched = this.otherGeneration || (await this.generationFallback(trailers));
		for (const rule of ['highest', 'last'] as const) {
			const mupdf = rule === 'last';
			if (!(ours.generations || (mupdf && (ours.redefined || suspect || mismatched)))) continue;
			const view = table(rule);
			if (view.same(ours) && !(mupdf && mismatched)) continue;
			this.use({ table: view, sections: this.sections });
			most = Math.max(most, await this.largestCount(trailers, 0));
		}
		// pdf.js's rebuild finds other headers than qpdf's, mupdf's and poppler's, and reads its
		// cross-reference streams first to last: counted as it reads them too, the largest standing.
		this.use(pdfjs);
		this.pdfjs = { fallback: false };
		this.pdfjs.fallback = await this.generationFallback(trailers);
		if (pdfjs.same && !this.pdfjs.fallback) return most;
		return Math.max(most, await this.largestCount(trailers));
	}

	/** The largest count of the catalogs a rebuilt document's trailers name. */
	private async largestCount(trailers: PdfDict[], none?: number): Promise<number> {
		const named = new RefTable();
		const roots: PdfDict[] = [];
		for (const trailer of trailers) {
			const root = trailer.get('Root');
			if (isRef(root)) {
				if (named.has(root)) continue;
				named.add(root, 1);
			} else if (!(root instanceof Map)) continue;
			if (roots.push(trailer) > MAX_ROOTS) unreadable();
		}
		let most = 0;
		for (const trailer of roots) {
			// pdf.js passes over a trailer whose catalog has no page tree.
			const catalog = await this.resolve(trailer.get('Root'));
			if (catalog instanceof Map && (await this.resolve(catalog.get('Pages'))) instanceof Map)
				most = Math.max(most, await this.countOf(trailer, trailers));
		}
		return most || (none ?? unreadable());
	}

	/** Whether a trailer's catalog or page tree is named with another generation than its header's (pdf.js then reads a later one). */
	private async generationFallback(trailers: PdfDict[]): Promise<boolean> {
		const mismatched = (value: PdfValue | undefined) => {
			const entry = isRef(value) ? this.entryOf(value.ref) : undefined;
			return (
				isRef(value) && typeof entry === 'object' && 'offset' in entry && entry.gen !== value.gen
			);
		};
		for (const trailer of trailers) {
			try {
				const catalog = await this.resolve(trailer.get('Root'));
				if (
					mismatched(trailer.get('Root')) ||
					(catalog instanceof Map && mismatched(catalog.get('Pages')))
				)
					return true;
			} catch (error) {
				stopOverBudget(error);
				return true;
			}
		}
		return false;
	}

	/** The count of the catalog `trailer` names, its objects decrypted by `trailers`' /Encrypt. */
	private async countOf(trailer: PdfDict, trailers: PdfDict[]): Promise<number> {
		// Decryption is set up when an object stream needs it: other objects are not encrypted.
		const encrypted = trailers.find((each) => each.has('Encrypt'));
		this.decrypt = encrypted && {
			encrypt: encrypted.get('Encrypt'),
			id: trailers.find((each) => each.has('ID'))?.get('ID'),
		};
		return await pageTreeCount(this, trailer.get('Root'));
	}

	async fetched(value: PdfValue | undefined): Promise<PdfValue> {
		return isRef(value) ? (await this.object(value.ref, value.gen)).value : (value ?? null);
	}

	async resolve(value: PdfValue | undefined): Promise<PdfValue> {
		for (let hops = 0; isRef(value); hops++) {
			if (hops >= MAX_HOPS) unreadable();
			value = (await this.object(value.ref, value.gen)).value;
		}
		return value ?? null;
	}

	/** From the newest: each table's /XRefStm (a hybrid file's), then /Prev. */
	private async readSections(newest: number) {
		const sections: Section[] = [];
		const offsets = [newest];
		// Fewer than the budget's 100 sections: looked through, not hashed.
		const seen: number[] = [];
		while (offsets.length > 0) {
			const offset = offsets.shift()!;
			// A /Prev back to a section already read ends the chain: its entries are known.
			if (seen.includes(offset)) continue;
			seen.push(offset);
			this.budget.section();
			const section = await this.sectionAt(offset);
			sections.push(section);
			for (const key of ['XRefStm', 'Prev'])
				if (section.trailer.has(key)) offsets.push(integerOf(section.trailer.get(key)));
		}
		this.sections = sections;
	}

	private async sectionAt(offset: number): Promise<Section> {
		const bytes = await this.bytes.at(offset, WINDOW);
		const lexer = new PdfLexer(bytes, 0, this.budget);
		if (lexer.word() === 'xref') return tableSection(lexer, this.budget);
		const { value, data } = await this.objectIn(bytes, offset, true);
		return await this.streamSection(value, data);
	}

	private async streamSection(value: PdfValue, data: Buffer | undefined): Promise<Section> {
		const dict = dictOf(value);
		if (dict.get('Type') !== 'XRef' || !data) unreadable();
		// A cross-reference stream is never encrypted.
		return streamSection(dict, await decodeStream(dict, data, this.budget), this.budget);
	}

	private async object(ref: number, gen: number, withData = false): Promise<PdfObject> {
		this.budget.object();
		const entry = this.entryOf(ref);
		if (entry === undefined || entry === 'free') return { value: null };
		// A generation the document does not define: null once rebuilt (unless pdf.js reads it), else damage.
		const defined = 'offset' in entry ? entry.gen : this.pdfjs ? gen : 0;
		if (gen !== defined) {
			if (!this.rebuilt) unreadable();
			const read = this.rebuilt.rule === 'last' || (this.pdfjs?.fallback && gen > defined);
			this.otherGeneration ||= !read;
			if (!read) return { value: null };
			gen = defined;
		}
		if ('offset' in entry) {
			const bytes = await this.bytes.at(entry.offset, WINDOW);
			return await this.objectIn(bytes, entry.offset, withData, ref, gen);
		}
		const stream = await this.objectStream(entry.stream);
		return { value: objectStreamValue(stream, entry.index, ref, this.budget) };
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

	/** The object at the start of `bytes`, and a stream's data where `withData`. */
	private async objectIn(
		bytes: Buffer,
		offset: number,
		withData: boolean,
		ref?: number,
		gen?: number,
	): Promise<PdfObject> {
		const lexer = new PdfLexer(bytes, 0, this.budget);
		const [found, foundGen] = [lexer.integer(), lexer.integer()];
		if (lexer.word() !== 'obj' || (ref !== undefined && (found !== ref || foundGen !== gen)))
			unreadable();
		const value = lexer.value();
		if (!(value instanceof Map) || lexer.word() !== 'stream' || !withData) return { value };
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
			const around = near
				? bytes.subarray(start)
				: await this.bytes.at(offset + start, length + 32);
			if (endstreamAfter(around, length) >= 0) return { value, data: around.subarray(0, length) };
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
		const { numbers, reads } = this.objectStreams;
		const at = lastAtOrBefore(numbers, ref);
		let read = reads[at];
		if (numbers[at] !== ref) {
			// Each stream read costs the budget its bytes: few are read, so an insertion is cheap.
			numbers.splice(at + 1, 0, ref);
			reads.splice(at + 1, 0, undefined);
			read = await this.readObjectStream(ref).catch((failed: unknown) => ({ failed }));
			reads[numbers.indexOf(ref)] = read;
		}
		// Met again while it is read (its own data, its /Length or the /Encrypt that decrypts it
		// lies inside it): a cycle no reader can resolve, never awaited.
		if (read === undefined) unreadable();
		if ('failed' in read) throw read.failed;
		return read;
	}

	private async readObjectStream(ref: number): Promise<ObjectStream> {
		const { value, data } = await this.object(ref, 0, true);
		const dict = dictOf(value);
		if (dict.get('Type') !== 'ObjStm' || !data) unreadable();
		const decoded = await decodeStream(dict, await this.decrypted(data, ref, 0), this.budget);
		this.budget.objectStreamBytes(decoded.length);
		return objectStreamOf(dict, decoded, this.budget);
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

	/** The cross-reference rebuilt from `N G obj` headers, as qpdf and poppler, mupdf and pdf.js find them, and the trailers. */
	private async rebuild() {
		const bytes = await this.bytes.whole();
		// Native searches of the whole (headers, trailers, cross-reference streams): charged once.
		this.budget.scan(bytes.length);
		const { numbers, gens, offsets: headers, suspect } = headersOf(bytes, this.budget);
		// mupdf's table from its own scan, of tokens, passing over each object as it does.
		const table = (rule: Rule) => {
			const found =
				rule === 'last' ? mupdfHeaders(bytes, this.budget) : { numbers, gens, offsets: headers };
			return new RebuiltTable(found.numbers, found.gens, found.offsets, rule);
		};
		this.decrypt = undefined;
		const trailers = trailersOf(bytes, this.budget);
		// Cross-reference streams, newest first: trailers, and the compressed objects' places.
		const streams: number[] = [];
		for (const at of lastOccurrences(bytes, '/XRef', MAX_TRAILERS)) {
			const offset = headers[lastAtOrBefore(headers, at)];
			if (offset === undefined) break;
			if (endsWord(bytes[at + 5])) streams.push(offset);
		}
		const found = pdfjsHeaders(bytes, this.budget);
		const pdfjs = await this.viewOf(
			bytes,
			new RebuiltTable(found.numbers, found.gens, found.offsets),
			found.xrefStreams,
			trailers,
		);
		const ours = await this.viewOf(bytes, table('first'), streams, trailers);
		// Its compressed objects are read whatever their generation: counted apart where there are any.
		const same = ours.table.same(pdfjs.table) && pdfjs.sections.length === 0;
		// No trailer at all: an object holding /Root stands for one (as pdf.js finds it).
		if (trailers.length === 0)
			for (const at of lastOccurrences(bytes, '/Root', MAX_ROOTS)) {
				const offset = headers[lastAtOrBefore(headers, at)];
				if (offset === undefined) continue;
				try {
					const { value } = await this.objectIn(bytes.subarray(offset), offset, false);
					if (value instanceof Map && value.has('Root')) trailers.push(value);
				} catch (error) {
					stopOverBudget(error);
				}
			}
		// mupdf takes the /Root of any dictionary between objects, not only a trailer's: each is counted.
		for (const at of lastOccurrences(bytes, '/Root', MAX_TRAILERS))
			try {
				if (endsWord(bytes[at + 5]))
					trailers.push(new Map([['Root', new PdfLexer(bytes, at + 5, this.budget).value()]]));
			} catch (error) {
				stopOverBudget(error);
			}
		return { trailers, pdfjs: { ...pdfjs, same }, table, suspect };
	}

	/** The objects by `table`, then by the cross-reference streams at `offsets` (the first wins), whose trailers join `trailers`. */
	private async viewOf(bytes: Buffer, table: RebuiltTable, offsets: number[], trailers: PdfDict[]) {
		const view: RebuiltView = { table, sections: [] };
		this.use(view);
		for (const offset of offsets)
			try {
				const { value, data } = await this.objectIn(bytes.subarray(offset), offset, true);
				const section = await this.streamSection(value, data);
				this.budget.section();
				view.sections.push(section);
				trailers.push(section.trailer);
			} catch (error) {
				stopOverBudget(error);
			}
		return view;
	}

	private use(view: RebuiltView) {
		[this.rebuilt, this.sections] = [view.table, view.sections];
		this.objectStreams = { numbers: [], reads: [] };
	}
}

/** Whether an object header follows `start`. */
function headerAfter(bytes: Buffer, start: number): boolean {
	for (let at = bytes.indexOf('obj', start); at >= 0; at = bytes.indexOf('obj', at + 3))
		if (headerBefore(bytes, at)) return true;
	return false;
}
