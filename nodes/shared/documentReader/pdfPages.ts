// A PDF's objects and pages as README.md's "Contract" reads them: the chain of sections from
// `startxref` or one plain rebuild, then the page tree. pdfWriter.ts writes what this reads.
import { OBJECT_COST } from './pdfBudget';
import { dataStart, PdfBytes, type Open } from './pdfBytes';
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
	refusalOf,
	unreadable,
} from './pdfSyntax';
import type { PdfRef, PdfValue } from './pdfSyntax';
import { AT, COMPRESSED, FREE, ObjectStream, Rows, streamSection, tableSection } from './pdfXref';

/** Sections a chain may have; no rows. */
const [MAX_SECTIONS, NONE] = [100, new Int32Array(0)];
/** Past this many pages a count stops: any Max Pages refuses it, and a forged file costs no more. */
export const MOST_PAGES = 100_000;
/** The page attributes a page inherits from its ancestors (ISO 32000-1, 7.7.3.4). */
const INHERITED = ['Resources', 'MediaBox', 'CropBox', 'Rotate'] as const;
/** A value and the object it is written in (whose key decrypts its strings; none in an object stream). */
export type Owned = { value: PdfValue; owner?: PdfRef };
/** A page counted: its row in the chosen table, or its dictionary given directly in `owner`. */
export type Leaf = { at: number; dict?: PdfDict; owner?: PdfRef; inherited: Inherited };
type Inherited = Partial<Record<string, Owned>>;
/** An object read; a stream's data: where it is in the document (`range`), or kept (/XRef, /ObjStm). */
export type PdfObject = { value: PdfValue; range?: { start: number; end: number }; data?: Buffer };
/** The page count and what the writer needs, or why the PDF cannot be counted. */
export async function readPdfPages(open: Open) {
	let file: PdfFile | undefined;
	try {
		file = new PdfFile(await PdfBytes.read(open));
		await file.read();
		return { pages: file.leaves.length, file, work: file.budget.work };
	} catch (error) {
		return { refused: refusalOf(error), work: file?.budget.work };
	}
}
/** Whether `error` is damage, which a rebuild or a `null` answers; anything else ends the read. */
function damage(error: unknown): true {
	if (error instanceof PdfRefused && error.reason !== 'damaged') throw error;
	return true;
}
export class PdfFile {
	/** Each number's row, ascending: its kind, `first` (offset, stream) and `second` (generation, index). */
	chosen = { numbers: NONE, kinds: new Uint8Array(0), first: NONE, second: NONE };
	trailer = new PdfDict();
	catalog: PdfRef = { ref: 0, gen: 0 };
	catalogDict = new PdfDict();
	crypt?: PdfCrypt;
	leaves: Leaf[] = [];
	/** By chosen row: 1 where it is an inner node of the page tree. */
	inner = new Uint8Array(0);
	/** The kept object streams, read once each, by their place in `bytes.keptStreams`. */
	private objectStreams: Array<ObjectStream | null | undefined> = [];
	constructor(
		readonly bytes: PdfBytes,
		readonly budget = bytes.budget,
	) {}
	async read(): Promise<void> {
		try {
			await this.readChain();
			await this.countPages();
		} catch (error) {
			damage(error);
			[this.crypt, this.objectStreams] = [undefined, []];
			await this.rebuild();
			await this.countPages();
		}
	}
	/** The chain of sections from the last `startxref`, each read once (README.md, "Contract"). */
	private async readChain(): Promise<void> {
		const tail = this.bytes.last().subarray(-1024).toString('latin1');
		this.budget.step(tail.length);
		const start = /startxref\s+(\d{1,15})(?![^]*startxref)/.exec(tail) ?? unreadable();
		const queue = [{ offset: Number(start[1]), level: 0 }];
		const sections: Array<{ trailer: PdfDict; rows: Rows; level: number }> = [];
		for (let next = 0; next < queue.length; next++) {
			const { offset, level } = queue[next];
			if (next >= MAX_SECTIONS || queue.findIndex((each) => each.offset === offset) < next)
				unreadable();
			this.budget.step(OBJECT_COST);
			const bytes = this.bytes.at(offset);
			const lexer = new PdfLexer(bytes, 0, this.budget);
			lexer.skip();
			let section;
			if (bytes.toString('latin1', lexer.at, lexer.at + 4) === 'xref' && lexer.word() === 'xref')
				section = tableSection(lexer, this.budget);
			else {
				const { value, data } = await this.objectIn(bytes.subarray(lexer.at));
				const dict = dictOf(value);
				if (dict.get('Type') !== 'XRef' || !data) unreadable();
				section = streamSection(dict, await decodeStream(dict, data, this.budget), this.budget);
			}
			sections.push({ ...section, level });
			const { trailer } = section;
			if (trailer.has('XRefStm')) queue.push({ offset: integerOf(trailer.get('XRefStm')), level });
			if (trailer.has('Prev'))
				queue.push({ offset: integerOf(trailer.get('Prev')), level: level + 1 });
		}
		// Rows from the oldest; the last of a number wins (chooseLast).
		const rows = new Rows();
		for (let level = sections[sections.length - 1].level; level >= 0; level--)
			for (const free of [true, false])
				for (const section of [...sections].reverse())
					for (let at = 0; at < 4 * section.rows.count && section.level === level; at += 4) {
						const entry = section.rows.data;
						if ((entry[at + 1] === FREE) === free)
							rows.push(entry[at], entry[at + 1], entry[at + 2], entry[at + 3]);
					}
		this.chooseLast(rows);
		this.trailer =
			sections.find(({ trailer }) => isRef(trailer.get('Root')))?.trailer ?? unreadable();
		await this.useTrailer(this.trailer);
	}
	/** The catalog the trailer names, its decryption set first. */
	private async useTrailer(trailer: PdfDict): Promise<void> {
		const [root, encrypt] = [trailer.get('Root'), trailer.get('Encrypt')];
		if (!isRef(root)) unreadable();
		// Encryption held is read only as a trailer names it, never as plain: a fault here ends the read.
		if (encrypt === undefined && this.bytes.namesEncryption) throw new PdfRefused('encrypted');
		if (encrypt !== undefined && !this.crypt) {
			try {
				const dict = dictOf(await this.resolved(3, encrypt));
				this.crypt = standardDecrypt(dict, trailer.get('ID'), this.budget);
			} catch (error) {
				throw damage(error) && new PdfRefused('encrypted');
			}
		}
		this.catalogDict = dictOf((await this.fetch(root))?.value);
		if (!this.catalogDict.has('Pages')) unreadable();
		this.catalog = root;
	}
	/** One plain rebuild from the headers the read found (README.md, "Contract"). */
	private async rebuild(): Promise<void> {
		const { headers, keptStreams } = this.bytes;
		const rows = new Rows();
		this.budget.step(headers.offsets.length);
		const trailers = this.bytes.offsetsOf('trailer');
		for (let kept = 0; kept < keptStreams.offsets.length; kept++) {
			if (!keptStreams.objectStream[kept]) trailers.push(keptStreams.offsets[kept]);
			const stream = await this.objectStreamAt(kept);
			const [number] = this.numberAt(keptStreams.offsets[kept]);
			stream?.numbers.forEach((each, index) => rows.push(each, COMPRESSED, number, index));
		}
		for (let at = 0; at < headers.offsets.length; at++)
			rows.push(headers.numbers[at], AT, headers.offsets[at], headers.gens[at]);
		this.chooseLast(rows);
		for (const offset of trailers.sort((one, other) => other - one)) {
			try {
				const bytes = this.bytes.at(offset);
				const lexer = new PdfLexer(bytes, 7, this.budget);
				const table = bytes.toString('latin1', 0, 7) === 'trailer';
				const trailer = dictOf(table ? lexer.value() : (await this.objectIn(bytes)).value);
				await this.useTrailer(trailer);
				this.trailer = trailer;
				return;
			} catch (error) {
				damage(error);
			}
		}
		if (this.bytes.namesEncryption) throw new PdfRefused('encrypted');
		for (let at = this.chosen.numbers.length - 1; at >= 0; at--) {
			const value = (await this.object(at))?.value;
			if (value instanceof PdfDict && value.get('Type') === 'Catalog' && value.has('Pages')) {
				[this.catalog, this.catalogDict] = [this.refOf(at), value];
				return;
			}
		}
		unreadable();
	}
	/** `value` with its references resolved, in dictionaries `depth` deep (an encryption's /CF). */
	async resolved(depth: number, value?: PdfValue): Promise<PdfValue | undefined> {
		if (isRef(value)) value = (await this.fetch(value))?.value;
		if (!(value instanceof PdfDict) || depth === 0) return value;
		const resolved = new PdfDict();
		for (const [key, each] of value)
			resolved.set(key, (await this.resolved(depth - 1, each)) ?? null);
		return resolved;
	}
	/** The chosen table: each number's last row. */
	private chooseLast(rows: Rows): void {
		this.budget.step(rows.count);
		const keys = new Float64Array(rows.count);
		for (let row = 0; row < rows.count; row++) keys[row] = rows.data[4 * row] * 2 ** 30 + row;
		keys.sort();
		const [numbers, first, second] = [0, 0, 0].map(() => new Int32Array(rows.count));
		const kinds = new Uint8Array(rows.count);
		let count = 0;
		keys.forEach((key, at) => {
			const row = 4 * (key % 2 ** 30);
			if (at + 1 < keys.length && rows.data[4 * (keys[at + 1] % 2 ** 30)] === rows.data[row])
				return;
			numbers[count] = rows.data[row];
			first[count] = rows.data[row + 2];
			second[count] = rows.data[row + 3];
			kinds[count++] = rows.data[row] === 0 ? FREE : rows.data[row + 1];
		});
		const cut = <T extends Int32Array | Uint8Array>(array: T) => array.subarray(0, count) as T;
		this.chosen = {
			numbers: cut(numbers),
			kinds: cut(kinds),
			first: cut(first),
			second: cut(second),
		};
		this.inner = new Uint8Array(count);
	}
	/** The page tree's leaves in order: a dictionary with /Kids is an inner node (each walked once), any other a page. */
	private async countPages(): Promise<void> {
		const leaves: Leaf[] = [];
		this.inner.fill(0);
		const stack: Array<Omit<Leaf, 'at' | 'dict'> & { node: PdfValue | undefined }> = [
			{ node: this.catalogDict.get('Pages'), owner: this.ownerOf(this.catalog), inherited: {} },
		];
		while (stack.length > 0 && leaves.length < MOST_PAGES) {
			const { inherited, ...popped } = stack.pop()!;
			let { node, owner } = popped;
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
			const own = { ...inherited };
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
	refOf(at: number): PdfRef {
		const { numbers, kinds, second } = this.chosen;
		return { ref: numbers[at], gen: kinds[at] === AT ? second[at] : 0 };
	}
	numberAt(offset: number): [number, number] {
		const { offsets, numbers, gens } = this.bytes.headers;
		const header = lastAtOrBefore(offsets, offset);
		return [numbers[header], gens[header]];
	}
	/** The object `ref` names, in use and of that generation; undefined where it is not. */
	async fetch(ref: PdfRef): Promise<PdfObject | undefined> {
		const at = this.indexOf(ref.ref);
		return at < 0 || this.refOf(at).gen !== ref.gen ? undefined : await this.object(at);
	}
	/** The object of a chosen row; undefined where it is free, or damaged. */
	async object(at: number): Promise<PdfObject | undefined> {
		this.budget.step(OBJECT_COST);
		const { kinds, first, second } = this.chosen;
		try {
			if (kinds[at] === AT)
				return await this.objectIn(this.bytes.at(first[at]), this.refOf(at), first[at]);
			const streamAt = kinds[at] === COMPRESSED ? this.indexOf(first[at]) : -1;
			if (streamAt < 0 || kinds[streamAt] !== AT) return undefined;
			const kept = lastAtOrBefore(this.bytes.keptStreams.offsets, first[streamAt]);
			if (this.bytes.keptStreams.offsets[kept] !== first[streamAt]) return undefined;
			const stream = await this.objectStreamAt(kept);
			if (!stream || second[at] >= stream.numbers.length) return undefined;
			return { value: stream.value(second[at]) };
		} catch (error) {
			return damage(error) && undefined;
		}
	}
	/** The kept object stream `kept` (of `bytes.keptStreams`), read once; null where it does not read. */
	private async objectStreamAt(kept: number): Promise<ObjectStream | null> {
		const { offsets, objectStream } = this.bytes.keptStreams;
		if (this.objectStreams[kept] !== undefined || !objectStream[kept])
			return this.objectStreams[kept] ?? null;
		this.objectStreams[kept] = null;
		try {
			const { value, data } = await this.objectIn(this.bytes.at(offsets[kept]));
			const dict = dictOf(value);
			if (!data) return null;
			const [number, gen] = this.numberAt(offsets[kept]);
			const cipher = this.crypt?.streams;
			if (cipher) this.budget.step(data.length);
			const decrypted = cipher ? decrypt(cipher, data, number, gen) : data;
			const decoded = await decodeStream(dict, decrypted, this.budget);
			this.budget.objectStreamBytes(decoded.length);
			return (this.objectStreams[kept] = new ObjectStream(dict, decoded, this.budget));
		} catch (error) {
			return damage(error) && null;
		}
	}
	// The object at the start of `bytes` (`ref`'s where given, at `offset` in the document): `N G
	// obj`, its value, then `endobj` or a stream: a kept one's data, or where a skipped one's is.
	private async objectIn(bytes: Buffer, ref?: PdfRef, offset = -1): Promise<PdfObject> {
		const lexer = new PdfLexer(bytes, 0, this.budget);
		const [number, gen] = [integerOf(lexer.value()), integerOf(lexer.value())];
		if (lexer.word() !== 'obj' || (ref && (number !== ref.ref || gen !== ref.gen))) unreadable();
		const value = lexer.value();
		if (lexer.word() !== 'stream' || !(value instanceof PdfDict)) return { value };
		const start = dataStart(bytes, lexer.at);
		if (start < bytes.length) {
			// Kept (/XRef, /ObjStm): its data in the kept bytes, by a direct /Length or one fetched.
			const size = integerOf(await this.resolved(0, value.get('Length')));
			if (size > MAX_STREAM_BYTES || start + size > bytes.length) unreadable();
			return { value, data: bytes.subarray(start, start + size) };
		}
		const { starts, ends } = this.bytes.streams;
		const index = lastAtOrBefore(starts, offset + start);
		if (offset < 0 || starts[index] !== offset + start) return { value: null };
		return { value, range: { start: offset + start, end: ends[index] } };
	}
}
