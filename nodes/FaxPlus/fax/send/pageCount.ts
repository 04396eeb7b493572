// Pages of a PDF or TIFF before upload (Max Pages, `pages`); Fax.Plus counts the rest.
import type { FaxDocument } from './documents';
import { pdfPageCount } from './pdfPages';

/** TIFFs up to this size are read whole to walk their images. */
const MAX_TIFF_BYTES = 64 * 1024 * 1024;
/** Past this many pages a count stops: any Max Pages refuses it, and a forged file costs no more. */
const MOST_PAGES = 100_000;

export async function pagesOf(document: FaxDocument): Promise<number | undefined> {
	const type = document.mimeType.toLowerCase();
	if (type === 'application/pdf') {
		const pages = await pdfPageCount(async () => await document.open());
		return pages === undefined ? undefined : Math.min(pages, MOST_PAGES);
	}
	if (type === 'image/tiff' || type === 'image/tif')
		return document.size <= MAX_TIFF_BYTES ? await tiffPages(document) : undefined;
	return type.startsWith('image/') ? 1 : undefined;
}

async function tiffPages(document: FaxDocument): Promise<number | undefined> {
	const parts: Uint8Array[] = [];
	for await (const chunk of await document.open()) parts.push(chunk);
	const data = Buffer.concat(parts);
	if (data.length < 8) return undefined;
	const little = data.toString('latin1', 0, 2) === 'II';
	const u16 = (at: number) => (little ? data.readUInt16LE(at) : data.readUInt16BE(at));
	const u32 = (at: number) => (little ? data.readUInt32LE(at) : data.readUInt32BE(at));
	let offset = u32(4);
	const seen = new Set<number>();
	while (offset !== 0) {
		if (seen.has(offset) || offset + 2 > data.length) break;
		seen.add(offset);
		if (seen.size >= MOST_PAGES) break;
		// An image directory: a count of 12-byte entries, then the offset of the next one.
		const next = offset + 2 + u16(offset) * 12;
		if (next + 4 > data.length) break;
		offset = u32(next);
	}
	return seen.size || undefined;
}
