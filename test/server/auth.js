// @ts-check
'use strict';
/**
 * Tokens and the OAuth2 authorization-code service.
 *
 * Tokens live outside the resettable state: `server.reset()` keeps every
 * issued token valid, so a long-running n8n keeps working across resets.
 */
const crypto = require('node:crypto');
const { ApiError, binary, errorReply, json } = require('./http');
const { isObject, randomHex } = require('./util');

const DAY = 24 * 3600 * 1000;
const ACCESS_TOKEN_LIFETIME_S = 3600;

/**
 * @typedef {{
 *   kind: 'pat' | 'oauth',
 *   token: string,
 *   userId: string,
 *   scopes: string[],
 *   expiresAt: number,
 *   clientId?: string,
 *   issued?: boolean,
 *   id?: string,
 *   name?: string,
 *   preview?: string,
 *   created_date?: number,
 *   expiration_date?: number,
 *   last_used?: number,
 * }} TokenRecord
 * @typedef {ReturnType<typeof createAuth>} Auth
 */

/** @param {number} status @param {string} description */
const unauthorized = (status, description) => new ApiError(status, 'unauthorized', description);

/** The parameters of an authorization request the login page carries to its form. */
const AUTHORIZATION_PARAMETERS = [
	'response_type',
	'client_id',
	'redirect_uri',
	'scope',
	'state',
	'code_challenge',
	'code_challenge_method',
];

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** application/x-www-form-urlencoded decoding of one value. @param {string} s */
function formDecode(s) {
	try {
		return decodeURIComponent(s.replace(/\+/g, ' '));
	} catch {
		return s;
	}
}

/** @param {unknown} value */
const b64url = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * @param {{ ownerId: string, memberId: string }} ids
 */
