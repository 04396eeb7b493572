// The PDF the node writes from its own reading (README.md, "What is written"): every object the
// catalog reaches, numbered anew, in plain syntax; one page tree of the pages counted; stream data
// copied from the input as it passes; one cross-reference table. The first pass (charged to the
// read's budget) numbers and measures every object; `open` writes the same bytes again.
import { createHash } from 'node:crypto';
import type { Open } from './pdfBytes';
import { aesLength, Decrypter, lastBlocksAt, type PdfCipher } from './pdfCrypt';
import { INHERITED, type Leaf, type PdfFile } from './pdfPages';
import { isRef, PdfDict, PdfString, type PdfRef, type PdfValue } from './pdfSyntax';
import { AT, COMPRESSED, FREE } from './pdfXref';

/** A written PDF: its exact length, and its bytes, made anew at each call. */
export interface WrittenPdf {
	size: number;
	open: Open;
}

const HEADER = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
const [CATALOG, ROOT, FIRST_PAGE] = [1, 2, 3];
/** Where an object comes from, by its new number: a row of the chosen table, or one of these. */
const [FROM_ROOT, FROM_PAGE] = [-1, -2];
/** Each byte's class: 1 where a name writes it as `#xx` (white space, delimiters, `#`, outside !..~). */
const ESCAPED = new Uint8Array(256).map((_, byte) => (byte < 0x21 || byte > 0x7e ? 1 : 0));
for (const char of '()<>[]{}/%#') ESCAPED[char.charCodeAt(0)] = 1;

/** A stream object: its data's place in the input, the length written, and how it is decrypted. */
type StreamPlan = {
	number: number;
	start: number;
	end: number;
	length: number;
	cipher?: PdfCipher;
	ref: PdfRef;
};

/** Plans the written PDF of `file` (its pages counted), charged to its budget; `input` opens the document again. */
export async function writePdf(file: PdfFile, input: Open): Promise<WrittenPdf> {
	const writer = new PdfWriter(file);
	await writer.measure(input);
	// The passes of `open` repeat work this one paid for.
	file.budget.unbounded();
	return { size: writer.size, open: async () => writer.bytes(input) };
}

class PdfWriter {
	/** By chosen row: its new number, 0 where none yet, -1 where it is never written. */
	private readonly numberOf: Int32Array;
	/** By new number (index 0 unused): where the object comes from (a row, FROM_ROOT, FROM_PAGE - leaf). */
	private sources: number[] = [0, 0, FROM_ROOT];
	/** By new number: the object's length written, its data's stream index in `streams` (-1: none). */
	private lengths = new Float64Array(0);
	private streams: StreamPlan[] = [];
	private offsets = new Float64Array(0);
	/** By new number: its stream's index in `streams`, where it is one. */
	private readonly planOf: number[] = [];
	private info = 0;
	private tableAt = 0;
	private id = '';
	size = 0;

	constructor(private readonly file: PdfFile) {
		const { chosen, leaves, bytes } = file;
		this.numberOf = Int32Array.from(file.inner, (inner) => -inner);
		// Kept streams (/XRef, /ObjStm) are read, never written: their objects are plain objects.
		const { offsets } = bytes.keptStreams;
		for (const offset of offsets) {
			const [number] = this.headerAt(offset);
			const at = file.indexOf(number);
			if (at >= 0 && chosen.kinds[at] === AT && chosen.first[at] === offset) this.numberOf[at] = -1;
		}
		const catalog = file.indexOf(file.catalog.ref);
		this.sources[CATALOG] = catalog;
		this.numberOf[catalog] = CATALOG;
		leaves.forEach((leaf, index) => {
			const number = this.sources.push(FROM_PAGE - index) - 1;
			if (leaf.at >= 0 && this.numberOf[leaf.at] === 0) this.numberOf[leaf.at] = number;
		});
	}

	private headerAt(offset: number): [number, number] {
		const { offsets, numbers, gens } = this.file.bytes.headers;
		let [low, high] = [0, offsets.length - 1];
		while (low <= high) {
			const middle = (low + high) >> 1;
			if (offsets[middle] <= offset) low = middle + 1;
			else high = middle - 1;
		}
		return [numbers[high], gens[high]];
	}

