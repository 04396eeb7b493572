// The PDF the node writes from its own reading (README.md, "What is written").
import { createHash } from 'node:crypto';
import type { Open } from './pdfBytes';
import { decrypt, Decrypter, lastBlocksAt, type PdfCipher } from './pdfCrypt';
import type { Leaf, Owned, PdfFile, PdfObject } from './pdfPages';
import { endsWord, isRef, PdfDict, PdfString, type PdfRef, type PdfValue } from './pdfSyntax';
import { AT, FREE } from './pdfXref';

/** A written PDF: its exact length, and its bytes, made anew at each call. */
export type WrittenPdf = { size: number; open: Open };
const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const STREAM_END = Buffer.from('\nendstream\nendobj\n', 'latin1');
const [CATALOG, ROOT, FIRST_PAGE] = [1, 2, 3];
/** Where an object comes from, by its new number: a row of the chosen table, the root, or a page (FROM_PAGE - leaf). */
const [FROM_ROOT, FROM_PAGE] = [-1, -2];
/** A page's keys that decide what it looks like, its own or inherited; the rest is not what a fax shows. */
const PAGE_KEYS = 'Resources MediaBox CropBox Rotate Contents Annots Group UserUnit'.split(' ');
const isStream = ({ range }: PdfObject) => range !== undefined;
/** An optional content group, as readers check one: a dictionary whose /Name is a string. */
const isGroup = ({ value, range, data }: PdfObject) =>
	value instanceof PdfDict && !range && !data && value.get('Name') instanceof PdfString;
