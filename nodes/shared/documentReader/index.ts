// The document reader's entry: a document's kind and pages, from its bytes (README.md: the contract).
import { PEEK_BYTES, kindOf, type DocumentKind } from './documentKind';
import type { Open } from './pdfBytes';
import { MOST_PAGES, readPdfPages } from './pdfPages';
import { refusalOf, type PdfRefusal } from './pdfSyntax';
import { writePdf, type WrittenPdf } from './pdfWriter';
import { textPages } from './textPages';

export { KIND_TYPES, type DocumentKind } from './documentKind';
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
/** What a document is and its pages (README.md, "Entry"). */
export interface DocumentRead {
	kind: DocumentKind;
	pages: number | undefined;
	cut?: true;
	refused?: PdfRefusal;
	written?: WrittenPdf;
}
// Text is counted up to `mostPages` only: a limit's refusal reads no more than the limit's worth.
export async function readDocument(
	document: { open: Open; mimeType: string; size: number },
	mostPages = MOST_PAGES,
): Promise<DocumentRead> {
	const iterator = (await document.open())[Symbol.asyncIterator]();
	try {
		const { first, open } = await peek(document.open, iterator);
		const kind = kindOf(first, document.mimeType.toLowerCase());
		if (kind === 'pdf' || kind === 'maybePdf') {
			const read = await readPdfPages(open);
			// The PDF written from the reading, or why the writer's first pass refused it.
			const written = read.file && (await writePdf(read.file, document.open).catch(refusalOf));
			if (typeof written === 'object') return { kind: 'pdf', pages: read.pages, written };
			// Bytes before `%PDF-`: a PDF where its structure reads, else what its label says, uncounted.
			return kind === 'pdf'
				? { kind: 'pdf', pages: undefined, refused: written ?? read.refused }
				: { kind: 'other', pages: undefined };
		}
		if (kind === 'other') return { kind, pages: undefined };
		if (kind === 'text') {
			const most = Math.max(1, Math.min(mostPages, MOST_PAGES));
			const pages = await textPages(open, most);
			return pages < most ? { kind, pages } : { kind, pages, cut: true };
		}
		if (kind !== 'tiff' && kind !== 'gif') return { kind, pages: 1 };
		if (document.size > MAX_IMAGE_BYTES) return { kind, pages: undefined };
		const pages = kind === 'tiff' ? tiffPages(open, document.size) : gifFrames(open);
		return { kind, pages: await pages };
	} finally {
		await iterator.return?.();
	}
}
/** The first bytes, and an `open` whose first call goes on reading them from where the peek stopped. */
async function peek(reopen: Open, iterator: AsyncIterator<Uint8Array>) {
	const chunks: Uint8Array[] = [];
	let size = 0;
	let ended = false;
	while (size < PEEK_BYTES) {
		const next = await iterator.next();
		if ((ended = next.done === true)) break;
		chunks.push(next.value);
		size += next.value.byteLength;
	}
	let fresh = true;
	const open: Open = async () => {
		if (!fresh) return await reopen();
		fresh = false;
		return (async function* () {
			yield* chunks;
			if (ended) return;
			for (let next; !(next = await iterator.next()).done;) yield next.value;
		})();
	};
	// Only the bytes peeked are copied, however large the first piece (a text held whole).
	return { first: Buffer.concat(chunks, Math.min(size, PEEK_BYTES)), open };
}
/** A document's bytes read forward, never copied whole: a byte, a skip, a few bytes at once. */
class Bytes {
	private chunk = Buffer.alloc(0);
	private at = 0;
	private base = 0; // the chunk's offset in the document
	constructor(private readonly iterator: AsyncIterator<Uint8Array>) {}
	get offset(): number {
		return this.base + this.at;
	}
	/** -1 at the end. */
	async byte(): Promise<number> {
		while (this.at >= this.chunk.length) if (!(await this.nextChunk())) return -1;
		return this.chunk[this.at++];
	}
	/** Past `count` bytes; whether the document had them. */
	async skip(count: number): Promise<boolean> {
		for (let left = count; ;) {
			const taken = Math.min(left, this.chunk.length - this.at);
			[this.at, left] = [this.at + taken, left - taken];
			if (left === 0) return true;
			if (!(await this.nextChunk())) return false;
		}
	}
	/** The next `count` bytes (few), or undefined past the end. */
	async read(count: number): Promise<Buffer | undefined> {
		const out = Buffer.alloc(count);
		for (let filled = 0; filled < count; filled++) {
			const byte = await this.byte();
			if (byte < 0) return undefined;
			out[filled] = byte;
		}
		return out;
	}
	/** Past a chain of GIF sub-blocks (a length byte, that many bytes, up to length 0); whether it ended. */
	async subBlocks(): Promise<boolean> {
		for (;;) {
			const { chunk } = this;
			// Past the chunk's end a byte is undefined: no sub-block.
			while (chunk[this.at] > 0 && this.at + chunk[this.at] < chunk.length)
				this.at += chunk[this.at] + 1;
			const length = await this.byte();
			if (length <= 0) return length === 0;
			if (!(await this.skip(length))) return false;
		}
	}
	async end(): Promise<void> {
		await this.iterator.return?.();
	}
	private async nextChunk(): Promise<boolean> {
		this.base += this.chunk.length;
		this.at = 0;
		const next = await this.iterator.next();
		this.chunk = next.done
			? Buffer.alloc(0)
			: Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
		return !next.done;
	}
}
/** Reads of a TIFF: a directory before the one read last starts a read from the beginning. */
const TIFF_READS = 4;
// A TIFF's image directories, each counted once (a chain that comes back to one ends there).
async function tiffPages(open: Open, size: number): Promise<number | undefined> {
	// A bit for each offset in the file: whatever offsets the file chooses, a look-up is one step.
	const seen = new Uint8Array((size >> 3) + 1);
	let [little, pages, directory] = [false, 0, -1];
	const u16 = (bytes: Buffer) => (little ? bytes.readUInt16LE(0) : bytes.readUInt16BE(0));
	const u32 = (bytes: Buffer) => (little ? bytes.readUInt32LE(0) : bytes.readUInt32BE(0));
	for (let read = 0; read < TIFF_READS; read++) {
		const bytes = new Bytes((await open())[Symbol.asyncIterator]());
		try {
			if (directory < 0) {
				const header = await bytes.read(8);
				if (!header) return undefined;
				little = header.toString('latin1', 0, 2) === 'II';
				directory = u32(header.subarray(4));
			}
			for (;;) {
				if (directory === 0 || directory + 2 > size || pages >= MOST_PAGES)
					return pages || undefined;
				const bit = 1 << (directory & 7);
				if (seen[directory >> 3] & bit) return pages || undefined;
				if (directory < bytes.offset) break;
				seen[directory >> 3] |= bit;
				pages++;
				await bytes.skip(directory - bytes.offset);
				const entries = await bytes.read(2);
				if (!entries || !(await bytes.skip(u16(entries) * 12))) return pages;
				const next = await bytes.read(4);
				if (!next) return pages;
				directory = u32(next);
			}
		} finally {
			await bytes.end();
		}
	}
	return undefined;
}
/** A GIF's images (an animation's frames: a converter may fax each as a page), one pass over its blocks. */
async function gifFrames(open: Open): Promise<number | undefined> {
	const bytes = new Bytes((await open())[Symbol.asyncIterator]());
	const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
	try {
		const screen = await bytes.read(13);
		if (!screen || !(await bytes.skip(colorTable(screen[10])))) return undefined;
		let frames = 0;
		while (frames < MOST_PAGES) {
			const block = await bytes.byte();
			if (block < 0 || block === 0x3b) break;
			if (block === 0x21) {
				if ((await bytes.byte()) < 0) break;
				await bytes.subBlocks();
			} else if (block === 0x2c) {
				frames++;
				const image = await bytes.read(9);
				if (!image || !(await bytes.skip(colorTable(image[8]) + 1))) break;
				await bytes.subBlocks();
			} else return undefined; // Not a block GIF has: what a reader makes of the rest is not known.
		}
		return frames || undefined;
	} finally {
		await bytes.end();
	}
}
