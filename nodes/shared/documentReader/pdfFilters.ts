// Cross-reference and object streams' filters (ISO 32000-1, 7.4) and predictors. Every byte out is
// charged, unfiltered data too, and no stream decodes past MAX_STREAM_BYTES (a zip bomb's cost).
import { PdfOverBudget, type PdfBudget } from './pdfBudget';
import { hexBytes, integerOf, isWhiteSpace, unreadable, type PdfDict } from './pdfSyntax';

export const MAX_STREAM_BYTES = 4 * 1024 * 1024;
/** Compressed bytes fed at a time: one slice inflates to at most about a thousand times it. */
const INFLATE_SLICE = 1024;

const FILTERS: Record<string, string> = {
	FlateDecode: 'Flate',
	Fl: 'Flate',
	ASCIIHexDecode: 'Hex',
	AHx: 'Hex',
	ASCII85Decode: 'A85',
	A85: 'A85',
	LZWDecode: 'LZW',
	LZW: 'LZW',
};

/** The stream's data decoded, each filter in turn with its parameters, then its predictor. */
export async function decodeStream(dict: PdfDict, data: Buffer, budget: PdfBudget) {
	const filters = [dict.get('Filter') ?? []].flat();
	const parameters = [dict.get('DecodeParms') ?? dict.get('DP') ?? []].flat();
	if (filters.length > 4) unreadable();
	let out = data;
	charge(budget, out.length);
	for (const [at, filter] of filters.entries()) {
		const kind = typeof filter === 'string' ? FILTERS[filter] : undefined;
		const options = parameters[at] instanceof Map ? (parameters[at] as PdfDict) : undefined;
		if (kind === 'Flate') out = await inflate(out, budget);
		else if (kind === 'Hex') out = charged(budget, asciiHex(out));
		else if (kind === 'A85') out = charged(budget, ascii85(out));
		else if (kind === 'LZW') out = lzw(out, options?.get('EarlyChange') !== 0, budget);
		else unreadable();
		if (kind === 'Flate' || kind === 'LZW') out = unpredict(out, options, budget);
	}
	return out;
}

function charge(budget: PdfBudget, bytes: number): void {
	if (bytes > MAX_STREAM_BYTES || !budget.canDecode(bytes)) throw new PdfOverBudget();
	budget.decode(bytes);
}

function charged(budget: PdfBudget, out: Buffer): Buffer {
	charge(budget, out.length);
	return out;
}

async function inflate(data: Buffer, budget: PdfBudget): Promise<Buffer> {
	const { readable, writable } = new DecompressionStream('deflate');
	const writer = writable.getWriter();
	const fed = (async () => {
		for (let at = 0; at < data.length; at += INFLATE_SLICE)
			await writer.write(data.subarray(at, at + INFLATE_SLICE));
		await writer.close();
	})();
	fed.catch(() => {}); // Ends with the reading: cancelled, or the data's own error below.
	const parts: Uint8Array[] = [];
	let size = 0;
	try {
		for await (const part of readable) {
			size += part.length;
			if (size > MAX_STREAM_BYTES || !budget.canDecode(part.length)) break;
			budget.decode(part.length);
			parts.push(part);
		}
	} catch {
		// Data damaged after its end (junk, a missing checksum): what inflated before it stands.
	}
	if (size > MAX_STREAM_BYTES || size > parts.reduce((sum, part) => sum + part.length, 0))
		throw new PdfOverBudget();
	return Buffer.concat(parts);
}

function asciiHex(data: Buffer): Buffer {
	const end = data.indexOf(62); // '>' ends the data
	return hexBytes(data, 0, end < 0 ? data.length : end, data.length);
}

/** Groups of five characters `!`…`u` for four bytes, `z` for four zeros, `~>` at the end. */
function ascii85(data: Buffer): Buffer {
	// Five characters make four bytes, and `z` four: no more than that is made.
	let zeros = 0;
	for (const byte of data) if (byte === 122) zeros++;
	const most = Math.ceil(data.length * 0.8) + 4 * zeros + 4;
	if (most > MAX_STREAM_BYTES + 8) throw new PdfOverBudget();
	const out = Buffer.alloc(most);
	let size = 0;
	const group: number[] = [];
	const flush = (length: number) => {
		let value = 0;
		for (let at = 0; at < 5; at++) value = value * 85 + (group[at] ?? 84);
		if (value > 0xffffffff) unreadable();
		for (let at = 0; at < length; at++) out[size++] = (value >>> (24 - 8 * at)) & 255;
		group.length = 0;
	};
	for (const byte of data) {
		if (byte === 126) break; // '~' of '~>'
		if (isWhiteSpace(byte)) continue;
		if (byte === 122 && group.length === 0) {
			size += 4; // 'z': four zero bytes (the buffer is zeroed)
			continue;
		}
		if (byte < 33 || byte > 117) unreadable();
		group.push(byte - 33);
		if (group.length === 5) flush(4);
	}
	if (group.length === 1) unreadable();
	if (group.length > 0) flush(group.length - 1);
	return out.subarray(0, size);
}

