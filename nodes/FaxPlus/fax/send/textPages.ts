// Pages of plain text before upload, by a layout no fax of it can beat (docs/operations.md, Max Pages):
// Fax.Plus publishes none, so this one holds at most what any usual rendering of the text holds.

/** Columns a line holds: 60 of 7.5 pt fit inside A4's 1-inch margins (451 pt), the narrower page. */
export const TEXT_COLUMNS = 60;
/** Lines a page holds: 45 of 14 pt (12-point type) fit inside Letter's 1-inch margins (648 pt), the shorter page. */
export const TEXT_LINES = 45;
const TAB_COLUMNS = 8;

const [TAB, LINE_FEED, FORM_FEED, CARRIAGE_RETURN, SPACE] = [9, 10, 12, 13, 32];

/**
 * Columns of an ASCII byte: 2 for the letters and signs wider than 7.5 pt at 12 points in the usual
 * fonts (capitals, m, w, @, %, &), 1 for the others, control bytes included.
 */
function asciiColumns(byte: number): number {
	if (byte >= 65 && byte <= 90) return 2;
	return byte === 109 || byte === 119 || byte === 64 || byte === 37 || byte === 38 ? 2 : 1;
}

/** Lines wrap at spaces, as a word processor wraps them; a word longer than a line is cut. One pass, constant state. */
class TextLayout {
	/** Pages ended by form feeds, and the lines since the last. */
	private pages = 0;
	private lines = 0;
	/** Columns of the line and of the word not yet placed on it. */
	private line = 0;
	private word = 0;
	/** UTF-8 continuation bytes still due to the character begun. */
	private continuation = 0;
	private afterCarriageReturn = false;
	/** Columns of each ASCII byte; 0 for the blanks and breaks. */
	private readonly columns = Uint8Array.from({ length: 128 }, (_, byte) =>
		[SPACE, TAB, LINE_FEED, CARRIAGE_RETURN, FORM_FEED].includes(byte) ? 0 : asciiColumns(byte),
	);

	get pagesSoFar(): number {
		return this.pages + Math.floor(this.lines / TEXT_LINES);
	}

	/** The state is in locals for the loop: a letter that fits its line costs a lookup and an add. */
	add(bytes: Uint8Array) {
		const columns = this.columns;
		let { pages, lines, line, word, continuation, afterCarriageReturn } = this;
		for (let at = 0; at < bytes.length; at++) {
			const byte = bytes[at];
			let width = 2;
			if (byte < 0x80) {
				width = columns[byte];
				continuation = 0;
			} else if (byte < 0xc0 && continuation > 0) {
				continuation--;
				continue;
			} else {
				// Every character outside ASCII is 2 columns (CJK is that wide); a stray byte is a character of its own.
				continuation = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : byte >= 0xc0 ? 1 : 0;
			}
			const carriageReturnBefore = afterCarriageReturn;
			afterCarriageReturn = byte === CARRIAGE_RETURN;
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
			if (byte === LINE_FEED && carriageReturnBefore) continue;
			// A blank or a break ends the word: it goes on this line, or starts the next.
			if (word > 0) {
				if (line > 0 && line + word > TEXT_COLUMNS) {
					lines++;
					line = 0;
				}
				line += word;
				word = 0;
			}
			if (byte === SPACE || byte === TAB) {
				line = byte === SPACE ? line + 1 : (Math.floor(line / TAB_COLUMNS) + 1) * TAB_COLUMNS;
				// Blanks past the margin take lines too (a renderer may let them hang: this counts more, never fewer).
				if (line > TEXT_COLUMNS) {
					lines++;
					line -= TEXT_COLUMNS;
				}
				continue;
			}
			if (line > 0 || byte !== FORM_FEED) lines++;
			line = 0;
			if (byte === FORM_FEED) {
				// A new page, even after an empty one: counting more, never fewer.
				pages += Math.max(1, Math.ceil(lines / TEXT_LINES));
				lines = 0;
			}
		}
		Object.assign(this, { pages, lines, line, word, continuation, afterCarriageReturn });
	}

	/** Pages of the whole text: at least one. */
	end(): number {
		let { lines, line } = this;
		if (this.word > 0) {
			if (line > 0 && line + this.word > TEXT_COLUMNS) {
				lines++;
				line = 0;
			}
			line += this.word;
		}
		if (line > 0) lines++;
		return Math.max(1, this.pages + Math.ceil(lines / TEXT_LINES));
	}
}

/** Pages of the text `open()` reads, read once; stops past `mostPages` (that many is answered). */
export async function textPages(
	open: () => Promise<AsyncIterable<Uint8Array>>,
	mostPages: number,
): Promise<number> {
	const layout = new TextLayout();
	for await (const chunk of await open()) {
		layout.add(chunk);
		if (layout.pagesSoFar >= mostPages) return mostPages;
	}
	return Math.min(layout.end(), mostPages);
}
