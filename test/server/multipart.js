// @ts-check
'use strict';
/** A small multipart/form-data parser (RFC 7578), enough for file uploads. */

const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/** @param {string} message */
function malformed(message) {
	// Required lazily: http.js requires this module.
	const { badRequest } = require('./http');
	return badRequest(`Malformed multipart/form-data body: ${message}`);
}

/**
 * @param {Buffer} buf
 * @param {string} contentType the request's Content-Type header (carries the boundary)
 * @returns {{ fields: Record<string, string>, files: import('./http').Upload[] }}
 */
function parseMultipart(buf, contentType) {
	const m = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
	if (!m) throw malformed('no boundary in Content-Type');
	const boundary = Buffer.from(`--${m[1] || m[2]}`);
	const delimiter = Buffer.concat([CRLF, boundary]);
	/** @type {Record<string, string>} */
	const fields = {};
	/** @type {import('./http').Upload[]} */
	const files = [];

	let pos = buf.indexOf(boundary);
	if (pos < 0) throw malformed('boundary not found');
	pos += boundary.length;
	for (;;) {
		if (buf[pos] === 0x2d && buf[pos + 1] === 0x2d) break; // closing "--"
		if (buf[pos] === 0x0d && buf[pos + 1] === 0x0a) pos += 2;
		const headerEnd = buf.indexOf(HEADER_END, pos);
		if (headerEnd < 0) throw malformed('part without headers');
		const next = buf.indexOf(delimiter, headerEnd + 4);
		if (next < 0) throw malformed('unterminated part');
		const headers = buf.toString('utf8', pos, headerEnd);
		const data = buf.subarray(headerEnd + 4, next);
		const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
		const name = /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1];
		const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
		const partType = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim();
		if (name !== undefined) {
			if (filename !== undefined) {
				files.push({
					name,
					filename,
					contentType: partType || 'application/octet-stream',
					size: data.length,
					data,
				});
			} else {
				fields[name] = data.toString('utf8');
			}
		}
		pos = next + delimiter.length;
	}
	return { fields, files };
}

module.exports = { parseMultipart };
