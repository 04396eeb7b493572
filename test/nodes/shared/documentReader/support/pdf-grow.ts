/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Large PDFs made at test time from the small real ones in fixtures/: every image stream's data is
// grown (pseudo-random bytes, as compressed image data looks) until the document has the size asked,
// and everything that names an offset is rewritten to match: the streams' /Length (direct or an
// object of its own), each classic table's entries, trailers' /Prev and /XRefStm, every `startxref`,
// each cross-reference stream (written again with /W [1 4 2] and no filter, its rows' offsets
// moved), and a linearized file's /L, /E, /T and /H. The producer's layout stays as it was: what sat
// between two images still sits between them, tens of megabytes from either end.
//
// Numbers rewritten in dictionaries take ten characters, padded with spaces after them, so where
// everything lands is known before any value is: the layout is computed once, then streamed in
// 64 KB pieces (the grown data is one 64 KB block over and over, never held whole).
import { createWriteStream } from 'node:fs';
import { inflateSync } from 'node:zlib';

const PIECE = 64 * 1024;
const FIELD = 10;

/** A document made on demand: its size, and its bytes from the start each time `open` is called. */
export interface GrownPdf {
	size: number;
	open: () => Promise<AsyncIterable<Uint8Array>>;
	/** How many times `open` was called. */
	opened: number;
	/** Writes the document to `file` (for pdf.js, in a process of its own). */
	writeTo: (file: string) => Promise<void>;
}

/** A replaced range of the small document: bytes known once the layout is (`fill`), or filler. */
interface Edit {
	start: number;
	end: number;
	length: number;
	fill?: (moved: (offset: number) => number, size: number) => Buffer;
	filler?: true;
}

/** One block of pseudo-random bytes (xorshift32, fixed seed): what every grown stream repeats. */
function fillerBlock(): Buffer {
	const block = Buffer.alloc(PIECE);
	let state = 0x9e3779b9;
	for (let at = 0; at < PIECE; at += 4) {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		block.writeUInt32LE(state >>> 0, at);
	}
	return block;
}
const FILLER = fillerBlock();

/** `value` in FIELD characters, spaces after it. */
function field(value: number): Buffer {
	const text = String(value);
	if (text.length > FIELD) throw new Error(`${value} does not fit ${FIELD} characters`);
	return Buffer.from(text.padEnd(FIELD, ' '), 'latin1');
}

/** An edit that writes a number (an offset of the small document, moved; or the size) in FIELD characters. */
function numberEdit(
	start: number,
	end: number,
	value: (moved: (offset: number) => number, size: number) => number,
): Edit {
	return { start, end, length: FIELD, fill: (moved, size) => field(value(moved, size)) };
}

/** Undoes a PNG predictor (/Predictor 10-15) over rows of `columns` bytes. */
function unpredict(data: Buffer, columns: number): Buffer {
	const rows = Math.floor(data.length / (columns + 1));
	const out = Buffer.alloc(rows * columns);
	for (let row = 0; row < rows; row++) {
		const kind = data[row * (columns + 1)];
		for (let at = 0; at < columns; at++) {
			const raw = data[row * (columns + 1) + 1 + at];
			const left = at > 0 ? out[row * columns + at - 1] : 0;
			const up = row > 0 ? out[(row - 1) * columns + at] : 0;
			const upLeft = row > 0 && at > 0 ? out[(row - 1) * columns + at - 1] : 0;
			let predicted = 0;
			if (kind === 1) predicted = left;
			else if (kind === 2) predicted = up;
			else if (kind === 3) predicted = (left + up) >> 1;
			else if (kind === 4) {
				const p = left + up - upLeft;
				const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
				predicted = a <= b && a <= c ? left : b <= c ? up : upLeft;
			}
			out[row * columns + at] = (raw + predicted) & 0xff;
		}
	}
	return out;
}

const numbersIn = (text: string) => (text.match(/-?\d+/g) ?? []).map(Number);

