// @ts-check
'use strict';
/**
 * Tiny but valid binary documents: a JPEG thumbnail (baseline, grayscale,
 * one flat shade per 8x8 block), a one-page PDF and a one-strip bilevel TIFF.
 */

// ---------------------------------------------------------------- JPEG

/** Canonical Huffman codes from a DHT `bits` array (counts per length 1..16) and `vals`. */
function huffmanCodes(/** @type {number[]} */ bits, /** @type {number[]} */ vals) {
	/** @type {Map<number, { code: number, length: number }>} */
	const table = new Map();
	let code = 0;
	let k = 0;
	for (let length = 1; length <= 16; length++) {
		for (let i = 0; i < bits[length - 1]; i++) table.set(vals[k++], { code: code++, length });
		code <<= 1;
	}
	return table;
}

// Standard luminance DC table (ITU T.81 Annex K.3); the AC table holds only EOB.
const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
const DC_VALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
const AC_BITS = [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
const AC_VALS = [0x00];

/**
 * Encodes a grayscale image made of flat 8x8 blocks.
 * @param {number[][]} blocks rows of block shades (0 black .. 255 white)
 * @returns {Buffer}
 */
function encodeBlockJpeg(blocks) {
	const height = blocks.length * 8;
	const width = blocks[0].length * 8;
	const dcCodes = huffmanCodes(DC_BITS, DC_VALS);
	/** @type {number[]} */
	const out = [];
	let acc = 0;
	let nbits = 0;
	/** @param {number} value @param {number} length */
	const put = (value, length) => {
		for (let i = length - 1; i >= 0; i--) {
			acc = (acc << 1) | ((value >> i) & 1);
			if (++nbits === 8) {
				out.push(acc);
				if (acc === 0xff) out.push(0x00); // byte stuffing
				acc = 0;
				nbits = 0;
			}
		}
	};
	let prev = 0;
	for (const row of blocks) {
		for (const shade of row) {
			// DC of a flat block is 8*(v-128); the quantiser below is 8.
			const dc = Math.round(shade) - 128;
			const diff = dc - prev;
			prev = dc;
			const magnitude = Math.abs(diff);
			const category = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
			const c = /** @type {{ code: number, length: number }} */ (dcCodes.get(category));
			put(c.code, c.length);
			if (category > 0) put(diff < 0 ? diff + (1 << category) - 1 : diff, category);
			put(0, 1); // EOB: every AC coefficient is zero
		}
	}
	if (nbits > 0) put(0xff, 8 - nbits); // pad with one-bits
	const u16 = (/** @type {number} */ n) => [(n >> 8) & 0xff, n & 0xff];
	const header = [
		0xff,
		0xd8, // SOI
		0xff,
		0xe0,
		...u16(16),
		0x4a,
		0x46,
		0x49,
		0x46,
		0x00,
		1,
		1,
		0,
		...u16(1),
		...u16(1),
		0,
		0, // APP0 JFIF
		0xff,
		0xdb,
		...u16(67),
		0x00,
		...new Array(64).fill(8), // DQT
		0xff,
		0xc0,
		...u16(11),
		8,
		...u16(height),
		...u16(width),
		1,
		1,
		0x11,
		0, // SOF0, one component
		0xff,
		0xc4,
		...u16(2 + 17 + DC_VALS.length + 17 + AC_VALS.length),
		0x00,
		...DC_BITS,
		...DC_VALS,
		0x10,
		...AC_BITS,
		...AC_VALS, // DHT
		0xff,
		0xda,
		...u16(8),
		1,
		1,
		0x00,
		0,
		63,
		0, // SOS
	];
	return Buffer.from([...header, ...out, 0xff, 0xd9]);
}

/** A 48x64 thumbnail that looks like a fax page: white, with grey "text lines". */
const THUMBNAIL_JPEG = encodeBlockJpeg(
	Array.from({ length: 8 }, (_, r) =>
		Array.from({ length: 6 }, (_, c) => {
			if (r === 0 || r === 7 || c === 0 || c === 5) return 250;
			if (r === 1) return c < 3 ? 90 : 250;
			return r % 2 === 0 ? 150 : 235;
		}),
	),
);

// ---------------------------------------------------------------- PDF

/**
 * A one-page PDF (Letter) showing the given lines of text.
 * @param {string[]} lines
 * @returns {Buffer}
 */
function makePdf(lines) {
	const esc = (/** @type {string} */ s) =>
		s.replace(/[\\()]/g, (ch) => `\\${ch}`).replace(/[^\x20-\x7e]/g, '?');
	const text = lines
		.map((l, i) => `BT /F1 ${i === 0 ? 20 : 12} Tf 72 ${720 - i * 24} Td (${esc(l)}) Tj ET`)
		.join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
		`<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
	];
	let pdf = '%PDF-1.4\n';
	/** @type {number[]} */
	const offsets = [];
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(pdf));
		pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xref = Buffer.byteLength(pdf);
	pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
	for (const o of offsets) pdf += `${String(o).padStart(10, '0')} 00000 n \n`;
	pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
	return Buffer.from(pdf, 'latin1');
}

// ---------------------------------------------------------------- TIFF

/**
 * A 16x16 bilevel, uncompressed, little-endian TIFF with fax resolution (204x196 dpi).
 * @returns {Buffer}
 */
function makeTiff() {
	const width = 16;
	const height = 16;
	const rowBytes = width / 8;
	/** @type {[number, number, number, number][]} tag, type (3 SHORT, 4 LONG, 5 RATIONAL), count, value */
	const entries = [];
	const ifdOffset = 8;
	const entryCount = 11;
	const xResOffset = ifdOffset + 2 + entryCount * 12 + 4;
	const yResOffset = xResOffset + 8;
	const dataOffset = yResOffset + 8;
	entries.push(
		[256, 3, 1, width],
		[257, 3, 1, height],
		[258, 3, 1, 1], // BitsPerSample
		[259, 3, 1, 1], // Compression: none
		[262, 3, 1, 0], // Photometric: WhiteIsZero
		[273, 4, 1, dataOffset], // StripOffsets
		[278, 3, 1, height], // RowsPerStrip
		[279, 4, 1, rowBytes * height], // StripByteCounts
		[282, 5, 1, xResOffset],
		[283, 5, 1, yResOffset],
		[296, 3, 1, 2], // ResolutionUnit: inch
	);
	const buf = Buffer.alloc(dataOffset + rowBytes * height);
	buf.write('II', 0, 'latin1');
	buf.writeUInt16LE(42, 2);
	buf.writeUInt32LE(ifdOffset, 4);
	buf.writeUInt16LE(entryCount, ifdOffset);
	entries.forEach(([tag, type, count, value], i) => {
		const at = ifdOffset + 2 + i * 12;
		buf.writeUInt16LE(tag, at);
		buf.writeUInt16LE(type, at + 2);
		buf.writeUInt32LE(count, at + 4);
		if (type === 3) buf.writeUInt16LE(value, at + 8);
		else buf.writeUInt32LE(value, at + 8);
	});
	buf.writeUInt32LE(0, ifdOffset + 2 + entryCount * 12); // no next IFD
	buf.writeUInt32LE(204, xResOffset);
	buf.writeUInt32LE(1, xResOffset + 4);
	buf.writeUInt32LE(196, yResOffset);
	buf.writeUInt32LE(1, yResOffset + 4);
	for (let y = 0; y < height; y++) {
		// A black frame with a black line every fourth row ("text").
		const full = y === 0 || y === height - 1 || (y % 4 === 2 && y > 2);
		buf.writeUInt16BE(full ? 0xffff : 0x8001, dataOffset + y * rowBytes);
	}
	return buf;
}

const TIFF = makeTiff();

module.exports = { THUMBNAIL_JPEG, TIFF, makePdf, encodeBlockJpeg };
