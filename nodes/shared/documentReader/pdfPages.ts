// A PDF's page count where its bytes allow one reading (README.md, "Contract"): a chain of sections
// from a `startxref` at the end, each entry exactly at its object's header and agreeing with the
// headers the read found, and a page tree of plain nodes. Anything else cannot be counted, and the
// refusal says why: damaged, or read differently by PDF readers.
import { OBJECT_COST, overBudget, type PdfBudget } from './pdfBudget';
import { endstreamAfter, PdfBytes, type Open } from './pdfBytes';
import { standardDecrypt, type PdfDecrypt } from './pdfCrypt';
import { decodeStream, MAX_STREAM_BYTES } from './pdfFilters';
import {
	dictOf,
	isDigit,
	isRef,
	lastAtOrBefore,
	PdfDict,
	PdfLexer,
	PdfRefused,
	readDifferently,
	spells,
	unreadable,
	integerOf,
	type PdfRef,
	type PdfValue,
} from './pdfSyntax';
import {
	AT,
	COMPRESSED,
	FREE,
	MAX_NUMBER,
	ObjectStream,
	ROWS,
	streamSection,
	tableSection,
	type Section,
} from './pdfXref';

/** Readers look for `startxref` in the last 1,024 bytes at least (mupdf no further). */
const TAIL = 1024;
/** Sections a chain may have: more are sections of one order (< 2^7, a key stays exact). */
const MAX_SECTIONS = 100;
/** Offsets below 2^28 (past 150 MB), so fewer headers: a header's key of number and index stays exact. */
const OFFSETS = 2 ** 28;
const [LF, CR] = [10, 13];

/** The page count, or why the PDF cannot be counted, and the work reading it took. */
export async function readPdfPages(open: Open) {
	let file: PdfFile | undefined;
	try {
		file = new PdfFile(await PdfBytes.read(open));
		return { pages: await file.pageCount(), work: file.budget.work };
	} catch (error) {
		const refused = error instanceof PdfRefused ? error.reason : 'damaged';
		return { refused, work: file?.budget.work };
	}
}

/** The chain's choice for each of `count` numbers, ascending: its kind, `first` and `second`, whether the tree met it. */
function chosenRows(count: number) {
	const [numbers, first, second] = [0, 0, 0].map(() => new Float64Array(count));
	return { numbers, kinds: new Uint8Array(count), first, second, visited: new Uint8Array(count) };
}

class PdfFile {
	/** The chain, newest first: each section's update (a table and its /XRefStm share one), a stream's offset. */
	private readonly sections: Array<Section & { level: number; streamAt: number }> = [];
	private chosen = chosenRows(0);
	/** The object streams the read kept, by number ascending, each read once. */
	private streamNumbers = new Float64Array(0);
	private streams: ObjectStream[] = [];
	private decrypt?: PdfDecrypt;

	constructor(
		readonly bytes: PdfBytes,
		readonly budget = bytes.budget,
	) {}

	async pageCount(): Promise<number> {
		const start = chainStart(this.bytes.last(), this.budget);
		const head = this.bytes.at(0);
		// `%PDF-` after other bytes in the first 1,024: pdf.js, poppler and qpdf read offsets from it, mupdf not.
		const header = head.subarray(0, TAIL + 4).indexOf('%PDF-');
		if (header > 0 && header < TAIL) readDifferently();
		const linearized = this.linearizedPages(head, start);
		await this.readChain(start);
		this.choose();
		this.agreeWithHeaders();
		const trailer = this.sections[0].trailer;
		const root = trailer.get('Root');
		if (!isRef(root)) unreadable();
		const encrypt = trailer.get('Encrypt');
		if (encrypt !== undefined) {
			const dict = dictOf(isRef(encrypt) ? await this.fetch(encrypt, true) : encrypt);
			this.decrypt = standardDecrypt(dict, trailer.get('ID'), this.budget);
		}
		await this.readObjectStreams();
		const counted = await this.pageTreeCount(root);
		return Math.max(counted, linearized) || unreadable();
	}

