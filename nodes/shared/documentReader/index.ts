// The document reader's entry: a document's kind and pages, from its bytes (README.md: the contract).
import { PEEK_BYTES, kindOf, type DocumentKind } from './documentKind';
import type { Open } from './pdfBytes';
import { readPdfPages } from './pdfPages';
import { textPages } from './textPages';

export { KIND_TYPES, type DocumentKind } from './documentKind';

/** TIFFs and GIFs up to this size are read whole to walk their images. */
const MAX_IMAGE_BYTES = 64 * 1024 * 1024;
/** Past this many pages a count stops: any Max Pages refuses it, and a forged file costs no more. */
const MOST_PAGES = 100_000;

/** What a document is (`other`: what its label says, uncounted) and its pages. */
export interface DocumentRead {
	kind: DocumentKind;
	/** Undefined where the pages cannot be counted (Word, HTML, a file its label does not match…). */
	pages: number | undefined;
	/** The count stopped at the most asked: the document has at least `pages`. */
	cut?: true;
}

/**
 * Opened once for kind and pages; the label decides only between text and what no signature names.
 * Text is counted up to `mostPages` only: a limit's refusal reads no more than the limit's worth.
 */
export async function readDocument(
	document: { open: Open; mimeType: string; size: number },
	mostPages = MOST_PAGES,
): Promise<DocumentRead> {
	const iterator = (await document.open())[Symbol.asyncIterator]();
	try {
		const { first, open } = await peek(document.open, iterator);
		const kind = kindOf(first, document.mimeType.toLowerCase());
		if (kind === 'pdf' || kind === 'maybePdf') {
			const { pages } = await readPdfPages(open);
			if (pages !== undefined) return { kind: 'pdf', pages: Math.min(pages, MOST_PAGES) };
			// Bytes before `%PDF-`: a PDF if it reads as one, else what its label says, uncounted.
			return { kind: kind === 'pdf' ? kind : 'other', pages };
		}
		if (kind === 'other') return { kind, pages: undefined };
		if (kind === 'text') {
			const most = Math.max(1, Math.min(mostPages, MOST_PAGES));
			const pages = await textPages(open, most);
			return pages < most ? { kind, pages } : { kind, pages, cut: true };
		}
		return { kind, pages: await imagePages(kind, open, document.size) };
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

async function imagePages(kind: DocumentKind, open: Open, size: number) {
	if (kind !== 'tiff' && kind !== 'gif') return 1;
	if (size > MAX_IMAGE_BYTES) return undefined;
	const parts: Uint8Array[] = [];
	for await (const chunk of await open()) parts.push(chunk);
	const data = Buffer.concat(parts);
	return kind === 'tiff' ? tiffPages(data) : gifFrames(data);
}

/** A TIFF's image directories, each counted once: a chain that comes back to one ends there. */
function tiffPages(data: Buffer): number | undefined {
	if (data.length < 8) return undefined;
	const little = data.toString('latin1', 0, 2) === 'II';
	const u16 = (at: number) => (little ? data.readUInt16LE(at) : data.readUInt16BE(at));
	const u32 = (at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));
	// A bit for each offset in the file: whatever offsets the file chooses, a look-up is one step.
	const seen = new Uint8Array((data.length >> 3) + 1);
	let pages = 0;
	for (let offset = u32(4); offset !== 0 && offset + 2 <= data.length;) {
		const bit = 1 << (offset & 7);
		if (seen[offset >> 3] & bit) break;
		seen[offset >> 3] |= bit;
		if (++pages >= MOST_PAGES) break;
		// An image directory: a count of 12-byte entries, then the offset of the next one.
		const next = offset + 2 + u16(offset) * 12;
		if (next + 4 > data.length) break;
		offset = u32(next);
	}
	return pages || undefined;
}

/** A GIF's images (an animation's frames: a converter may fax each as a page), one pass over its blocks. */
function gifFrames(data: Buffer): number | undefined {
	const colorTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
	/** Past a chain of sub-blocks: each a length byte and that many bytes, ending with length 0. */
	const subBlocks = (at: number) => {
		while (at < data.length) {
			const length = data[at];
			at += 1 + length;
			if (length === 0) break;
		}
		return at;
	};
	if (data.length < 13) return undefined;
	let at = 13 + colorTable(data[10]);
	let frames = 0;
	while (at < data.length && frames < MOST_PAGES) {
		const block = data[at];
		if (block === 0x3b) break;
		if (block === 0x21) at = subBlocks(at + 2);
		else if (block === 0x2c) {
			frames++;
			if (at + 10 > data.length) break;
			at = subBlocks(at + 10 + colorTable(data[at + 9]) + 1);
		} else return undefined; // Not a block GIF has: what a reader makes of the rest is not known.
	}
	return frames || undefined;
}
