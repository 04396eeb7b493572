// Pages of a document counted before upload: Max Pages and Send's `pages`.
import { documentInMemory } from '../../../../../nodes/FaxPlus/fax/shared/documents';
import { pagesOf, totalPages } from '../../../../../nodes/FaxPlus/fax/shared/pageCount';

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

	it('counts the images of a TIFF, one page for other images, none for other formats', async () => {
		expect(await pagesOf(document(TIFF, 'image/tiff'))).toBe(1);
		expect(await pagesOf(document(Buffer.from('x'), 'image/png'))).toBe(1);
		expect(await pagesOf(document(Buffer.from('Hello'), 'text/plain'))).toBeUndefined();
		expect(
			await totalPages([
				document(makePdf(['a']), 'application/pdf'),
				document(makePagedPdf(4), 'application/pdf'),
			]),
		).toBe(5);
		expect(
			await totalPages([
				document(makePdf(['a']), 'application/pdf'),
				document(Buffer.from('Hello'), 'text/plain'),
			]),
		).toBeUndefined();
	});
});