	/**
	 * A linearization dictionary's /N where its /L is the file's length (pdf.js and poppler take it),
	 * else 0. Those readers then start at the table after its `endobj`: it must be the chain's start.
	 */
	private linearizedPages(head: Buffer, start: number): number {
		const lexer = new PdfLexer(head, 0, this.budget);
		integerOf(lexer.value());
		integerOf(lexer.value());
		if (lexer.word() !== 'obj') unreadable();
		const dict = lexer.value();
		if (!(dict instanceof PdfDict && dict.has('Linearized')) || dict.get('L') !== this.bytes.size)
			return 0;
		// White space as pdf.js and poppler skip it before a table.
		const end = /endobj[ \t\r\n]*/.exec(head.toString('latin1', 0, TAIL));
		if (!end || end.index + end[0].length !== start) readDifferently();
		const pages = dict.get('N');
		return typeof pages === 'number' && Number.isSafeInteger(pages) && pages > 0 ? pages : 0;
	}

	/** From the newest: each table's /XRefStm (a hybrid file's), then /Prev, each read once. */
	private async readChain(newest: number): Promise<void> {
		const queue = [{ offset: newest, level: 0, stream: false }];
		for (let next = 0; next < queue.length; next++) {
			const { offset, level, stream } = queue[next];
			if (next >= MAX_SECTIONS || queue.findIndex((each) => each.offset === offset) < next)
				unreadable();
			this.budget.step(OBJECT_COST);
			this.sections.push({ ...(await this.sectionAt(offset, stream)), level });
			const { trailer, streamAt } = this.sections[next];
			if (trailer.has('XRefStm')) {
				if (streamAt >= 0) readDifferently();
				queue.push({ offset: integerOf(trailer.get('XRefStm')), level, stream: true });
			}
			if (trailer.has('Prev'))
				queue.push({ offset: integerOf(trailer.get('Prev')), level: level + 1, stream: false });
		}
	}

	private async sectionAt(offset: number, stream: boolean) {
		const bytes = this.bytes.at(offset);
		const lexer = new PdfLexer(bytes, 0, this.budget);
		if (spells(bytes, 0, 'xref') && !isDigit(bytes[4]) && lexer.word() === 'xref') {
			if (stream) readDifferently();
			return { ...tableSection(lexer, this.budget), streamAt: -1 };
		}
		if (!isDigit(bytes[0])) unreadable();
		const { value, data } = await this.objectIn(bytes);
		const dict = dictOf(value);
		if (dict.get('Type') !== 'XRef' || !data) unreadable();
		// A cross-reference stream is never encrypted.
		const decoded = await decodeStream(dict, data, this.budget);
		return { ...streamSection(dict, decoded, this.budget), streamAt: offset };
	}

	/**
	 * Each number's entry in the newest section listing it. Every in-use entry of every section
	 * must be at a header of its number and generation; a number in a table and in its /XRefStm
	 * is read differently (pdf.js takes the table's, others the stream's).
	 */
	private choose(): void {
		const { sections, budget } = this;
		const { offsets, numbers, gens } = this.bytes.headers;
		const keys = new Float64Array(sections.reduce((sum, { rows }) => sum + rows.length / 4, 0));
		let filled = 0;
		sections.forEach(({ rows }, order) => {
			budget.step(rows.length / 4);
			for (let row = 0; row < rows.length; row += 4) {
				const [number, kind, first] = [rows[row], rows[row + 1], rows[row + 2]];
				if (number === 0 && kind !== FREE) unreadable();
				if (kind === AT) {
					const header = lastAtOrBefore(offsets, first);
					if (offsets[header] !== first || numbers[header] !== number) unreadable();
					if (gens[header] !== rows[row + 3]) unreadable();
				}
				keys[filled++] = (number * MAX_SECTIONS + order) * ROWS + row / 4;
			}
		});
		keys.sort();
		// Each number's first key is the newest section's, chosen; one of the same update is read differently.
		const chosen = chosenRows(keys.length);
		let [count, lastOrder] = [0, -1];
		for (const key of keys) {
			const row = key % ROWS;
			const order = ((key - row) / ROWS) % MAX_SECTIONS;
			const { rows, level } = sections[order];
			if (count > 0 && rows[4 * row] === chosen.numbers[count - 1]) {
				if (level === sections[lastOrder].level) readDifferently();
				continue;
			}
			lastOrder = order;
			chosen.numbers[count] = rows[4 * row];
			chosen.kinds[count] = rows[4 * row + 1];
			chosen.first[count] = rows[4 * row + 2];
			chosen.second[count++] = rows[4 * row + 3];
		}
		// The numbers chosen are the ones looked up: the rows past them are never read.
		this.chosen = { ...chosen, numbers: chosen.numbers.subarray(0, count) };
	}

