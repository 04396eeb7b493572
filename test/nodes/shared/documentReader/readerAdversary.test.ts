/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The eighth review's adversary documents (issue 92, support/pdf-hostile.ts) through the reader's
// entry. pdf.js's count of each is recorded beside it (PDFJS, read once with support/pdfjs-pages.mjs):
// the floods are not read again by another reader here. Hash flooding is shown without a clock: V8
// hashes a small integer key of a `Map` or `Set` without a seed, so numbers chosen offline
// (support/pdf-build.ts, collidingNumbers) share one bucket and every lookup walks them all; a read
// that keys no `Map` or `Set` by the document's numbers cannot be flooded, whatever the numbers. The
// spy below records every number used as such a key during the read, and each test asserts none is
// the document's. A stage of its own in npm test ('reader proof': seconds of CPU a flood).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readDocument } from '../../../../nodes/shared/documentReader';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';
import {
	bucketOffsets,
	encryptInObjectStream,
	floodedRebuild,
	indirectLengthStream,
	manyKids,
	nineTrailers,
	tiffOfDirectories,
	tinyStreams,
} from './support/pdf-hostile';
import { collidingNumbers, pageTree } from './support/pdf-build';
import { oneObjectStreams } from './support/pdf-patterns';

/** A script reading the PDF file named by its argument: the refusal and the peak memory (MB) the read added. */
const PEAK_OF_A_READ = `
const { loadTypeScript } = require(${JSON.stringify(join(__dirname, 'support/loadTypeScript'))});
const { readPdfPages } = loadTypeScript(${JSON.stringify(join(__dirname, '../../../../nodes/shared/documentReader/pdfPages.ts'))});
const pdf = require('node:fs').readFileSync(process.argv[1]);
const before = process.memoryUsage().rss;
readPdfPages(async () => (async function* () {
	for (let at = 0; at < pdf.length; at += 65536) yield pdf.subarray(at, at + 65536);
})()).then(({ refused }) => {
	const peakMB = (process.resourceUsage().maxRSS * 1024 - before) / 1e6;
	console.log(JSON.stringify({ refused, peakMB }));
});
`;

const open = (bytes: Buffer) => async () =>
	(async function* () {
		for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
	})();

/**
 * pdf.js's count of each builder's document, recorded (`node support/pdfjs-pages.mjs FILE`, pdfjs-dist
 * 5): what another reader makes of the same bytes, beside what the node counts.
 */
const PDFJS = {
	floodedRebuild: 3,
	pageTree3000: 3000,
	manyKids: (references: number) => references,
	indirectLengthStream: 1,
	tinyStreams1000: 1,
	nineTrailers: 5000,
};

/** What a read answers, without its written PDF (a stream, compared elsewhere). */
const answered = ({ kind, pages, refused, cut }: Awaited<ReturnType<typeof readDocument>>) =>
	Object.fromEntries(
		Object.entries({ kind, pages, refused, cut }).filter(([, value]) => value !== undefined),
	);

/** How many of the document's `numbers` keyed a `Map` or `Set` while `run` ran. */
async function keyedBy<T>(
	numbers: number[],
	run: () => Promise<T>,
): Promise<{ result: T; keyed: number }> {
	const sorted = Float64Array.from(numbers).sort();
	const isDocuments = (key: unknown) => {
		if (typeof key !== 'number') return false;
		let [low, high] = [0, sorted.length];
		while (low < high) {
			const middle = (low + high) >> 1;
			if (sorted[middle] < key) low = middle + 1;
			else high = middle;
		}
		return sorted[low] === key;
	};
	let keyed = 0;
	const methods: Array<[{ [name: string]: unknown }, string]> = [
		[Map.prototype as never, 'set'],
		[Map.prototype as never, 'get'],
		[Map.prototype as never, 'has'],
		[Set.prototype as never, 'add'],
		[Set.prototype as never, 'has'],
	];
	const originals = methods.map(
		([prototype, name]) => prototype[name] as (...args: unknown[]) => unknown,
	);
	methods.forEach(([prototype, name], at) => {
		const original = originals[at];
		prototype[name] = function (this: unknown, key: unknown, ...rest: unknown[]) {
			if (isDocuments(key)) keyed++;
			return original.call(this, key, ...rest);
		};
	});
	try {
		return { result: await run(), keyed };
	} finally {
		methods.forEach(([prototype, name], at) => (prototype[name] = originals[at]));
	}
}