/** LZW with 9- to 12-bit codes, 256 clearing the table, 257 ending the data (7.4.4). */
function lzw(data: Buffer, earlyChange: boolean, budget: PdfBudget): Buffer {
	const early = earlyChange ? 1 : 0;
	const prefixes = new Int32Array(4096);
	const suffixes = new Uint8Array(4096);
	const lengths = new Uint16Array(4096);
	for (let code = 0; code < 256; code++) [suffixes[code], lengths[code]] = [code, 1];
	const parts: Buffer[] = [];
	let chunk = Buffer.alloc(64 * 1024);
	let size = 0;
	let next = 258;
	let width = 9;
	let previous = -1;
	let bits = 0;
	let held = 0;
	for (const byte of data) {
		held = ((held << 8) | byte) & 0xffffff;
		bits += 8;
		while (bits >= width) {
			const code = (held >>> (bits - width)) & ((1 << width) - 1);
			bits -= width;
			if (code === 256) {
				[next, width, previous] = [258, 9, -1];
				continue;
			}
			if (code === 257) return Buffer.concat([...parts, chunk.subarray(0, size)]);
			if (code > next || (code === next && previous < 0)) unreadable();
			if (previous >= 0 && next < 4096) {
				// The new entry is the previous string and the first byte of this one.
				const first = code < next ? firstByte(code) : firstByte(previous);
				[prefixes[next], suffixes[next], lengths[next]] = [previous, first, lengths[previous] + 1];
				next++;
			}
			const length = lengths[code];
			if (size + length > chunk.length) {
				parts.push(chunk.subarray(0, size));
				chunk = Buffer.alloc(Math.max(64 * 1024, length));
				size = 0;
			}
			for (let at = size + length - 1, entry = code; at >= size; at--, entry = prefixes[entry])
				chunk[at] = suffixes[entry];
			size += length;
			charge(budget, length);
			previous = code;
			if (next + early >= 1 << width && width < 12) width++;
		}
	}
	return Buffer.concat([...parts, chunk.subarray(0, size)]);

	function firstByte(code: number): number {
		// A code's first byte: the chain of prefixes is at most 4096 long; charged as emitted.
		let at = code;
		for (let length = lengths[code]; length > 1; length--) at = prefixes[at];
		return suffixes[at];
	}
}

/** Reverses a PNG (10 and up) or TIFF (2) predictor of /Colors, /BitsPerComponent and /Columns. */
function unpredict(data: Buffer, options: PdfDict | undefined, budget: PdfBudget): Buffer {
	const predictor = options?.get('Predictor') ?? 1;
	if (predictor === 1 || predictor === null) return data;
	const field = (key: string, fallback: number) => integerOf(options!.get(key) ?? fallback);
	const colors = field('Colors', 1);
	const bits = field('BitsPerComponent', 8);
	const columns = field('Columns', 1);
	if (colors < 1 || colors > 32 || ![1, 2, 4, 8, 16].includes(bits) || columns < 1) unreadable();
	const pixel = Math.max(1, (colors * bits) >> 3);
	const row = Math.ceil((colors * bits * columns) / 8);
	if (predictor === 2) {
		if (bits !== 8) unreadable();
		charge(budget, data.length);
		const out = Buffer.from(data);
		for (let start = 0; start + row <= out.length; start += row)
			for (let at = start + pixel; at < start + row; at++)
				out[at] = (out[at] + out[at - pixel]) & 255;
		return out;
	}
	if (typeof predictor !== 'number' || predictor < 10) unreadable();
	const rows = Math.floor(data.length / (row + 1));
	charge(budget, rows * row);
	const out = Buffer.alloc(rows * row);
	for (let line = 0; line < rows; line++) {
		const filter = data[line * (row + 1)];
		if (filter > 4) unreadable();
		const from = line * (row + 1) + 1;
		const start = line * row;
		// Each byte in place, no value made per byte (a closure or array each cost 70 ns).
		for (let column = 0; column < row; column++) {
			const at = start + column;
			const left = column >= pixel ? out[at - pixel] : 0;
			const up = line > 0 ? out[at - row] : 0;
			let guess = 0;
			if (filter === 1) guess = left;
			else if (filter === 2) guess = up;
			else if (filter === 3) guess = (left + up) >> 1;
			else if (filter === 4) {
				const upLeft = line > 0 && column >= pixel ? out[at - row - pixel] : 0;
				const toLeft = Math.abs(up - upLeft);
				const toUp = Math.abs(left - upLeft);
				const toUpLeft = Math.abs(left + up - 2 * upLeft);
				guess = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft;
			}
			out[at] = data[from + column] + guess;
		}
	}
	return out;
}
