// What the page count asks of a parsed value: is it a reference, a dictionary, an array.
import { unreadable, type PdfDict, type PdfRef, type PdfValue } from './pdfSyntax';

export function isRef(value: PdfValue | undefined): value is PdfRef {
	return value instanceof Object && 'ref' in value;
}

export function dictOf(value: PdfValue | undefined): PdfDict {
	return value instanceof Map ? value : unreadable();
}

export function arrayOf(value: PdfValue | undefined): PdfValue[] {
	return Array.isArray(value) ? value : unreadable();
}