	/** The first pass: every object numbered (as met) and measured; AES streams' lengths from their last blocks. */
	async measure(input: Open): Promise<void> {
		const hash = createHash('md5');
		const info = this.file.trailer.get('Info');
		this.info = isRef(info) ? this.resolve(info) : 0;
		const lengths: number[] = [0];
		for (let number = 1; number < this.sources.length; number++) {
			const text = await this.objectText(number);
			this.file.budget.step(text.length);
			hash.update(text, 'latin1');
			lengths.push(text.length);
		}
		this.lengths = Float64Array.from(lengths);
		await this.measureAes(input);
		for (const { number, cipher } of this.streams)
			if (cipher?.aes) this.lengths[number] = (await this.objectText(number)).length;
		const id = this.file.trailer.get('ID');
		const given =
			Array.isArray(id) && id.length === 2 && id.every((each) => each instanceof PdfString);
		const strings = given ? (id as PdfString[]).map((each) => each.bytes().toString('hex')) : [];
		const fresh = hash.digest('hex');
		this.id = given ? `[<${strings[0]}> <${strings[1]}>]` : `[<${fresh}> <${fresh}>]`;
		// Objects without data in number order, then streams in the order of their data in the input.
		this.streams.sort((one, other) => one.start - other.start);
		this.streams.forEach(({ number }, index) => (this.planOf[number] = index));
		const count = this.sources.length;
		this.offsets = new Float64Array(count);
		let offset = HEADER.length;
		const streamed = new Uint8Array(count);
		for (const { number } of this.streams) streamed[number] = 1;
		for (let number = 1; number < count; number++)
			if (!streamed[number])
				[this.offsets[number], offset] = [offset, offset + this.lengths[number]];
		for (const { number, length } of this.streams) {
			this.offsets[number] = offset;
			offset += this.lengths[number] + length + STREAM_END.length;
		}
		this.tableAt = offset;
		this.size = offset + this.tableLength(offset);
	}

	/** The trailer part: the table, the trailer, `startxref`, `%%EOF`. */
	private tableText(at: number): string {
		return (
			`trailer\n<</Size ${this.sources.length} /Root ${CATALOG} 0 R` +
			`${this.info > 0 ? ` /Info ${this.info} 0 R` : ''} /ID ${this.id}>>\n` +
			`startxref\n${at}\n%%EOF\n`
		);
	}

	private tableLength(at: number): number {
		return (
			`xref\n0 ${this.sources.length}\n`.length +
			20 * this.sources.length +
			this.tableText(at).length
		);
	}

	/** The last two blocks of each AES stream, read in one pass over the input, give its padding. */
	private async measureAes(input: Open): Promise<void> {
		const aes = this.streams
			.filter(({ cipher }) => cipher?.aes)
			.sort((one, other) => one.start - other.start);
		if (aes.length === 0) return;
		let next = 0;
		let position = 0;
		const tails = aes.map(() => Buffer.alloc(0));
		for await (const piece of await input()) {
			const chunk = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
			while (next < aes.length) {
				const { start, end } = aes[next];
				const blocks = lastBlocksAt(end - start);
				const [from, to] = [start + blocks.start, start + blocks.end];
				if (from >= position + chunk.length) break;
				const part = chunk.subarray(Math.max(0, from - position), Math.max(0, to - position));
				tails[next] = Buffer.concat([tails[next], part]);
				if (to > position + chunk.length) break;
				next++;
			}
			position += chunk.length;
		}
		aes.forEach((stream, index) => {
			const decrypter = new Decrypter(stream.cipher!, stream.ref.ref, stream.ref.gen);
			stream.length = aesLength(stream.end - stream.start, decrypter.padding(tails[index]));
		});
	}

	/** The written bytes: the header, the objects without data, the streams as their data passes, the table. */
	async *bytes(input: Open): AsyncGenerator<Uint8Array> {
		yield HEADER;
		const streamed = new Uint8Array(this.sources.length);
		for (const { number } of this.streams) streamed[number] = 1;
		for (let number = 1; number < this.sources.length; number++)
			if (!streamed[number]) yield Buffer.from(await this.objectText(number), 'latin1');
		if (this.streams.length > 0) yield* this.streamed(input);
		yield* this.table(this.tableAt);
	}

