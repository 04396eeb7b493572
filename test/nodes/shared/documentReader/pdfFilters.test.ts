/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// The filter and predictors cross-reference and object streams use (ISO 32000-1, 7.4), each against
// data made with node:zlib; any other filter cannot be counted.
import { constants, deflateSync, inflateSync } from 'node:zlib';
import { PdfBudget } from '../../../../nodes/shared/documentReader/pdfBudget';
import { decodeStream } from '../../../../nodes/shared/documentReader/pdfFilters';
import { PdfLexer, type PdfDict } from '../../../../nodes/shared/documentReader/pdfSyntax';

/** A budget for a document of `size` bytes. */
const sizedBudget = (size: number) => {
	const budget = new PdfBudget();
	budget.sized(size);
	return budget;
};
const dict = (text: string) => new PdfLexer(Buffer.from(text, 'latin1')).value() as PdfDict;
const decode = async (parameters: string, data: Buffer, size = 1024 * 1024) =>
	await decodeStream(dict(parameters), data, sizedBudget(size));
const hex = (data: Buffer) => Buffer.from(`${data.toString('hex').replace(/(..)/g, '$1 ')}>`);

/** ASCII85 of `data` (7.4.3): groups of four bytes as five characters, `z` for zeros. */
function ascii85(data: Buffer): Buffer {
	let out = '';
	for (let at = 0; at < data.length; at += 4) {
		const group = Buffer.alloc(4);
		data.copy(group, 0, at, at + 4);
		const length = Math.min(4, data.length - at);
		let value = group.readUInt32BE(0);
		if (value === 0 && length === 4) {
			out += 'z';
			continue;
		}
		const chars: string[] = [];
		for (let digit = 0; digit < 5; digit++) {
			chars.unshift(String.fromCharCode(33 + (value % 85)));
			value = Math.floor(value / 85);
		}
		out += chars.slice(0, length + 1).join('');
	}
	return Buffer.from(`${out}~>`, 'latin1');
}

