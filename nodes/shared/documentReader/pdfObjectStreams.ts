// Compressed object streams (ISO 32000-1, 7.5.7): a table of `N` pairs (object number, offset from
// /First), then the objects, each found as pdf.js finds it.
import type { PdfBudget } from './pdfBudget';
import { lastAtOrBefore } from './pdfRefTable';
import { integerOf, PdfLexer, unreadable, type PdfDict, type PdfValue } from './pdfSyntax';

/** An object stream's table: numbers below LISTED, fewer than INDICES entries (2^21: 8 MB decoded holds no more pairs). */
const LISTED = 2 ** 31;
const INDICES = 2 ** 21;
/** What an entry of an object stream's table costs besides its bytes: its place, sorted. */
const ITEM_STEP = 16;

export type ObjectStream = ReturnType<typeof objectStreamOf>;

export function objectStreamOf(dict: PdfDict, decoded: Buffer, budget: PdfBudget) {
	const [count, first] = [integerOf(dict.get('N')), integerOf(dict.get('First'))];
	// A pair takes four bytes at least (`0 0 `): more cannot be there.
	if (count > decoded.length / 4 || first > decoded.length) unreadable();
	// Each number times INDICES plus its index, sorted: where a number is last listed.
	const listed = new Float64Array(count);
	const offsets = new Int32Array(count);
	const lexer = new PdfLexer(decoded.subarray(0, first), 0, budget);
	for (let index = 0; index < count; index++) {
		const number = lexer.digits();
		// No reference names a number this large: it is listed nowhere a lookup finds.
		listed[index] = (number < LISTED ? number : LISTED) * INDICES + index;
		offsets[index] = lexer.digits();
	}
	budget.step(count * ITEM_STEP);
	listed.sort();
	return { listed, offsets, first, data: decoded };
}

/**
 * Object `ref`, the `index`th of the stream's by the cross-reference: as pdf.js reads it, at the
 * table's last place for `ref` where the table lists it, else at `index` whatever the table says.
 */
export function objectStreamValue(
	stream: ObjectStream,
	index: number,
	ref: number,
	budget: PdfBudget,
): PdfValue {
	const { listed } = stream;
	const high = lastAtOrBefore(listed, (ref + 1) * INDICES - 1);
	budget.step(32);
	const last = high >= 0 && ref < LISTED ? listed[high] : -1;
	const at = last >= ref * INDICES ? last - ref * INDICES : index;
	if (at >= stream.offsets.length) unreadable();
	return new PdfLexer(stream.data, stream.first + stream.offsets[at], budget).value();
}
