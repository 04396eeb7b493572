// Cross-reference and object streams' filter (ISO 32000-1, 7.4.4) and predictors. Every byte out is
// charged, unfiltered data too, and no stream decodes past MAX_STREAM_BYTES (a zip bomb's cost).
import { overBudget, type PdfBudget } from './pdfBudget';
import { integerOf, PdfDict, PdfRefused, unreadable } from './pdfSyntax';

export const MAX_STREAM_BYTES = 4 * 1024 * 1024;
// What a stream decoded costs besides its bytes (its dictionary, its output made: thousands of
// one-object object streams), and what Flate's data costs a byte besides (its bits walked one by one).
const [DECODE_COST, BITS_COST] = [512, 4];
// Flate or no filter, then the predictor: every producer seen writes these streams in Flate.
export async function decodeStream(dict: PdfDict, data: Buffer, budget: PdfBudget) {
	const filters = [dict.get('Filter') ?? []].flat();
	const [options] = [dict.get('DecodeParms') ?? []].flat();
	charge(budget, data.length + DECODE_COST);
	if (filters.length === 0) return data;
	if (filters.length > 1 || !(filters[0] === 'FlateDecode' || filters[0] === 'Fl')) unreadable();
	return unpredict(inflate(data, budget), options instanceof PdfDict ? options : undefined, budget);
}
// `bytes` decoded, `units` of them charged: past MAX_STREAM_BYTES or the budget, none are.
function charge(budget: PdfBudget, bytes: number, units = bytes): void {
	if (bytes > MAX_STREAM_BYTES || budget.work.total + bytes > budget.work.limit) overBudget();
	budget.step(units);
}
/** The order of the code length code's lengths (RFC 1951, 3.2.7). */
const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
type Huffman = { counts: Uint16Array; symbols: Uint16Array };
/** Canonical Huffman codes of these lengths (3.2.2): how many of each length, the symbols in code order. */
function huffman(lengths: ArrayLike<number>): Huffman {
	const [counts, next] = [new Uint16Array(16), new Uint16Array(16)];
	const symbols = new Uint16Array(lengths.length);
	for (let symbol = 0; symbol < lengths.length; symbol++) counts[lengths[symbol]]++;
	for (let length = 1; length < 15; length++) next[length + 1] = next[length] + counts[length];
	for (let symbol = 0; symbol < lengths.length; symbol++)
		if (lengths[symbol] > 0) symbols[next[lengths[symbol]]++] = symbol;
	return { counts, symbols };
}
const FIXED = [
	huffman(Array.from({ length: 288 }, (_, at) => (at < 144 ? 8 : at < 256 ? 9 : at < 280 ? 7 : 8))),
	huffman(new Uint8Array(30).fill(5)),
];
// Flate's zlib data (RFC 1950, 1951) inflated puff.c's way, a code a bit at a time (README.md,
// "Budget"): its bytes, each table made and each byte out charged. What inflated before damage stands.
function inflate(data: Buffer, budget: PdfBudget): Buffer {
	budget.step(BITS_COST * data.length);
	let out = new Uint8Array(Math.min(MAX_STREAM_BYTES, 4 * data.length + 64));
	let [size, at, held, count] = [0, 2, 0, 0];
	const bits = (need: number) => {
		for (; count < need; count += 8)
			held |= (at < data.length ? data[at++] : unreadable()) << count;
		const value = held & ((1 << need) - 1);
		held >>>= need;
		count -= need;
		return value;
	};
	const decode = ({ counts, symbols }: Huffman) => {
		let [code, first, index] = [0, 0, 0];
		for (let length = 1; length < 16; length++) {
			code |= bits(1);
			if (code - first < counts[length]) return symbols[index + code - first];
			index += counts[length];
			first = (first + counts[length]) << 1;
			code <<= 1;
		}
		return unreadable();
	};
	const dynamic = (): Huffman[] => {
		const [literals, distances, codeLengths] = [bits(5) + 257, bits(5) + 1, bits(4) + 4];
		const lengths = new Uint8Array(19);
		for (let code = 0; code < codeLengths; code++) lengths[ORDER[code]] = bits(3);
		const lengthCode = huffman(lengths);
		const all = new Uint8Array(literals + distances);
		budget.step(all.length + 19);
		for (let symbol = 0; symbol < all.length;) {
			const code = decode(lengthCode);
			const repeat =
				code < 16 ? 1 : code === 16 ? 3 + bits(2) : code === 17 ? 3 + bits(3) : 11 + bits(7);
			all.fill(code < 16 ? code : code === 16 ? all[symbol - 1] : 0, symbol, (symbol += repeat));
		}
		return [huffman(all.subarray(0, literals)), huffman(all.subarray(literals))];
	};
	const room = (more: number) => {
		if (size + more <= out.length) return;
		charge(budget, size + more, 0);
		const grown = new Uint8Array(Math.min(MAX_STREAM_BYTES, Math.max(2 * out.length, size + more)));
		grown.set(out.subarray(0, size));
		out = grown;
	};
	try {
		const header = (data[0] << 8) | data[1];
		if ((data[0] & 15) !== 8 || data[0] >> 4 > 7 || header % 31 !== 0 || data[1] & 32) unreadable();
		for (let last = 0; !last;) {
			last = bits(1);
			const type = bits(2);
			if (type === 0) {
				// Stored: from the next byte, a length, its complement, the bytes.
				const length = data.readUInt16LE(at);
				const complement = data.readUInt16LE(at + 2) ^ 0xffff;
				if (at + 4 + length > data.length || complement !== length) unreadable();
				room(length);
				out.set(data.subarray(at + 4, at + 4 + length), size);
				[at, size, held, count] = [at + 4 + length, size + length, 0, 0];
				continue;
			}
			const [literal, distance] = type === 1 ? FIXED : type === 2 ? dynamic() : unreadable();
			for (let symbol = decode(literal); symbol !== 256; symbol = decode(literal)) {
				room(258);
				if (symbol < 256) out[size++] = symbol;
				else {
					// A length, then a distance: each its code's base, then its extra bits (3.2.5).
					const code = symbol < 286 ? symbol - 257 : unreadable();
					const extra = code < 8 || code === 28 ? 0 : (code >> 2) - 1;
					const base = code === 28 ? 258 : code < 8 ? code + 3 : ((4 + (code & 3)) << extra) + 3;
					const end = size + base + bits(extra);
					const near = decode(distance);
					const far = near < 4 ? 0 : near < 30 ? (near >> 1) - 1 : unreadable();
					const back = (near < 4 ? near + 1 : ((2 + (near & 1)) << far) + 1) + bits(far);
					if (back > size) unreadable();
					for (; size < end; size++) out[size] = out[size - back];
				}
			}
		}
	} catch (error) {
		if (error instanceof PdfRefused && error.reason === 'budget') overBudget();
	}
	charge(budget, size);
	return Buffer.from(out.buffer, out.byteOffset, size);
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