describe('PDF stream filters', () => {
	it('reads Flate by either name; refuses ASCII85, LZW, ASCIIHex and chains, which no producer writes there', async () => {
		const text = Buffer.from('1 0 obj stream of the page tree '.repeat(200));
		expect(await decode('<< /Filter /Fl >>', deflateSync(text))).toEqual(text);
		expect(await decode('<< /Filter [/FlateDecode] >>', deflateSync(text))).toEqual(text);
		await expect(decode('<< /Filter /A85 >>', Buffer.from('9jqo^~>'))).rejects.toThrow();
		const lzw = Buffer.from('800b6050220c0c8501', 'hex');
		await expect(decode('<< /Filter /LZWDecode >>', lzw)).rejects.toThrow();
		await expect(decode('<< /Filter /AHx >>', Buffer.from('4 8 6\n5 6>'))).rejects.toThrow();
		const chained = hex(ascii85(deflateSync(text)));
		await expect(decode('<< /Filter [/AHx /A85 /Fl] >>', chained)).rejects.toThrow();
	});

	it('inflates every block zlib writes (stored, fixed and dynamic codes, long matches); what inflated before damage stands', async () => {
		const text = Buffer.from('<< /Type /Page /Parent 2 0 R >> '.repeat(3000));
		// Bytes no match compresses: stored blocks at level 0, codes of many lengths at 9.
		const noise = Buffer.from(
			Array.from({ length: 70_000 }, (_, at) => Math.imul(at + 1, 2654435761) >>> 24),
		);
		const levels = [0, 1, 9].map((level) => ({ level }));
		const strategies = [constants.Z_FIXED, constants.Z_HUFFMAN_ONLY].map((strategy) => ({
			strategy,
		}));
		for (const data of [text, noise, Buffer.concat([noise, text, noise])])
			for (const options of [...levels, ...strategies]) {
				const inflated = await decode('<< /Filter /Fl >>', deflateSync(data, options));
				// Buffer's own comparison: jest's compares 240 KB for seconds.
				expect(inflated.equals(data)).toBe(true);
			}
		const cut = await decode('<< /Filter /Fl >>', deflateSync(text).subarray(0, 40));
		expect(cut.length).toBeGreaterThan(0);
		expect(cut.equals(text.subarray(0, cut.length))).toBe(true);
		expect(await decode('<< /Filter /Fl >>', Buffer.from('not zlib'))).toEqual(Buffer.alloc(0));
	});

	// What zlib refuses in a block's framing, the node does not inflate either.
	it('inflates no more than zlib does before damage: a stored length without its complement, a window past 32 KB', async () => {
		const stored = (header: number[], complement: number[]) =>
			Buffer.from([...header, 0x01, 5, 0, ...complement, ...Buffer.from('hello'), 0, 0, 0, 0]);
		const wrongComplement = stored([0x78, 0x01], [0, 0]);
		// CINFO 8: a 64 KB window, which zlib refuses in the header.
		const wideWindow = stored([0x88, 0x1c], [0xfa, 0xff]);
		for (const data of [wrongComplement, wideWindow]) {
			expect(() => inflateSync(data)).toThrow();
			expect(await decode('<< /Filter /Fl >>', data)).toEqual(Buffer.alloc(0));
		}
	});

	it('reads no parameters by /DP, the abbreviation of inline images: the data is inflated alone', async () => {
		const decoded = await decode(
			'<< /Filter /Fl /DP << /Predictor 12 /Columns 2 >> >>',
			deflateSync('ab'),
		);
		expect(decoded.toString()).toBe('ab');
	});

	it('undoes PNG predictors per /Colors and a TIFF predictor 2', async () => {
		// Two rows of two pixels of two bytes: PNG "Sub" then "Up".
		const rows = [
			[1, 2, 3, 4],
			[5, 6, 7, 8],
		];
		const png = Buffer.from([1, 1, 2, 2, 2, 2, 4, 4, 4, 4]);
		expect(
			await decode(
				'<< /Filter /Fl /DecodeParms << /Predictor 12 /Colors 2 /Columns 2 >> >>',
				deflateSync(png),
			),
		).toEqual(Buffer.from(rows.flat()));
		const tiff = Buffer.from([1, 2, 2, 2, 5, 6, 2, 2]);
		expect(
			await decode(
				'<< /Filter /FlateDecode /DecodeParms << /Predictor 2 /Colors 2 /Columns 2 >> >>',
				deflateSync(tiff),
			),
		).toEqual(Buffer.from(rows.flat()));
	});

	it('charges data without a filter and predictor output to the budget: a small document cannot decode 4 MB', async () => {
		const budget = sizedBudget(1000);
		const rows = Buffer.alloc(3 * 1024 * 1024);
		await expect(
			decodeStream(dict('<< /DecodeParms << /Predictor 12 /Columns 7 >> >>'), rows, budget),
		).rejects.toMatchObject({ reason: 'budget' });
		expect(budget.work.total).toBeLessThanOrEqual(budget.work.limit);
		const large = sizedBudget(8 * 1024 * 1024);
		expect((await decodeStream(dict('<< >>'), rows, large)).length).toBe(rows.length);
		// Its bytes, and what any stream's decoding costs besides them.
		expect(large.work.total - rows.length).toBeGreaterThan(0);
		expect(large.work.total - rows.length).toBeLessThan(1024);
	});

	it('refuses an unknown filter and a damaged vector', async () => {
		await expect(decode('<< /Filter /DCTDecode >>', Buffer.from('x'))).rejects.toThrow();
		await expect(decode('<< /Filter /A85 >>', Buffer.from('vvvvv~>'))).rejects.toThrow();
		await expect(decode('<< /Filter /AHx >>', Buffer.from('4g>'))).rejects.toThrow();
	});
});
