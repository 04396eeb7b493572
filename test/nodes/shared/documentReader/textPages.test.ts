// Pages of plain text, by the layout docs/operations.md states (Max Pages): 60 columns a line, wrapped at
// spaces, 45 lines a page; never fewer pages than a rendering of the text in 12-point type has.
import { textPages } from '../../../../nodes/shared/documentReader/textPages';
import { expectLinear } from '../../../support/linear';

/** The layout the reader's README states: 60 columns a line, 45 lines a page. */
const [COLUMNS, LINES] = [60, 45];

const count = async (text: string | Buffer, pieceBytes = 64 * 1024, most = 100_000) => {
	const bytes = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
	return await textPages(
		async () =>
			(async function* () {
				for (let at = 0; at < bytes.length; at += pieceBytes)
					yield bytes.subarray(at, at + pieceBytes);
			})(),
		most,
	);
};
const lines = (n: number, line = 'a line') => `${line}\n`.repeat(n);

describe('text pages', () => {
	it('is 60 columns a line and 45 lines a page', async () => {
		expect(await count(lines(LINES, 'a'.repeat(COLUMNS)))).toBe(1);
		expect(await count(lines(LINES, 'a'.repeat(COLUMNS + 1)))).toBe(2);
		expect(await count(lines(LINES + 1, 'a'.repeat(COLUMNS)))).toBe(2);
	});

	it('counts lines: 45 a page, an empty line a line, at least one page', async () => {
		expect(await count('Hello')).toBe(1);
		expect(await count(' ')).toBe(1);
		expect(await count(lines(45))).toBe(1);
		expect(await count(lines(46))).toBe(2);
		expect(await count(`${lines(45)}x`)).toBe(2);
		expect(await count('\n'.repeat(90))).toBe(2);
		expect(await count('\n'.repeat(91))).toBe(3);
		// CR LF and a lone CR each end one line.
		expect(await count('a\r\n'.repeat(45))).toBe(1);
		expect(await count('a\r'.repeat(46))).toBe(2);
	});

	it('wraps at spaces: a line of 60 columns fits, a word that would pass the margin starts the next', async () => {
		const word = 'abcdefghij'; // 10 narrow letters (no m, w or capitals)
		const sixty = Array.from({ length: 6 }, () => word)
			.join('')
			.slice(0, 60);
		expect(await count(lines(45, sixty))).toBe(1);
		expect(await count(lines(45, `${sixty}x`))).toBe(2);
		// 5 words of 10 and their spaces: 54 columns, then 10 more do not fit.
		const six = Array.from({ length: 6 }, () => word).join(' ');
		expect(await count(lines(23, six))).toBe(2);
		expect(await count(lines(22, six))).toBe(1);
		// A word of 150 columns takes 3 lines.
		expect(await count(lines(15, 'a'.repeat(150)))).toBe(1);
		expect(await count(lines(16, 'a'.repeat(150)))).toBe(2);
	});

	it('counts capitals, m, w, @, %, & and every character outside ASCII as two columns, a tab to the next 8', async () => {
		for (const wide of ['A', 'Z', 'M', 'W', 'm', 'w', '@', '%', '&', 'é', '中', '😀']) {
			expect([wide, await count(lines(45, wide.repeat(30)))]).toEqual([wide, 1]);
			expect([wide, await count(lines(45, wide.repeat(31)))]).toEqual([wide, 2]);
		}
		expect(await count(lines(45, `${'\t'.repeat(7)}${'a'.repeat(4)}`))).toBe(1);
		expect(await count(lines(45, `${'\t'.repeat(7)}${'a'.repeat(5)}`))).toBe(2);
	});

	it('reads UTF-8 split across pieces, and stray bytes (Latin-1) as characters', async () => {
		const text = lines(45, '中'.repeat(30));
		for (const piece of [1, 2, 3, 7]) expect(await count(text, piece)).toBe(1);
		expect(await count(Buffer.from(lines(45, '\xe9'.repeat(30)), 'latin1'))).toBe(1);
		expect(await count(Buffer.from(lines(45, '\xe9'.repeat(31)), 'latin1'))).toBe(2);
	});

	it('ends a line at VT, FS, GS, RS, NEL, U+2028 and U+2029 as at LF (100,000 of them: 2,223 pages)', async () => {
		for (const lineBreak of ['\n', '\v', '\x1c', '\x1d', '\x1e', '\u0085', '\u2028', '\u2029']) {
			expect([lineBreak, await count(lines(45, `a${lineBreak}b`))]).toEqual([lineBreak, 2]);
			expect([lineBreak, await count(lineBreak.repeat(100_000), 7)]).toEqual([lineBreak, 2223]);
		}
		// U+2027 and U+202A, beside them, are characters.
		expect(await count('\u2027\u202a'.repeat(15))).toBe(1);
	});

	it('counts each byte of a sequence that is not UTF-8 as a character of its own, as Windows-1252 reads it', async () => {
		// F0 89 89 89 is no UTF-8 (after F0 comes 90 to BF): four characters, eight columns; 30,000 of them 89 pages.
		const notUtf8 = Buffer.from([0xf0, 0x89, 0x89, 0x89]);
		expect(await count(Buffer.concat(Array(30_000).fill(notUtf8)))).toBe(89);
		for (const piece of [1, 2, 3]) {
			expect(
				await count(Buffer.concat([...Array(7).fill(notUtf8), Buffer.from('ab')]), piece),
			).toBe(1);
			// 7 such sequences (56 columns) fit a line, 8 do not: 45 lines of each.
			const line = (n: number) => Buffer.concat([...Array(n).fill(notUtf8), Buffer.from('\n')]);
			expect(await count(Buffer.concat(Array(45).fill(line(7))), piece)).toBe(1);
			expect(await count(Buffer.concat(Array(45).fill(line(8))), piece)).toBe(2);
		}
		// Overlong, surrogate and past U+10FFFF sequences, and one cut short by the end: each byte is a character.
		for (const bad of [
			[0xc0, 0xaf],
			[0xe0, 0x80, 0xaf],
			[0xed, 0xa0, 0x80],
			[0xf4, 0x90, 0x80, 0x80],
			[0xe4, 0xb8],
		]) {
			const one = Buffer.from(bad);
			const fits = Math.floor(COLUMNS / (2 * bad.length));
			const page = (n: number) =>
				Buffer.concat(Array(45).fill(Buffer.concat([...Array(n).fill(one), Buffer.from('\n')])));
			expect([bad, await count(page(fits))]).toEqual([bad, 1]);
			expect([bad, await count(page(fits + 1))]).toEqual([bad, 2]);
		}
		expect(
			await count(Buffer.concat([Buffer.from('x'.repeat(59)), Buffer.from([0xe4, 0xb8])])),
		).toBe(1);
		expect(
			await count(
				Buffer.concat([
					Buffer.from(lines(44, 'x')),
					Buffer.from('x'.repeat(59)),
					Buffer.from([0xe4, 0xb8]),
				]),
			),
		).toBe(2);
	});

	it("reads a text with UTF-16's byte order mark as UTF-16 too, the larger count holding: 100,000 U+2028 are 2,223 pages", async () => {
		const utf16 = (text: string, bigEndian = false) => {
			const units = Buffer.from(`\ufeff${text}`, 'utf16le');
			return bigEndian ? units.swap16() : units;
		};
		for (const bigEndian of [false, true]) {
			for (const piece of [1, 3, 64 * 1024]) {
				const separators = utf16('\u2028'.repeat(100_000), bigEndian);
				expect([bigEndian, piece, await count(separators, piece)]).toEqual([
					bigEndian,
					piece,
					2223,
				]);
				// 45 lines of 30 emoji (surrogate pairs), cut anywhere: never below the whole's count.
				const emoji = utf16(lines(45, '😀'.repeat(30)), bigEndian);
				expect(await count(emoji, piece)).toBeGreaterThanOrEqual(await count(emoji, emoji.length));
			}
		}
		// Without the mark, the same bytes are read as bytes.
		expect(await count(Buffer.from('\u2028'.repeat(100_000), 'utf16le'))).toBeLessThan(2223);
	});

	it('starts a page at a form feed', async () => {
		expect(await count('a\fb')).toBe(2);
		expect(await count('a\f\fb')).toBe(3);
	});

	it('counts 2 MB of text as far more than one page, and stops at the most asked', async () => {
		const twoMegabytes = 'The quick brown fox jumps over the lazy dog. '.repeat(46_604);
		expect(await count(twoMegabytes)).toBeGreaterThan(700);
		expect(await count(twoMegabytes, 64 * 1024, 10)).toBe(10);
	});

	it('stops soon past the most asked in a text held whole in memory: 20 MB in one piece, one 64 KB slice laid out', async () => {
		const text = Buffer.from('a line of text\n'.repeat(1_400_000));
		const slices = jest.spyOn(text, 'subarray');
		const whole = async () =>
			(async function* () {
				yield text;
			})();
		expect(await textPages(whole, 3)).toBe(3);
		// Its first two bytes (a UTF-16 mark?), then one slice.
		expect(slices.mock.calls).toEqual([
			[0, 2],
			[0, 64 * 1024],
		]);
	});

	it("gives n8n's event loop a turn every 4 MB of a text held whole: 16 MB not UTF-8 in one piece", async () => {
		// Each byte a character two columns wide: 30 a line.
		const text = Buffer.alloc(16 * 1024 * 1024, 0xff);
		const whole = async () =>
			(async function* () {
				yield text;
			})();
		// A callback queued again on each turn of the loop runs only where the count gives turns.
		let turns = 0;
		let counting = true;
		const turn = () => {
			if (!counting) return;
			turns++;
			// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: a turn of the loop is what is counted
			setImmediate(turn);
		};
		// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: as above
		setImmediate(turn);
		const pages = await textPages(whole, 100_001);
		counting = false;
		expect(pages).toBe(Math.ceil(Math.ceil(text.length / 30) / 45));
		expect(turns).toBeGreaterThanOrEqual(3);
	});

	it('never counts fewer pages than the text has at 60 columns however it is cut into pieces', async () => {
		const text = `${'word '.repeat(500)}\n${'x'.repeat(1000)}\n\t\tindented\r\n${'ü'.repeat(300)}`;
		const whole = await count(text, text.length * 2);
		for (const piece of [1, 5, 64, 1000]) expect(await count(text, piece)).toBe(whole);
	});

	it('costs time linear in the text, whatever it holds (line separators, bytes that are not UTF-8, UTF-16)', async () => {
		const mixed = (size: number) =>
			Buffer.concat([
				Buffer.from(
					`${'a '.repeat(size)}${'\t'.repeat(size)}${'中'.repeat(size)}${'x'.repeat(size)}${'\u2028'.repeat(size)}`,
				),
				Buffer.alloc(size * 4, Buffer.from([0xf0, 0x89, 0x89, 0x89])),
			]);
		await expectLinear(mixed, async (text) => await count(text), 1000);
		const utf16 = (size: number) => Buffer.from(`\ufeff${'a\u2028中 '.repeat(size)}`, 'utf16le');
		await expectLinear(utf16, async (text) => await count(text), 1000);
	});
});
