// A PDF's cross-reference sections (ISO 32000-1, 7.5.4 and 7.5.8): classic tables and
// cross-reference streams, each read as where it places the objects it lists.
import type { PdfBudget } from './pdfBudget';
import { integerOf, PdfLexer, unreadable, type PdfDict } from './pdfSyntax';
import { lastAtOrBefore } from './pdfRefTable';
import { arrayOf, dictOf } from './pdfValues';

/** Where an object is defined: at an offset, in an object stream, or freed (hiding older definitions). */
export type Entry = { offset: number; gen: number } | { stream: number; index: number } | 'free';

export interface Section {
	trailer: PdfDict;
	/** The object's entry here; undefined where this section does not list it. */
	entry: (ref: number) => Entry | undefined;
}

/** A classic table: subsections of `first count`, then 20-byte entries `offset generation n|f`. */
export function tableSection(lexer: PdfLexer, budget: PdfBudget): Section {
	const subsections: Array<[first: number, count: number, start: number, width: number]> = [];
	for (let word; (word = lexer.word()) !== 'trailer';) {
		lexer.at -= word.length;
		const [first, count] = [lexer.integer(), lexer.integer()];
		lexer.skip();
		const start = lexer.at;
		// The standard's 20 bytes an entry, or what the first one takes (some end lines in one byte).
		for (let word = 0; word < (count > 0 ? 3 : 0); word++) lexer.word();
		lexer.skip();
		const width = lexer.at - start;
		if (count > 1 && (width < 19 || width > 21)) unreadable();
		subsections.push([first, count, start, width]);
		budget.scan(width * count);
		lexer.at = start + width * count;
		if (lexer.at > lexer.bytes.length) unreadable();
	}
	const trailer = dictOf(lexer.value());
	const bytes = lexer.bytes.subarray(0, lexer.at);
	// Ascending, none overlapping the next (as producers write them): found by halves. Otherwise
	// looked through, the first listing a number defining it, as pdf.js reads.
	const firsts = Float64Array.from(subsections, ([first]) => first);
	const ordered = subsections.every(
		([first], at) => at === 0 || first >= subsections[at - 1][0] + subsections[at - 1][1],
	);
	return {
		trailer,
		entry: (ref) => {
			let found: (typeof subsections)[number] | undefined;
			if (ordered) {
				budget.step(Math.ceil(Math.log2(subsections.length + 1)) + 1);
				found = subsections[lastAtOrBefore(firsts, ref)];
			} else {
				budget.step(subsections.length);
				found = subsections.find(([first, count]) => ref >= first && ref < first + count);
			}
			if (!found || ref < found[0] || ref >= found[0] + found[1]) return undefined;
			const [first, , start, width] = found;
			const entry = new PdfLexer(bytes, start + width * (ref - first), budget);
			const [offset, gen, kind] = [entry.integer(), entry.integer(), entry.word()];
			return kind === 'n' ? { offset, gen } : kind === 'f' ? 'free' : unreadable();
		},
	};
}

/** A cross-reference stream: rows of /W's field widths for the objects of /Index (`first count` pairs). */
export function streamSection(dict: PdfDict, data: Buffer, budget: PdfBudget): Section {
	const widths = arrayOf(dict.get('W')).map(integerOf);
	if (widths.length !== 3 || widths.some((width) => width > 8)) unreadable();
	const index = arrayOf(dict.get('Index') ?? [0, dict.get('Size') ?? null]).map(integerOf);
	const rowWidth = widths[0] + widths[1] + widths[2];
	// Found by halves or looked through, as a table's subsections are (the first row of each kept).
	const pairs = index.length >> 1;
	const firsts = new Float64Array(pairs);
	const rows = new Float64Array(pairs);
	let ordered = true;
	for (let pair = 0, row = 0; pair < pairs; row += index[2 * pair + 1], pair++) {
		[firsts[pair], rows[pair]] = [index[2 * pair], row];
		if (pair > 0 && firsts[pair] < firsts[pair - 1] + index[2 * pair - 1]) ordered = false;
	}
	return {
		trailer: dict,
		entry: (ref) => {
			let [from, to] = [0, pairs];
			if (ordered) {
				budget.step(Math.ceil(Math.log2(pairs + 1)) + 1);
				from = Math.max(0, lastAtOrBefore(firsts, ref));
				to = Math.min(pairs, from + 1);
			} else budget.step(index.length);
			for (let pair = 2 * from; pair < 2 * to; pair += 2) {
				const row = rows[pair >> 1];
				if (ref < index[pair] || ref >= index[pair] + index[pair + 1]) continue;
				let at = (row + ref - index[pair]) * rowWidth;
				if (at + rowWidth > data.length) return undefined;
				const [type, second, third] = widths.map((width) => {
					let field = 0;
					for (const end = at + width; at < end; at++) field = field * 256 + data[at];
					return field;
				});
				// A type field of no width means type 1.
				const kind = widths[0] === 0 ? 1 : type;
				if (kind === 1) return { offset: second, gen: widths[2] === 0 ? 0 : third };
				if (kind === 2) return { stream: second, index: third };
				// Type 0 frees the object; other types are null references (7.5.8.3).
				return 'free';
			}
			return undefined;
		},
	};
}
