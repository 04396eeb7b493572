// A PDF's objects and page count (README.md, "Contract"): the chain of cross-reference sections from
// `startxref`, or where it does not read, one plain rebuild from the headers the read found; then
// the page tree's leaves from the catalog. pdfWriter.ts writes what this reads.
import { OBJECT_COST, type PdfBudget } from './pdfBudget';
import { PdfBytes, type Open } from './pdfBytes';
import { decrypt, standardDecrypt, type PdfCrypt } from './pdfCrypt';
import { decodeStream, MAX_STREAM_BYTES } from './pdfFilters';
import {
	dictOf,
	integerOf,
	isRef,
	lastAtOrBefore,
	PdfDict,
	PdfLexer,
	PdfRefused,
	unreadable,
	type PdfRef,
	type PdfValue,
} from './pdfSyntax';
import {
	AT,
	COMPRESSED,
	FREE,
	MAX_NUMBER,
	ObjectStream,
	Rows,
	streamSection,
	tableSection,
	type Section,
} from './pdfXref';

/** Where `startxref` is looked for: the last bytes. */
const TAIL = 1024;
/** Sections a chain may have: more are sections of one order (< 2^7, a key stays exact). */
const MAX_SECTIONS = 100;
/** Rows a section may have (the budget allows fewer): a key of number, section and row stays exact. */
const ROWS = 2 ** 23;
/** Past this many pages a count stops: any Max Pages refuses it, and a forged file costs no more. */
export const MOST_PAGES = 100_000;
/** The page attributes a page inherits from its ancestors (ISO 32000-1, 7.7.3.4). */
export const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;

/** A value and the object it is written in (whose key decrypts its strings; none in an object stream). */
export type Owned = { value: PdfValue; owner?: PdfRef };
export type Inherited = Partial<Record<(typeof INHERITED)[number], Owned>>;
/** A page counted: its object (by its row in the chosen table), or its dictionary given directly in `owner`. */
export type Leaf = { at: number; dict?: PdfDict; owner?: PdfRef; inherited: Inherited };
/**
 * An object read: its value and, for a stream, where its data is in the document (`range`), or
 * its data where the read kept it (an /XRef or /ObjStm stream).
 */
export type PdfObject = { value: PdfValue; range?: { start: number; end: number }; data?: Buffer };

/** The page count and what the writer needs, or why the PDF cannot be counted. */
export async function readPdfPages(open: Open) {
	let file: PdfFile | undefined;
	try {
		file = new PdfFile(await PdfBytes.read(open));
		await file.read();
		return { pages: file.leaves.length, file, work: file.budget.work };
	} catch (error) {
		const refused = error instanceof PdfRefused ? error.reason : 'damaged';
		return { refused, work: file?.budget.work };
	}
}

/** The chosen entry of each of `count` numbers, ascending: its kind, `first` and `second`. */
function chosenRows(count: number) {
	const [numbers, first, second] = [0, 0, 0].map(() => new Float64Array(count));
	return { numbers, kinds: new Uint8Array(count), first, second };
}

export class PdfFile {
	chosen = chosenRows(0);
	trailer = new PdfDict();
	catalog: PdfRef = { ref: 0, gen: 0 };
	/** The catalog's dictionary, read once. */
	catalogDict = new PdfDict();
	crypt?: PdfCrypt;
	leaves: Leaf[] = [];
	/** By chosen row: 1 where the row is an inner node of the page tree (never written). */
	inner = new Uint8Array(0);
	/** The kept object streams, read once each, in the order of `bytes.keptStreams`. */
	private objectStreams: Array<ObjectStream | null | undefined> = [];

	constructor(
		readonly bytes: PdfBytes,
		readonly budget = bytes.budget,
	) {}

	/** The chain, else the rebuild; then the page tree. */
	async read(): Promise<void> {
		try {
			await this.readChain();
			await this.countPages();
		} catch (error) {
			if (error instanceof PdfRefused && error.reason !== 'damaged') throw error;
			this.crypt = undefined;
			this.objectStreams = [];
			await this.rebuild();
			await this.countPages();
		}
	}

