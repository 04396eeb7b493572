// @ts-check
'use strict';
/**
 * Small HTTP helpers shared by the routes: the error type every route throws,
 * reply constructors, body reading/parsing and writing a reply.
 */
const { parseMultipart } = require('./multipart');

/**
 * A reply produced by a route. `body` is JSON-serialised unless it is a Buffer
 * (sent as-is) or undefined (no body).
 * @typedef {{ status: number, body?: unknown, headers?: Record<string, string> }} Reply
 */

/** An API failure answered as the spec's Error object `{ error, description }`. */
class ApiError extends Error {
	/**
	 * @param {number} status
	 * @param {string} code
	 * @param {string} description
	 */
	constructor(status, code, description) {
		super(description);
		this.status = status;
		this.code = code;
		this.description = description;
	}
}

/** @param {string} description */
const badRequest = (description) => new ApiError(400, 'bad_request', description);
/** @param {string} what */
const notFoundItem = (what) =>
	new ApiError(400, 'bad_request', `Requested resource was not found: ${what}`);
/** @param {string} description */
const notFound = (description) => new ApiError(404, 'not_found', description);
/** @param {number} status @param {string} description */
const invalidUserId = (status, description) => new ApiError(status, 'invalid_user_id', description);

/** @param {unknown} body @param {number} [status] @returns {Reply} */
const json = (body, status = 200) => ({ status, body });
/** @returns {Reply} */
const noContent = () => ({ status: 204 });
/** @param {Buffer} data @param {string} contentType @param {string} [filename] @returns {Reply} */
const binary = (data, contentType, filename) => ({
	status: 200,
	body: data,
	headers: filename
		? { 'content-type': contentType, 'content-disposition': `attachment; filename="${filename}"` }
		: { 'content-type': contentType },
});

/** @param {ApiError} err @returns {Reply} */
const errorReply = (err) => ({
	status: err.status,
	body: { error: err.code, description: err.description },
});

/**
 * Reads the whole request body.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<Buffer>}
 */
function readBody(req) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => resolve(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

/**
 * @typedef {{ name: string, filename: string, contentType: string, size: number, data: Buffer }} Upload
 * @typedef {{ body: any, uploads: Upload[] }} ParsedBody
 */

/**
 * Parses a request body by its content type: JSON, form-encoded or multipart.
 * Throws a 400 ApiError on malformed JSON or multipart.
 * @param {Buffer} raw
 * @param {string | undefined} contentType
 * @returns {ParsedBody}
 */
function parseBody(raw, contentType) {
	const type = (contentType || '').split(';')[0].trim().toLowerCase();
	if (type === 'multipart/form-data') {
		const { fields, files } = parseMultipart(raw, contentType || '');
		return {
			body: {
				fields,
				files: files.map(({ name, filename, contentType: ct, size }) => ({
					name,
					filename,
					contentType: ct,
					size,
				})),
			},
			uploads: files,
		};
	}
	if (raw.length === 0) return { body: undefined, uploads: [] };
	const text = raw.toString('utf8');
	if (type === 'application/x-www-form-urlencoded') {
		return { body: Object.fromEntries(new URLSearchParams(text)), uploads: [] };
	}
	if (type === 'application/json' || type.endsWith('+json') || type === '') {
		try {
			return { body: JSON.parse(text), uploads: [] };
		} catch {
			if (type === '') return { body: undefined, uploads: [] };
			throw badRequest('The request body is not valid JSON');
		}
	}
	return { body: undefined, uploads: [] };
}

/**
 * Writes a reply.
 * @param {import('node:http').ServerResponse} res
 * @param {Reply} reply
 */
function send(res, reply) {
	/** @type {Record<string, string | number>} */
	const headers = { ...reply.headers };
	/** @type {Buffer | string | undefined} */
	let payload;
	if (Buffer.isBuffer(reply.body)) payload = reply.body;
	else if (reply.body !== undefined && reply.status !== 204) {
		payload = JSON.stringify(reply.body);
		if (!headers['content-type']) headers['content-type'] = 'application/json; charset=utf-8';
	}
	headers['content-length'] = payload === undefined ? 0 : Buffer.byteLength(payload);
	res.writeHead(reply.status, headers);
	res.end(payload);
}

module.exports = {
	ApiError,
	badRequest,
	notFound,
	notFoundItem,
	invalidUserId,
	json,
	noContent,
	binary,
	errorReply,
	readBody,
	parseBody,
	send,
};