	/**
	 * The headers the read found, as a scan of them reads (the last of a number, at its highest
	 * generation), must be the chain's choices: no definition is left that a rebuilt table would take.
	 */
	private agreeWithHeaders(): void {
		const { offsets, numbers, gens } = this.bytes.headers;
		this.budget.step(offsets.length);
		const keys = new Float64Array(offsets.length);
		for (let at = 0; at < offsets.length; at++) {
			if (numbers[at] > MAX_NUMBER || offsets[at] >= OFFSETS) readDifferently();
			keys[at] = numbers[at] * OFFSETS + at;
		}
		keys.sort();
		for (let at = 0; at < keys.length; at++) {
			const [header, next] = [keys[at] % OFFSETS, keys[at + 1] % OFFSETS];
			const [number, offset] = [numbers[header], offsets[header]];
			if (at + 1 < keys.length && numbers[next] === number) {
				// An earlier header of a higher generation: a rebuild may take either.
				if (gens[next] < gens[header]) readDifferently();
				continue;
			}
			const chosen = this.indexOf(number);
			// A cross-reference stream of the chain need not list itself.
			if (chosen < 0 && this.sections.some(({ streamAt }) => streamAt === offset)) continue;
			if (chosen < 0 || this.chosen.kinds[chosen] !== AT || this.chosen.first[chosen] !== offset)
				readDifferently();
		}
	}

	/** Every object stream the read kept: the chain's choice for its number, its table read once. */
	private async readObjectStreams(): Promise<void> {
		const { offsets, numbers } = this.bytes.headers;
		this.streamNumbers = Float64Array.from(this.bytes.objectStreams, (offset) => {
			const number = numbers[lastAtOrBefore(offsets, offset)];
			if (this.chosen.first[this.indexOf(number)] !== offset) readDifferently();
			return number;
		}).sort();
		for (const number of this.streamNumbers) {
			const chosen = this.indexOf(number);
			const ref = { ref: number, gen: this.chosen.second[chosen] };
			const { value, data } = await this.objectIn(this.bytes.at(this.chosen.first[chosen]), ref);
			const dict = dictOf(value);
			if (dict.get('Type') !== 'ObjStm' || !data) unreadable();
			if (this.decrypt) this.budget.step(data.length);
			const decrypted = this.decrypt ? this.decrypt(data, ref.ref, ref.gen) : data;
			const decoded = await decodeStream(dict, decrypted, this.budget);
			this.budget.objectStreamBytes(decoded.length);
			this.streams.push(new ObjectStream(dict, decoded, this.budget));
		}
		// Each compressed choice names a stream read here, at an index that lists its number.
		const { kinds, first, second, numbers: chosen } = this.chosen;
		for (let at = 0; at < chosen.length; at++) {
			if (kinds[at] !== COMPRESSED) continue;
			const stream = this.streamOf(first[at]);
			if (second[at] >= stream.numbers.length || stream.numbers[second[at]] !== chosen[at])
				readDifferently();
		}
	}

	private streamOf(number: number): ObjectStream {
		const at = lastAtOrBefore(this.streamNumbers, number);
		return this.streamNumbers[at] === number ? this.streams[at] : readDifferently();
	}

	private indexOf(number: number): number {
		this.budget.step(1);
		const at = lastAtOrBefore(this.chosen.numbers, number);
		return this.chosen.numbers[at] === number ? at : -1;
	}

	/**
	 * The page tree (ISO 32000-1, 7.7.3) where it has one reading: nodes of /Type /Pages with /Kids,
	 * leaves of /Type /Page, each given directly, each met once. The larger of the root's /Count and
	 * the leaves.
	 */
	private async pageTreeCount(catalogRef: PdfRef): Promise<number> {
		const catalog = dictOf(await this.fetch(catalogRef));
		const root = catalog.get('Pages');
		if (!isRef(root)) unreadable();
		const pages = dictOf(await this.fetch(root));
		if (pages.get('Type') !== 'Pages') readDifferently();
		let count = pages.get('Count');
		if (isRef(count)) count = await this.fetch(count);
		if (!(typeof count === 'number' && Number.isSafeInteger(count) && count >= 0))
			readDifferently();
		return Math.max(count, await this.leaves(root));
	}