/** Numbers below 2^23 (mupdf's largest object number is 2^23 - 1) in one of 512 buckets, found once. */
let bucket: number[] | undefined;
const bucketOf3300 = () => (bucket ??= collidingNumbers(3300, 9, 2 ** 23));

const pdfRead = async (pdf: Buffer) =>
	answered(await readDocument({ open: open(pdf), mimeType: 'application/pdf', size: pdf.length }));

describe('hash flooding: no Map or Set keyed by numbers the document chooses', () => {
	it.each([
		['numbers V8 hashes into one bucket', true],
		['ordinary numbers (the control)', false],
	])(
		'a damaged 1 MB PDF (no startxref, ~33,000 object headers), %s: its rebuild counts 3 (as pdf.js) or cannot count it, no number asked about',
		async (_, colliding) => {
			const { pdf, numbers } = floodedRebuild(colliding);
			expect(pdf.length).toBeGreaterThan(800_000);
			// A control shows the shape reads as any other: its numbers are not asked about.
			const { result, keyed } = await keyedBy(colliding ? numbers : [], () => pdfRead(pdf));
			expect(keyed).toBe(0);
			expect([PDFJS.floodedRebuild, undefined]).toContain(result.pages);
			const { work } = await readPdfPages(open(pdf));
			expect(work!.total).toBeLessThanOrEqual(work!.limit);
		},
	);

	it.each([
		['a classic table', 'table' as const],
		['an object stream', 'objstm' as const],
	])(
		'3,000 pages whose objects V8 hashes into one bucket, found through %s: as pdf.js, within the budget',
		async (_, form) => {
			const numbers = bucketOf3300();
			expect(numbers.length).toBe(3300);
			const { pdf } = pageTree({ pages: 3000, fanout: 100, numbers, form });
			const { result, keyed } = await keyedBy(numbers, () => pdfRead(pdf));
			expect({ ...result, keyed }).toEqual({ kind: 'pdf', pages: PDFJS.pageTree3000, keyed: 0 });
			const { work } = await readPdfPages(open(pdf));
			expect(work!.total).toBeLessThanOrEqual(work!.limit);
		},
	);

	it.each(['table' as const, 'objstm' as const])(
		'the control: 3,000 pages numbered 1, 2, 3… through a %s, as pdf.js, within the budget',
		async (form) => {
			const { pdf } = pageTree({ pages: 3000, fanout: 100, form });
			const { pages, work } = await readPdfPages(open(pdf));
			expect(pages).toBe(PDFJS.pageTree3000);
			expect(work!.total).toBeLessThanOrEqual(work!.limit);
		},
	);

	it.each([
		['offsets V8 hashes into one bucket', true],
		['offsets 1,000 bytes apart (the control)', false],
	])('a TIFF of about 8,000 image directories at %s: each one a page', async (_, colliding) => {
		const collide = bucketOffsets(16 * 1024 * 1024, 11);
		expect(collide.length).toBeGreaterThan(7000);
		const offsets = colliding ? collide : collide.map((__, at) => 8 + at * 1000);
		const tiff = tiffOfDirectories(offsets);
		// A control shows the shape reads as any other: its offsets are not asked about.
		const { result, keyed } = await keyedBy(colliding ? offsets : [], async () =>
			answered(await readDocument({ open: open(tiff), mimeType: 'image/tiff', size: tiff.length })),
		);
		expect({ ...result, keyed }).toEqual({ kind: 'tiff', pages: offsets.length, keyed: 0 });
	});
});

describe('the budget: references by the hundred thousand', () => {
	// The count stops at 100,000 pages; the budget may stop it first. Never below pdf.js either way.
	it.each([
		[166_000, 1],
		[333_000, 2],
	])(
		'one /Kids array of %i references in %i MB: pdf.js counts them all; 100,000 or cannot be counted',
		async (references, megabytes) => {
			const pdf = manyKids(references);
			expect(pdf.length).toBeLessThanOrEqual(megabytes * 1024 * 1024);
			expect(PDFJS.manyKids(references)).toBe(references);
			const { pages } = await pdfRead(pdf);
			expect([100_000, undefined]).toContain(pages);
			const read = await readPdfPages(open(pdf));
			if (read.pages !== undefined) expect(read.work!.total).toBeLessThanOrEqual(read.work!.limit);
		},
	);
});

