// @ts-check
'use strict';
/**
 * A local, Fax.Plus-compatible REST API v3 server for tests, the demo and
 * benchmarks. Zero dependencies; see index.d.ts for the public interface.
 *
 *   const { startFaxPlusServer } = require('./test/server');
 *   const server = await startFaxPlusServer();            // 127.0.0.1, free port
 *   await fetch(`${server.baseUrl}/accounts/self/plan`, { headers: { authorization: `Bearer ${server.tokens.pat}` } });
 *   await server.close();
 */
const http = require('node:http');
const { ApiError, errorReply, readBody, parseBody, send, notFound } = require('./http');
const { createAuth, hasScope } = require('./auth');
const { createSeed, OWNER_ID } = require('./seed');
const { createDeliveries, sign, documentedExample } = require('./deliveries');
const { handleControl } = require('./control');
const { handlePanel } = require('./panel');
const { serveDocument } = require('./documents');
const { compile, match } = require('./router');
const { createNetwork } = require('./network');
const { DEFAULT_READINGS, withReadings } = require('./readings');
const { createMisbehaviours } = require('./misbehaviours');

const routes = compile(require('./routes'));

/** Oldest recorded requests are dropped beyond this many (benchmarks). */
const MAX_RECORDED_REQUESTS = 50000;

/** @param {unknown} err @returns {import('./http').Reply} */
function toReply(err) {
	if (err instanceof ApiError) {
		const { headers } = /** @type {{ headers?: Record<string, string> }} */ (err);
		return headers ? { ...errorReply(err), headers } : errorReply(err);
	}
	return {
		status: 500,
		body: {
			error: 'internal_server_error',
			description: String(/** @type {any} */ (err)?.message ?? err),
		},
	};
}

/**
 * @param {import('./index').FaxPlusServerOptions} [options]
 * @returns {Promise<import('./index').FaxPlusServer>}
 */