	private *table(at: number): Generator<Uint8Array> {
		const rows: string[] = [`xref\n0 ${this.sources.length}\n0000000000 65535 f\r\n`];
		for (let number = 1; number < this.sources.length; number++) {
			rows.push(`${String(this.offsets[number]).padStart(10, '0')} 00000 n\r\n`);
			if (rows.length >= 4096) yield Buffer.from(rows.splice(0).join(''), 'latin1');
		}
		rows.push(this.tableText(at));
		yield Buffer.from(rows.join(''), 'latin1');
	}

	/** Each stream's head, its data copied (decrypted) from one pass over the input, its end. */
	private async *streamed(input: Open): AsyncGenerator<Uint8Array> {
		const iterator = (await input())[Symbol.asyncIterator]();
		let chunk = Buffer.alloc(0);
		let position = 0;
		try {
			for (const stream of this.streams) {
				yield Buffer.from(await this.objectText(stream.number), 'latin1');
				const decrypter =
					stream.cipher && new Decrypter(stream.cipher, stream.ref.ref, stream.ref.gen);
				let written = 0;
				for (let at = stream.start; at < stream.end;) {
					while (at >= position + chunk.length) {
						position += chunk.length;
						const next = await iterator.next();
						if (next.done) throw new Error('The document is shorter than when it was read');
						chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
					}
					const to = Math.min(stream.end, position + chunk.length);
					const part = chunk.subarray(at - position, to - position);
					const out = decrypter ? decrypter.update(part) : part;
					const kept = out.subarray(0, Math.max(0, stream.length - written));
					written += kept.length;
					if (kept.length > 0) yield kept;
					at = to;
				}
				if (written !== stream.length) throw new Error('The document changed since it was read');
				yield STREAM_END;
			}
		} finally {
			await iterator.return?.();
		}
	}

	/** The new number of the object `ref` names, numbered as met; 0 where it is not written. */
	private resolve(ref: PdfRef): number {
		const { file, numberOf } = this;
		const at = file.indexOf(ref.ref);
		if (at < 0 || numberOf[at] < 0) return 0;
		const { kinds, second } = file.chosen;
		if (kinds[at] === FREE || ref.gen !== (kinds[at] === COMPRESSED ? 0 : second[at])) return 0;
		if (numberOf[at] === 0) numberOf[at] = this.sources.push(at) - 1;
		return numberOf[at];
	}

	/** Object `number` as written, up to its stream data (a stream's head ends with `stream` and its line end). */
	private async objectText(number: number): Promise<string> {
		const source = this.sources[number];
		const { file } = this;
		let body: string;
		if (source === FROM_ROOT) {
			const kids = this.file.leaves.map((_, index) => `${FIRST_PAGE + index} 0 R`).join(' ');
			body = `<</Type /Pages /Kids [${kids}] /Count ${this.file.leaves.length}>>`;
		} else if (source <= FROM_PAGE) body = await this.pageText(file.leaves[FROM_PAGE - source]);
		else {
			const ref = {
				ref: file.chosen.numbers[source],
				gen: file.chosen.kinds[source] === AT ? file.chosen.second[source] : 0,
			};
			const owner = file.ownerOf(ref);
			const object = number === CATALOG ? { value: file.catalogDict } : await file.object(source);
			if (number === CATALOG) {
				body = this.dictText(
					file.catalogDict,
					owner,
					['Type', 'Pages'],
					`/Type /Catalog /Pages ${ROOT} 0 R`,
				);
			} else if (object?.range && object.value instanceof PdfDict) {
				const dict = object.value;
				let plan = this.streams[this.planOf[number] ?? -1];
				if (!plan) {
					const { start, end } = object.range;
					const cipher = this.cipherOf(dict);
					plan = { number, start, end, length: end - start, cipher, ref };
					this.planOf[number] = this.streams.push(plan) - 1;
				}
				const head = this.dictText(dict, owner, ['Length'], `/Length ${plan.length}`);
				return `${number} 0 obj\n${head}\nstream\n`;
			} else if (object && !object.data) body = this.text(object.value, owner) ?? 'null';
			else body = 'null';
		}
		return `${number} 0 obj\n${body}\nendobj\n`;
	}

