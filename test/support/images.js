// @ts-check
'use strict';
// Real images for the tests of Send's types (unit and e2e): a PNG as any PNG reader reads it, a GIF of frames.
const { crc32, deflateSync } = require('node:zlib');

/** A PNG of `width` × `height` grey pixels (8-bit greyscale, one filter byte a row). */
function pngImage(width = 4, height = 3) {
	/** @param {string} type @param {Buffer} data */
	const chunk = (type, data) => {
		const length = Buffer.alloc(4);
		length.writeUInt32BE(data.length);
		const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
		const crc = Buffer.alloc(4);
		crc.writeUInt32BE(crc32(body));
		return Buffer.concat([length, body, crc]);
	};
	const header = Buffer.alloc(13);
	header.writeUInt32BE(width, 0);
	header.writeUInt32BE(height, 4);
	header[8] = 8; // bit depth; colour type 0 (grey), compression, filter, interlace: 0
	const rows = Buffer.alloc((width + 1) * height, 0x80);
	for (let row = 0; row < height; row++) rows[row * (width + 1)] = 0;
	return Buffer.concat([
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
		chunk('IHDR', header),
		chunk('IDAT', deflateSync(rows)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}

/** A GIF89a of `frames` 1×1 images, each after a graphic control extension (an animation's frames). */
function gifImage(/** @type {number} */ frames) {
	const frame = Buffer.from([
		...[0x21, 0xf9, 0x04, 0x00, 0x0a, 0x00, 0x00, 0x00], // graphic control extension: 0.1 s
		...[0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x00], // image descriptor: 1×1 at 0,0, no local colour table
		...[0x02, 0x02, 0x44, 0x01, 0x00], // LZW: clear, pixel 0, end
	]);
	return Buffer.concat([
		Buffer.from('GIF89a', 'latin1'),
		Buffer.from([1, 0, 1, 0, 0x80, 0, 0]), // 1×1, a global colour table of 2
		Buffer.from([0, 0, 0, 255, 255, 255]),
		...Array.from({ length: frames }, () => frame),
		Buffer.from([0x3b]),
	]);
}

module.exports = { pngImage, gifImage };