/** `open`, counting its calls and the bytes it gave: where a read stopped, without a clock. */
function counted(open: () => Promise<AsyncIterable<Uint8Array>>) {
	const seen = { opens: 0, bytes: 0 };
	const wrapped = async () => {
		seen.opens++;
		const source = await open();
		return (async function* () {
			for await (const chunk of source) {
				seen.bytes += chunk.length;
				yield chunk;
			}
		})();
	};
	return { seen, open: wrapped };
}

describe('the budget: stream data searched for its end', () => {
	// A stream whose /Length lies in another object ends, for a read that skips its data, at the
	// first `endstream`. The search looks at every ninth byte and checks a word only where that
	// byte is one of its letters; each two such letters cost a unit, so data made of those letters
	// is refused at the budget rather than searched long (its CPU is the budget bench's).
	const MB = 1024 * 1024;
	// Deflated data looks random: 64 KB of it repeated.
	const imageLike = Buffer.from(
		Array.from({ length: 64 * 1024 }, (_, at) => (Math.imul(at + 1, 2654435761) >>> 24) & 255),
	);

	it('1 MB of image-like data, of `e`s and of near misses: one page, as pdf.js counts it', async () => {
		for (const fill of [imageLike, 'e', 'endsxream']) {
			const small = indirectLengthStream(MB, fill).bytes();
			expect(await pdfRead(small)).toEqual({ kind: 'pdf', pages: PDFJS.indirectLengthStream });
		}
	});

	it('150 MB of image-like data: one page, in one read, within the budget', async () => {
		const document = indirectLengthStream(150 * MB, imageLike);
		const { seen, open: opened } = counted(document.open);
		const read = answered(
			await readDocument({ open: opened, mimeType: 'application/pdf', size: document.size }),
		);
		expect(read).toEqual({ kind: 'pdf', pages: PDFJS.indirectLengthStream });
		expect(seen).toEqual({ opens: 1, bytes: document.size });
		const { pages, work } = await readPdfPages(document.open);
		expect(pages).toBe(1);
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});

	it.each([
		['`e`s', 'e'],
		['near misses (`endsxream`)', 'endsxream'],
	])(
		'150 MB of %s: one page or cannot be counted, the search stopped by the budget',
		async (_, fill) => {
			const document = indirectLengthStream(150 * MB, fill);
			const { seen, open: opened } = counted(document.open);
			const { pages } = await readDocument({
				open: opened,
				mimeType: 'application/pdf',
				size: document.size,
			});
			expect([1, undefined]).toContain(pages);
			// Each letter checked costs: the budget's 6,291,456 units end the search before the end.
			expect(seen.opens).toBe(1);
			expect(seen.bytes).toBeLessThan(document.size);
		},
	);
});

describe('the budget: streams by the hundred thousand', () => {
	it('1,000 empty streams beside a page: one page, as pdf.js counts it (the control)', async () => {
		const pdf = tinyStreams(1000);
		expect(await pdfRead(pdf)).toEqual({ kind: 'pdf', pages: PDFJS.tinyStreams1000 });
	});

	it('300,000 empty streams (22 MB): cannot be counted, refused within its first third', async () => {
		const pdf = tinyStreams(300_000);
		const { seen, open: opened } = counted(open(pdf));
		const { pages } = await readDocument({
			open: opened,
			mimeType: 'application/pdf',
			size: pdf.length,
		});
		expect(pages).toBeUndefined();
		// Each stream costs 64 units: the budget ends the read at about 98,000 of them.
		expect(seen.bytes).toBeLessThan(pdf.length / 3);
	});
});