	/** How a stream's data is decrypted: none where the file is not encrypted, its crypt filter is /Identity, or it is plain metadata. */
	private cipherOf(dict: PdfDict): PdfCipher | undefined {
		const crypt = this.file.crypt;
		if (!crypt?.streams) return undefined;
		if (crypt.plainMetadata && dict.get('Type') === 'Metadata') return undefined;
		const filters = [dict.get('Filter') ?? []].flat();
		return filters[0] === 'Crypt' ? undefined : crypt.streams;
	}

	private async pageText(leaf: Leaf): Promise<string> {
		const { file } = this;
		let dict = leaf.dict;
		let owner = leaf.owner;
		if (leaf.at >= 0) {
			const ref = { ref: file.chosen.numbers[leaf.at], gen: file.chosen.second[leaf.at] };
			const value = (await file.object(leaf.at))?.value;
			dict = value instanceof PdfDict ? value : new PdfDict();
			owner = file.ownerOf(ref);
		}
		const added = [`/Type /Page /Parent ${ROOT} 0 R`];
		for (const key of INHERITED) {
			const inherited = leaf.inherited[key];
			if (dict!.has(key) || !inherited) continue;
			const text = this.text(inherited.value, inherited.owner);
			if (text !== undefined) added.push(`/${key} ${text}`);
		}
		return this.dictText(dict!, owner, ['Type', 'Parent'], added.join(' '));
	}

	/** A dictionary without `dropped` keys, `first` written before its entries. */
	private dictText(
		dict: PdfDict,
		owner: PdfRef | undefined,
		dropped: string[],
		first: string,
	): string {
		const parts = first === '' ? [] : [first];
		for (const [key, value] of dict) {
			if (dropped.includes(key)) continue;
			const [name, text] = [nameText(key), this.text(value, owner)];
			if (name !== undefined && text !== undefined) parts.push(`${name} ${text}`);
		}
		return `<<${parts.join(' ')}>>`;
	}

	/** A value in plain syntax; undefined for a name holding a NUL (its entry is dropped). */
	private text(value: PdfValue, owner: PdfRef | undefined): string | undefined {
		if (value === null) return 'null';
		if (typeof value === 'boolean') return String(value);
		if (typeof value === 'number') return numberText(value);
		if (typeof value === 'string') return nameText(value);
		if (value instanceof PdfString) {
			const bytes = value.bytes(Infinity);
			const cipher = owner && this.file.crypt?.strings;
			return `<${(cipher ? decryptString(cipher, bytes, owner!) : bytes).toString('hex')}>`;
		}
		if (isRef(value)) {
			const number = this.resolve(value);
			return number > 0 ? `${number} 0 R` : 'null';
		}
		if (value instanceof PdfDict) return this.dictText(value, owner, [], '');
		const items: string[] = [];
		for (const item of value) {
			const text = this.text(item, owner);
			if (text !== undefined) items.push(text);
		}
		return `[${items.join(' ')}]`;
	}
}

const STREAM_END = Buffer.from('\nendstream\nendobj\n', 'latin1');

function decryptString(cipher: PdfCipher, bytes: Buffer, owner: PdfRef): Buffer {
	const decrypter = new Decrypter(cipher, owner.ref, owner.gen);
	const out = decrypter.update(bytes);
	if (!cipher.aes) return out;
	const blocks = lastBlocksAt(bytes.length);
	return out.subarray(
		0,
		aesLength(bytes.length, decrypter.padding(bytes.subarray(blocks.start, blocks.end))),
	);
}

/** A number in plain decimal: an integer's digits, a real's to ten places without trailing zeros. */
function numberText(value: number): string {
	if (!Number.isFinite(value)) return '0';
	if (Number.isInteger(value)) return BigInt(value).toString();
	const text = value.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
	return text === '-0' ? '0' : text;
}

/** A name of regular characters, `#xx` for the rest; undefined where it holds a NUL. */
function nameText(name: string): string | undefined {
	let out = '/';
	for (let at = 0; at < name.length; at++) {
		const code = name.charCodeAt(at);
		if (code === 0) return undefined;
		out += ESCAPED[code & 255] ? `#${(code & 255).toString(16).padStart(2, '0')}` : name[at];
	}
	return out;
}