/** Grows `pdf` (a small real PDF with image streams) to `size` bytes. */
export function growPdf(pdf: Buffer, size: number): GrownPdf {
	const text = pdf.toString('latin1');
	const edits: Edit[] = [];

	// Every object header the cross-reference names lies on an offset listed somewhere: classic
	// tables and cross-reference streams, all sections (a linearized file has two).
	const offsets: number[] = [];
	for (const match of text.matchAll(/(?<=[\r\n])xref[ \t]*\r?\n/g)) {
		let at = match.index + match[0].length;
		for (;;) {
			const head = /^(\d+)[ \t]+(\d+)[ \t]*\r?\n/.exec(text.slice(at, at + 40));
			if (!head) break;
			at += head[0].length;
			for (let entry = 0; entry < Number(head[2]); entry++, at += 20) {
				if (text[at + 17] !== 'n') continue;
				const offset = Number(text.slice(at, at + 10));
				offsets.push(offset);
				edits.push({
					start: at,
					end: at + 10,
					length: 10,
					fill: (moved) => Buffer.from(String(moved(offset)).padStart(10, '0')),
				});
			}
		}
		const trailer = text.indexOf('trailer', at);
		const dictEnd = text.indexOf('startxref', trailer);
		for (const key of ['Prev', 'XRefStm']) {
			const found = new RegExp(`/${key}\\s+(\\d+)`).exec(text.slice(trailer, dictEnd));
			if (!found) continue;
			const start = trailer + found.index + found[0].length - found[1].length;
			const value = Number(found[1]);
			edits.push(numberEdit(start, start + found[1].length, (moved) => moved(value)));
		}
	}
	const objectAt = (offset: number) => {
		const head = /^(\d+)\s+(\d+)\s+obj\b/.exec(text.slice(offset, offset + 40));
		if (!head) throw new Error(`no object at ${offset}`);
		const dictEnd = /(?:>>\s*stream\r?\n|endobj)/.exec(text.slice(offset, offset + 64 * 1024))!;
		return {
			number: Number(head[1]),
			dict: text.slice(offset, offset + dictEnd.index + 2),
			data: dictEnd[0].startsWith('>>') ? offset + dictEnd.index + dictEnd[0].length : undefined,
		};
	};
	const xrefStreams: number[] = [];
	for (const match of text.matchAll(/\/Type\s*\/XRef\b/g)) {
		const start = text.lastIndexOf(' obj', match.index);
		const header = /(?:^|[\r\n])(\d+\s+\d+\s+obj)$/.exec(
			text.slice(Math.max(0, start - 30), start + 4),
		);
		xrefStreams.push(start + 4 - header![1].length);
	}
	const xrefRows = new Map<number, number[][]>();
	for (const at of xrefStreams) {
		const { dict, data } = objectAt(at);
		const length = Number(/\/Length\s+(\d+)/.exec(dict)![1]);
		const widths = numbersIn(/\/W\s*\[([^\]]*)\]/.exec(dict)![1]);
		let raw = pdf.subarray(data!, data! + length);
		if (/\/FlateDecode/.test(dict)) raw = inflateSync(raw);
		const predictor = /\/Predictor\s+(\d+)/.exec(dict);
		const width = widths.reduce((a, b) => a + b, 0);
		if (predictor && Number(predictor[1]) >= 10) raw = unpredict(raw, width);
		const rows: number[][] = [];
		for (let row = 0; row + width <= raw.length; row += width) {
			let at2 = row;
			rows.push(
				widths.map((w, column) => {
					let value = w === 0 && column === 0 ? 1 : 0;
					for (let b = 0; b < w; b++) value = value * 256 + raw[at2++];
					return value;
				}),
			);
		}
		for (const [type, second] of rows) if (type === 1) offsets.push(second);
		xrefRows.set(at, rows);
	}

	// Each object's range: to the end of its `endobj` line.
	const endOf = (offset: number) => {
		const end = text.indexOf('endobj', offset) + 'endobj'.length;
		const eol = /^[\r\n]*/.exec(text.slice(end, end + 2))![0].length;
		return end + eol;
	};
	const lengthObjects = new Map<number, number>();
	for (const offset of new Set(offsets)) lengthObjects.set(objectAt(offset).number, offset);

	// Cross-reference streams, written again: the same keys, /W [1 4 2], no filter, /Prev moved.
	for (const at of xrefStreams) {
		const { number, dict } = objectAt(at);
		const rows = xrefRows.get(at)!;
		const prev = /\/Prev\s+(\d+)/.exec(dict);
		const kept = dict
			.replace(/^\d+\s+\d+\s+obj\s*<</, '')
			.replace(/>>$/, '')
			.replace(/\/DecodeParms\s*<<[^>]*>>/, '')
			.replace(/\/(Filter|W|Length|Prev)\b\s*(\[[^\]]*\]|\/\w+|\d+)/g, '');
		const head = (moved: (offset: number) => number) =>
			`${number} 0 obj\n<<${kept} /W [1 4 2] /Length ${rows.length * 7}${prev ? ` /Prev ${String(moved(Number(prev[1]))).padEnd(FIELD, ' ')}` : ''} >>\nstream\n`;
		const headLength = head(() => 0).length;
		const end = endOf(at);
		edits.push({
			start: at,
			end,
			length: headLength + rows.length * 7 + '\nendstream\nendobj\n'.length,
			fill: (moved) => {
				const data = Buffer.alloc(rows.length * 7);
				rows.forEach(([type, second, third], row) => {
					data.writeUInt8(type, row * 7);
					data.writeUInt32BE(type === 1 ? moved(second) : second, row * 7 + 1);
					data.writeUInt16BE(third, row * 7 + 5);
				});
				return Buffer.concat([
					Buffer.from(head(moved), 'latin1'),
					data,
					Buffer.from('\nendstream\nendobj\n'),
				]);
			},
		});
	}

	// The image streams: their data grown, their /Length rewritten where it is.
	const images: Array<{ data: number; length: number; lengthEdit: (grown: () => number) => Edit }> =
		[];
	for (const offset of new Set(offsets)) {
		const { dict, data } = objectAt(offset);
		if (data === undefined || !/\/Subtype\s*\/Image\b/.test(dict)) continue;
		const found = /\/Length\s+(\d+)(\s+\d+\s+R)?/.exec(dict)!;
		let start: number;
		let end: number;
		let length: number;
		if (found[2]) {
			const holder = lengthObjects.get(Number(found[1]))!;
			const value = /^\d+\s+\d+\s+obj\s*(\d+)/.exec(text.slice(holder, holder + 60))!;
			start = holder + value[0].length - value[1].length;
			end = start + value[1].length;
			length = Number(value[1]);
		} else {
			start = offset + found.index + '/Length'.length + found[0].slice(7).indexOf(found[1]);
			end = start + found[1].length;
			length = Number(found[1]);
		}
		images.push({ data, length, lengthEdit: (grown) => numberEdit(start, end, () => grown()) });
	}
	if (images.length === 0) throw new Error('no image stream to grow');

	// A linearized file's dictionary: /L the size, /E and /T offsets, /H's first number an offset.
	const linearized = /^%PDF-[\d.]+[^]{0,200}?(\d+\s+\d+\s+obj\s*<<[^>]*\/Linearized[^>]*>>)/.exec(
		text.slice(0, 1024),
	);
	if (linearized) {
		const dictStart = linearized.index + linearized[0].length - linearized[1].length;
		for (const key of ['L', 'E', 'T']) {
			const found = new RegExp(`/${key}\\s+(\\d+)`).exec(linearized[1])!;
			const start = dictStart + found.index + found[0].length - found[1].length;
			const value = Number(found[1]);
			edits.push(
				numberEdit(start, start + found[1].length, (moved, total) =>
					key === 'L' ? total : moved(value),
				),
			);
		}
		const hint = /\/H\s*\[\s*(\d+)/.exec(linearized[1])!;
		const start = dictStart + hint.index + hint[0].length - hint[1].length;
		edits.push(numberEdit(start, start + hint[1].length, (moved) => moved(Number(hint[1]))));
	}
	for (const match of text.matchAll(/startxref\s+(\d+)/g)) {
		const start = match.index + match[0].length - match[1].length;
		const value = Number(match[1]);
		edits.push(
			numberEdit(start, start + match[1].length, (moved) => (value === 0 ? 0 : moved(value))),
		);
	}

	// The grown lengths: what the size asks beyond every other edit, shared among the images.
	const fixed =
		edits.reduce((sum, edit) => sum + edit.length - (edit.end - edit.start), 0) +
		images.length * FIELD;
	const imageBytes = images.reduce((sum, image) => sum + image.length, 0);
	const lengthEdits = images.reduce(
		(sum, image) => sum + image.lengthEdit(() => 0).end - image.lengthEdit(() => 0).start,
		0,
	);
	const grownTotal = size - (pdf.length + fixed - lengthEdits - imageBytes);
	if (grownTotal < imageBytes) throw new Error(`${size} bytes is smaller than the document`);
	images.forEach((image, index) => {
		const share =
			Math.floor(grownTotal / images.length) + (index === 0 ? grownTotal % images.length : 0);
		edits.push(image.lengthEdit(() => share));
		edits.push({ start: image.data, end: image.data + image.length, length: share, filler: true });
	});
	edits.sort((a, b) => a.start - b.start);
	for (let at = 1; at < edits.length; at++)
		if (edits[at].start < edits[at - 1].end) throw new Error(`edits overlap at ${edits[at].start}`);

	// Where an offset of the small document lands: moved by every edit that ends at or before it.
	const ends = edits.map((edit) => edit.end);
	const shifts: number[] = [];
	let shift = 0;
	for (const edit of edits) shifts.push((shift += edit.length - (edit.end - edit.start)));
	const moved = (offset: number) => {
		let low = 0;
		let high = ends.length;
		while (low < high) {
			const middle = (low + high) >> 1;
			if (ends[middle] <= offset) low = middle + 1;
			else high = middle;
		}
		return offset + (low > 0 ? shifts[low - 1] : 0);
	};
	const total = pdf.length + shift;
	if (total !== size) throw new Error(`grown to ${total}, not ${size}`);
	const filled = edits.map((edit) => (edit.fill ? edit.fill(moved, total) : undefined));
	filled.forEach((bytes, index) => {
		if (bytes && bytes.length !== edits[index].length)
			throw new Error(`edit ${index} wrote ${bytes.length}, not ${edits[index].length}`);
	});

	function* pieces(): Generator<Uint8Array> {
		const slices = function* (bytes: Buffer) {
			for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
		};
		let at = 0;
		for (const [index, edit] of edits.entries()) {
			yield* slices(pdf.subarray(at, edit.start));
			if (edit.filler)
				for (let left = edit.length; left > 0; left -= PIECE)
					yield FILLER.subarray(0, Math.min(PIECE, left));
			else yield* slices(filled[index]!);
			at = edit.end;
		}
		yield* slices(pdf.subarray(at));
	}

	const grown: GrownPdf = {
		size: total,
		opened: 0,
		open: async () => {
			grown.opened++;
			return (async function* () {
				yield* pieces();
			})();
		},
		writeTo: async (file) => {
			const out = createWriteStream(file);
			for (const piece of pieces())
				if (!out.write(piece))
					await new Promise<void>((resolve) => out.once('drain', () => resolve()));
			await new Promise<void>((resolve, reject) => {
				out.once('error', reject);
				out.end(() => resolve());
			});
		},
	};
	return grown;
}
