// @ts-check
'use strict';
/**
 * A counterpart that misbehaves: a Fax.Plus outage, a proxy in front of the Base URL, a server
 * that is not Fax.Plus. Each misbehaviour applies to the API requests whose path starts with its
 * `path` (below /v3), until `reset()` or `clear`. None is Fax.Plus documented behaviour: each
 * lets a test show the node stays bounded, and its positive control is the same request without.
 *
 * kinds:
 * - `drip`: the real answer, its body one byte every `intervalMs` (default 1000); with `dripHead`,
 *   its status line and headers too (the answer never starts within any deadline)
 * - `endless`: 200 application/json, a chunked body that never ends (`chunkBytes` per write)
 * - `html`: 200 text/html, a maintenance page of about `bytes` (default 168 KB)
 * - `stuckCursor`: lists answer their first page whatever the cursor (`offset`, `before`)
 * - `endlessList`: lists answer a full page of records never listed before, whatever the cursor;
 *   with `bytes`, each record carries a `note` of that many characters
 * - `unstableOrder`: lists answer `pageSize` records (default: the `limit` asked) of their whole list
 *   in another order on every request, whatever the `offset`
 * - `huge`: 200 with `bytes` of body (`contentType`, default image/jpeg), chunked unless `declareLength`
 * - `echoToken`: 401 whose description echoes the request's Authorization header
 * - `longError`: 500 whose description is `bytes` (default 117 KB) of `char` (default ".")
 * - `deepJson`: 200 application/json, an array nested `depth` deep (default 20,000)
 */

/** @typedef {import('./index').Misbehaviour} Misbehaviour */

const KINDS = [
	'drip',
	'endless',
	'html',
	'stuckCursor',
	'endlessList',
	'unstableOrder',
	'huge',
	'echoToken',
	'longError',
	'deepJson',
];

/** @param {Partial<Misbehaviour>} value @returns {Misbehaviour} */
function checked(value) {
	if (!value || !KINDS.includes(String(value.kind)))
		throw new TypeError(`kind must be one of ${KINDS.join(', ')}, got ${String(value?.kind)}`);
	if (typeof value.path !== 'string' || !value.path.startsWith('/'))
		throw new TypeError('path must start with "/" (below /v3), e.g. "/accounts/self/faxes"');
	for (const key of ['intervalMs', 'bytes', 'chunkBytes', 'depth', 'pageSize'])
		if (
			/** @type {any} */ (value)[key] !== undefined &&
			!(Number.isInteger(/** @type {any} */ (value)[key]) && /** @type {any} */ (value)[key] > 0)
		)
			throw new TypeError(`${key} must be a whole number ≥ 1`);
	return /** @type {Misbehaviour} */ ({ ...value });
}