	/** From `startxref`: each table's /XRefStm (a hybrid file's), then /Prev, each read once. */
	private async readChain(): Promise<void> {
		const sections: Array<Section & { level: number }> = [];
		const queue = [{ offset: chainStart(this.bytes.last(), this.budget), level: 0 }];
		for (let next = 0; next < queue.length; next++) {
			const { offset, level } = queue[next];
			if (next >= MAX_SECTIONS || queue.findIndex((each) => each.offset === offset) < next)
				unreadable();
			this.budget.step(OBJECT_COST);
			const section = await this.sectionAt(offset);
			sections.push({ ...section, level });
			const { trailer } = section;
			if (trailer.has('XRefStm')) queue.push({ offset: integerOf(trailer.get('XRefStm')), level });
			if (trailer.has('Prev'))
				queue.push({ offset: integerOf(trailer.get('Prev')), level: level + 1 });
		}
		this.choose(sections);
		this.trailer =
			sections.find(({ trailer }) => isRef(trailer.get('Root')))?.trailer ?? unreadable();
		await this.useTrailer(this.trailer);
	}

	private async sectionAt(offset: number): Promise<Section> {
		const bytes = this.bytes.at(offset);
		const lexer = new PdfLexer(bytes, 0, this.budget);
		lexer.skip();
		if (bytes.toString('latin1', lexer.at, lexer.at + 4) === 'xref' && lexer.word() === 'xref')
			return tableSection(lexer, this.budget);
		const { value, data } = await this.objectIn(bytes.subarray(lexer.at));
		const dict = dictOf(value);
		if (dict.get('Type') !== 'XRef' || !data) unreadable();
		// A cross-reference stream is never encrypted.
		return streamSection(dict, await decodeStream(dict, data, this.budget), this.budget);
	}

	/** The catalog the trailer names, its decryption set first; damage where it reads no dictionary. */
	private async useTrailer(trailer: PdfDict): Promise<void> {
		const root = trailer.get('Root');
		if (!isRef(root)) unreadable();
		const encrypt = trailer.get('Encrypt');
		if (encrypt !== undefined && !this.crypt) {
			const dict = isRef(encrypt) ? (await this.fetch(encrypt))?.value : encrypt;
			this.crypt = standardDecrypt(dictOf(dict), trailer.get('ID'), this.budget);
		}
		this.catalogDict = dictOf((await this.fetch(root))?.value);
		this.catalog = root;
	}

	/**
	 * Each number's entry in the newest section listing it; within one update (a table and its
	 * /XRefStm), the first in use.
	 */
	private choose(sections: Array<Section & { level: number }>): void {
		const total = sections.reduce((sum, { rows }) => sum + rows.count, 0);
		this.budget.step(total);
		const keys = new Float64Array(total);
		let filled = 0;
		sections.forEach(({ rows }, order) => {
			for (let row = 0; row < rows.count; row++)
				keys[filled++] = (rows.data[4 * row] * MAX_SECTIONS + order) * ROWS + row;
		});
		keys.sort();
		const chosen = chosenRows(total);
		let [count, chosenLevel] = [0, -1];
		for (let at = 0; at < total; at++) {
			const row = keys[at] % ROWS;
			const order = ((keys[at] - row) / ROWS) % MAX_SECTIONS;
			const { rows, level } = sections[order];
			const [number, kind, first, second] = rows.data.subarray(4 * row, 4 * row + 4);
			const previous = count - 1;
			if (count > 0 && chosen.numbers[previous] === number) {
				// A free entry of the same update gives way to one in use.
				const freed = level === chosenLevel && chosen.kinds[previous] === FREE;
				if (!(freed && kind !== FREE)) continue;
				count = previous;
			}
			chosenLevel = level;
			chosen.numbers[count] = number;
			chosen.kinds[count] = number === 0 ? FREE : kind;
			chosen.first[count] = first;
			chosen.second[count++] = second;
		}
		this.setChosen(chosen, count);
	}

	private setChosen(chosen: ReturnType<typeof chosenRows>, count: number): void {
		this.chosen = {
			numbers: chosen.numbers.subarray(0, count),
			kinds: chosen.kinds.subarray(0, count),
			first: chosen.first.subarray(0, count),
			second: chosen.second.subarray(0, count),
		};
		this.inner = new Uint8Array(count);
	}

