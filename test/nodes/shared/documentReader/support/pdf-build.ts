/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// PDFs built by hand for the adversary tests and the fuzzer: objects of any numbers written in
// order, found through a classic table, a cross-reference stream, or an object stream; page trees of
// any shape; and numbers V8 hashes into one bucket.
import { deflateSync } from 'node:zlib';

/** V8's hash of a small integer (a Smi) in a `Map` or `Set`: Thomas Wang's, with no seed (ComputeUnseededHash, v8/src/utils/utils.h). */
export function v8IntegerHash(key: number): number {
	let hash = key >>> 0;
	hash = (~hash + (hash << 15)) >>> 0;
	hash = (hash ^ (hash >>> 12)) >>> 0;
	hash = (hash + (hash << 2)) >>> 0;
	hash = (hash ^ (hash >>> 4)) >>> 0;
	hash = Math.imul(hash, 2057) >>> 0;
	hash = (hash ^ (hash >>> 16)) >>> 0;
	return hash & 0x3fffffff;
}

const times = (a: number, b: number) => Math.imul(a, b) >>> 0;
/** The inverse of an odd number modulo 2^32 (Newton's iteration). */
function inverse(odd: number): number {
	let x = odd;
	for (let step = 0; step < 5; step++) x = times(x, (2 - times(odd, x)) >>> 0);
	return x;
}
function undoXorShift(value: number, shift: number): number {
	let x = value;
	for (let step = 0; step < 32 / shift + 1; step++) x = (value ^ (x >>> shift)) >>> 0;
	return x;
}
/** The key whose 32-bit hash (before V8 keeps its low 30 bits) is `hash`: each step is a bijection. */
function unhash(hash: number): number {
	let x = undoXorShift(hash >>> 0, 16);
	x = times(x, inverse(2057));
	x = undoXorShift(x, 4);
	x = times(x, inverse(5));
	x = undoXorShift(x, 12);
	return times((x + 1) >>> 0, inverse(32767));
}

/**
 * Up to `count` distinct whole numbers below `below` whose V8 hashes agree in their low `bits` bits:
 * in any `Map` or `Set` of up to 2^(bits+1) entries (2^bits buckets), all in one bucket, so each
 * lookup walks all of them. With 15 bits there are about 32,000 such numbers below 2^30.
 */
export function collidingNumbers(
	count: number,
	bits = 15,
	below = 2 ** 30,
	bucket = 0x1234,
): number[] {
	const numbers: number[] = [];
	for (let high = 0; high < 2 ** (32 - bits) && numbers.length < count; high++) {
		const key = unhash(((bucket & (2 ** bits - 1)) + high * 2 ** bits) >>> 0);
		if (key > 0 && key < below) numbers.push(key);
	}
	return numbers;
}

export type Body = string | { dict: string; data: Buffer };
export interface BuildOptions {
	/** How objects are found: a classic table, a cross-reference stream, or (objects without data) an object stream. */
	form?: 'table' | 'stream' | 'objstm';
	/** The catalog's number: the trailer's /Root. */
	root: number;
	/** Entries added to the trailer. */
	trailer?: string;
	/** The object stream's number and the cross-reference stream's (form objstm, stream): unused numbers. */
	spare?: [number, number];
	/** No `startxref` at the end (a damaged file: readers rebuild it from its object headers). */
	damaged?: boolean;
}

/** A PDF's parts from `header` on: `put` appends one and answers its offset; `size()` the bytes so far. */
export function pdfParts(header = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n') {
	const parts: Buffer[] = [Buffer.from(header, 'latin1')];
	let size = parts[0].length;
	const put = (body: Buffer | string) => {
		const at = size;
		const bytes = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
		parts.push(bytes);
		size += bytes.length;
		return at;
	};
	return { parts, put, size: () => size };
}

