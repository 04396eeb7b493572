/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The adversary review of issue 87: documents whose walk of /Kids does not
// finish, counted below pdf.js at d5cb8d7 (each test failed there). pdf.js's count is the one
// compared: its descent by /Count to the last page, else the leaves (pdfPages.ts, countOf).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPdfPages } from '../../../../nodes/shared/documentReader/pdfPages';

const read = async (pdf: Buffer) =>
	(
		await readPdfPages(async () =>
			(async function* () {
				for (let at = 0; at < pdf.length; at += 64 * 1024) yield pdf.subarray(at, at + 64 * 1024);
			})(),
		)
	).pages;

function pdfJsPages(pdf: Buffer): number | undefined {
	const dir = mkdtempSync(join(tmpdir(), 'pdfjs-'));
	try {
		const file = join(dir, 'a.pdf');
		writeFileSync(file, pdf);
		const out = execFileSync(
			process.execPath,
			[join(__dirname, './support/pdfjs-pages.mjs'), file],
			{ encoding: 'utf8' },
		);
		return (JSON.parse(out.trim()) as { pages?: number }).pages;
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** A PDF of `objects` (number, body) in their order, with a classic table and trailer. */
function pdfOf(objects: Array<[number, string | Buffer]>): Buffer {
	const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
	let size = parts[0].length;
	const offsets = new Map<number, number>();
	for (const [number, body] of objects) {
		const bytes = Buffer.concat([
			Buffer.from(`${number} 0 obj\n`, 'latin1'),
			typeof body === 'string' ? Buffer.from(body, 'latin1') : body,
			Buffer.from('\nendobj\n', 'latin1'),
		]);
		offsets.set(number, size);
		parts.push(bytes);
		size += bytes.length;
	}
	const most = Math.max(...offsets.keys());
	let table = `xref\n0 ${most + 1}\n0000000000 65535 f \n`;
	for (let number = 1; number <= most; number++) {
		const at = offsets.get(number);
		table +=
			at === undefined ? '0000000000 00000 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`;
	}
	table += `trailer\n<< /Size ${most + 1} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
	return Buffer.concat([...parts, Buffer.from(table, 'latin1')]);
}

const refs = (first: number, count: number) =>
	Array.from({ length: count }, (_, at) => `${first + at} 0 R`).join(' ');
const pages = (first: number, count: number): Array<[number, string]> =>
	Array.from({ length: count }, (_, at) => [first + at, '<< /Type /Page >>']);

describe('adversary: never below pdf.js where the walk of /Kids does not finish', () => {
	// Root /Count 2 over [subtree with /Count 0 holding 1,000 pages, one page]: pdf.js cannot reach
	// page index 1 through the counts, so it walks the whole tree (checkLastPage): 1,001.
	it('a subtree whose cross-reference entry is off by 3 bytes: pdf.js rebuilds and counts 1,001', async () => {
		const pdf = pdfOf([
			[1, '<< /Type /Catalog /Pages 2 0 R >>'],
			[2, '<< /Type /Pages /Count 2 /Kids [3 0 R 4 0 R] >>'],
			[3, `<< /Type /Pages /Count 0 /Kids [${refs(10, 1000)}] >>`],
			[4, '<< /Type /Page >>'],
			...pages(10, 1000),
		]);
		const text = pdf.toString('latin1');
		const entry = text.indexOf('\n', text.indexOf('xref\n0 ') + 5) + 1 + 3 * 20;
		const offset = Number(text.slice(entry, entry + 10)) + 3;
		const damaged = Buffer.from(
			text.slice(0, entry) + String(offset).padStart(10, '0') + text.slice(entry + 10),
			'latin1',
		);
		expect(pdfJsPages(damaged)).toBe(1001);
		const counted = await read(damaged);
		// 1,001 or "cannot be counted"; d5cb8d7 says 2.
		// Damaged: rebuilt from the object headers, as pdf.js rebuilds it.
		expect(counted).toBe(1001);
	});

	it('an undamaged tree whose 1,000 pages lie below a chain of 20,005 nodes: pdf.js counts 1,001', async () => {
		const depth = 20_005;
		const chain = [3, ...Array.from({ length: depth - 1 }, (_, at) => 5 + at)];
		const parent = 5 + depth - 1;
		const objects: Array<[number, string]> = [
			[1, '<</Type/Catalog/Pages 2 0 R>>'],
			[2, '<</Type/Pages/Count 2/Kids[3 0 R 4 0 R]>>'],
			[4, '<</Type/Page>>'],
			...chain.map((number, at): [number, string] => [
				number,
				`<</Type/Pages/Count 0/Kids[${at + 1 < chain.length ? chain[at + 1] : parent} 0 R]>>`,
			]),
			[parent, `<</Type/Pages/Count 1000/Kids[${refs(parent + 1, 1000)}]>>`],
			...pages(parent + 1, 1000),
		];
		const pdf = pdfOf(objects.sort(([a], [b]) => a - b));
		expect(pdfJsPages(pdf)).toBe(1001);
		const counted = await read(pdf);
		// /Count 2 is not found by the descent and the walk stops at its 20,000 nodes: cannot be counted.
		expect(counted).toBeUndefined();
	});

	it('a 6 MB document whose /Count 0 subtree of 1,000 pages lies between two 3 MB streams: pdf.js counts 1,001', async () => {
		const padding = Buffer.concat([
			Buffer.from(`<< /Length ${3 * 1024 * 1024} >>\nstream\n`, 'latin1'),
			Buffer.alloc(3 * 1024 * 1024, 0x20),
			Buffer.from('\nendstream', 'latin1'),
		]);
		const pdf = pdfOf([
			[1, '<< /Type /Catalog /Pages 2 0 R >>'],
			[2, '<< /Type /Pages /Count 2 /Kids [4 0 R 5 0 R] >>'],
			[3, padding],
			[4, `<< /Type /Pages /Count 0 /Kids [${refs(10, 1000)}] >>`],
			[5, '<< /Type /Page >>'],
			[6, padding],
			...pages(10, 1000),
		]);
		expect(pdfJsPages(pdf)).toBe(1001);
		const counted = await read(pdf);
		// The read skips the streams' data and keeps the subtree between them: walked there.
		expect(counted).toBe(1001);
	});

	it('a /Count above the file size that pdf.js reaches through an intermediate /Count: 5,000', async () => {
		const pdf = pdfOf([
			[1, '<</Type/Catalog/Pages 2 0 R>>'],
			[2, '<</Type/Pages/Count 5000/Kids[3 0 R 4 0 R]>>'],
			[3, '<</Type/Pages/Count 4999/Kids[5 0 R]>>'],
			[4, '<</Type/Page>>'],
			[5, '<</Type/Page>>'],
		]);
		expect(pdf.length).toBeLessThan(5000);
		expect(pdfJsPages(pdf)).toBe(5000);
		const counted = await read(pdf);
		// The descent finds page 5,000, which 2 KB cannot hold: cannot be counted.
		expect(counted).toBeUndefined();
	});

	it("an object stream whose table names another number at the node's index: pdf.js reads the index, 1,001", async () => {
		const parts: Buffer[] = [Buffer.from('%PDF-1.7\n', 'latin1')];
		let size = parts[0].length;
		const offsets = new Map<number, number>();
		const put = (number: number, body: string) => {
			offsets.set(number, size);
			const bytes = Buffer.from(`${number} 0 obj\n${body}\nendobj\n`, 'latin1');
			parts.push(bytes);
			size += bytes.length;
		};
		put(1, '<</Type/Catalog/Pages 2 0 R>>');
		put(2, '<</Type/Pages/Count 2/Kids[5 0 R 4 0 R]>>');
		put(4, '<</Type/Page>>');
		// Object 5 is the first of stream 6, whose table says 99.
		const data = `99 0 <</Type/Pages/Count 0/Kids[${refs(10, 1000)}]>>`;
		put(6, `<</Type/ObjStm/N 1/First 5/Length ${data.length}>>\nstream\n${data}\nendstream`);
		for (const [number, body] of pages(10, 1000)) put(number, body);
		const xref = 1010;
		const rows = Buffer.alloc(6 * (xref + 1));
		for (let number = 0; number <= xref; number++) {
			const row = rows.subarray(number * 6);
			if (number === 5) [row[0], row[4]] = [2, 6];
			else if (number === xref || offsets.has(number)) {
				row[0] = 1;
				row.writeUInt32BE(number === xref ? size : offsets.get(number)!, 1);
			}
		}
		const pdf = Buffer.concat([
			...parts,
			Buffer.from(
				`${xref} 0 obj\n<</Type/XRef/Size ${xref + 1}/W[1 4 1]/Root 1 0 R/Length ${rows.length}>>\nstream\n`,
				'latin1',
			),
			rows,
			Buffer.from(`\nendstream\nendobj\nstartxref\n${size}\n%%EOF\n`, 'latin1'),
		]);
		expect(pdfJsPages(pdf)).toBe(1001);
		expect(await read(pdf)).toBe(1001);
	});

	it('a damaged file of nine trailers, each naming its own catalog: pdf.js takes the first with an /ID (5,000 pages), poppler the last (1)', async () => {
		const objects: Array<[number, string]> = [];
		for (let catalog = 1; catalog <= 9; catalog++) {
			objects.push([catalog, `<< /Type /Catalog /Pages ${10 + catalog} 0 R >>`]);
			const [first, count] = catalog === 1 ? [100, 5000] : [5100 + catalog, 1];
			objects.push([
				10 + catalog,
				`<< /Type /Pages /Count ${count} /Kids [${refs(first, count)}] >>`,
			]);
			objects.push(...pages(first, count));
		}
		const body = objects.map(([number, text]) => `${number} 0 obj\n${text}\nendobj\n`).join('');
		const trailers = Array.from(
			{ length: 9 },
			(_, at) =>
				`trailer\n<< /Size 6000 /Root ${at + 1} 0 R${at === 0 ? ' /ID [<01> <01>]' : ''} >>\n`,
		).join('');
		// No cross-reference and no startxref: rebuilt by every reader.
		const pdf = Buffer.from(`%PDF-1.7\n${body}${trailers}%%EOF\n`, 'latin1');
		expect(pdfJsPages(pdf)).toBe(5000);
		expect(await read(pdf)).toBe(5000);
	});
});

describe("the fuzzer's findings: never below pdf.js", () => {
	// A root page tree node typed /Page with /Kids: pdf.js walks the root's kids whatever its /Type.
	it('a root /Type /Page with three kids and an indirect /Count naming a dictionary: 3, as pdf.js', async () => {
		const pdf = Buffer.from(
			[
				'%PDF-1.7',
				'%\xe2\xe3\xcf\xd3',
				'1 0 obj',
				'<< /Type /Catalog /Pages 2 0 R >>',
				'endobj',
				'2 0 obj',
				'<< /Type /Page /Kids [3 0 R 4 0 R 5 0 R] /Count 6 0 R >>',
				'endobj',
				'3 0 obj',
				'<< /Type /Page /Parent 2 0 R >>',
				'endobj',
				'4 0 obj',
				'<< /Type /Page /Parent 2 0 R >>',
				'endobj',
				'5 0 obj',
				'<< /Type /Page /Parent 2 0 R >>',
				'endobj',
				'6 0 obj',
				'<< /Foo 1 >>',
				'endobj',
				'xref',
				'0 1',
				'0000000000 65535 f ',
				'1 6',
				'0000000015 00000 n ',
				'0000000064 00000 n ',
				'0000000136 00000 n ',
				'0000000183 00000 n ',
				'0000000230 00000 n ',
				'0000000277 00000 n ',
				'trailer',
				'<< /Size 7 /Root 1 0 R >>',
				'startxref',
				'305',
				'%%EOF',
				'',
			].join('\n'),
			'latin1',
		);
		expect(pdfJsPages(pdf)).toBe(3);
		expect(await read(pdf)).toBe(3);
	});

	// An update without /Prev whose table lacks the catalog: rebuilt. pdf.js passes over what lies
	// between the first table and the next `startxref` (the update's object 2), so takes the first
	// definition; qpdf and mupdf the last.
	it('a damaged update redefining the page tree: 5, as pdf.js (the largest of the readers)', async () => {
		const pdf = Buffer.from(
			[
				'%PDF-1.7',
				'%\xe2\xe3\xcf\xd3',
				'1 0 obj',
				'<< /Type /Catalog /Pages 2 0 R >>',
				'endobj',
				'2 0 obj',
				'<< /Type /Pages /Count 5 /Kids [3 0 R 4 0 R 5 0 R 6 0 R 7 0 R] >>',
				'endobj',
				'3 0 obj',
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
				'endobj',
				'4 0 obj',
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
				'endobj',
				'5 0 obj',
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
				'endobj',
				'6 0 obj',
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
				'endobj',
				'7 0 obj',
				'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
				'endobj',
				'xref',
				'0 1',
				'0000000000 65535 f ',
				'1 1',
				'0000000015 00000 n ',
				'2 1',
				'0000000064 00000 n ',
				'3 1',
				'0000000145 00000 n ',
				'4 1',
				'0000000216 00000 n ',
				'5 1',
				'0000000287 00000 n ',
				'6 1',
				'0000000358 00000 n ',
				'7 1',
				'0000000429 00000 n ',
				'trailer',
				'<< /Size 8 /Root 1 0 R >>',
				'',
				'%%EOF',
				'',
				'2 0 obj',
				'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
				'endobj',
				'xref',
				'2 1',
				'0000000739 00000 n ',
				'trailer',
				'<< /Size 8 /Root 1 0 R >>',
				'startxref',
				'796',
				'%%EOF',
				'',
			].join('\n'),
			'latin1',
		);
		expect(pdfJsPages(pdf)).toBe(5);
		expect(await read(pdf)).toBe(5);
	});

	it("counts the definition pdf.js's rebuild reads: objects after an update's trailer without startxref are passed over", async () => {
		// Found by the fuzzer (seed 96): every offset wrong, so readers rebuild. Page tree 2 is
		// defined three times; pdf.js passes from the second update's trailer to the last
		// startxref, so it reads the middle definition (3 pages), neither the first (2) nor the last (1).
		const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>';
		const pdf = Buffer.from(
			[
				'%PDF-1.7',
				'1 0 obj',
				'<< /Type /Catalog /Pages 2 0 R >>',
				'endobj',
				'2 0 obj',
				'<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
				'endobj',
				'3 0 obj',
				page,
				'endobj',
				'4 0 obj',
				page,
				'endobj',
				'xref',
				'0 1',
				'0000000000 65535 f ',
				'trailer',
				'<< /Size 5 /Root 1 0 R >>',
				'startxref',
				'7',
				'%%EOF',
				'2 0 obj',
				'<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
				'endobj',
				'5 0 obj',
				page,
				'endobj',
				'xref',
				'2 1',
				'0000000009 00000 n ',
				'trailer',
				'<< /Size 6 /Root 1 0 R /Prev 7 >>',
				'%%EOF',
				'2 0 obj',
				'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
				'endobj',
				'xref',
				'2 1',
				'0000000011 00000 n ',
				'trailer',
				'<< /Size 6 /Root 1 0 R /Prev 7 >>',
				'startxref',
				'11',
				'%%EOF',
				'',
			].join('\n'),
			'latin1',
		);
		expect(pdfJsPages(pdf)).toBe(3);
		expect(await read(pdf)).toBe(3);
	});
});

describe("pdf.js's rebuild, rule by rule (XRef.indexObjects in pdfjs-dist 6.5): never below it", () => {
	// Each document has no cross-reference, so readers rebuild it; page tree 3 has 3 pages as pdf.js
	// reads it and 1 as every table before pdfjsHeaders read it (each case failed there).
	const page = '<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] >>';
	const pages = [10, 11, 12].map((number) => `${number} 0 obj\n${page}\nendobj`);
	const tree = (count: number, header = '3 0 obj') =>
		`${header}\n<< /Type /Pages /Kids [${'10 0 R 11 0 R 12 0 R'.slice(0, 7 * count)}] /Count ${count} >>\nendobj`;
	const catalog = (pagesRef = '3 0 R', number = 1) =>
		`${number} 0 obj\n<< /Type /Catalog /Pages ${pagesRef} >>\nendobj`;
	const trailer = (root = '1 0 R') => `trailer\n<< /Size 40 /Root ${root} /ID [<00> <00>] >>`;
	const start = ['%PDF-1.7', catalog(), ...pages];
	/** Object stream `number` holding page tree 3 of `count` pages, and a cross-reference stream naming it. */
	const compressed = (number: number, count: number) => {
		const tree3 = `3 0 << /Type /Pages /Kids [${'10 0 R 11 0 R 12 0 R'.slice(0, 7 * count)}] /Count ${count} >>`;
		return [
			`${number} 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Length ${tree3.length} >>\nstream\n${tree3}\nendstream\nendobj`,
			`${number + 10} 0 obj\n<< /Type /XRef /Size 40 /Index [3 1] /W [1 2 1] /Length 4 /Root 1 0 R >>\nstream\n` +
				`\x02\x00${String.fromCharCode(number)}\x00\nendstream\nendobj`,
		];
	};
	it.each([
		[
			'a header within a line is not one',
			[...start, `junk ${tree(1)}`, tree(3), `junk ${tree(1)}`],
		],
		[
			'its header pattern: any run of white space',
			[...start, tree(1), tree(3, '3            0 obj')],
		],
		[
			'its header pattern: any number of digits',
			[...start, tree(1), tree(3, '000000000003 0 obj')],
		],
		[
			'an object ends at `xref`, which passes over to `trailer`',
			[
				...start,
				tree(1),
				tree(3),
				'5 0 obj\n<< /Length 6 >>\nstream\n(xref\nendstream\nendobj',
				tree(1),
			],
		],
		['a trailer ends at a header', [...start, tree(1), trailer(), tree(3), `x ${tree(1)}`]],
		[
			'a catalog named with another generation: read for a later one',
			[
				...start,
				tree(3),
				catalog('6 0 R', 5),
				'6 0 obj\n<< /Type /Pages /Kids [10 0 R] /Count 1 >>\nendobj',
				trailer('1 1 R'),
				'trailer\n<< /Root 5 0 R >>',
			],
		],
		[
			'a /Count named with another generation: its kids read for a later one too',
			[
				...start,
				'5 0 obj\n<< /Type /Pages /Kids [10 0 R 11 0 R 12 0 R] /Count 3 >>\nendobj',
				'3 0 obj\n<< /Type /Pages /Kids [5 1 R] /Count 4 1 R >>\nendobj',
				'4 0 obj\n3\nendobj',
			],
		],
		[
			'its cross-reference streams: the first wins',
			[...start, ...compressed(20, 3), ...compressed(21, 1)],
		],
		[
			'a compressed object: whatever the generation asked',
			[
				...start.slice(0, 1),
				catalog('3 7 R'),
				...pages,
				...compressed(20, 3),
				catalog('6 0 R', 5),
				'6 0 obj\n<< /Type /Pages /Kids [10 0 R] /Count 1 >>\nendobj',
				trailer(),
				'trailer\n<< /Root 5 0 R >>',
			],
		],
	])('%s', async (_, lines) => {
		const trailers = lines.some((line) => line.startsWith('trailer')) ? [] : [trailer()];
		const pdf = Buffer.from([...lines, ...trailers, '%%EOF', ''].join('\n'), 'latin1');
		expect(pdfJsPages(pdf)).toBe(3);
		expect(await read(pdf)).toBe(3);
	});

	// pdf.js counts 1 in each; poppler (pdfinfo 22.12) or mupdf (mutool 1.21) counts 3, as the reader
	// does now (each case counted 1 before).
	const catalog5 = [
		catalog('6 0 R', 5),
		'6 0 obj\n<< /Type /Pages /Kids [10 0 R] /Count 1 >>\nendobj',
	];
	it.each([
		[
			'poppler (XRef::constructXRef): the highest generation, the last of it',
			['%PDF-1.7', catalog('3 1 R'), ...pages, tree(1), tree(3, '3 1 obj'), tree(1)],
		],
		[
			'mupdf (pdf_repair_xref): the last definition, read for any generation',
			[...start, tree(1), tree(3, '3 1 obj')],
		],
		[
			'mupdf: a header as its lexer reads tokens (a sign, a comment, more white space)',
			[...start, tree(1), tree(3, 'x +3 %c\n0          obj')],
		],
		[
			"mupdf: a stream's data passed over by its /Length",
			[
				...start,
				tree(3),
				`7 0 obj\n<< /Length ${tree(1).length} >>\nstream\n${tree(1)}\nendstream`,
			],
		],
		[
			'mupdf: the /Root of a dictionary between objects',
			[...start, tree(1), ...catalog5.slice(1), catalog('7 0 R', 4), tree(3, '7 0 obj')],
		],
	])('%s', async (_, lines) => {
		const trailers = [...catalog5, trailer('5 0 R'), trailer(), '<< /Root 4 0 R >>'];
		const pdf = Buffer.from([...lines, ...trailers, '%%EOF', ''].join('\n'), 'latin1');
		expect(pdfJsPages(pdf)).toBe(1);
		expect(await read(pdf)).toBe(3);
	});
});
