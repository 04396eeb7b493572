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
	pages = 0;
	private linesOnPage = 0;
	private line = 0;
	private word = 0;
	/** UTF-8 continuation bytes still due to the character begun. */
	private continuation = 0;
	private afterCarriageReturn = false;

	add(bytes: Uint8Array) {
		for (let at = 0; at < bytes.length; at++) {
			const byte = bytes[at];
			const afterCarriageReturn = this.afterCarriageReturn;
			this.afterCarriageReturn = false;
			if (byte >= 0x80) {
				// Every character outside ASCII is 2 columns (CJK is that wide); a stray byte is a character of its own.
				if (byte < 0xc0 && this.continuation > 0) {
					this.continuation--;
					continue;
				}
				this.continuation = byte >= 0xf0 ? 3 : byte >= 0xe0 ? 2 : byte >= 0xc0 ? 1 : 0;
				this.letter(2);
				continue;
			}
			this.continuation = 0;
			if (byte === SPACE || byte === TAB) {
				this.place();
				this.line =
					byte === SPACE ? this.line + 1 : (Math.floor(this.line / TAB_COLUMNS) + 1) * TAB_COLUMNS;
				// Blanks past the margin take lines too (a renderer may let them hang: this counts more, never fewer).
				while (this.line > TEXT_COLUMNS) {
					this.lineDone();
					this.line -= TEXT_COLUMNS;
				}
			} else if (byte === LINE_FEED || byte === CARRIAGE_RETURN) {
				this.afterCarriageReturn = byte === CARRIAGE_RETURN;
				// CR LF is one line break.
				if (byte === LINE_FEED && afterCarriageReturn) continue;
				this.place();
				this.lineDone();
				this.line = 0;
			} else if (byte === FORM_FEED) {
				this.place();
				if (this.line > 0) this.lineDone();
				this.line = 0;
				// A new page, even after an empty one: counting more, never fewer.
				this.pages++;
				this.linesOnPage = 0;
			} else {
				this.letter(asciiColumns(byte));
			}
		}
	}

	/** Pages of the whole text: at least one. */
	end(): number {
		this.place();
		if (this.line > 0) this.lineDone();
		return Math.max(1, this.pages + (this.linesOnPage > 0 ? 1 : 0));
	}

	private letter(columns: number) {
		this.word += columns;
		if (this.word <= TEXT_COLUMNS) return;
		// A word wider than a line starts a line of its own and is cut at the margin.
		if (this.line > 0) this.lineDone();
		this.line = 0;
		while (this.word > TEXT_COLUMNS) {
			this.lineDone();
			this.word -= TEXT_COLUMNS;
		}
	}

	/** The word just ended goes on this line, or starts the next. */
	private place() {
		if (this.word === 0) return;
		if (this.line > 0 && this.line + this.word > TEXT_COLUMNS) {
			this.lineDone();
			this.line = 0;
		}
		this.line += this.word;
		this.word = 0;
	}

	private lineDone() {
		if (++this.linesOnPage < TEXT_LINES) return;
		this.pages++;
		this.linesOnPage = 0;
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
		if (layout.pages >= mostPages) return mostPages;
	}
	return Math.min(layout.end(), mostPages);
}