describe('the budget: bytes kept outside stream data', () => {
	/** A one-page PDF with `padding` bytes of white space between its page and its table. */
	function padded(padding: number): Buffer {
		const bodies = [
			'<< /Type /Catalog /Pages 2 0 R >>',
			'<< /Type /Pages /Count 1 /Kids [3 0 R] >>',
			'<< /Type /Page /MediaBox [0 0 612 792] >>',
		];
		let text = '%PDF-1.7\n';
		const offsets = bodies.map((body, at) => {
			const offset = text.length;
			text += `${at + 1} 0 obj\n${body}\nendobj\n`;
			return offset;
		});
		text += ' '.repeat(padding);
		const rows = offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
		const xref = text.length;
		text += `xref\n0 4\n0000000000 65535 f \n${rows}trailer\n<< /Size 4 /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
		return Buffer.from(text, 'latin1');
	}

	// Each kept byte is copied, grown into and looked at (pdfBytes.ts): priced as the bench times it
	// (budgetBench.js, "white space between objects"), so 20 MB of it cannot pass 250 ms.
	it('20 MB of white space between objects: charged a unit per 3 bytes kept, or refused by the budget', async () => {
		const pdf = padded(20 * 1024 * 1024);
		const { pages, refused, work } = await readPdfPages(open(pdf));
		expect(refused === 'budget' || (pages === 1 && work!.total >= pdf.length / 3)).toBe(true);
	});
});

describe('memory: stream data held from its first `endstream`', () => {
	// Two streams whose /Length runs past the end, each with `endstream` at once, before 23 MB of
	// white space: the read holds the 23 MB (pdfBytes.ts, hold) and reads them again in place, for
	// each stream, never copied again. Read in a process of its own, its peak taken from the kernel.
	it('two streams held to the end of 24 MB: refused within 64 MB', () => {
		const streams = [10, 11]
			.map((number) => `${number} 0 obj<</Length 999999999>>stream\nendstream\nendobj\n`)
			.join('');
		const pdf = Buffer.concat([
			Buffer.from(
				`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Count 1 /Kids [3 0 R] >>\nendobj\n3 0 obj\n<< /Type /Page /MediaBox [0 0 612 792] >>\nendobj\n${streams}`,
				'latin1',
			),
			Buffer.alloc(23 * 1024 * 1024, 32),
			Buffer.from('\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
		]);
		const folder = mkdtempSync(join(tmpdir(), 'reader-held-'));
		try {
			const file = join(folder, 'held.pdf');
			writeFileSync(file, pdf);
			const child = spawnSync(process.execPath, ['-e', PEAK_OF_A_READ, file], { encoding: 'utf8' });
			const { refused, peakMB } = JSON.parse(child.stdout) as { refused?: string; peakMB: number };
			expect(refused).toBe('budget');
			expect(peakMB).toBeLessThan(64);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
	});
});

describe('the budget: object streams of one object each', () => {
	// A stream's decoding costs its bytes and a fixed price (pdfFilters.ts): a sound file of 2,000
	// is within what its size allows; 20,000 pass the most any document may spend.
	it('2,000 pages each alone in an object stream: counted, within the budget', async () => {
		const { pages, work } = await readPdfPages(open(oneObjectStreams(2000)));
		expect(pages).toBe(2000);
		expect(work!.total).toBeLessThanOrEqual(work!.limit);
	});

	it('20,000 pages each alone in an object stream: refused by the budget', async () => {
		const read = await readPdfPages(open(oneObjectStreams(20_000)));
		expect({ pages: read.pages, refused: read.refused }).toEqual({
			pages: undefined,
			refused: 'budget',
		});
	});
});

describe('where readers choose different trailers, the node counts its own reading', () => {
	// pdf.js counts this file 5,000 (the first trailer's); the node may take another trailer, and
	// sends what it read: writtenClasses.test.ts and the fuzzer check that such writing reads one way.
	it('a damaged file of nine trailers, the first (with /ID) naming 5,000 pages and the eight after it one page each: 1, 5,000 or cannot be counted', async () => {
		const pdf = nineTrailers();
		const { pages } = await pdfRead(pdf);
		expect([1, PDFJS.nineTrailers, undefined]).toContain(pages);
	});
});

describe('every read ends', () => {
	// The document's /Encrypt lies in the object stream it would decrypt. A read that waits on
	// itself never settles (n8n's execution would wait for ever); the third argument is jest's guard.
	it('a trailer whose /Encrypt dictionary lies in an object stream: the read ends, 3 pages or cannot be counted', async () => {
		const pdf = encryptInObjectStream();
		const { pages } = await pdfRead(pdf);
		expect([3, undefined]).toContain(pages);
	}, 60_000);
});