	/**
	 * One plain rebuild from the headers the read found: the last header of a number wins, and the
	 * kept object streams give the numbers no header defines. The trailer: the last `trailer`
	 * dictionary (or cross-reference stream's) whose /Root reads, else the last catalog.
	 */
	private async rebuild(): Promise<void> {
		const { headers, keptStreams } = this.bytes;
		const rows = new Rows();
		this.budget.step(headers.offsets.length);
		// Where no chosen table is set yet, the object streams are read from their headers.
		this.setHeaderRows(rows);
		for (let kept = 0; kept < keptStreams.offsets.length; kept++) {
			if (!keptStreams.objectStream[kept]) continue;
			const stream = await this.objectStreamAt(kept);
			const header = lastAtOrBefore(headers.offsets, keptStreams.offsets[kept]);
			stream?.numbers.forEach((number, index) =>
				rows.push(number, COMPRESSED, headers.numbers[header], index),
			);
		}
		// Headers last: a plain definition wins over a compressed one.
		for (let at = 0; at < headers.offsets.length; at++)
			if (headers.numbers[at] <= MAX_NUMBER)
				rows.push(headers.numbers[at], AT, headers.offsets[at], headers.gens[at]);
		this.chooseLast(rows);
		const trailers: Array<{ offset: number; dict?: PdfDict }> = this.bytes
			.offsetsOf('trailer')
			.map((offset) => ({ offset }));
		for (let kept = 0; kept < keptStreams.offsets.length; kept++)
			if (!keptStreams.objectStream[kept]) trailers.push({ offset: keptStreams.offsets[kept] });
		trailers.sort((one, other) => other.offset - one.offset);
		for (const { offset } of trailers) {
			const trailer = await this.trailerAt(offset);
			if (!trailer) continue;
			try {
				await this.useTrailer(trailer);
				this.trailer = trailer;
				return;
			} catch (error) {
				if (error instanceof PdfRefused && error.reason !== 'damaged') throw error;
			}
		}
		await this.lastCatalog();
	}

	/** The chosen table of the headers alone, so the object streams' own objects can be fetched. */
	private setHeaderRows(rows: Rows): void {
		const { headers } = this.bytes;
		for (let at = 0; at < headers.offsets.length; at++)
			if (headers.numbers[at] <= MAX_NUMBER)
				rows.push(headers.numbers[at], AT, headers.offsets[at], headers.gens[at]);
		this.chooseLast(rows);
		rows.count = 0;
	}

	/** Each number's last row. */
	private chooseLast(rows: Rows): void {
		this.budget.step(rows.count);
		const keys = Float64Array.from(
			{ length: rows.count },
			(_, row) => rows.data[4 * row] * 2 ** 30 + row,
		).sort();
		const chosen = chosenRows(rows.count);
		let count = 0;
		for (let at = 0; at < keys.length; at++) {
			const row = keys[at] % 2 ** 30;
			if (at + 1 < keys.length && rows.data[4 * (keys[at + 1] % 2 ** 30)] === rows.data[4 * row])
				continue;
			chosen.numbers[count] = rows.data[4 * row];
			chosen.kinds[count] = rows.data[4 * row] === 0 ? FREE : rows.data[4 * row + 1];
			chosen.first[count] = rows.data[4 * row + 2];
			chosen.second[count++] = rows.data[4 * row + 3];
		}
		this.setChosen(chosen, count);
	}

	/** A trailer at `offset`: `trailer` and its dictionary, or a cross-reference stream's dictionary. */
	private async trailerAt(offset: number): Promise<PdfDict | undefined> {
		try {
			const bytes = this.bytes.at(offset);
			if (bytes.toString('latin1', 0, 7) === 'trailer') {
				const value = new PdfLexer(bytes, 7, this.budget).value();
				return value instanceof PdfDict ? value : undefined;
			}
			const { value } = await this.objectIn(bytes);
			return value instanceof PdfDict ? value : undefined;
		} catch (error) {
			if (error instanceof PdfRefused && error.reason !== 'damaged') throw error;
			return undefined;
		}
	}

