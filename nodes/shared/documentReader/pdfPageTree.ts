// A PDF's page tree (ISO 32000-1, 7.7.3): its /Count as pdf.js finds it by descending each node's
// /Count, beside a bounded walk of its /Kids; the larger stands.
import { stopOverBudget, type PdfBudget } from './pdfBudget';
import type { PdfBytes } from './pdfBytes';
import { PdfLexer, unreadable, type PdfDict, type PdfRef, type PdfValue } from './pdfSyntax';
import { RefTable } from './pdfRefTable';
import { dictOf, isRef } from './pdfValues';

/** Nodes of the page tree walked beside /Count. */
const MAX_WALK = 20_000;

/** The document's objects as the page tree reads them. */
export interface PdfObjects {
	readonly budget: PdfBudget;
	readonly bytes: PdfBytes;
	/** What `value` names, following references; an object that is not defined (or freed) is null. */
	resolve(value: PdfValue | undefined): Promise<PdfValue>;
	/** A value, or the object a reference names (one step, as pdf.js fetches). */
	fetched(value: PdfValue | undefined): Promise<PdfValue>;
}

/**
 * The pages pdf.js counts or more, and no fewer than the root's /Count. pdf.js takes /Count (a
 * linearized file's /N) where its descent by each node's /Count finds the page it names
 * (Catalog.getPageDict), else the leaves of a walk of /Kids. Here: the larger of the leaves and each
 * number so found where the walk finishes, else the numbers alone, only if each is found. A number
 * above the document's size in bytes (a page takes more than a byte) cannot be counted.
 */
export async function pageTreeCount(objects: PdfObjects, catalogRef: PdfValue | undefined) {
	const catalog = dictOf(await objects.resolve(catalogRef));
	const root = catalog.get('Pages');
	const pages = dictOf(await objects.resolve(root));
	const count = await objects.fetched(pages.get('Count'));
	const numbers = [count, ...linearizedPages(objects)];
	// poppler, mupdf and qpdf take the root's /Count as it is, whatever the tree holds.
	const taken = typeof count === 'number' && count >= 1 ? Math.floor(count) : 0;
	if (!(taken <= objects.bytes.size)) unreadable();
	const { leaves, complete } = await walk(objects, root);
	let found = 0;
	let needsLeaves = false;
	for (const number of numbers) {
		// pdf.js takes 1 or less as it is: no page more to find (and 1 is no fewer). No more
		// than a finished walk's leaves: those stand whether pdf.js finds it or not.
		if (Number.isInteger(number) && (number as number) <= (complete ? Math.max(leaves, 1) : 1))
			continue;
		if (
			typeof number === 'number' &&
			Number.isSafeInteger(number) &&
			(await finds(objects, root, pages, number - 1))
		) {
			if (number > objects.bytes.size) unreadable();
			found = Math.max(found, number);
		} else needsLeaves = true;
	}
	if (complete) return Math.max(found, leaves, taken) || unreadable();
	return needsLeaves || found === 0 ? unreadable() : Math.max(found, taken);
}

/**
 * Whether pdf.js finds page `index`: first page 0 then `index` with the node counts it caches, and
 * `index` without them (a linearized file's first page is found elsewhere); they must agree.
 */
async function finds(
	objects: PdfObjects,
	root: PdfValue | undefined,
	pages: PdfDict,
	index: number,
): Promise<boolean> {
	const counts = new RefTable();
	await descend(objects, root, pages, 0, counts);
	const warm = await descend(objects, root, pages, index, counts);
	const cold = await descend(objects, root, pages, index, new RefTable());
	return warm === cold ? warm : unreadable();
}

async function descend(
	objects: PdfObjects,
	root: PdfValue | undefined,
	pages: PdfDict,
	index: number,
	counts: RefTable,
): Promise<boolean> {
	const rootKey = isRef(root) ? root : undefined;
	const nodes: Array<{ node: PdfValue; key?: PdfRef }> = [{ node: pages, key: rootKey }];
	const visited = new RefTable();
	if (rootKey) visited.add(rootKey, 1);
	let current = 0;
	while (nodes.length > 0) {
		objects.budget.step(1);
		const { node, key } = nodes.pop()!;
		if (isRef(node)) {
			const count = counts.get(node);
			if (count !== undefined && current + count <= index) {
				current += count;
				continue;
			}
			// A node met again: pdf.js's "circular reference", page not found.
			if (visited.has(node)) return false;
			visited.add(node, 1);
			const value = await objects.fetched(node);
			if (value instanceof Map) {
				const type = await objects.fetched(value.get('Type'));
				if (type === 'Page' || !value.has('Kids')) {
					counts.add(node, 1);
					if (current === index) return true;
					current++;
					continue;
				}
			}
			nodes.push({ node: value, key: node });
			continue;
		}
		if (!(node instanceof Map)) return false;
		const count = await objects.fetched(node.get('Count'));
		if (Number.isInteger(count) && (count as number) >= 0) {
			if (key !== undefined) counts.add(key, count as number);
			if (current + (count as number) <= index) {
				current += count as number;
				continue;
			}
		}
		const kids = await objects.fetched(node.get('Kids'));
		if (!Array.isArray(kids)) {
			const type = await objects.fetched(node.get('Type'));
			if (type !== 'Page' && node.has('Kids')) return false;
			if (current === index) return true;
			current++;
			continue;
		}
		objects.budget.step(kids.length);
		for (let at = kids.length - 1; at >= 0; at--) nodes.push({ node: kids[at] });
	}
	return false;
}

/** A linearized file's /N (its first object, in the first KB), where it has one. */
function linearizedPages(objects: PdfObjects): PdfValue[] {
	try {
		const first = objects.bytes.first(1024);
		const at = first.indexOf(' obj');
		if (at < 0) return [];
		const value = new PdfLexer(first, at + ' obj'.length, objects.budget).value();
		return value instanceof Map && value.has('Linearized') ? [value.get('N') ?? null] : [];
	} catch (error) {
		stopOverBudget(error);
		return [];
	}
}

/** The page tree's leaves, depth first, each node once (a node met again counts as one leaf: pdf.js counts no more). */
async function walk(objects: PdfObjects, root: PdfValue | undefined) {
	let leaves = 0;
	const seen = new RefTable();
	const stack: Array<PdfValue | undefined> = [root];
	try {
		for (let nodes = 0; stack.length > 0; nodes++) {
			if (nodes >= MAX_WALK) return { leaves, complete: false };
			const node = stack.pop();
			if (isRef(node)) {
				if (seen.has(node)) {
					leaves++;
					continue;
				}
				seen.add(node, 1);
			}
			const value = await objects.resolve(node);
			const kids = value instanceof Map ? value.get('Kids') : undefined;
			const list = kids === undefined ? undefined : await objects.resolve(kids);
			// A /Type /Page with /Kids is a page to pdf.js (the root a node), a node to pdfium: the
			// larger, its kids, where it has any.
			if (Array.isArray(list) && (list.length > 0 || (value as PdfDict).get('Type') !== 'Page')) {
				objects.budget.step(list.length);
				for (let at = list.length - 1; at >= 0; at--) stack.push(list[at]);
			} else leaves++;
			objects.budget.step(1);
		}
		return { leaves, complete: true };
	} catch (error) {
		stopOverBudget(error);
		return { leaves, complete: false };
	}
}