	/** The tree's leaves, depth first; a node met twice (shared or a cycle) is read differently. */
	private async leaves(root: PdfRef): Promise<number> {
		let found = 0;
		const stack: PdfValue[] = [root];
		while (stack.length > 0) {
			const ref = stack.pop();
			if (!isRef(ref)) readDifferently();
			const at = this.indexOf(ref.ref);
			if (at < 0 || this.chosen.visited[at]) readDifferently();
			this.chosen.visited[at] = 1;
			this.budget.step(1);
			const node = dictOf(await this.fetch(ref));
			const type = node.get('Type');
			if (type === 'Page' && !node.has('Kids')) found++;
			else if (type === 'Pages') {
				const kids = node.get('Kids');
				if (!Array.isArray(kids)) readDifferently();
				this.budget.step(kids.length);
				for (let at = kids.length - 1; at >= 0; at--) stack.push(kids[at]);
			} else readDifferently();
		}
		return found;
	}

	/** The object `ref` names: in use, of that generation, no stream unless `stream`. */
	async fetch(ref: PdfRef, plain = false): Promise<PdfValue> {
		this.budget.step(OBJECT_COST);
		const at = this.indexOf(ref.ref);
		const kind = at < 0 ? FREE : this.chosen.kinds[at];
		if (kind === FREE) unreadable();
		if (kind === COMPRESSED) {
			if (plain || ref.gen !== 0) readDifferently();
			return this.streamOf(this.chosen.first[at]).value(this.chosen.second[at]);
		}
		if (ref.gen !== this.chosen.second[at]) readDifferently();
		return (await this.objectIn(this.bytes.at(this.chosen.first[at]), ref, false)).value;
	}

	/** The object at the start of `bytes` (`ref`'s where given): `N G obj`, its value, then `endobj` or a stream's data. */
	private async objectIn(
		bytes: Buffer,
		ref?: PdfRef,
		stream = true,
	): Promise<{ value: PdfValue; data?: Buffer }> {
		const lexer = new PdfLexer(bytes, 0, this.budget);
		const [number, gen] = [integerOf(lexer.value()), integerOf(lexer.value())];
		if (lexer.word() !== 'obj' || (ref && (number !== ref.ref || gen !== ref.gen))) unreadable();
		const value = lexer.value();
		const word = lexer.word();
		if (word === 'endobj') return { value };
		if (word !== 'stream' || !(value instanceof PdfDict)) unreadable();
		// A stream where a dictionary or a number is read: pdf.js takes it as neither.
		if (!stream) readDifferently();
		// The data starts after the keyword's line end, CR LF or LF (a CR alone readers take apart).
		if (bytes[lexer.at] === CR) lexer.at++;
		if (bytes[lexer.at] !== LF) readDifferently();
		const start = lexer.at + 1;
		let length = value.get('Length');
		if (isRef(length) && ref) length = await this.fetch(length, true);
		const size = integerOf(length);
		if (size > MAX_STREAM_BYTES) overBudget();
		// `endstream` where /Length ends the data: else readers find its end differently.
		const end = endstreamAfter(bytes, start + size);
		if (end < 0) readDifferently();
		lexer.at = end;
		if (lexer.word() !== 'endobj') unreadable();
		return { value, data: bytes.subarray(start, start + size) };
	}
}

/**
 * Where the chain starts: the last `startxref` in the last 1,024 bytes, then only its offset and
 * `%%EOF` on lines of their own; pdf.js reads the digits after spaces, tabs and line ends only.
 */
function chainStart(tail: Buffer, budget: PdfBudget): number {
	const window = tail.subarray(Math.max(0, tail.length - TAIL));
	budget.step(window.length);
	const last = window.toString('latin1', Math.max(0, window.lastIndexOf('startxref')));
	const offset = /^startxref[ \t\r\n]+(\d{1,15})[ \t]*[\r\n][ \t\r\n]*%%EOF[ \t\r\n]*$/.exec(last);
	return offset ? Number(offset[1]) : unreadable();
}
