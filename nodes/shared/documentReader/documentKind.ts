// What a document is, by its first bytes: the type Send counts and uploads, whatever its file name or MIME type says.

/** Kinds whose pages are counted; `other` (Word, HTML, RTF, a file its label does not match…) cannot be. */
export type DocumentKind = 'pdf' | 'tiff' | 'png' | 'jpeg' | 'gif' | 'bmp' | 'text' | 'other';
/** The type each kind read from the bytes is uploaded as: MIME type and file name extension. */
export const KIND_TYPES = {
	pdf: { mimeType: 'application/pdf', extension: 'pdf' },
	tiff: { mimeType: 'image/tiff', extension: 'tiff' },
	png: { mimeType: 'image/png', extension: 'png' },
	jpeg: { mimeType: 'image/jpeg', extension: 'jpg' },
	gif: { mimeType: 'image/gif', extension: 'gif' },
	bmp: { mimeType: 'image/bmp', extension: 'bmp' },
	// Counted as text, so uploaded as text: Fax.Plus reads the type from the name, which a label of text/plain may not match.
	text: { mimeType: 'text/plain', extension: 'txt' },
} as const;
// The bytes peeked for `%PDF-`. Producers write junk before it, and pdf.js and qpdf read a PDF from its
// end whatever comes first (1,100 bytes of junk or more): this far in, it is never text.
export const PEEK_BYTES = 64 * 1024;
const OLE2 = '\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1';
/** Sizes of the header BMP's versions put after its file header. */
const BMP_HEADER_SIZES = [12, 40, 52, 56, 64, 108, 124];
const startsWith = (bytes: Buffer, text: string) =>
	bytes.subarray(0, text.length).equals(Buffer.from(text, 'latin1'));
/** The kind by first bytes and label; `maybePdf`: `%PDF-` after other bytes, or none where the label says PDF (a PDF if it reads). */
export function kindOf(first: Buffer, labelMimeType: string): DocumentKind | 'maybePdf' {
	if (startsWith(first, 'II*\0') || startsWith(first, 'MM\0*')) return 'tiff';
	if (startsWith(first, '\x89PNG\r\n\x1a\n')) return 'png';
	if (startsWith(first, '\xff\xd8\xff')) return 'jpeg';
	if (startsWith(first, 'GIF87a') || startsWith(first, 'GIF89a')) return 'gif';
	// "BM" alone starts words too: the reserved fields are zero and the next header has a known size.
	const bmpHeader = first.length >= 18 && BMP_HEADER_SIZES.includes(first.readUInt32LE(14));
	if (startsWith(first, 'BM') && bmpHeader && first.readUInt32LE(6) === 0) return 'bmp';
	// Zip (DOCX, ODT…), OLE2 (DOC, XLS…) and RTF hold pages only their application lays out.
	if (startsWith(first, 'PK') || startsWith(first, OLE2) || startsWith(first, '{\\rtf'))
		return 'other';
	const pdfAt = first.subarray(0, PEEK_BYTES).indexOf('%PDF-');
	if (pdfAt === 0) return 'pdf';
	if (pdfAt > 0 || labelMimeType === 'application/pdf') return 'maybePdf';
	if (labelMimeType !== 'text/plain') return 'other';
	// Text unless HTML starts it, after a UTF-8 mark and white space as `\s` reads Latin-1: no pattern.
	let at = startsWith(first, '\xef\xbb\xbf') ? 3 : 0;
	while ([9, 10, 11, 12, 13, 32, 160].includes(first[at])) at++;
	const start = first.toString('latin1', at, at + 14).toLowerCase();
	return start.startsWith('<!doctype html') || start.startsWith('<html') ? 'other' : 'text';
}
