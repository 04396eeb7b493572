// Pages of a document counted before upload: Max Pages and Send's `pages`.
import { documentInMemory } from '../../../../../nodes/FaxPlus/fax/send/documents';
import { pagesOf } from '../../../../../nodes/FaxPlus/fax/send/pageCount';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { makePdf, makePagedPdf, TIFF } = require('../../../../server/media') as {
	makePdf: (lines: string[]) => Buffer;
	makePagedPdf: (pages: number, compressedTree?: boolean) => Buffer;
	TIFF: Buffer;
};

const document = (data: Buffer, mimeType: string) =>
	documentInMemory({ field: 'data', fileName: 'a', mimeType, format: 'pdf' }, data);

describe('Page count', () => {
	it('counts the page objects of a PDF, not its page tree node', async () => {
		expect(await pagesOf(document(makePdf(['One page']), 'application/pdf'))).toBe(1);
		expect(await pagesOf(document(makePagedPdf(2000), 'application/pdf'))).toBe(2000);
	});

	it("takes the page tree's count when the page objects are compressed", async () => {
		expect(await pagesOf(document(makePagedPdf(37, true), 'application/pdf'))).toBe(37);
	});

	it('stops counting at 100,000 pages: a forged count or image chain costs no more', async () => {
		const forged = Buffer.from(
			`%PDF-1.4\n1 0 obj << /Type /Pages /Count ${'9'.repeat(400)} >> endobj\n`,
		);
		expect(await pagesOf(document(forged, 'application/pdf'))).toBe(100_000);
		// 200,000 image directories of no entries, each pointing to the next.
		const chain = Buffer.alloc(8 + 200_000 * 6);
		chain.write('II', 0, 'latin1');
		chain.writeUInt16LE(42, 2);
		chain.writeUInt32LE(8, 4);
		for (let i = 0; i < 200_000; i++) {
			const at = 8 + i * 6;
			chain.writeUInt32LE(i === 199_999 ? 0 : at + 6, at + 2);
		}
		expect(await pagesOf(document(chain, 'image/tiff'))).toBe(100_000);
	});

	it('counts a marker split between two chunks once', async () => {
		const pdf = makePagedPdf(3);
		const at = pdf.indexOf('/Type /Page ') + 4;
		const split = {
			...document(pdf, 'application/pdf'),
			open: async () =>
				(async function* () {
					yield pdf.subarray(0, at);
					yield pdf.subarray(at);
				})(),
		};
		expect(await pagesOf(split)).toBe(3);
	});

	it('counts the images of a TIFF under either MIME type; a TIFF too large to walk is not counted', async () => {
		const threeImages = Buffer.alloc(8 + 3 * 6);
		threeImages.write('MM', 0, 'latin1');
		threeImages.writeUInt16BE(42, 2);
		threeImages.writeUInt32BE(8, 4);
		for (let i = 0; i < 3; i++)
			threeImages.writeUInt32BE(i === 2 ? 0 : 8 + (i + 1) * 6, 8 + i * 6 + 2);
		expect(await pagesOf(document(threeImages, 'image/tiff'))).toBe(3);
		expect(await pagesOf(document(threeImages, 'image/tif'))).toBe(3);
		const tooLarge = { ...document(threeImages, 'image/tiff'), size: 64 * 1024 * 1024 + 1 };
		expect(await pagesOf(tooLarge)).toBeUndefined();
	});

	it('counts the images of a TIFF, one page for other images, none for other formats', async () => {
		expect(await pagesOf(document(TIFF, 'image/tiff'))).toBe(1);
		expect(await pagesOf(document(Buffer.from('x'), 'image/png'))).toBe(1);
		expect(await pagesOf(document(Buffer.from('Hello'), 'text/plain'))).toBeUndefined();
	});
});
