// Pages of plain text before upload, by a layout no fax of it can beat (docs/operations.md, Max Pages):
// Fax.Plus publishes none, so this one holds at most what any usual rendering of the text holds.
import { sleep } from 'n8n-workflow';
import type { Open } from './pdfBytes';

/** Columns a line holds: 60 of 7.5 pt fit inside A4's 1-inch margins (451 pt), the narrower page. */
const TEXT_COLUMNS = 60;
/** Lines a page holds: 45 of 14 pt (12-point type) fit inside Letter's 1-inch margins (648 pt), the shorter page. */
const TEXT_LINES = 45;
const TAB_COLUMNS = 8;
/** Bytes laid out between looks at the count so far. */
const SLICE_BYTES = 64 * 1024;
/** Bytes laid out between turns given to n8n's event loop: a text held whole gives none of its own. */
const TURN_BYTES = 4 * 1024 * 1024;
const [TAB, LINE_FEED, FORM_FEED, CARRIAGE_RETURN, SPACE] = [9, 10, 12, 13, 32];
/** Units the layout places beside ASCII's bytes: a character two columns wide; a line break (NEL, U+2028, U+2029). */
const [WIDE, BREAK] = [128, 129];
/** Line breaks besides LF and CR: VT, FS, GS and RS (as Unicode and Python's splitlines read them). */
const ASCII_BREAKS = [11, 28, 29, 30];
// Columns of each unit: 0 for blanks and breaks; 2 for WIDE and the ASCII letters and signs wider
// than 7.5 pt at 12 points in the usual fonts (capitals, m, w, @, %, &); 1 for the others.
const COLUMNS = Uint8Array.from({ length: BREAK + 1 }, (_, unit) => {
	if ([SPACE, TAB, LINE_FEED, CARRIAGE_RETURN, FORM_FEED, BREAK, ...ASCII_BREAKS].includes(unit))
		return 0;
	const wide = unit === WIDE || (unit >= 65 && unit <= 90) || [109, 119, 64, 37, 38].includes(unit);
	return wide ? 2 : 1;
});
/** Lines wrap at spaces, as a word processor wraps them; a word longer than a line is cut. One pass, constant state. */
class TextLayout {
	/** Pages ended by form feeds, and the lines since the last. */
	private pages = 0;
	private lines = 0;
	/** Columns of the line and of the word not yet placed on it. */
	private line = 0;
	private word = 0;
	/** The UTF-8 sequence begun: its bytes so far, those still due, its code point and the next byte's range. */
	private held = 0;
	private due = 0;
	private code = 0;
	private lower = 0x80;
	private upper = 0xbf;
	/** The last byte was a CR: an LF after it ends no other line. */
	private afterReturn = false;
	get pagesSoFar(): number {
		return this.pages + Math.floor(this.lines / TEXT_LINES);
	}
	/** The state is in locals for the loop: a letter that fits its line costs a lookup and an add. */
	add(bytes: Uint8Array) {
		let { pages, lines, line, word, held, due, code, lower, upper, afterReturn } = this;
		for (let at = 0; at < bytes.length; at++) {
			const byte = bytes[at];
			let unit = byte;
			let width: number;
			if (due > 0) {
				if (byte >= lower && byte <= upper) {
					code = (code << 6) | (byte & 0x3f);
					held++;
					lower = 0x80;
					upper = 0xbf;
					if (--due > 0) continue;
					unit = code === 0x85 || code === 0x2028 || code === 0x2029 ? BREAK : WIDE;
					width = COLUMNS[unit];
				} else {
					// Not UTF-8: each byte held is a character of its own (as Windows-1252 reads it); this byte starts afresh.
					unit = WIDE;
					width = 2 * held;
					due = 0;
					at--;
				}
			} else if (byte < 0x80) {
				width = COLUMNS[byte];
			} else if (byte >= 0xc2 && byte <= 0xf4) {
				// UTF-8's well-formed sequences (Unicode's table 3-7): a lead byte, then 1 to 3 in the ranges it allows.
				due = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : 1;
				code = byte & (0x3f >> due);
				held = 1;
				lower = byte === 0xe0 ? 0xa0 : byte === 0xf0 ? 0x90 : 0x80;
				upper = byte === 0xed ? 0x9f : byte === 0xf4 ? 0x8f : 0xbf;
				continue;
			} else {
				// A stray continuation byte, or a lead no sequence has: a character of its own.
				unit = WIDE;
				width = 2;
			}
			const carriageReturnBefore = afterReturn;
			afterReturn = unit === CARRIAGE_RETURN;
			if (width > 0) {
				word += width;
				if (word <= TEXT_COLUMNS) continue;
				// A word wider than a line starts a line of its own and is cut at the margin.
				if (line > 0) lines++;
				line = 0;
				lines += Math.ceil(word / TEXT_COLUMNS) - 1;
				word -= (Math.ceil(word / TEXT_COLUMNS) - 1) * TEXT_COLUMNS;
				continue;
			}
			// CR LF is one line break.
			if (unit === LINE_FEED && carriageReturnBefore) continue;
			// A blank or a break ends the word: it goes on this line, or starts the next.
			if (word > 0) {
				if (line > 0 && line + word > TEXT_COLUMNS) {
					lines++;
					line = 0;
				}
				line += word;
				word = 0;
			}
			if (unit === SPACE || unit === TAB) {
				line = unit === SPACE ? line + 1 : (Math.floor(line / TAB_COLUMNS) + 1) * TAB_COLUMNS;
				// Blanks past the margin take lines too (a renderer may let them hang: this counts more, never fewer).
				if (line > TEXT_COLUMNS) {
					lines++;
					line -= TEXT_COLUMNS;
				}
				continue;
			}
			if (line > 0 || unit !== FORM_FEED) lines++;
			line = 0;
			if (unit === FORM_FEED) {
				// A new page, even after an empty one: counting more, never fewer.
				pages += Math.max(1, Math.ceil(lines / TEXT_LINES));
				lines = 0;
			}
		}
		Object.assign(this, { pages, lines, line, word, held, due, code, lower, upper, afterReturn });
	}
	/** Pages of the whole text: at least one. */
	end(): number {
		// The last line ends as a line break would end it; a sequence cut short by the end is characters.
		if (this.due > 0 || this.line > 0 || this.word > 0) this.add(Uint8Array.of(LINE_FEED));
		return Math.max(1, this.pages + Math.ceil(this.lines / TEXT_LINES));
	}
}
/** A text with UTF-16's byte order mark, read as a converter that honours it reads it. */
class Utf16Layout {
	private readonly layout = new TextLayout();
	private carry = Buffer.alloc(0);
	/** `mark`: the byte order mark's bytes still to pass over, no character. */
	constructor(
		private readonly bigEndian: boolean,
		private mark: number,
	) {}
	get pagesSoFar(): number {
		return this.layout.pagesSoFar;
	}
	add(bytes: Uint8Array) {
		const skipped = Math.min(this.mark, bytes.length);
		this.mark -= skipped;
		const joined = Buffer.concat([this.carry, bytes.subarray(skipped)]);
		const even = joined.length - (joined.length % 2);
		this.carry = joined.subarray(even);
		const units = Buffer.from(joined.subarray(0, even));
		if (this.bigEndian) units.swap16();
		// A surrogate cut by a piece's end becomes U+FFFD, and its other half too: a character more, never fewer.
		this.layout.add(Buffer.from(units.toString('utf16le'), 'utf8'));
	}
	end(): number {
		if (this.carry.length > 0) this.layout.add(Buffer.from('\ufffd', 'utf8'));
		return this.layout.end();
	}
}
/** Pages of a text read once, up to `mostPages`; with UTF-16's mark, the larger of two readings. */
export async function textPages(open: Open, mostPages: number): Promise<number> {
	const layouts: Array<TextLayout | Utf16Layout> = [new TextLayout()];
	let head = Buffer.alloc(0);
	let sinceTurn = 0;
	for await (const chunk of await open()) {
		if (head.length < 2) {
			// The mark's bytes in this piece are passed over by its first slice.
			const inPiece = 2 - head.length;
			head = Buffer.concat([head, chunk.subarray(0, inPiece)]);
			const bigEndian = head[0] === 0xfe && head[1] === 0xff;
			if (head.length === 2 && (bigEndian || (head[0] === 0xff && head[1] === 0xfe)))
				layouts.push(new Utf16Layout(bigEndian, inPiece));
		}
		// In slices, so a text held whole in memory (the Text source) stops soon past the most asked too.
		for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
			const slice = chunk.subarray(at, at + SLICE_BYTES);
			for (const layout of layouts) layout.add(slice);
			if (layouts.some((layout) => layout.pagesSoFar >= mostPages)) return mostPages;
			// Bytes in memory come without a wait: a turn is given now and then, and costs no CPU.
			if ((sinceTurn += slice.length) >= TURN_BYTES) {
				sinceTurn = 0;
				await sleep(0);
			}
		}
	}
	return Math.min(Math.max(...layouts.map((layout) => layout.end())), mostPages);
}
