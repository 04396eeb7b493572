// Cross-reference and object streams' filter (ISO 32000-1, 7.4.4) and predictors. Every byte out is
// charged, unfiltered data too, and no stream decodes past MAX_STREAM_BYTES (a zip bomb's cost).
import { overBudget, type PdfBudget } from './pdfBudget';
import { integerOf, PdfDict, unreadable } from './pdfSyntax';

export const MAX_STREAM_BYTES = 4 * 1024 * 1024;
// Compressed bytes fed at a time (one slice inflates to at most about a thousand times it), and what
// a decompressor costs to make and end, whatever it inflates (thousands of tiny object streams).
const [INFLATE_SLICE, INFLATE_COST] = [1024, 8192];
// The stream's data decoded: Flate, or none, then its predictor. Cross-reference and object streams
// of every producer seen are Flate; any other filter cannot be counted.
export async function decodeStream(dict: PdfDict, data: Buffer, budget: PdfBudget) {
	const filters = [dict.get('Filter') ?? []].flat();
	const parameters = [dict.get('DecodeParms') ?? []].flat();
	charge(budget, data.length);
	if (filters.length === 0) return data;
	if (filters.length > 1 || !(filters[0] === 'FlateDecode' || filters[0] === 'Fl')) unreadable();
	const options = parameters[0] instanceof PdfDict ? parameters[0] : undefined;
	return unpredict(await inflate(data, budget), options, budget);
}
function charge(budget: PdfBudget, bytes: number): void {
	if (bytes > MAX_STREAM_BYTES || !budget.canDecode(bytes)) overBudget();
	budget.step(bytes);
}
async function inflate(data: Buffer, budget: PdfBudget): Promise<Buffer> {
	budget.step(INFLATE_COST);
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
			parts.push(part);
			// Past either, the charge below refuses: no more is inflated.
			if ((size += part.length) > MAX_STREAM_BYTES || !budget.canDecode(size)) break;
		}
	} catch {
		// Data damaged after its end (junk, a missing checksum): what inflated before it stands.
	}
	charge(budget, size);
	return Buffer.concat(parts);
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
