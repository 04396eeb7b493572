// @ts-check
'use strict';
/**
 * Tokens and the OAuth2 authorization-code service.
 *
 * Tokens live outside the resettable state: `server.reset()` keeps every
 * issued token valid, so a long-running n8n keeps working across resets.
 */
const crypto = require('node:crypto');
const { ApiError, json } = require('./http');
const { randomHex } = require('./util');

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

	/** @param {string} userId @param {string} forClient @param {number} expiresAt */
	function addAccessToken(userId, forClient, expiresAt) {
		const token = `oauth_at_${randomHex(20)}`;
		accessTokens.set(token, { kind: 'oauth', token, userId, scopes: ['all'], expiresAt, clientId: forClient });
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
		if (!m) throw unauthorized(401, 'Missing or malformed Authorization header; expected "Bearer <ACCESS_TOKEN>"');
		const record = accessTokens.get(m[1]);
		if (!record) throw unauthorized(401, 'The access token is invalid or has been revoked');
		if (record.expiresAt <= Date.now()) throw unauthorized(401, 'The access token has expired');
		if (record.kind === 'oauth') {
			const header = headers['x-fax-clientid'];
			if (!header) throw unauthorized(401, 'The x-fax-clientid header is missing; it is required with OAuth 2.0 access tokens');
			if (header !== record.clientId) throw unauthorized(401, 'The x-fax-clientid header does not match the client the token was issued to');
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

	/** @param {number} status @param {string} code @param {string} description */
	const oauthError = (status, code, description) => new ApiError(status, code, description);

	/**
	 * GET {auth_url}/login: auto-approves and redirects back with a code.
	 * @param {Record<string, string>} query
	 * @returns {import('./http').Reply}
	 */
	function login(query) {
		if (query.response_type !== 'code') throw oauthError(400, 'unsupported_response_type', 'response_type must be "code"');
		if (query.client_id !== clientId) throw oauthError(400, 'invalid_client', 'Unknown client_id');
		let redirect;
		try {
			redirect = new URL(query.redirect_uri);
		} catch {
			throw oauthError(400, 'invalid_request', 'redirect_uri is missing or is not an absolute URL');
		}
		const code = `code_${randomHex(16)}`;
		codes.set(code, {
			userId: ownerId,
			clientId,
			redirectUri: query.redirect_uri,
			expiresAt: Date.now() + 10 * 60 * 1000,
			challenge: query.code_challenge,
			method: query.code_challenge_method,
		});
		redirect.searchParams.set('code', code);
		if (query.state !== undefined) redirect.searchParams.set('state', query.state);
		return { status: 302, headers: { location: redirect.toString() }, body: undefined };
	}

	/**
	 * POST {auth_url}/token: authorization_code and refresh_token grants.
	 * Parameters may come in the query, a form-encoded or a JSON body; client
	 * credentials in the body or as HTTP Basic.
	 * @param {Record<string, string>} query
	 * @param {any} body
	 * @param {import('node:http').IncomingHttpHeaders} headers
	 * @returns {import('./http').Reply}
	 */
	function token(query, body, headers) {
		/** @type {Record<string, string>} */
		const p = { ...query, ...(body && typeof body === 'object' ? body : {}) };
		/** @type {string | undefined} */
		let id = p.client_id;
		/** @type {string | undefined} */
		let secret = p.client_secret;
		const basic = /^Basic\s+(\S+)$/i.exec(headers.authorization || '');
		if (basic) {
			const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
			const colon = decoded.indexOf(':');
			const dec = (/** @type {string} */ s) => {
				try {
					return decodeURIComponent(s.replace(/\+/g, ' '));
				} catch {
					return s;
				}
			};
			id = dec(decoded.slice(0, colon < 0 ? decoded.length : colon));
			secret = colon < 0 ? undefined : dec(decoded.slice(colon + 1));
		}
		if (id !== undefined && id !== clientId) throw oauthError(401, 'invalid_client', 'Unknown client_id');
		if (secret !== undefined && secret !== clientSecret) throw oauthError(401, 'invalid_client', 'Invalid client_secret');

		/** @type {string} */
		let userId;
		/** @type {string} */
		let refresh;
		if (p.grant_type === 'authorization_code') {
			if (id === undefined) throw oauthError(401, 'invalid_client', 'Client authentication is required');
			const grant = p.code ? codes.get(p.code) : undefined;
			if (!grant || grant.expiresAt <= Date.now()) throw oauthError(400, 'invalid_grant', 'The authorization code is invalid, used or expired');
			if (p.redirect_uri !== undefined && p.redirect_uri !== grant.redirectUri)
				throw oauthError(400, 'invalid_grant', 'redirect_uri does not match the authorization request');
			if (grant.challenge) {
				const verifier = p.code_verifier || '';
				const computed = grant.method === 'S256' ? crypto.createHash('sha256').update(verifier).digest('base64url') : verifier;
				if (computed !== grant.challenge) throw oauthError(400, 'invalid_grant', 'code_verifier does not match the code_challenge');
			}
			codes.delete(p.code);
			userId = grant.userId;
			refresh = addRefreshToken(userId, clientId);
		} else if (p.grant_type === 'refresh_token') {
			const known = p.refresh_token ? refreshTokens.get(p.refresh_token) : undefined;
			if (!known) throw oauthError(400, 'invalid_grant', 'The refresh token is invalid or revoked');
			userId = known.userId;
			refresh = /** @type {string} */ (p.refresh_token);
		} else {
			throw oauthError(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
		}
		return json({
			access_token: addAccessToken(userId, clientId, Date.now() + ACCESS_TOKEN_LIFETIME_S * 1000),
			refresh_token: refresh,
			token_type: 'bearer',
			expires_in: ACCESS_TOKEN_LIFETIME_S,
			scope: 'all',
		});
	}

	return { tokens, clientId, authenticate, tokenInfo, login, token, accessTokens, refreshTokens };
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