	/** The last object of /Type /Catalog with /Pages: plain ones by offset, then compressed ones. */
	private async lastCatalog(): Promise<void> {
		const { numbers, kinds } = this.chosen;
		const rows = Array.from(numbers.keys()).sort((one, other) =>
			kinds[one] !== kinds[other]
				? kinds[one] - kinds[other]
				: this.chosen.first[other] - this.chosen.first[one] || other - one,
		);
		this.budget.step(rows.length);
		for (const at of rows) {
			if (kinds[at] === FREE) continue;
			const object = await this.object(at);
			const value = object?.value;
			if (value instanceof PdfDict && value.get('Type') === 'Catalog' && value.has('Pages')) {
				this.catalog = { ref: numbers[at], gen: kinds[at] === AT ? this.chosen.second[at] : 0 };
				this.catalogDict = value;
				this.trailer = new PdfDict();
				return;
			}
		}
		unreadable();
	}

	/** The page tree's leaves in order: a dictionary with /Kids is an inner node (each walked once), any other a page. */
	private async countPages(): Promise<void> {
		const catalog = this.catalogDict;
		const leaves: Leaf[] = [];
		this.inner.fill(0);
		type Node = { node: PdfValue | undefined; owner?: PdfRef; inherited: Inherited };
		const stack: Node[] = [
			{ node: catalog.get('Pages'), owner: this.ownerOf(this.catalog), inherited: {} },
		];
		while (stack.length > 0 && leaves.length < MOST_PAGES) {
			const popped = stack.pop()!;
			let { node, owner } = popped;
			const { inherited } = popped;
			this.budget.step(1);
			let at = -1;
			if (isRef(node)) {
				at = this.indexOf(node.ref);
				const object = at < 0 || this.inner[at] ? undefined : await this.fetch(node);
				if (!object || object.range || object.data) continue;
				[node, owner] = [object.value, this.ownerOf(node)];
			}
			if (!(node instanceof PdfDict)) continue;
			const kids = node.get('Kids');
			if (!Array.isArray(kids)) {
				leaves.push(at >= 0 ? { at, inherited } : { at, dict: node, owner, inherited });
				continue;
			}
			if (at >= 0) this.inner[at] = 1;
			const own: Inherited = { ...inherited };
			for (const key of INHERITED) if (node.has(key)) own[key] = { value: node.get(key)!, owner };
			this.budget.step(kids.length);
			for (let kid = kids.length - 1; kid >= 0; kid--)
				stack.push({ node: kids[kid], owner, inherited: own });
		}
		this.leaves = leaves.length > 0 ? leaves : unreadable();
	}

	/** The object whose key decrypts the strings written in `ref`'s object: none in an object stream, or unencrypted. */
	ownerOf(ref: PdfRef): PdfRef | undefined {
		const at = this.indexOf(ref.ref);
		return this.crypt?.strings && at >= 0 && this.chosen.kinds[at] === AT ? ref : undefined;
	}

	/** The chosen row of `number`, or -1. */
	indexOf(number: number): number {
		this.budget.step(1);
		const at = lastAtOrBefore(this.chosen.numbers, number);
		return this.chosen.numbers[at] === number ? at : -1;
	}

	/** The object `ref` names, in use and of that generation; undefined where it is not. */
	async fetch(ref: PdfRef): Promise<PdfObject | undefined> {
		const at = this.indexOf(ref.ref);
		const gen = this.chosen.kinds[at] === COMPRESSED ? 0 : this.chosen.second[at];
		return at < 0 || gen !== ref.gen ? undefined : await this.object(at);
	}