function createMisbehaviours() {
	/** @type {Misbehaviour[]} */
	let rules = [];
	let listed = 0;
	let shuffles = 0;
	/** @type {import('./index').Drip[]} */
	let drips = [];

	/** The first array of objects in an answer (a list's records), with where it is. */
	function recordsOf(/** @type {any} */ body) {
		if (Array.isArray(body)) return { records: body, set: (/** @type {any[]} */ r) => r };
		for (const key of ['records', 'data', 'contacts', 'numbers', 'members']) {
			if (body && Array.isArray(body[key]))
				return { records: body[key], set: (/** @type {any[]} */ r) => ({ ...body, [key]: r }) };
		}
		if (body?.data && Array.isArray(body.data.records))
			return {
				records: body.data.records,
				set: (/** @type {any[]} */ r) => ({ ...body, data: { ...body.data, records: r } }),
			};
		return undefined;
	}

	return {
		/** @returns {Misbehaviour[]} */
		get rules() {
			return rules.map((rule) => ({ ...rule }));
		},
		/** @param {Partial<Misbehaviour>} rule */
		add(rule) {
			rules.push(checked(rule));
		},
		/** @returns {import('./index').Drip[]} */
		get drips() {
			return drips.map((drip) => ({ ...drip }));
		},
		/** Ends every misbehaviour; the drips noted stay until `reset` (a drip may close after this). */
		clear() {
			rules = [];
			listed = 0;
			shuffles = 0;
		},
		reset() {
			this.clear();
			drips = [];
		},
		/** The misbehaviour for an API path (below /v3), if any. @param {string} apiPath */
		match(apiPath) {
			return rules.find((rule) => apiPath.startsWith(rule.path));
		},
		/** The query the real route gets: a stuck cursor never passes one on. @param {Misbehaviour} rule @param {Record<string, string>} query */
		query(rule, query) {
			if (rule.kind === 'unstableOrder') {
				const { offset: _offset, limit: _limit, ...whole } = query;
				return { ...whole, limit: '1000' };
			}
			if (rule.kind !== 'stuckCursor' && rule.kind !== 'endlessList') return query;
			const { offset: _offset, before: _before, ...rest } = query;
			return rest;
		},
		/**
		 * Answers in place of `send(res, reply)`. Answers true when it answered (the reply is then
		 * unused or changed), false to send the reply as it is.
		 * @param {Misbehaviour} rule
		 * @param {import('node:http').IncomingMessage} req
		 * @param {import('node:http').ServerResponse} res
		 * @param {import('./http').Reply} reply
		 * @param {Record<string, string>} query the query as asked
		 */
		answer(rule, req, res, reply, query) {
			switch (rule.kind) {
				case 'html': {
					const filler = '<p>We are down for maintenance. Please come back later.</p>\n';
					const page = `<!DOCTYPE html><html><head><title>Maintenance</title></head><body>${filler.repeat(Math.ceil((rule.bytes ?? 168_000) / filler.length))}</body></html>`;
					res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
					res.end(page);
					return true;
				}
				case 'echoToken': {
					const body = JSON.stringify({
						error: 'unauthorized',
						description: `invalid token: ${req.headers.authorization ?? ''}`,
					});
					res.writeHead(401, { 'content-type': 'application/json' });
					res.end(body);
					return true;
				}
				case 'longError': {
					const body = JSON.stringify({
						error: 'internal_server_error',
						description: `failed${(rule.char ?? '.').repeat(rule.bytes ?? 117_000)}`,
					});
					res.writeHead(500, { 'content-type': 'application/json' });
					res.end(body);
					return true;
				}
				case 'deepJson': {
					const depth = rule.depth ?? 20_000;
					res.writeHead(200, { 'content-type': 'application/json' });
					res.end(`${'['.repeat(depth)}${']'.repeat(depth)}`);
					return true;
				}
				case 'huge': {
					const bytes = rule.bytes ?? 256 * 1024 * 1024;
					const headers = /** @type {Record<string, string | number>} */ ({
						'content-type': rule.contentType ?? 'image/jpeg',
					});
					if (rule.declareLength) headers['content-length'] = bytes;
					res.writeHead(200, headers);
					writeUntil(res, bytes, rule.chunkBytes ?? 64 * 1024);
					return true;
				}
				case 'endless': {
					res.writeHead(200, { 'content-type': 'application/json' });
					res.write('{"data":{"records":[');
					writeUntil(res, Infinity, rule.chunkBytes ?? 64 * 1024, ' ');
					return true;
				}
				case 'drip': {
					const body = Buffer.isBuffer(reply.body)
						? reply.body
						: Buffer.from(JSON.stringify(reply.body ?? ''));
					const headers = {
						'content-type': Buffer.isBuffer(reply.body)
							? String(reply.headers?.['content-type'] ?? 'application/octet-stream')
							: 'application/json',
						'content-length': body.length,
					};
					const head = `HTTP/1.1 ${reply.status} Answer\r\n${Object.entries(headers)
						.map(([name, value]) => `${name}: ${value}\r\n`)
						.join('')}connection: close\r\n\r\n`;
					// With dripHead the bytes go to the socket as they are: Node would send the head at once.
					const payload = rule.dripHead ? Buffer.concat([Buffer.from(head), body]) : body;
					const out = rule.dripHead ? res.socket : res;
					if (!rule.dripHead) res.writeHead(reply.status, headers);
					let sent = 0;
					const headBytes = rule.dripHead ? Buffer.byteLength(head) : 0;
					const tick = setInterval(() => {
						if (res.destroyed || !out || sent >= payload.length) {
							clearInterval(tick);
							if (!res.destroyed) rule.dripHead ? res.destroy() : res.end();
							return;
						}
						out.write(payload.subarray(sent, sent + 1));
						sent += 1;
					}, rule.intervalMs ?? 1000);
					// What a client that gave up had received: the test's measure, never the time it took.
					res.on('close', () => {
						clearInterval(tick);
						drips.push({ path: rule.path, sent, headBytes, bytes: payload.length });
					});
					return true;
				}
				case 'endlessList': {
					const found = recordsOf(reply.body);
					if (!found || found.records.length === 0) return false;
					const fresh = found.records.map((/** @type {any} */ record) => ({
						...record,
						id: `${record.id}_listed_${++listed}`,
						...(rule.bytes && { note: 'n'.repeat(rule.bytes) }),
					}));
					reply.body = found.set(fresh);
					return false;
				}
				case 'unstableOrder': {
					const found = recordsOf(reply.body);
					if (!found) return false;
					shuffles += 1;
					const records = [...found.records];
					// A rotation by a different amount each time: every record moves.
					const by = records.length > 0 ? shuffles % records.length : 0;
					const size = rule.pageSize ?? (Number(query.limit) || records.length);
					reply.body = found.set([...records.slice(by), ...records.slice(0, by)].slice(0, size));
					return false;
				}
				default:
					return false;
			}
		},
	};
}

/**
 * Writes `bytes` of filler (or without end) as fast as the client reads, until it goes away.
 * @param {import('node:http').ServerResponse} res @param {number} bytes @param {number} chunkBytes
 */
function writeUntil(res, bytes, chunkBytes, fill = 'x') {
	const chunk = Buffer.alloc(chunkBytes, fill);
	let written = 0;
	const more = () => {
		while (!res.destroyed && written < bytes) {
			const piece = written + chunk.length <= bytes ? chunk : chunk.subarray(0, bytes - written);
			written += piece.length;
			if (!res.write(piece)) {
				res.once('drain', more);
				return;
			}
		}
		if (!res.destroyed && written >= bytes) res.end();
	};
	more();
}

module.exports = { createMisbehaviours, MISBEHAVIOUR_KINDS: KINDS };