/** A stream: its object's number, its data's place in the input, the length written, its decryption. */
type Stream = Record<'number' | 'start' | 'end' | 'length', number> & {
	cipher?: PdfCipher;
	ref: PdfRef;
};
/** Plans the written PDF of `file`, charged to its budget; `input` opens the document again. */
export async function writePdf(file: PdfFile, input: Open): Promise<WrittenPdf> {
	const writer = new PdfWriter(file);
	await writer.measure(input);
	// No limit from here: the passes of `open` repeat the work this one paid for.
	file.budget.work.limit = Infinity;
	return { size: writer.size, open: async () => writer.bytes(input) };
}
class PdfWriter {
	/** By chosen row: its new number, 0 where none yet, -1 where it is never written. */
	private readonly numberOf: Int32Array;
	/** By new number (0 unused): where the object comes from. */
	private readonly sources: number[] = [0, 0, FROM_ROOT];
	/** By new number: its length (a stream's up to its data), its offset, its place in `streams` (-1: none). */
	private lengths: number[] = [0];
	private offsets = new Float64Array(0);
	private streamOf: number[] = [];
	private streams: Stream[] = [];
	private trailer = '';
	private tableAt = 0;
	size = 0;
	constructor(private readonly file: PdfFile) {
		this.numberOf = Int32Array.from(file.inner, (inner) => -inner);
		// Kept streams (/XRef, /ObjStm) are read, never written.
		for (const offset of file.bytes.keptStreams.offsets) {
			const at = file.indexOf(file.numberAt(offset)[0]);
			if (at >= 0 && file.chosen.kinds[at] === AT && file.chosen.first[at] === offset)
				this.numberOf[at] = -1;
		}
		const catalog = file.indexOf(file.catalog.ref);
		[this.sources[CATALOG], this.numberOf[catalog]] = [catalog, CATALOG];
		file.leaves.forEach(({ at }, index) => {
			const number = this.sources.push(FROM_PAGE - index) - 1;
			if (at >= 0 && this.numberOf[at] === 0) this.numberOf[at] = number;
		});
	}
	/** The first pass: every object numbered as met and measured; AES streams' lengths from their last blocks. */
	async measure(input: Open): Promise<void> {
		const hash = createHash('md5');
		const info = this.file.trailer.get('Info');
		const infoNumber = isRef(info) ? this.resolve(info) : 0;
		for (let number = 1; number < this.sources.length; number++) {
			const text = await this.objectText(number);
			this.file.budget.step(text.length);
			hash.update(text, 'latin1');
			this.lengths.push(text.length);
		}
		this.streams.sort((one, other) => one.start - other.start);
		this.streams.forEach(({ number }, index) => (this.streamOf[number] = index));
		const aes = this.streams.filter(({ cipher }) => cipher?.aes);
		const tails = aes.map(({ start, end }) => {
			const blocks = lastBlocksAt(end - start);
			return { start: start + blocks.start, end: start + blocks.end, bytes: [] as Uint8Array[] };
		});
		for await (const [at, part] of pieces(input, tails)) tails[at].bytes.push(part);
		for (const [at, stream] of aes.entries()) {
			const decrypter = new Decrypter(stream.cipher!, stream.ref);
			const tail = Buffer.concat(tails[at].bytes);
			stream.length = decrypter.lengthOf(stream.end - stream.start, tail);
			this.lengths[stream.number] = (await this.objectText(stream.number)).length;
		}
		const id = [this.file.trailer.get('ID')].flat();
		const given = id.length === 2 ? id.filter((each) => each instanceof PdfString) : [];
		const ids = given.length === 2 ? given.map((each) => each.bytes().toString('hex')) : [];
		const fresh = hash.digest('hex');
		this.trailer = `trailer\n<</Size ${this.sources.length} /Root ${CATALOG} 0 R${infoNumber > 0 ? ` /Info ${infoNumber} 0 R` : ''} /ID [<${ids[0] ?? fresh}> <${ids[1] ?? fresh}>]>>\nstartxref\n`;
		this.offsets = new Float64Array(this.sources.length);
		let offset = HEADER.length;
		for (let number = 1; number < this.sources.length; number++)
			if (this.streamOf[number] === undefined)
				[this.offsets[number], offset] = [offset, offset + this.lengths[number]];
		for (const { number, length } of this.streams) {
			this.offsets[number] = offset;
			offset += this.lengths[number] + length + STREAM_END.length;
		}
		this.tableAt = offset;
		const table = `xref\n0 ${this.sources.length}\n`.length + 20 * this.sources.length;
		this.size = offset + table + `${this.trailer}${offset}\n%%EOF\n`.length;
	}
	/** The written bytes: the header, the objects without data, the streams as their data passes, the table. */
	async *bytes(input: Open): AsyncGenerator<Uint8Array> {
		yield HEADER;
		for (let number = 1; number < this.sources.length; number++)
			if (this.streamOf[number] === undefined)
				yield Buffer.from(await this.objectText(number), 'latin1');
		const decrypters = this.streams.map(({ cipher, ref }) => cipher && new Decrypter(cipher, ref));
		const written = this.streams.map(() => 0);
		let current = -1;
		// Ends the streams before `to`, each whole, and writes the head of each after them up to `to`.
		const through = async function* (writer: PdfWriter, to: number) {
			for (const streams = writer.streams; current < to; current++) {
				if (current >= 0 && written[current] !== streams[current].length)
					throw new Error('The document changed since it was read');
				if (current >= 0) yield STREAM_END;
				if (current + 1 < streams.length)
					yield Buffer.from(await writer.objectText(streams[current + 1].number), 'latin1');
			}
		};
		for await (const [at, part] of pieces(input, this.streams)) {
			yield* through(this, at);
			const out = decrypters[at]?.update(part) ?? part;
			const kept = out.subarray(0, this.streams[at].length - written[at]);
			written[at] += kept.length;
			if (kept.length > 0) yield kept;
		}
		yield* through(this, this.streams.length);
		const rows = [`xref\n0 ${this.sources.length}\n0000000000 65535 f\r\n`];
		for (let number = 1; number < this.sources.length; number++) {
			rows.push(`${String(this.offsets[number]).padStart(10, '0')} 00000 n\r\n`);
			if (rows.length >= 4096) yield Buffer.from(rows.splice(0).join(''), 'latin1');
		}
		yield Buffer.from(`${rows.join('')}${this.trailer}${this.tableAt}\n%%EOF\n`, 'latin1');
	}
	/** The new number of the object `ref` names, numbered as met; 0 where it is not written. */
	private resolve(ref: PdfRef): number {
		const { file, numberOf } = this;
		const at = file.indexOf(ref.ref);
		const written = at >= 0 && numberOf[at] >= 0 && file.chosen.kinds[at] !== FREE;
		if (!written || file.refOf(at).gen !== ref.gen) return 0;
		if (numberOf[at] === 0) numberOf[at] = this.sources.push(at) - 1;
		return numberOf[at];
	}
	/** Object `number` as written, up to its stream data (a stream's head ends with `stream` and its line end). */
	private async objectText(number: number): Promise<string> {
		const { file } = this;
		const source = this.sources[number];
		const ref = source >= 0 ? file.refOf(source) : { ref: 0, gen: 0 };
		const owner = source >= 0 ? file.ownerOf(ref) : undefined;
		const object = number === CATALOG || source < 0 ? undefined : await file.object(source);
		let body = 'null';
		if (source === FROM_ROOT) {
			const kids = file.leaves.map((_, index) => `${FIRST_PAGE + index} 0 R`).join(' ');
			body = `<</Type /Pages /Kids [${kids}] /Count ${file.leaves.length}>>`;
		} else if (source <= FROM_PAGE) body = await this.pageText(file.leaves[FROM_PAGE - source]);
		else if (number === CATALOG)
			body = `<</Type /Catalog /Pages ${ROOT} 0 R${await this.layersText()}>>`;
		else if (object?.range && object.value instanceof PdfDict) {
			const { dict, cipher } = await this.uncrypted(object.value);
			if (this.streamOf[number] === undefined) {
				const { start, end } = object.range;
				this.streamOf[number] =
					this.streams.push({ number, start, end, length: end - start, cipher, ref }) - 1;
			}
			const length = this.streams[this.streamOf[number]].length;
			return `${number} 0 obj\n${this.dictText(dict, owner, ['Length'], `/Length ${length}`)}\nstream\n`;
		} else if (object && !object.data && !isRef(object.value))
			body = this.text(object.value, owner) ?? 'null';
		return `${number} 0 obj\n${body}\nendobj\n`;
	}
	/** A stream's dictionary without its /Crypt filter and slot (read through references; the rest as it is), and its cipher. */
	private async uncrypted(dict: PdfDict): Promise<{ dict: PdfDict; cipher?: PdfCipher }> {
		const [crypt, file] = [this.file.crypt, this.file];
		const plain = crypt?.plainMetadata && (await file.resolved(0, dict.get('Type'))) === 'Metadata';
		const filters = [(await file.resolved(0, dict.get('Filter'))) ?? []].flat();
		for (const [index, each] of filters.entries())
			if (isRef(each)) filters[index] = (await file.resolved(0, each)) ?? null;
		const at = filters.indexOf('Crypt');
		if (at < 0) return { dict, cipher: plain ? undefined : crypt?.streams };
		const parms = [(await file.resolved(0, dict.get('DecodeParms'))) ?? null].flat();
		const parm = await file.resolved(0, parms.splice(at, 1)[0]);
		filters.splice(at, 1);
		const name = parm instanceof PdfDict ? await file.resolved(0, parm.get('Name')) : undefined;
		const written = new PdfDict(dict).set('Filter', filters).set('DecodeParms', parms);
		for (const key of ['Filter', 'DecodeParms'])
			if (![written.get(key)].flat().some((each) => each !== null)) written.delete(key);
		return { dict: written, cipher: plain ? undefined : crypt?.named(name) };
	}
	/** The catalog's layers: its groups, and of its default configuration only /OFF. */
	private async layersText(): Promise<string> {
		const { catalog, catalogDict } = this.file;
		const layers = await this.direct(catalogDict.get('OCProperties'), this.file.ownerOf(catalog));
		const dict = layers?.value instanceof PdfDict ? layers.value : new PdfDict();
		const groups = await this.references(dict.get('OCGs'), isGroup);
		const config = (await this.direct(dict.get('D')))?.value;
		const off = config instanceof PdfDict ? await this.references(config.get('OFF'), isGroup) : [];
		const listed = new Uint8Array(this.sources.length);
		for (const group of groups) listed[this.resolve(group)] = 1;
		const hidden = off.filter((group) => listed[this.resolve(group)] === 1);
		if (groups.length === 0) return '';
		return ` /OCProperties <</OCGs ${this.text(groups, undefined)} /D <</OFF ${this.text(hidden, undefined)}>>>>`;
	}
	/** A page: /Type, the new root as /Parent, and its keys that draw, inherited where it has none of its own. */
	private async pageText({ at, dict, owner, inherited }: Leaf): Promise<string> {
		if (at >= 0) {
			const value = (await this.file.object(at))?.value;
			dict = value instanceof PdfDict ? value : new PdfDict();
			owner = this.file.ownerOf(this.file.refOf(at));
		}
		const parts = [`/Type /Page /Parent ${ROOT} 0 R`];
		for (const key of PAGE_KEYS) {
			const own = dict!.get(key);
			const from = own === undefined ? inherited[key] : { value: own, owner };
			if (!from) continue;
			const value = key === 'Contents' ? await this.references(from.value, isStream) : from.value;
			const text = this.text(value, from.owner);
			// A key whose value reads as nothing (no content stream left) is left out.
			if (text !== undefined && text !== '[]') parts.push(`/${key} ${text}`);
		}
		return `<<${parts.join(' ')}>>`;
	}
	/** The references among `value` (one, or an array, maybe indirect) to objects written that `fit`. */
	private async references(value: PdfValue | undefined, fit: (object: PdfObject) => boolean) {
		const read = async (item?: PdfValue) => (isRef(item) ? await this.file.fetch(item) : undefined);
		const object = await read(value);
		const refs: PdfRef[] = [];
		for (const item of object && !object.range ? [object.value].flat() : [value ?? []].flat()) {
			const found = await read(item);
			if (found && fit(found) && this.resolve(item as PdfRef) > 0) refs.push(item as PdfRef);
		}
		return refs;
	}
	/** `value`, or the object it names with that object as owner; undefined where that is missing or a stream. */
	private async direct(value?: PdfValue, owner?: PdfRef): Promise<Owned | undefined> {
		if (!isRef(value)) return value === undefined ? undefined : { value, owner };
		const object = await this.file.fetch(value);
		const found = object && !object.range && !object.data;
		return found ? { value: object.value, owner: this.file.ownerOf(value) } : undefined;
	}
	/** A dictionary without `dropped` keys, `first` written before its entries. */
	private dictText(dict: PdfDict, owner: PdfRef | undefined, dropped: string[], first: string) {
		const parts = first === '' ? [] : [first];
		for (const [key, value] of dict) {
			const name = nameText(key);
			const text = dropped.includes(key) ? undefined : this.text(value, owner);
			if (name !== undefined && text !== undefined) parts.push(`${name} ${text}`);
		}
		return `<<${parts.join(' ')}>>`;
	}
	/** A value in plain syntax (undefined: a name holding a NUL, its entry dropped); no /EF, /RF: no attachment is sent. */
	private text(value: PdfValue, owner: PdfRef | undefined): string | undefined {
		if (value === null || typeof value === 'boolean') return String(value);
		if (typeof value === 'number') return numberText(value);
		if (typeof value === 'string') return nameText(value);
		if (value instanceof PdfString) {
			const cipher = owner && this.file.crypt?.strings;
			const bytes = value.bytes(Infinity);
			return `<${(cipher ? decrypt(cipher, bytes, owner.ref, owner.gen) : bytes).toString('hex')}>`;
		}
		if (isRef(value)) {
			const number = this.resolve(value);
			return number > 0 ? `${number} 0 R` : 'null';
		}
		if (value instanceof PdfDict) return this.dictText(value, owner, ['EF', 'RF'], '');
		const items = value.map((item) => this.text(item, owner)).filter((text) => text !== undefined);
		return `[${items.join(' ')}]`;
	}
}
/** The parts of the input in `ranges` (ascending, apart), each with its range's index, in one pass over it. */
async function* pieces(input: Open, ranges: Array<{ start: number; end: number }>) {
	if (ranges.length === 0) return;
	let [at, position] = [0, 0];
	for await (const piece of await input()) {
		const chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
		for (; at < ranges.length && ranges[at].start < position + chunk.length; at++) {
			const { start, end } = ranges[at];
			const part = chunk.subarray(Math.max(0, start - position), Math.max(0, end - position));
			if (part.length > 0) yield [at, part] as const;
			if (end > position + chunk.length) break;
		}
		position += chunk.length;
		if (at >= ranges.length) return;
	}
}
/** A number in plain decimal: an integer's digits, a real's to ten places without trailing zeros. */
function numberText(value: number): string {
	if (!Number.isFinite(value)) return '0';
	// Past 2^53 a number read is no exact integer: a real, which every reader takes at any size.
	if (Number.isInteger(value))
		return Number.isSafeInteger(value) ? String(value) : `${BigInt(value)}.0`;
	const text = value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
	return text === '-0' ? '0' : text;
}
/** A name of regular characters from `!` to `~` but `#`, `#xx` for the rest; undefined where it holds a NUL. */
function nameText(name: string): string | undefined {
	let out = '/';
	for (let at = 0; at < name.length; at++) {
		const code = name.charCodeAt(at) & 255;
		if (code === 0) return undefined;
		const escaped = code < 0x21 || code > 0x7e || code === 35 || endsWord(code);
		out += escaped ? `#${code.toString(16).padStart(2, '0')}` : name[at];
	}
	return out;
}