	/** The object of a chosen row; undefined where it is free, or damaged. */
	async object(at: number): Promise<PdfObject | undefined> {
		this.budget.step(OBJECT_COST);
		const { kinds, first, second, numbers } = this.chosen;
		try {
			if (kinds[at] === COMPRESSED) {
				const streamAt = this.indexOf(first[at]);
				if (streamAt < 0 || kinds[streamAt] !== AT) return undefined;
				const kept = lastAtOrBefore(this.bytes.keptStreams.offsets, first[streamAt]);
				if (this.bytes.keptStreams.offsets[kept] !== first[streamAt]) return undefined;
				const stream = await this.objectStreamAt(kept);
				return stream && second[at] < stream.numbers.length
					? { value: stream.value(second[at]) }
					: undefined;
			}
			if (kinds[at] !== AT) return undefined;
			const ref = { ref: numbers[at], gen: second[at] };
			return await this.objectIn(this.bytes.at(first[at]), ref, first[at]);
		} catch (error) {
			if (error instanceof PdfRefused && error.reason !== 'damaged') throw error;
			return undefined;
		}
	}

	/** The kept object stream `kept` (of `bytes.keptStreams`), read once; null where it does not read. */
	private async objectStreamAt(kept: number): Promise<ObjectStream | null> {
		const known = this.objectStreams[kept];
		if (known !== undefined) return known;
		this.objectStreams[kept] = null;
		const { offsets, objectStream } = this.bytes.keptStreams;
		if (!objectStream[kept]) return null;
		try {
			const { value, data } = await this.objectIn(this.bytes.at(offsets[kept]));
			const dict = dictOf(value);
			if (dict.get('Type') !== 'ObjStm' || !data) return null;
			const [number, gen] = this.numberAt(offsets[kept]);
			const cipher = this.crypt?.streams;
			if (cipher) this.budget.step(data.length);
			const decrypted = cipher ? decrypt(cipher, data, number, gen) : data;
			const decoded = await decodeStream(dict, decrypted, this.budget);
			this.budget.objectStreamBytes(decoded.length);
			return (this.objectStreams[kept] = new ObjectStream(dict, decoded, this.budget));
		} catch (error) {
			if (error instanceof PdfRefused && error.reason !== 'damaged') throw error;
			return null;
		}
	}

	private numberAt(offset: number): [number, number] {
		const { offsets, numbers, gens } = this.bytes.headers;
		const header = lastAtOrBefore(offsets, offset);
		return [numbers[header], gens[header]];
	}

	/**
	 * The object at the start of `bytes` (`ref`'s where given, at `offset` in the document): `N G
	 * obj`, its value, then `endobj` or a stream: a kept one's data, or where a skipped one's is.
	 */
	private async objectIn(bytes: Buffer, ref?: PdfRef, offset = -1): Promise<PdfObject> {
		const lexer = new PdfLexer(bytes, 0, this.budget);
		const [number, gen] = [integerOf(lexer.value()), integerOf(lexer.value())];
		if (lexer.word() !== 'obj' || (ref && (number !== ref.ref || gen !== ref.gen))) unreadable();
		const value = lexer.value();
		if (lexer.word() !== 'stream' || !(value instanceof PdfDict)) return { value };
		// The data starts after the keyword's line end.
		if (bytes[lexer.at] === 13) lexer.at++;
		if (bytes[lexer.at] === 10) lexer.at++;
		const start = lexer.at;
		if (start < bytes.length) {
			// Kept (/XRef, /ObjStm): its data in the kept bytes, by a direct /Length or one fetched.
			let length = value.get('Length');
			if (isRef(length)) length = (await this.fetch(length))?.value;
			const size = integerOf(length);
			if (size > MAX_STREAM_BYTES || start + size > bytes.length) unreadable();
			return { value, data: bytes.subarray(start, start + size) };
		}
		// Skipped: where the read found its data.
		const { starts, ends } = this.bytes.streams;
		const at = offset + start;
		const index = lastAtOrBefore(starts, at);
		if (offset < 0 || starts[index] !== at) return { value: null };
		return { value, range: { start: at, end: ends[index] } };
	}
}

/** Where the chain starts: the offset after the last `startxref` in the last bytes. */
function chainStart(tail: Buffer, budget: PdfBudget): number {
	const window = tail.subarray(Math.max(0, tail.length - TAIL));
	budget.step(window.length);
	const last = window.toString('latin1', Math.max(0, window.lastIndexOf('startxref')));
	const offset = /^startxref\s+(\d{1,15})/.exec(last);
	return offset ? Number(offset[1]) : unreadable();
}
