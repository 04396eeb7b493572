// @ts-check
'use strict';
/**
 * /_documents/*: a plain web server's documents (no auth), for Send's "URLs" source. Not part of
 * Fax.Plus: it stands for the customer's own web server, so tests and the demo need no other host.
 */
const { makePdf, TIFF } = require('./media');

const PDF = makePdf(['Invoice 42', 'Fetched from a URL']);
const TEXT = Buffer.from('Hello from a URL\nSecond line\n');

/** @type {Record<string, { type: string, data: Buffer, disposition?: string }>} */
const DOCUMENTS = {
	'/_documents/invoice.pdf': { type: 'application/pdf', data: PDF },
	'/_documents/note.txt': { type: 'text/plain; charset=utf-8', data: TEXT },
	'/_documents/scan.tiff': { type: 'image/tiff', data: TIFF },
	// A generic Content-Type: the file name (here from Content-Disposition) decides.
	'/_documents/download': {
		type: 'application/octet-stream',
		data: PDF,
		disposition: 'attachment; filename="report.pdf"',
	},
	'/_documents/archive.zip': {
		type: 'application/zip',
		data: Buffer.from('PK\u0003\u0004 not a fax'),
	},
	// An error answered for a ".pdf" address: its Content-Type (JSON, not faxable) wins over the name.
	'/_documents/login.pdf': {
		type: 'application/json',
		data: Buffer.from('{"error":"sign in first"}'),
	},
	'/_documents/empty.pdf': { type: 'application/pdf', data: Buffer.alloc(0) },
};

/** Content-Length of /_documents/huge.pdf: above the 150 MB a fax may have. */
const HUGE_BYTES = 150 * 1024 * 1024 + 1;

/**
 * Answers a document request; returns the status answered.
 * @param {string} method @param {string} path
 * @param {import('node:http').ServerResponse} res
 * @returns {number}
 */
function serveDocument(method, path, res) {
	if (method !== 'GET' && method !== 'HEAD') {
		res.writeHead(405, { 'content-type': 'text/plain', allow: 'GET, HEAD' });
		res.end('Method not allowed');
		return 405;
	}
	if (path === '/_documents/huge.pdf') {
		// Declares more than a fax may hold and sends a first chunk only; a client that checks the
		// length stops reading (the server closes the socket when it does, or on close()).
		res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(HUGE_BYTES) });
		if (method === 'GET') res.write(PDF);
		else res.end();
		return 200;
	}
	if (path === '/_documents/endless.pdf') {
		// No Content-Length: the size is only known while reading (chunked, 1 MB at a time, forever).
		res.writeHead(200, { 'content-type': 'application/pdf' });
		const chunk = Buffer.alloc(1024 * 1024, 0x20);
		const pump = () => {
			while (!res.destroyed && res.write(chunk));
			if (!res.destroyed) res.once('drain', pump);
		};
		if (method === 'GET') pump();
		else res.end();
		return 200;
	}
	const doc = Object.hasOwn(DOCUMENTS, path) ? DOCUMENTS[path] : undefined;
	if (!doc) {
		res.writeHead(404, { 'content-type': 'text/plain' });
		res.end('Not found');
		return 404;
	}
	/** @type {Record<string, string>} */
	const headers = { 'content-type': doc.type, 'content-length': String(doc.data.length) };
	if (doc.disposition) headers['content-disposition'] = doc.disposition;
	res.writeHead(200, headers);
	res.end(method === 'GET' ? doc.data : undefined);
	return 200;
}

module.exports = { serveDocument, DOCUMENT_PDF: PDF, DOCUMENT_TEXT: TEXT, HUGE_BYTES };
