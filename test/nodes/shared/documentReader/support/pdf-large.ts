/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Large PDFs as producers lay them out (pdfLarge.test.ts, large.js): each real producer's image PDF
// of fixtures/ grown by support/pdf-grow.ts to a size, counted by the reader in one read of the
// document and by poppler's pdfinfo, the grown bytes streamed to it on its standard input.
import { spawn } from 'node:child_process';
import { readPdfPages } from '../../../../../nodes/shared/documentReader/pdfPages';
import { pdfFixture } from './pdf';
import { growPdf, type GrownPdf } from './pdf-grow';

const MB = 1024 * 1024;

/** The seven producers' layouts: img2pdf's two writers, qpdf linearized and with object streams, mutool clean, Ghostscript, pdfunite. */
export const LAYOUTS = [
	'img2pdf-four-pages.pdf',
	'img2pdf-internal-four-pages.pdf',
	'qpdf-linearized-images.pdf',
	'mutool-clean-images.pdf',
	'qpdf-object-streams-images.pdf',
	'gs-pdfwrite-images.pdf',
	'pdfunite-eight-pages.pdf',
];
/** The sizes each layout is grown to, in MB: up to Fax.Plus's 150. */
export const SIZES = [20, 64, 100, 150];

/** pdfinfo's count of a grown document, its bytes piped to it (`fd://0`), never written to disk. */
export async function pdfinfoPages(grown: GrownPdf): Promise<number | undefined> {
	const child = spawn('pdfinfo', ['fd://0'], { stdio: ['pipe', 'pipe', 'ignore'] });
	let out = '';
	child.stdout.setEncoding('latin1');
	child.stdout.on('data', (chunk: string) => (out += chunk));
	const ended = new Promise<void>((resolve, reject) => {
		child.once('error', reject);
		child.once('close', () => resolve());
	});
	child.stdin.on('error', () => {}); // pdfinfo may stop reading early: its answer still counts
	for await (const piece of await grown.open()) {
		if (child.stdin.destroyed) break;
		if (!child.stdin.write(piece))
			await new Promise<void>((resolve) => {
				const done = () => {
					child.stdin.off('drain', done);
					child.stdin.off('close', done);
					resolve();
				};
				child.stdin.on('drain', done);
				child.stdin.on('close', done);
			});
	}
	child.stdin.end();
	await ended;
	const found = /^Pages:\s+(\d+)/m.exec(out);
	return found ? Number(found[1]) : undefined;
}

export interface LargeCount {
	name: string;
	megabytes: number;
	size: number;
	/** The reader's count, and how many times it opened the document. */
	pages: number | undefined;
	reads: number;
	pdfinfo: number | undefined;
	work: { total: number; limit: number } | undefined;
	/** The CPU of the reader's read alone. */
	cpuMs: number;
}

/** `name` grown to `megabytes`, counted by the reader and by pdfinfo. */
export async function countLarge(name: string, megabytes: number): Promise<LargeCount> {
	const grown = growPdf(pdfFixture(name), megabytes * MB);
	const start = process.cpuUsage();
	const { pages, work } = await readPdfPages(grown.open);
	const used = process.cpuUsage(start);
	const reads = grown.opened;
	const pdfinfo = await pdfinfoPages(grown);
	return {
		name,
		megabytes,
		size: grown.size,
		pages,
		reads,
		pdfinfo,
		work: work && { total: work.total, limit: work.limit },
		cpuMs: (used.user + used.system) / 1000,
	};
}

/** What pdfLarge.test.ts checks: one size a layout, every size among them (large.js --all checks all 28). */
export const TEST_CASES: Array<[string, number]> = [
	['img2pdf-four-pages.pdf', 20],
	['img2pdf-internal-four-pages.pdf', 150],
	['qpdf-linearized-images.pdf', 64],
	['mutool-clean-images.pdf', 100],
	['qpdf-object-streams-images.pdf', 20],
	['gs-pdfwrite-images.pdf', 20],
	['pdfunite-eight-pages.pdf', 20],
];