async function startFaxPlusServer(options = {}) {
	const host = options.host ?? '127.0.0.1';
	const now = options.now ?? Date.now;
	/** @type {import('./seed').State} */
	const state = createSeed();
	const readingsAtStart = withReadings(DEFAULT_READINGS, options.readings);
	state.readings = { ...readingsAtStart };
	const auth = createAuth({ ownerId: OWNER_ID, memberId: 'member_1' });
	/** @type {import('./index').RecordedRequest[]} */
	const requests = [];
	const deliveries = createDeliveries({ getState: () => state, now });
	const network = createNetwork(options.network, now);
	const misbehaviours = createMisbehaviours();
	/** Endpoint secrets and hook tokens ever held (issuedSecrets()), also once deleted or reset. */
	const pastSecrets = new Set();
	function rememberSecrets() {
		for (const endpoint of Object.values(state.webhooks))
			if (endpoint.secret) pastSecrets.add(endpoint.secret);
		for (const hook of Object.values(state.hooks)) {
			const token = /[?&]hook_token=([^&#]+)/.exec(hook.target ?? '')?.[1];
			if (token) pastSecrets.add(decodeURIComponent(token));
		}
	}

	/**
	 * @param {string} method
	 * @param {string} path
	 * @param {Record<string, string>} query
	 * @param {import('node:http').IncomingHttpHeaders} headers
	 * @param {import('./http').ParsedBody} parsed
	 * @param {unknown} parseError
	 * @returns {Promise<import('./http').Reply>}
	 */
	async function dispatch(method, path, query, headers, parsed, parseError) {
		if (path === '/oauth/login' && method === 'GET') return auth.login(query);
		if (path === '/oauth/login' && method === 'POST') {
			if (parseError) throw parseError;
			return auth.approve(parsed.body);
		}
		if (path === '/oauth/token' && method === 'POST') {
			if (parseError) throw parseError;
			return auth.token(query, parsed.body, headers);
		}
		if (path.startsWith('/v3/')) {
			const found = match(routes, method, path.slice(3));
			if (!found) throw notFound(`No such endpoint: ${method} ${path}`);
			const token = auth.authenticate(headers);
			const { scopes } = found.route;
			if (!hasScope(token, scopes))
				throw new ApiError(
					403,
					'insufficient_scope',
					`The token lacks the scope for this operation; one of: ${(scopes ?? []).join(', ')}`,
				);
			const caller = Object.hasOwn(state.users, token.userId)
				? state.users[token.userId]
				: undefined;
			if (!caller)
				throw new ApiError(401, 'unauthorized', 'The user of this token no longer exists');
			if (parseError) throw parseError;
			return found.route.handler({
				method,
				params: found.params,
				query,
				headers,
				body: parsed.body,
				uploads: parsed.uploads,
				token,
				caller,
				state,
				auth,
			});
		}
		throw notFound(`No such endpoint: ${method} ${path}`);
	}

	/** @param {import('node:http').IncomingMessage} req @param {import('node:http').ServerResponse} res */
	async function handle(req, res) {
		const method = req.method || 'GET';
		const url = req.url || '/';
		const q = url.indexOf('?');
		const path = q < 0 ? url : url.slice(0, q);
		/** @type {Record<string, string>} */
		const query = q < 0 ? {} : Object.fromEntries(new URLSearchParams(url.slice(q + 1)));
		const rawBody = await readBody(req);
		/** @type {import('./http').ParsedBody} */
		let parsed = { body: undefined, uploads: [] };
		let parseError;
		try {
			parsed = parseBody(rawBody, req.headers['content-type']);
		} catch (err) {
			parseError = err;
		}

		if (path.startsWith('/_documents/')) {
			const status = serveDocument(method, path, res);
			requests.push({
				method,
				path,
				query,
				headers: req.headers,
				body: undefined,
				rawBody,
				status,
			});
			return;
		}
		/** @type {import('./http').Reply} */
		let reply;
		// The root page (Integrations → Webhooks) and /_control/*: not the API, never recorded.
		if (path === '/' || path.startsWith('/_control/')) {
			try {
				if (parseError) throw parseError;
				reply =
					path === '/'
						? await handlePanel(server, req, method, parsed.body)
						: await handleControl(server, method, path, parsed.body);
			} catch (err) {
				reply = toReply(err);
			}
			send(res, reply);
			return;
		}
		const isApi = path.startsWith('/v3/') || path.startsWith('/oauth/');
		const misbehaviour = path.startsWith('/v3/') ? misbehaviours.match(path.slice(3)) : undefined;
		if (isApi) network.entered();
		try {
			if (isApi) network.admit();
			const asked = misbehaviour ? misbehaviours.query(misbehaviour, query) : query;
			reply = await dispatch(method, path, asked, req.headers, parsed, parseError);
		} catch (err) {
			reply = toReply(err);
		}
		if (method !== 'GET') rememberSecrets();
		if (isApi) {
			await network.delay();
			network.left();
		}
		if (requests.length >= MAX_RECORDED_REQUESTS) requests.splice(0, 1000);
		requests.push({
			method,
			path,
			query,
			headers: req.headers,
			body: parsed.body,
			rawBody,
			status: reply.status,
		});
		if (misbehaviour && misbehaviours.answer(misbehaviour, req, res, reply, query)) return;
		send(res, reply);
	}

	const httpServer = http.createServer((req, res) => {
		handle(req, res).catch((err) => {
			if (!res.headersSent) send(res, toReply(err));
			else res.destroy();
		});
	});

	await new Promise((resolve, reject) => {
		httpServer.once('error', reject);
		httpServer.listen(options.port ?? 0, host, () => {
			httpServer.off('error', reject);
			resolve(undefined);
		});
	});
	const address = /** @type {import('node:net').AddressInfo} */ (httpServer.address());
	const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;

	/** @type {Promise<void> | undefined} */
	let closing;

	/** @type {import('./index').FaxPlusServer} */
	const server = {
		port: address.port,
		origin,
		baseUrl: `${origin}/v3`,
		authUrl: `${origin}/oauth`,
		tokens: auth.tokens,
		requests,
		clearRequests() {
			requests.length = 0;
			network.clearMaxInFlight();
		},
		state,
		issuedSecrets() {
			rememberSecrets();
			return [
				...new Set([
					...auth.accessTokens.keys(),
					...auth.refreshTokens.keys(),
					auth.tokens.clientSecret,
					...pastSecrets,
				]),
			];
		},
		reset() {
			rememberSecrets();
			// In place (every key is replaced), so references to server.state stay valid.
			Object.assign(state, createSeed(), { readings: { ...readingsAtStart } });
			requests.length = 0;
			deliveries.log.length = 0;
			network.reset();
			misbehaviours.reset();
		},
		get misbehaviours() {
			return misbehaviours.rules;
		},
		get drips() {
			return misbehaviours.drips;
		},
		misbehave(rule) {
			misbehaviours.add(rule);
		},
		behave() {
			misbehaviours.clear();
		},
		get network() {
			return network.conditions;
		},
		setNetwork(changes) {
			network.set(changes);
		},
		get readings() {
			return { ...state.readings };
		},
		setReadings(changes) {
			state.readings = withReadings(state.readings, changes);
		},
		get maxInFlight() {
			return network.maxInFlight;
		},
		setWebhooksEnabled(enabled) {
			state.settings.webhooksEnabled = enabled;
		},
		setWebhooksFeature(enabled) {
			state.settings.webhooksFeature = enabled;
		},
		expireAccessTokens: (accessToken) => auth.expireAccessTokens(accessToken),
		getEndpointSecret(endpointId) {
			return Object.hasOwn(state.webhooks, endpointId)
				? state.webhooks[endpointId].secret
				: undefined;
		},
		deliver: (opts) => deliveries.deliver(opts),
		replay: (webhookId) => deliveries.replay(webhookId),
		deliveries: deliveries.log,
		close() {
			closing ??= new Promise((resolve) => {
				httpServer.close(() => resolve());
				httpServer.closeAllConnections();
			});
			return closing;
		},
	};
	return server;
}

module.exports = {
	startFaxPlusServer,
	signWebhook: sign,
	documentedWebhookExample: documentedExample,
};
