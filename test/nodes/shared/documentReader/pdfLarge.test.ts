// Large PDFs as producers write them, counted in one read of the document within the budget: each
// real producer's layout of fixtures/ (img2pdf's two writers, qpdf's linearized and object-stream
// layouts, mutool clean, Ghostscript, pdfunite) grown by support/pdf-grow.ts to one of 20, 64, 100
// and 150 MB, their page objects between images tens of megabytes from either end, each count
// pdfinfo's (the grown bytes piped to it). Every layout at every size:
// `node scripts/with-node.js node test/nodes/shared/documentReader/large.js --all`.
import { countLarge, TEST_CASES } from './support/pdf-large';

describe('large PDFs as producers write them: counted as pdfinfo counts them, in one read, within the budget', () => {
	it.each(TEST_CASES)('%s grown to %i MB', async (name, megabytes) => {
		const { pages, reads, pdfinfo, work } = await countLarge(name, megabytes);
		expect(pdfinfo).toBeGreaterThan(0);
		expect({ pages, reads }).toEqual({ pages: pdfinfo, reads: 1 });
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});
});