function createAuth({ ownerId, memberId }) {
	const clientId = 'faxplus-local-client';
	const clientSecret = `local_secret_${randomHex(16)}`;
	/** @type {Map<string, TokenRecord>} */
	const accessTokens = new Map();
	/** @type {Map<string, { userId: string, clientId: string }>} */
	const refreshTokens = new Map();
	/** @type {Map<string, { userId: string, clientId: string, redirectUri: string, expiresAt: number, challenge?: string, method?: string }>} */
	const codes = new Map();

	/**
	 * A personal access token: 'alohi_pat_' + a JWT-shaped string.
	 * @param {string} userId @param {string[]} scopes @param {string} name
	 */
	function addPat(userId, scopes, name) {
		const created = Date.now() - 30 * DAY;
		const id = `pat_${randomHex(6)}`;
		const jwt = [
			b64url({ alg: 'HS256', typ: 'JWT' }),
			b64url({ sub: userId, jti: id, scopes, iat: Math.floor(created / 1000) }),
			crypto.randomBytes(32).toString('base64url'),
		].join('.');
		const token = `alohi_pat_${jwt}`;
		accessTokens.set(token, {
			kind: 'pat',
			token,
			userId,
			scopes,
			expiresAt: created + 365 * DAY,
			id,
			name,
			preview: `alohi_pat_...${token.slice(-4)}`,
			created_date: created,
			expiration_date: created + 365 * DAY,
			last_used: created,
		});
		return token;
	}

	/** @param {string} userId @param {string} forClient @param {number} expiresAt @param {boolean} [issued] by the token endpoint */
	function addAccessToken(userId, forClient, expiresAt, issued = false) {
		const token = `oauth_at_${randomHex(20)}`;
		accessTokens.set(token, {
			kind: 'oauth',
			token,
			userId,
			scopes: ['all'],
			expiresAt,
			clientId: forClient,
			issued,
		});
		return token;
	}

	/** @param {string} userId @param {string} forClient */
	function addRefreshToken(userId, forClient) {
		const token = `oauth_rt_${randomHex(20)}`;
		refreshTokens.set(token, { userId, clientId: forClient });
		return token;
	}

	const tokens = {
		pat: addPat(ownerId, ['fax:all:read', 'fax:all:edit'], 'n8n full access'),
		patReadOnly: addPat(ownerId, ['fax:all:read'], 'n8n read only'),
		patNoScopes: addPat(ownerId, [], 'no scopes'),
		patMember: addPat(memberId, ['fax:all:read', 'fax:all:edit'], 'member token'),
		// apidoc's scope names (concepts/authentication): numbers plural, uploads fax:file:edit.
		patNumbersRead: addPat(ownerId, ['fax:numbers:read'], 'numbers read'),
		patFileEdit: addPat(ownerId, ['fax:file:edit'], 'uploads'),
		oauthAccessToken: addAccessToken(ownerId, clientId, Number.MAX_SAFE_INTEGER),
		oauthRefreshToken: addRefreshToken(ownerId, clientId),
		oauthExpiredAccessToken: addAccessToken(ownerId, clientId, 1),
		clientId,
		clientSecret,
	};

	/**
	 * Authenticates an API call (spec Authentication rules 1, 2 and 4).
	 * @param {import('node:http').IncomingHttpHeaders} headers
	 * @returns {TokenRecord}
	 */
	function authenticate(headers) {
		const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization || '');
		if (!m)
			throw unauthorized(
				401,
				'Missing or malformed Authorization header; expected "Bearer <ACCESS_TOKEN>"',
			);
		const record = accessTokens.get(m[1]);
		if (!record) throw unauthorized(401, 'The access token is invalid or has been revoked');
		if (record.expiresAt <= Date.now()) throw unauthorized(401, 'The access token has expired');
		if (record.kind === 'oauth') {
			const header = headers['x-fax-clientid'];
			if (!header)
				throw unauthorized(
					401,
					'The x-fax-clientid header is missing; it is required with OAuth 2.0 access tokens',
				);
			if (header !== record.clientId)
				throw unauthorized(
					401,
					'The x-fax-clientid header does not match the client the token was issued to',
				);
		} else {
			record.last_used = Date.now();
		}
		return record;
	}

	/** Token information (GET /auth/token). @param {TokenRecord} r */
	function tokenInfo(r) {
		if (r.kind === 'oauth') return { token_type: 'oauth', scopes: ['all'] };
		return {
			token_type: 'pat',
			scopes: r.scopes,
			id: r.id,
			name: r.name,
			preview: r.preview,
			created_date: r.created_date,
			expiration_date: r.expiration_date,
			last_used: r.last_used,
		};
	}

	// ------------------------------------------------------------ OAuth2 endpoints
	// As documented at apidoc.fax.plus "concepts/authentication": the user approves at
	// {auth_url}/login?response_type=code&client_id=…&redirect_uri=…&scope=all and comes
	// back to redirect_uri with ?code=…; the client then POSTs to {auth_url}/token,
	// form-encoded, authenticated with HTTP Basic base64(client_id:client_secret).

	/** @param {number} status @param {string} code @param {string} description */
	const oauthError = (status, code, description) => new ApiError(status, code, description);

	/**
	 * The authorization request's parameters, checked as the login step checks them.
	 * @param {Record<string, string>} params
	 */
	function authorizationRequest(params) {
		if (params.response_type !== 'code')
			throw oauthError(400, 'unsupported_response_type', 'response_type must be "code"');
		if (params.client_id !== clientId) throw oauthError(400, 'invalid_client', 'Unknown client_id');
		/** @type {URL} */
		let redirect;
		try {
			redirect = new URL(params.redirect_uri);
		} catch {
			throw oauthError(400, 'invalid_request', 'redirect_uri is missing or is not an absolute URL');
		}
		if (redirect.protocol !== 'https:' && redirect.protocol !== 'http:')
			throw oauthError(400, 'invalid_request', 'redirect_uri must be an http(s) URL');
		if (params.scope !== 'all') throw oauthError(400, 'invalid_scope', 'scope must be "all"');
		return {
			redirect,
			redirectUri: params.redirect_uri,
			state: params.state,
			challenge: params.code_challenge,
			method: params.code_challenge_method,
		};
	}

	/**
	 * GET {auth_url}/login: the page where the user approves the client.
	 * @param {Record<string, string>} query
	 * @returns {import('./http').Reply}
	 */
	function login(query) {
		authorizationRequest(query);
		const fields = Object.entries(query)
			.filter(([name]) => AUTHORIZATION_PARAMETERS.includes(name))
			.map(
				([name, value]) =>
					`<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
			)
			.join('\n      ');
		const html = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>Fax.Plus (local server): authorize ${escapeHtml(clientId)}</title></head>
  <body>
    <h1>Authorize access to your Fax.Plus account</h1>
    <p>The application <strong>${escapeHtml(clientId)}</strong> asks for access to your faxes (scope <code>all</code>).</p>
    <form method="post" action="/oauth/login">
      ${fields}
      <button type="submit" name="decision" value="approve">Approve</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </body>
</html>
`;
		return binary(Buffer.from(html), 'text/html; charset=utf-8');
	}

	/**
	 * POST {auth_url}/login: the user's answer; redirects back with a code (or access_denied).
	 * @param {unknown} body the form fields
	 * @returns {import('./http').Reply}
	 */
	function approve(body) {
		/** @type {Record<string, string>} */
		const form = isObject(body) ? body : {};
		const request = authorizationRequest(form);
		const { redirect } = request;
		if (form.decision === 'approve') {
			const code = `code_${randomHex(16)}`;
			codes.set(code, {
				userId: ownerId,
				clientId,
				redirectUri: request.redirectUri,
				expiresAt: Date.now() + 10 * 60 * 1000,
				challenge: request.challenge,
				method: request.method,
			});
			redirect.searchParams.set('code', code);
		} else if (form.decision === 'deny') {
			redirect.searchParams.set('error', 'access_denied');
		} else {
			throw oauthError(400, 'invalid_request', 'decision must be "approve" or "deny"');
		}
		if (request.state !== undefined) redirect.searchParams.set('state', request.state);
		return { status: 302, headers: { location: redirect.toString() }, body: undefined };
	}

	/**
	 * The client, authenticated by HTTP Basic only (a client_secret parameter is refused).
	 * @param {Record<string, string>} params @param {import('node:http').IncomingHttpHeaders} headers
	 */
	function authenticateClient(params, headers) {
		const basic = /^Basic\s+(\S+)\s*$/i.exec(headers.authorization || '');
		if (!basic) {
			if (params.client_secret !== undefined)
				throw oauthError(
					401,
					'invalid_client',
					'Send the client credentials as HTTP Basic authentication (Authorization: Basic base64(client_id:client_secret)), not as a client_secret parameter',
				);
			throw oauthError(
				401,
				'invalid_client',
				'Client authentication is required: Authorization: Basic base64(client_id:client_secret)',
			);
		}
		if (params.client_secret !== undefined)
			throw oauthError(
				400,
				'invalid_request',
				'Use only one client authentication method: HTTP Basic, without a client_secret parameter',
			);
		const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon < 0)
			throw oauthError(
				401,
				'invalid_client',
				'The Basic credentials must be client_id:client_secret',
			);
		// RFC 6749 2.3.1: both parts are form-urlencoded before base64.
		const id = formDecode(decoded.slice(0, colon));
		const secret = formDecode(decoded.slice(colon + 1));
		if (id !== clientId) throw oauthError(401, 'invalid_client', 'Unknown client_id');
		if (secret !== clientSecret) throw oauthError(401, 'invalid_client', 'Invalid client_secret');
		if (params.client_id !== undefined && params.client_id !== id)
			throw oauthError(401, 'invalid_client', 'client_id does not match the Basic credentials');
		return id;
	}

	/**
	 * POST {auth_url}/token: authorization_code and refresh_token grants. Grant
	 * parameters come in the query (as the docs show them) or a form-encoded body.
	 * @param {Record<string, string>} query
	 * @param {any} body
	 * @param {import('node:http').IncomingHttpHeaders} headers
	 * @returns {import('./http').Reply}
	 */
	function token(query, body, headers) {
		try {
			return json(grant(query, body, headers));
		} catch (err) {
			// RFC 6749 5.2: a 401 for a failed client authentication names the scheme.
			if (err instanceof ApiError && err.status === 401)
				return { ...errorReply(err), headers: { 'www-authenticate': 'Basic realm="Fax.Plus"' } };
			throw err;
		}
	}

	/** @param {Record<string, string>} query @param {any} body @param {import('node:http').IncomingHttpHeaders} headers */
	function grant(query, body, headers) {
		const type = (headers['content-type'] || '').split(';')[0].trim().toLowerCase();
		if (body !== undefined && type !== 'application/x-www-form-urlencoded')
			throw oauthError(
				400,
				'invalid_request',
				'The token request body must be application/x-www-form-urlencoded',
			);
		/** @type {Record<string, string>} */
		const form = isObject(body) ? body : {};
		const repeated = Object.keys(form).filter((name) => Object.hasOwn(query, name));
		if (repeated.length)
			throw oauthError(
				400,
				'invalid_request',
				`Parameters may not be sent twice (query and body): ${repeated.join(', ')}`,
			);
		/** @type {Record<string, string>} */
		const p = { ...query, ...form };
		const client = authenticateClient(p, headers);

		/** @type {string} */
		let userId;
		/** @type {string} */
		let refresh;
		if (p.grant_type === 'authorization_code') {
			const code = p.code ? codes.get(p.code) : undefined;
			if (!code || code.expiresAt <= Date.now() || code.clientId !== client)
				throw oauthError(
					400,
					'invalid_grant',
					'The authorization code is invalid, used or expired',
				);
			if (p.redirect_uri !== code.redirectUri)
				throw oauthError(
					400,
					'invalid_grant',
					'redirect_uri must be the one given at the login step',
				);
			if (code.challenge) {
				const verifier = p.code_verifier || '';
				const computed =
					code.method === 'S256'
						? crypto.createHash('sha256').update(verifier).digest('base64url')
						: verifier;
				if (computed !== code.challenge)
					throw oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
			}
			codes.delete(p.code);
			userId = code.userId;
			refresh = addRefreshToken(userId, client);
		} else if (p.grant_type === 'refresh_token') {
			const known = p.refresh_token ? refreshTokens.get(p.refresh_token) : undefined;
			if (!known || known.clientId !== client)
				throw oauthError(400, 'invalid_grant', 'The refresh token is invalid or revoked');
			userId = known.userId;
			refresh = /** @type {string} */ (p.refresh_token);
		} else {
			throw oauthError(
				400,
				'unsupported_grant_type',
				'grant_type must be authorization_code or refresh_token',
			);
		}
		return {
			access_token: addAccessToken(
				userId,
				client,
				Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000,
				true,
			),
			refresh_token: refresh,
			token_type: 'bearer',
			expires_in: ACCESS_TOKEN_LIFETIME_S,
			scope: 'all',
		};
	}

	/**
	 * Makes OAuth access tokens expire now (a test's way to let time pass): the given
	 * one, or every one the token endpoint issued.
	 * @param {string} [accessToken]
	 * @returns {number} how many expired
	 */
	function expireAccessTokens(accessToken) {
		const now = Date.now();
		const records =
			accessToken === undefined
				? [...accessTokens.values()].filter((r) => r.issued && r.expiresAt > now)
				: [accessTokens.get(accessToken)];
		let expired = 0;
		for (const record of records) {
			if (record?.kind !== 'oauth') continue;
			record.expiresAt = now - 1;
			expired++;
		}
		return expired;
	}

	return {
		tokens,
		clientId,
		authenticate,
		tokenInfo,
		login,
		approve,
		token,
		expireAccessTokens,
		accessTokens,
		refreshTokens,
	};
}

/**
 * Whether the token may call an operation listed with `scopes`
 * (OAuth scope `all` covers everything; a PAT needs one listed scope).
 * @param {TokenRecord} record
 * @param {string[] | undefined} scopes
 */
function hasScope(record, scopes) {
	if (!scopes || record.kind === 'oauth') return true;
	return scopes.some((s) => record.scopes.includes(s));
}

module.exports = { createAuth, hasScope };