/** A PDF of `objects` (number → body), written in the order given. */
export function buildPdf(objects: Array<[number, Body]>, options: BuildOptions): Buffer {
	const { form = 'table', root, trailer = '', damaged = false } = options;
	const { parts, put: write, size } = pdfParts();
	const writeObject = (number: number, body: Body) => {
		const at = write(`${number} 0 obj\n`);
		if (typeof body === 'string') write(body);
		else {
			write(`${body.dict.replace(/>>\s*$/, '')} /Length ${body.data.length} >>\nstream\n`);
			write(body.data);
			write('\nendstream');
		}
		write('\nendobj\n');
		return at;
	};
	// Rows: number, type (1 at an offset, 2 in the object stream), offset or stream, index.
	const rows: Array<[number, number, number, number]> = [];
	const [streamNumber, xrefNumber] = options.spare ?? [
		Math.max(...objects.map(([n]) => n)) + 1,
		Math.max(...objects.map(([n]) => n)) + 2,
	];
	if (form === 'objstm') {
		const inline = objects.filter(([, body]) => typeof body === 'string') as Array<
			[number, string]
		>;
		const bodies = inline.map(([, body]) => `${body}\n`);
		let offset = 0;
		const header = inline
			.map(([number], index) => {
				const pair = `${number} ${offset}`;
				offset += Buffer.byteLength(bodies[index], 'latin1');
				return pair;
			})
			.join(' ');
		const data = deflateSync(Buffer.from(`${header}\n${bodies.join('')}`, 'latin1'));
		inline.forEach(([number], index) => rows.push([number, 2, streamNumber, index]));
		for (const [number, body] of objects)
			if (typeof body !== 'string') rows.push([number, 1, writeObject(number, body), 0]);
		rows.push([
			streamNumber,
			1,
			writeObject(streamNumber, {
				dict: `<< /Type /ObjStm /N ${inline.length} /First ${header.length + 1} /Filter /FlateDecode >>`,
				data,
			}),
			0,
		]);
	} else for (const [number, body] of objects) rows.push([number, 1, writeObject(number, body), 0]);
	rows.sort(([a], [b]) => a - b);
	if (damaged) {
		write(`trailer\n<< /Size ${rows.at(-1)![0] + 1} /Root ${root} 0 R${trailer} >>\n%%EOF\n`);
		return Buffer.concat(parts);
	}
	if (form === 'table') {
		const at = size();
		// Consecutive numbers make one subsection; object 0, the head of the free list, its own.
		const lines: string[] = [];
		rows.forEach(([number, , offset], at) => {
			if (at === 0 || rows[at - 1][0] + 1 !== number) {
				let count = 1;
				while (at + count < rows.length && rows[at + count][0] === number + count) count++;
				lines.push(`${number} ${count}\n`);
			}
			lines.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
		});
		write(`xref\n0 1\n0000000000 65535 f \n${lines.join('')}`);
		write(`trailer\n<< /Size ${rows.at(-1)![0] + 1} /Root ${root} 0 R${trailer} >>\n`);
		write(`startxref\n${at}\n%%EOF\n`);
		return Buffer.concat(parts);
	}
	const at = size();
	rows.push([xrefNumber, 1, at, 0]);
	rows.sort(([a], [b]) => a - b);
	const index: number[] = [];
	for (const [number] of rows) {
		if (index.length > 0 && index.at(-2)! + index.at(-1)! === number) index[index.length - 1]++;
		else index.push(number, 1);
	}
	const data = Buffer.alloc(rows.length * 7);
	rows.forEach(([, type, second, third], row) => {
		data.writeUInt8(type, row * 7);
		data.writeUInt32BE(second, row * 7 + 1);
		data.writeUInt16BE(third, row * 7 + 5);
	});
	writeObject(xrefNumber, {
		dict: `<< /Type /XRef /Size ${rows.at(-1)![0] + 1} /Root ${root} 0 R /W [1 4 2] /Index [${index.join(' ')}]${trailer} /Filter /FlateDecode >>`,
		data: deflateSync(data),
	});
	write(`startxref\n${at}\n%%EOF\n`);
	return Buffer.concat(parts);
}

export interface TreeOptions extends Pick<BuildOptions, 'form' | 'trailer' | 'damaged'> {
	pages: number;
	/** Kids a node has at most. */
	fanout?: number;
	/** The numbers given to the objects, in order (catalog, nodes, pages); 1, 2, 3… unless given. */
	numbers?: number[];
}

/** A catalog and a balanced page tree of `pages` leaves, each node's /Count right. */
export function pageTree({ pages, fanout = 8, numbers, ...options }: TreeOptions): {
	pdf: Buffer;
	objects: Array<[number, string]>;
} {
	let next = 0;
	const take = () => (numbers ? numbers[next++] : ++next);
	const objects: Array<[number, string]> = [];
	const catalog = take();
	objects.push([catalog, '']);
	const node = (leaves: number, parent: number | undefined): number => {
		const number = take();
		const at = objects.push([number, '']) - 1;
		const up = parent === undefined ? '' : ` /Parent ${parent} 0 R`;
		if (leaves === 1 && parent !== undefined) {
			objects[at][1] = `<< /Type /Page${up} /MediaBox [0 0 612 792] >>`;
			return number;
		}
		const share = Math.ceil(leaves / fanout);
		const kids: number[] = [];
		for (let left = leaves; left > 0; left -= share) kids.push(node(Math.min(share, left), number));
		objects[at][1] =
			`<< /Type /Pages${up} /Count ${leaves} /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] >>`;
		return number;
	};
	const root = node(pages, undefined);
	objects[0][1] = `<< /Type /Catalog /Pages ${root} 0 R >>`;
	const spare = numbers ? ([numbers[next], numbers[next + 1]] as [number, number]) : undefined;
	return { pdf: buildPdf(objects, { ...options, root: catalog, spare }), objects };
}
