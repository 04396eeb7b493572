// @ts-check
'use strict';
/** Path-pattern routing: '/accounts/:user_id/plan' style patterns, matched segment by segment. */

/**
 * @typedef {import('./http').Reply} Reply
 * @typedef {{
 *   method: string,
 *   params: Record<string, string>,
 *   query: Record<string, string>,
 *   headers: import('node:http').IncomingHttpHeaders,
 *   body: any,
 *   uploads: import('./http').Upload[],
 *   token: import('./auth').TokenRecord,
 *   caller: import('./seed').User,
 *   state: import('./seed').State,
 *   auth: import('./auth').Auth,
 * }} Context
 * @typedef {{
 *   method: string,
 *   path: string,
 *   scopes?: string[],
 *   handler: (ctx: Context) => Reply | Promise<Reply>,
 * }} Route
 * @typedef {{ route: Route, segments: string[] }} CompiledRoute
 */

/** @param {Route[]} routes @returns {CompiledRoute[]} */
function compile(routes) {
	return routes.map((route) => ({ route, segments: route.path.split('/').slice(1) }));
}

/**
 * @param {CompiledRoute[]} compiled
 * @param {string} method
 * @param {string} path path below the API prefix, e.g. '/accounts/self/plan'
 * @returns {{ route: Route, params: Record<string, string> } | undefined}
 */
function match(compiled, method, path) {
	const parts = path.split('/').slice(1);
	if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // tolerate a trailing slash
	outer: for (const { route, segments } of compiled) {
		if (route.method !== method || segments.length !== parts.length) continue;
		/** @type {Record<string, string>} */
		const params = {};
		for (let i = 0; i < segments.length; i++) {
			const seg = segments[i];
			if (seg.charCodeAt(0) === 58 /* : */) {
				if (parts[i] === '') continue outer;
				try {
					params[seg.slice(1)] = decodeURIComponent(parts[i]);
				} catch {
					params[seg.slice(1)] = parts[i];
				}
			} else if (seg !== parts[i]) continue outer;
		}
		return { route, params };
	}
	return undefined;
}

module.exports = { compile, match };
