/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Issue 87's adversary PDFs (test/nodes/shared/documentReader/support/pdf-crafted.ts) read within the read's budget, and its
// crafted 50-page PDFs counted by their leaves, or not at all where no reference names a page.
import { execFileSync, spawnSync } from 'node:child_process';
import { deflateSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import { writePdf } from '../../../../nodes/shared/documentReader/pdfWriter';
import {
	ATTACHED,
	DRAWN,
	freedCount,
	lockedAttachment,
	objectStreamChain,
	overlappingXrefStreams,
	shortKeyRc4,
	withCount,
	wrongGeneration,
	wrongHeaderGeneration,
} from './support/pdf-crafted';
import { appendUpdate, pdfFixture } from './support/pdf';
import { qpdfCheck, writtenPdf } from './support/written';
import { buildPdf, pageTree } from './support/pdf-build';
import { assemble } from './support/pdf-classes';
import { kidsOfOnePage } from './support/pdf-patterns';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS check, shared with fuzz.js and corpus.js
const written = require('./support/writtenCheck') as {
	openBytes: (pdf: Buffer) => () => Promise<AsyncIterable<Uint8Array>>;
};

const read = async (pdf: Buffer) =>
	await readPdfPages(async () =>
		(async function* () {
			for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
		})(),
	);

describe('PDF page count: the adversary documents cost what their size allows', () => {
	it('an object stream of a million `0 0` pairs reached through 28 references: refused within the budget (its objects all at one offset)', async () => {
		const pdf = objectStreamChain();
		expect(pdf.length).toBeLessThan(8 * 1024);
		const { pages, work } = await read(pdf);
		expect(pages).toBeUndefined();
		// Work bounded by the document's size: no more than the limit, which a 5 KB file keeps near 2 M.
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
		expect(work!.limit).toBeLessThan(2.2 * 1024 * 1024);
		// The same chain over a table of 1,000 pairs: no page tree in it, damaged; its stream decoded
		// at the price of its bytes and a stream's fixed cost (pdfFilters.ts).
		const small = await read(objectStreamChain(1000));
		expect({ pages: small.pages, refused: small.refused }).toEqual({
			pages: undefined,
			refused: 'damaged',
		});
		expect(small.work!.total).toBeLessThan(28 * 8192 + 20_000);
	});

	it('100 overlapping unfiltered cross-reference streams with /Predictor 14: refused at the budget, no stream decoded past it', async () => {
		const pdf = await overlappingXrefStreams();
		expect(pdf.length).toBeGreaterThan(1.9 * 1024 * 1024);
		expect(pdf.length).toBeLessThan(2 * 1024 * 1024);
		const { pages, refused, work } = await read(pdf);
		expect({ pages, refused }).toEqual({ pages: undefined, refused: 'budget' });
		// Each section decodes 2 MB (data and predictor output): the one the budget cannot pay for is
		// never decoded.
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});
});

describe('PDF page count: what a read holds is charged', () => {
	it('half a million stray delimiters in an array (read past, as readers do) each cost the budget', async () => {
		// A byte and a token (14) each, the root read once: 20,000 cost 0.3 M units of the 2.3 M a
		// document of their size may spend (the control); half a million 7.5 M, past the 6 M of theirs.
		const empty = await read(await withJunk('[]'));
		const control = await read(await withJunk(`[${'{'.repeat(20_000)}]`));
		expect(control.pages).toBe(50);
		expect(control.work!.total - empty.work!.total).toBeGreaterThanOrEqual(20_000 * 15);
		const { pages, work } = await read(await withJunk(`[${'{'.repeat(500_000)}]`));
		expect(pages).toBeUndefined();
		expect(work!.total).toBeGreaterThan(work!.limit);
	});

	it.each([166_000, 333_000])(
		'a /Kids array of %i references to one page (1 and 2 MB): refused at the budget, read once',
		async (count) => {
			// A reference costs what its object does (30 units and its bytes, `N 0 R `): 1,000 more cost
			// 36,000 more units at least, so 166,000 are past the budget in the array's first read.
			const [few, more] = [1000, 2000].map(kidsOfOnePage);
			const [fewWork, moreWork] = [(await read(few)).work!, (await read(more)).work!];
			expect(moreWork.total - fewWork.total).toBeGreaterThanOrEqual(1000 * (6 + 30));
			const { pages, work } = await read(kidsOfOnePage(count));
			expect(pages).toBeUndefined();
			expect(work!.limit).toBe(6 * 1024 * 1024);
			expect(work!.total).toBeGreaterThan(work!.limit);
		},
	);

	it('an empty dictionary costs what its Map holds: 200,000 of them (800 KB) are past the budget', async () => {
		// 1,000 are read (the control), at 80 units each at least; 200,000 would hold about 20 MB, 25
		// times their bytes.
		const empty = await read(await withJunk('[]'));
		const control = await read(await withJunk(`[${'<<>>'.repeat(1000)}]`));
		expect(control.pages).toBe(50);
		expect(control.work!.total - empty.work!.total).toBeGreaterThanOrEqual(1000 * 80);
		const { pages, work } = await read(await withJunk(`[${'<<>>'.repeat(200_000)}]`));
		expect(pages).toBeUndefined();
		expect(work!.total).toBeGreaterThan(work!.limit);
	});

	it('each `obj` the read looks at for a header costs the budget: 1.5 million in 4.5 MB are past it', async () => {
		// In a name the page tree root holds (in a string, none is looked at): a few thousand are read
		// (the control).
		const padded = async (padding: number) => await withCount(`50 /Junk /${'obj'.repeat(padding)}`);
		expect((await read(await padded(3000))).pages).toBe(50);
		const { pages, work } = await read(await padded(1_500_000));
		expect(pages).toBeUndefined();
		expect(work!.total).toBeGreaterThan(work!.limit);
	});
});

/** The 50-page tree whose root's newest definition holds `/Junk junk`. */
const withJunk = async (junk: string) => await withCount(`50 /Junk ${junk}`);

describe('PDF page count: crafted 50-page PDFs counted by their leaves, whatever /Count says', () => {
	it.each([
		[
			'a cross-reference naming generation 1 where the catalog refers to 0',
			wrongGeneration,
			undefined,
		],
		[
			'an object whose header says generation 1 where its entry says 0',
			wrongHeaderGeneration,
			undefined,
		],
		['a /Count object freed in the newest section (its older definition says 1)', freedCount, 50],
		['/Count 2.5', async () => await withCount('2.5'), 50],
		['/Count (50), a string', async () => await withCount('(50)'), 50],
		['/Count 0', async () => await withCount('0'), 50],
		['/Count -0', async () => await withCount('-0'), 50],
		['/Count 1', async () => await withCount('1'), 50],
		['/Count 9999999999 over one page', async () => await withCount('9999999999', 1), 1],
	])('%s: %s', async (_case, make, expected) => {
		const pdf = await make();
		const { pages, refused, work } = await read(pdf);
		// A reference to another generation names no object: where it is the tree's, no page is found.
		expect({ pages, refused }).toEqual(
			expected === undefined ? { pages, refused: 'damaged' } : { pages: expected, refused },
		);
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});
});

describe('PDF page count: encrypted with the empty user password, the page tree in encrypted object streams', () => {
	it.each([
		['qpdf-rc4-40.pdf', 'RC4, 40 bits (R 2)'],
		['qpdf-rc4-128.pdf', 'RC4, 128 bits (R 3)'],
		['qpdf-aes-128.pdf', 'AES-128 (R 4)'],
		['qpdf-aes-256-r5.pdf', 'AES-256 (R 5)'],
		['qpdf-aes-256.pdf', 'AES-256 (R 6)'],
	])('%s, %s: 5 pages', async (name) => {
		const pdf = pdfFixture(name);
		expect(pdf.includes('/Encrypt')).toBe(true);
		expect(pdf.includes('/ObjStm')).toBe(true);
		expect((await read(pdf)).pages).toBe(5);
	});
});

describe('PDF page count: names with #xx escapes, which every reader decodes', () => {
	/** `pdf` with `from` replaced by `to` of the same length: no offset moves. */
	const swap = (pdf: Buffer, from: string, to: string) => {
		const text = pdf.toString('latin1');
		expect(text.includes(from) && from.length === to.length).toBe(true);
		return Buffer.from(text.replace(from, to), 'latin1');
	};
	// The streamed read compares /First, /XRef and /Length as they read (their `#xx` decoded): an
	// escaped name keeps the stream as qpdf (--check clean), poppler and mupdf read it, 5 pages.
	it('an object stream whose /First is /F#69rst, a cross-reference stream of /Type /X#52ef holding /Encrypt: counted, 5 pages each', async () => {
		const { pdf } = pageTree({ pages: 5, form: 'objstm' });
		expect((await read(pdf)).pages).toBe(5);
		const first = swap(
			pdf,
			'/First 39 /Filter /FlateDecode  /Length',
			'/F#69rst 39 /Filter /FlateDecode/Length',
		);
		const aes = pdfFixture('qpdf-aes-256.pdf');
		expect((await read(aes)).pages).toBe(5);
		const xref = swap(aes, '<< /Type /XRef /Length', '<</Type/X#52ef /Length');
		expect([(await read(first)).refused, (await read(xref)).refused]).toEqual([
			undefined,
			undefined,
		]);
		expect([(await read(first)).pages, (await read(xref)).pages]).toEqual([5, 5]);
	});
});

describe('PDF page count: a password needed, the trailer without /Root', () => {
	// A trailer whose /Root is lost (damage) sends the read to its rebuild; its catalog found without
	// a trailer is not read as plain in a file that names /Encrypt (qpdf and mupdf ask for the password).
	it('RC4 128 with a user password, its trailer /Root renamed: cannot be counted, encrypted', async () => {
		const pdf = qpdfRc4('secret');
		expect((await read(pdf)).refused).toBe('encrypted');
		const text = pdf.toString('latin1');
		const root = text.lastIndexOf('/Root');
		const rootless = Buffer.from(`${text.slice(0, root)}/Raat${text.slice(root + 5)}`, 'latin1');
		const { pages, refused } = await read(rootless);
		expect({ pages, refused }).toEqual({ pages: undefined, refused: 'encrypted' });
	});
});

describe('PDF page count: a trailer /Root that names no catalog', () => {
	// Not a catalog (no /Pages): the trailer does not read, and the rebuild's catalog is found.
	it('/Root naming a page: the catalog of the rebuild counted', async () => {
		const pdf = pageTree({ pages: 3 }).pdf.toString('latin1').replace('/Root 1 0 R', '/Root 3 0 R');
		const { pages, refused } = await read(Buffer.from(pdf, 'latin1'));
		expect({ pages, refused }).toEqual({ pages: 3, refused: undefined });
	});
});

describe('PDF page count: a `stream` keyword with spaces before its line end', () => {
	// The data starts past them, where its /Length ends it: the written copy inflates (qpdf --check exits 0).
	it('a page content stream keyword followed by a space and CRLF: written, qpdf --check clean', async () => {
		const data = deflateSync('0 0 m 100 100 l S');
		const content = Buffer.concat([
			Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >> stream \r\n`, 'latin1'),
			data,
			Buffer.from('\r\nendstream', 'latin1'),
		]);
		const pdf = assemble({
			pieces: [
				{ number: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
				{ number: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
				{
					number: 3,
					body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
				},
				{ number: 4, body: content },
			],
		});
		expect((await read(pdf)).pages).toBe(1);
		expect(qpdfCheck(await writtenPdf(pdf))).toMatchObject({ status: 0 });
	});
});

describe('PDF page count: revision 4 RC4 with a 40-bit key, as Acrobat writes it', () => {
	// Its object keys from the file key padded to 16 bytes: the one key its streams inflate with.
	it('the empty user password: the written content stream inflates (qpdf --check exits 0)', async () => {
		const pdf = shortKeyRc4();
		expect((await read(pdf)).pages).toBe(1);
		expect(qpdfCheck(await writtenPdf(pdf))).toMatchObject({ status: 0 });
	});
});

describe('PDF page count: only an attachment needs the password', () => {
	// Streams and strings /Identity, the embedded file by /EFF, asked for as it is opened: the pages
	// read without the key, as pdf.js and poppler read qpdf's and pdf.js's own such files.
	const writtenText = async (pdf: Buffer) => (await writtenPdf(pdf)).toString('latin1');
	it('counted; the written PDF holds no embedded file, whether or not the empty password opens it (qpdf --check exits 0)', async () => {
		const pdf = lockedAttachment();
		const folder = mkdtempSync(join(tmpdir(), 'reader-attachment-'));
		try {
			writeFileSync(join(folder, 'original.pdf'), pdf);
			const requires = spawnSync('qpdf', ['--requires-password', join(folder, 'original.pdf')]);
			expect(requires.status).toBe(0);
			execFileSync('qpdf', ['--password=secret', '--check', join(folder, 'original.pdf')]);
			const text = await writtenText(pdf);
			expect(qpdfCheck(Buffer.from(text, 'latin1'))).toMatchObject({ status: 0 });
			expect(text).toContain('/FileAttachment');
			expect(['/EF ', '/EmbeddedFile', '/Encrypt'].filter((name) => text.includes(name))).toEqual(
				[],
			);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
		// The empty password its user's: the attachment decrypts, and still is not sent.
		const opened = await writtenText(lockedAttachment({ password: '' }));
		expect([opened.includes('/EF '), opened.includes(ATTACHED)]).toEqual([false, false]);
	});

	it('refused where the page needs the password: /StmF, /EFF asked for at opening, a /Crypt filter of the content', async () => {
		for (const pdf of [
			lockedAttachment({ streams: 'StdCF' }),
			lockedAttachment({ authEvent: 'DocOpen' }),
			lockedAttachment({ content: 'crypt' }),
		]) {
			const { pages, refused } = await readDocument({
				open: written.openBytes(pdf),
				mimeType: 'application/pdf',
				size: pdf.length,
			});
			expect({ pages, refused }).toEqual({ pages: undefined, refused: 'encrypted' });
		}
	});

	// A /DecodeParms slot's references are read for the crypt filter's alone: another slot's (JBIG2's
	// globals, a stream) stay references, and what they reach is read once, where it is written.
	it('the other /DecodeParms slots written as they are, by reference, and read no more than written', async () => {
		const zeros = `[${'0 '.repeat(20_000)}]`;
		const keys = Array.from({ length: 20 }, (_, at) => `/A${at} 7 0 R`).join(' ');
		const data = deflateSync(DRAWN);
		const objects = [
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
			'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
			`<< /Length ${data.length} /Filter [/Crypt /FlateDecode] /DecodeParms [5 0 R 6 0 R] >>\nstream\n${data.toString('latin1')}\nendstream`,
			`<< /Name /Identity ${keys} >>`,
			'<< /Predictor 1 >>',
			zeros,
		];
		const pdf = buildPdf(
			objects.map((body, at) => [at + 1, body]),
			{ root: 1 },
		);
		const open = written.openBytes(pdf);
		const read = await readPdfPages(open);
		await writePdf(read.file!, open);
		expect(read.file!.budget.work.total).toBeLessThan(200_000);
		const text = (await writtenPdf(pdf)).toString('latin1');
		expect(text).toMatch(/\/Filter \[\/FlateDecode\] \/DecodeParms \[\d+ 0 R\]/);
	});

	// A stream's own /Crypt filter, its /Filter and /DecodeParms given by reference as readers follow them.
	it('a content stream with a /Crypt filter of its own, named in place or by reference: written decrypted', async () => {
		for (const content of ['crypt', 'cryptByReference'] as const) {
			const text = await writtenText(lockedAttachment({ password: '', content }));
			expect(text).toContain(`stream\n${DRAWN}\nendstream`);
		}
	});
});

describe('PDF page count: encryption the trailer read does not name', () => {
	// A file that holds encryption (/Encrypt, or an encryption dictionary's /Filter /Standard) is read
	// only through a trailer that names it: never as plain, its content sent as ciphertext.
	it('its /Encrypt renamed, or an update whose trailer does not repeat it: refused, encrypted', async () => {
		const rc4 = qpdfRc4('');
		expect((await read(rc4)).pages).toBe(3);
		const text = rc4.toString('latin1');
		const renamed = Buffer.from(text.replaceAll('/Encrypt ', '/Encrypq '), 'latin1');
		const [root, size] = [/\/Root (\d+) 0 R/, /\/Size (\d+)/].map((at) =>
			Number(at.exec(text)![1]),
		);
		for (const pdf of [renamed, appendUpdate(rc4, { root, size }, {})]) {
			const { pages, refused } = await read(pdf);
			expect({ pages, refused }).toEqual({ pages: undefined, refused: 'encrypted' });
		}
	});
});

/** A 3-page PDF encrypted by qpdf with RC4, 128 bits, no object streams, its user password `user`. */
function qpdfRc4(user: string): Buffer {
	const folder = mkdtempSync(join(tmpdir(), 'reader-rc4-'));
	try {
		const [plain, locked] = [join(folder, 'plain.pdf'), join(folder, 'rc4.pdf')];
		writeFileSync(plain, pageTree({ pages: 3 }).pdf);
		const encrypt = ['--object-streams=disable', '--encrypt', user, 'owner', '128', '--use-aes=n'];
		execFileSync('qpdf', ['--allow-weak-crypto', ...encrypt, '--', plain, locked]);
		return readFileSync(locked);
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

describe('PDF page count: a catalog found without a trailer, /EncryptMetadata in the file', () => {
	// Only the name /Encrypt keeps the catalog's rebuild from reading the file as plain.
	it('/EncryptMetadata in the catalog, the trailer /Root renamed: the catalog counted, 3 pages', async () => {
		const text = pageTree({ pages: 3 }).pdf.toString('latin1');
		const tagged = text.replace('/Type /Catalog', '/EncryptMetadata true /Type /Catalog');
		expect(tagged).not.toBe(text);
		const rootless = tagged.replace('/Root 1 0 R', '/Raat 1 0 R');
		const { pages, refused } = await read(Buffer.from(rootless, 'latin1'));
		expect({ pages, refused }).toEqual({ pages: 3, refused: undefined });
	});
});
