'use strict';
// The Fax.Plus Trigger's other modes in a real n8n (trigger.e2e.js covers the access token
// with an endpoint the trigger manages):
//   A. OAuth2: the endpoint is registered and removed with the OAuth2 credential, every
//      /webhooks call carries the bearer and x-fax-clientid; a signed delivery runs once
//      (with Download Fax Document, so the delivery's download uses OAuth2 too).
//   B. Options → Existing Endpoint ID: an endpoint registered beforehand (here through the
//      local server's API) is used as it is: activation and deactivation neither create,
//      change nor delete an endpoint.
//   C. Options → Use Legacy Hook API: one /hooks hook per event for the production URL,
//      unsigned deliveries run once (legacy, unverified), a repeated body starts none,
//      deactivation deletes the hooks.
//
// No fixed sleeps. n8n 2.x answers activation and deactivation and applies them afterwards
// (its publication outbox): deactivation stops routing the production URL at once and runs
// the trigger's delete() later. So each waits for the trigger's record in the workflow's
// static data, which n8n saves right after create() and right after delete().
// "Starts none" is proven with a fence delivery, as in trigger.e2e.js.
//
// Names, webhook ids and fax ids are unique; the local server is left as found (what this
// file registered there is removed, also after a failed check), and every workflow of this
// file is deactivated in `finally`.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const {
	credRef,
	outputOf,
	apiRequests,
	assertSuccess,
	thenReceived,
	triggerNode,
} = require('./lib');
const { oauthData } = require('./action.e2e');
const { waitFor } = require('../support/checks');

const NODE = 'Fax.Plus Trigger';
const EVENTS = ['fax_received', 'fax_sent'];

const sorted = (list) => [...list].sort();

module.exports = async function triggerOptions(t) {
	const { check, n8n, server, ctx } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const created = { workflows: [], credentials: [] };

	const endpoints = () => Object.values(server.state.webhooks);
	const hooks = () => Object.values(server.state.hooks);
	// What was on the server before this file: left as it is, and restored to at the end.
	const before = { endpoints: endpoints().map((e) => e.id), hooks: hooks().map((h) => h.id) };
	const myUrls = new Set();

	// ------------------------------------------------------------------ helpers

	/** A trigger (with a unique webhook id) → No Operation workflow; its production URL is known before activation. */
	async function triggerWorkflow(
		name,
		{ parameters, credentials, webhookId = crypto.randomUUID() },
	) {
		const productionUrl = n8n.webhookUrl(`${webhookId}/webhook`);
		myUrls.add(productionUrl);
		const wf = await n8n.importWorkflow({
			name: `e2e trigger options: ${name} (${tag})`,
			...thenReceived(triggerNode({ webhookId, parameters, credentials })),
		});
		created.workflows.push(wf.id);
		return { wf, webhookId, productionUrl, path: `${webhookId}/webhook` };
	}

	/** What the trigger recorded in its static data for the production URL (saved by n8n after activation). */
	async function registrationOf(w) {
		const wf = await n8n.getWorkflow(w.wf.id);
		let data = wf.staticData ?? {};
		if (typeof data === 'string') data = JSON.parse(data);
		const list = data[`node:${NODE}`]?.registrations;
		return Array.isArray(list) ? list.find((r) => r.url === w.productionUrl) : undefined;
	}

	/** Activates and waits until n8n saved the trigger's registration and answers the production URL. */
	async function activate(w, api) {
		await n8n.activate(w.wf.id);
		const registration = await waitFor(async () => {
			const r = await registrationOf(w);
			return r && r.api === api ? r : undefined;
		}, `the trigger's "${api}" registration in the workflow's static data`);
		await n8n.waitForWebhook(w.path);
		return registration;
	}

	/**
	 * Deactivates and waits until the trigger's delete() has run: n8n 2.x answers the
	 * deactivation at once and tears the trigger down afterwards (it stops routing the
	 * production URL first, then calls delete(), then saves the static data delete() changed).
	 */
	async function deactivate(w) {
		const from = server.requests.length;
		await n8n.deactivate(w.wf.id);
		try {
			await waitFor(
				async () => (await registrationOf(w)) === undefined,
				"the trigger's registration to leave the static data",
			);
		} catch (error) {
			error.message += ` (requests: ${fmt(apiRequests(server, from))}; left: ${JSON.stringify(await registrationOf(w))})`;
			throw error;
		}
		const res = await fetch(w.productionUrl, { method: 'GET' });
		assert.equal(res.status, 404, 'n8n still answers the production URL');
		assert.match(await res.text(), /The requested webhook/i);
	}

	const count = async (w) => (await n8n.executions(w.wf.id, { includeData: false })).length;

	/** Delivers to exactly one endpoint or hook; asserts the last answer's status; returns the result. */
	async function deliverTo(id, opts, expectStatus) {
		const results = await server.deliver({ ...opts, onlyEndpointId: id });
		assert.equal(results.length, 1, `deliveries: ${JSON.stringify(results)}`);
		const [res] = results;
		if (expectStatus !== undefined)
			assert.equal(
				res.attempts.at(-1).status,
				expectStatus,
				`answers ${JSON.stringify(res.attempts)}`,
			);
		return res;
	}

	/** Waits for exactly `n` executions; returns them, oldest first. */
	async function executions(w, n) {
		const list = await n8n.waitForExecutions(w.wf.id, n);
		assert.equal(list.length, n, `expected ${n} executions, have ${list.length}`);
		return list;
	}

	/** The current API's /webhooks calls among the requests from index `from`. */
	const webhookCalls = (from) =>
		apiRequests(server, from).filter(
			(r) => r.path === '/v3/webhooks' || r.path.startsWith('/v3/webhooks/'),
		);
	const fmt = (reqs) => reqs.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ') || 'none';

	async function patCredential() {
		if (ctx.patCredential) return ctx.patCredential;
		const cred = await n8n.createCredential(
			`Fax.Plus PAT (trigger options e2e ${tag})`,
			'faxPlusApi',
			{
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			},
		);
		created.credentials.push(cred.id);
		return cred;
	}

	async function secretCredential(name, secret) {
		const cred = await n8n.createCredential(
			`Fax.Plus signing secret (trigger options e2e, ${name} ${tag})`,
			'faxPlusWebhookSecretApi',
			{
				secret: secret ?? `whsec_${crypto.randomBytes(24).toString('base64')}`,
			},
		);
		created.credentials.push(cred.id);
		return cred;
	}

	/** A legacy hook of this URL: its target is the URL with the trigger's token. */
	const isHookOf = (h, url) => h.target.startsWith(`${url}?hook_token=`);

	/** Removes what this file registered at the server for a URL (the server as it was before). */
	function purge(url) {
		for (const e of endpoints())
			if (!before.endpoints.includes(e.id) && e.url === url) delete server.state.webhooks[e.id];
		for (const h of hooks())
			if (!before.hooks.includes(h.id) && isHookOf(h, url)) delete server.state.hooks[h.id];
	}

	/** The end of a section, also a failed one: its workflow inactive, nothing of it left at the server for the next. */
	async function settle(url, w) {
		if (w) await n8n.deactivate(w.wf.id).catch(() => {});
		if (url) purge(url);
	}

	/** The local server's API with the full-scope PAT (as a user registering an endpoint in Fax.Plus). */
	async function faxPlusApi(method, path, body) {
		const res = await fetch(`${server.baseUrl}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${server.tokens.pat}`,
				...(body ? { 'content-type': 'application/json' } : {}),
			},
			body: body ? JSON.stringify(body) : undefined,
		});
		const text = await res.text();
		return { status: res.status, body: text ? JSON.parse(text) : undefined };
	}

	try {
		// ================================================================ A. OAuth2
		const a = {};
		try {
			await check(
				'trigger options (OAuth2): a trigger workflow with an OAuth2 credential (token data) at the local server',
				async () => {
					a.oauth = await n8n.createCredential(
						`Fax.Plus OAuth2 (trigger options e2e ${tag})`,
						'faxPlusOAuth2Api',
						oauthData(server, server.tokens.oauthAccessToken),
					);
					created.credentials.push(a.oauth.id);
					a.secretCred = await secretCredential('OAuth2');
					a.w = await triggerWorkflow('OAuth2', {
						parameters: {
							authentication: 'oAuth2',
							events: EVENTS,
							options: { downloadDocument: true },
						},
						credentials: {
							...credRef('faxPlusOAuth2Api', a.oauth),
							...credRef('faxPlusWebhookSecretApi', a.secretCred),
						},
					});
				},
			);

			if (a.w) {
				await check(
					'trigger options (OAuth2): activation registers exactly one endpoint, every /webhooks call with the bearer and x-fax-clientid',
					async () => {
						a.from = server.requests.length;
						const reg = await activate(a.w, 'webhooks');
						const mine = endpoints().filter((e) => e.url === a.w.productionUrl);
						assert.equal(mine.length, 1, `endpoints: ${JSON.stringify(mine)}`);
						assert.deepEqual(reg.ids, [mine[0].id]);
						assert.deepEqual(sorted(mine[0].filter_types), sorted(EVENTS));
						assert.equal(mine[0].channels, null);
						assert.equal(
							endpoints().length,
							before.endpoints.length + 1,
							'another endpoint was created or removed',
						);
						a.endpointId = mine[0].id;

						const calls = webhookCalls(a.from);
						assert.ok(
							calls.some(
								(r) => r.method === 'POST' && r.path === '/v3/webhooks' && r.status === 201,
							),
							`no create: ${fmt(calls)}`,
						);
						for (const r of calls) {
							assert.equal(
								r.headers.authorization,
								`Bearer ${server.tokens.oauthAccessToken}`,
								`${r.method} ${r.path}: not the OAuth bearer`,
							);
							assert.equal(
								r.headers['x-fax-clientid'],
								server.tokens.clientId,
								`${r.method} ${r.path}: x-fax-clientid`,
							);
							assert.ok(
								r.status >= 200 && r.status < 300,
								`${r.method} ${r.path} answered ${r.status}`,
							);
						}
						t.log(`activation: ${fmt(calls)}`);
						// The endpoint's secret, as the user copies it from Fax.Plus.
						await n8n.updateCredential(a.secretCred.id, {
							name: a.secretCred.name,
							type: 'faxPlusWebhookSecretApi',
							data: { secret: server.getEndpointSecret(a.endpointId) },
						});
					},
				);
			}

			if (a.endpointId) {
				await check(
					'trigger options (OAuth2): a signed delivery starts one execution; its document is downloaded with OAuth2',
					async () => {
						const faxId = `fax_options_oauth_${tag}`;
						const from = server.requests.length;
						const res = await deliverTo(
							a.endpointId,
							{
								event: 'fax_received',
								data: { id: faxId, from: '+4930123456', to: '+15551230001' },
							},
							200,
						);
						const [exec] = await executions(a.w, 1);
						assertSuccess(exec);
						const [item] = outputOf(exec, NODE) ?? [];
						assert.ok(item, `no output of ${NODE}`);
						assert.equal(item.json.event, 'fax_received');
						assert.equal(item.json.webhookId, res.webhookId);
						assert.equal(item.json.signatureVerified, true);
						assert.equal(item.json.legacy, false);
						assert.equal(item.json.faxId, faxId);
						assert.equal(
							item.json.documentError,
							undefined,
							`documentError: ${item.json.documentError}`,
						);
						assert.equal(item.binary?.data?.fileName, `${faxId}.pdf`);
						assert.equal(outputOf(exec, 'Received')?.length, 1, 'the next node did not run');
						// Downloaded for the fax's user (data.uid of the delivery).
						const downloads = apiRequests(server, from).filter(
							(r) => r.method === 'GET' && r.path.endsWith(`/files/${faxId}`),
						);
						assert.equal(downloads.length, 1, `downloads: ${fmt(apiRequests(server, from))}`);
						assert.equal(downloads[0].status, 200);
						assert.equal(
							downloads[0].headers.authorization,
							`Bearer ${server.tokens.oauthAccessToken}`,
						);
						assert.equal(downloads[0].headers['x-fax-clientid'], server.tokens.clientId);
					},
				);

				await check(
					'trigger options (OAuth2): deactivation deletes the endpoint with OAuth2 (none left)',
					async () => {
						const from = server.requests.length;
						await deactivate(a.w);
						assert.deepEqual(
							endpoints().filter((e) => e.url === a.w.productionUrl),
							[],
						);
						assert.deepEqual(sorted(endpoints().map((e) => e.id)), sorted(before.endpoints));
						const calls = webhookCalls(from);
						const deletes = calls.filter((r) => r.method === 'DELETE');
						assert.equal(deletes.length, 1, `calls: ${fmt(calls)}`);
						assert.equal(deletes[0].path, `/v3/webhooks/${a.endpointId}`);
						for (const r of [...calls, ...webhookCalls(a.from)]) {
							assert.equal(
								r.headers.authorization,
								`Bearer ${server.tokens.oauthAccessToken}`,
								`${r.method} ${r.path}: not the OAuth bearer`,
							);
							assert.equal(
								r.headers['x-fax-clientid'],
								server.tokens.clientId,
								`${r.method} ${r.path}: x-fax-clientid`,
							);
						}
					},
				);
			}
		} finally {
			await settle(a.w?.productionUrl, a.w);
		}

		// ================================================================ B. Existing Endpoint ID
		const b = {};
		try {
			await check(
				'trigger options (existing endpoint): an endpoint registered beforehand for the production URL, its secret in the credential',
				async () => {
					b.pat = await patCredential();
					// The node's webhook id is chosen first: it makes the production URL the endpoint needs.
					b.webhookId = crypto.randomUUID();
					const url = n8n.webhookUrl(`${b.webhookId}/webhook`);
					b.url = url;
					const made = await faxPlusApi('POST', '/webhooks', { url, filter_types: EVENTS });
					assert.equal(made.status, 201, JSON.stringify(made.body));
					const list = await faxPlusApi('GET', '/webhooks');
					assert.equal(list.status, 200);
					const ep = list.body.data.filter((e) => e.url === url);
					assert.equal(ep.length, 1, JSON.stringify(list.body));
					b.endpoint = { ...ep[0], secret: server.getEndpointSecret(ep[0].id) };
					assert.match(b.endpoint.id, /^ep_/);
					b.secretCred = await secretCredential('existing endpoint', b.endpoint.secret);
					b.w = await triggerWorkflow('Existing Endpoint ID', {
						webhookId: b.webhookId,
						parameters: {
							authentication: 'accessToken',
							events: EVENTS,
							options: { existingEndpointId: b.endpoint.id },
						},
						credentials: {
							...credRef('faxPlusApi', b.pat),
							...credRef('faxPlusWebhookSecretApi', b.secretCred),
						},
					});
					assert.equal(b.w.productionUrl, url);
				},
			);

			if (b.w) {
				await check(
					'trigger options (existing endpoint): activation uses it and creates, changes or deletes no endpoint',
					async () => {
						b.from = server.requests.length;
						const reg = await activate(b.w, 'existing');
						assert.deepEqual(reg.ids, [b.endpoint.id]);
						const mine = endpoints().filter((e) => e.url === b.w.productionUrl);
						assert.deepEqual(
							mine.map((e) => e.id),
							[b.endpoint.id],
							`endpoints: ${JSON.stringify(mine)}`,
						);
						assert.deepEqual(sorted(mine[0].filter_types), sorted(EVENTS));
						assert.equal(mine[0].secret, b.endpoint.secret);
						assert.equal(endpoints().length, before.endpoints.length + 1);
						const calls = webhookCalls(b.from);
						assert.deepEqual(
							calls.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
							[],
							`calls: ${fmt(calls)}`,
						);
						assert.ok(calls.length >= 1, 'the trigger did not look the endpoint up');
						b.active = true;
					},
				);
			}

			if (b.active) {
				await check(
					'trigger options (existing endpoint): deliveries signed with its secret start one run each; another secret gets 401 and starts none',
					async () => {
						const first = await deliverTo(
							b.endpoint.id,
							{ event: 'fax_received', data: { id: `fax_options_existing_1_${tag}` } },
							200,
						);
						let list = await executions(b.w, 1);
						let j = outputOf(list[0], NODE)[0].json;
						assert.equal(j.webhookId, first.webhookId);
						assert.equal(j.signatureVerified, true);
						assert.equal(j.event, 'fax_received');

						const second = await deliverTo(
							b.endpoint.id,
							{ event: 'fax_sent', data: { id: `fax_options_existing_2_${tag}` } },
							200,
						);
						list = await executions(b.w, 2);
						j = outputOf(list[1], NODE)[0].json;
						assert.equal(j.webhookId, second.webhookId);
						assert.equal(j.signatureVerified, true);
						assert.equal(j.event, 'fax_sent');

						await deliverTo(
							b.endpoint.id,
							{
								event: 'fax_received',
								secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
							},
							401,
						);
						const fence = await deliverTo(
							b.endpoint.id,
							{ event: 'fax_received', data: { comment: 'fence' } },
							200,
						);
						list = await executions(b.w, 3);
						assert.equal(
							outputOf(list[2], NODE)[0].json.webhookId,
							fence.webhookId,
							'the last execution is not the fence',
						);
					},
				);

				await check(
					'trigger options (existing endpoint): deactivation leaves the endpoint as it was',
					async () => {
						await deactivate(b.w);
						const ep = server.state.webhooks[b.endpoint.id];
						assert.ok(ep, 'the endpoint was deleted');
						assert.equal(ep.url, b.w.productionUrl);
						assert.deepEqual(sorted(ep.filter_types), sorted(EVENTS));
						assert.equal(ep.channels, null);
						assert.equal(ep.secret, b.endpoint.secret);
						const calls = webhookCalls(b.from);
						assert.deepEqual(
							calls.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
							[],
							`calls: ${fmt(calls)}`,
						);
					},
				);
			}

			if (b.endpoint) {
				await check(
					'trigger options (existing endpoint): the endpoint registered by hand is deleted by hand',
					async () => {
						const res = await faxPlusApi('DELETE', `/webhooks/${b.endpoint.id}`);
						assert.equal(res.status, 204);
						assert.deepEqual(sorted(endpoints().map((e) => e.id)), sorted(before.endpoints));
					},
				);
			}
		} finally {
			await settle(b.url, b.w);
		}

		// ================================================================ C. Legacy hooks
		const c = {};
		try {
			await check(
				'trigger options (legacy hooks): a trigger workflow with Use Legacy Hook API (no signing-secret credential)',
				async () => {
					c.pat = await patCredential();
					c.w = await triggerWorkflow('legacy hooks', {
						parameters: {
							authentication: 'accessToken',
							events: EVENTS,
							options: { useLegacyHooks: true },
						},
						credentials: credRef('faxPlusApi', c.pat),
					});
				},
			);

			if (c.w) {
				await check(
					'trigger options (legacy hooks): activation creates one hook per event for the production URL and no endpoint',
					async () => {
						c.from = server.requests.length;
						const reg = await activate(c.w, 'hooks');
						const mine = hooks().filter((h) => isHookOf(h, c.w.productionUrl));
						assert.deepEqual(
							sorted(mine.map((h) => h.event)),
							sorted(EVENTS),
							`hooks: ${JSON.stringify(mine)}`,
						);
						for (const h of mine) assert.equal(h.numbers, undefined, `hook ${h.id} has numbers`);
						assert.deepEqual(sorted(reg.ids), sorted(mine.map((h) => h.id)));
						assert.equal(hooks().length, before.hooks.length + EVENTS.length);
						assert.deepEqual(
							endpoints().filter((e) => e.url === c.w.productionUrl),
							[],
						);
						assert.deepEqual(sorted(endpoints().map((e) => e.id)), sorted(before.endpoints));
						const reqs = apiRequests(server, c.from);
						assert.deepEqual(
							webhookCalls(c.from),
							[],
							`the current webhook API was called: ${fmt(reqs)}`,
						);
						assert.equal(
							reqs.filter((r) => r.method === 'POST' && r.path === '/v3/hooks').length,
							EVENTS.length,
							fmt(reqs),
						);
						c.hook = Object.fromEntries(mine.map((h) => [h.event, h.id]));
					},
				);
			}

			if (c.hook) {
				await check(
					'trigger options (legacy hooks): an unsigned fax_received delivery starts one execution (legacy, not verified)',
					async () => {
						const faxId = `fax_options_legacy_1_${tag}`;
						const res = await deliverTo(
							c.hook.fax_received,
							{
								legacy: true,
								event: 'fax_received',
								data: { id: faxId, from: '+4930123456', to: '+15551230001' },
							},
							200,
						);
						assert.equal(res.legacy, true);
						assert.equal(res.webhookId, null);
						const [exec] = await executions(c.w, 1);
						assertSuccess(exec);
						const j = outputOf(exec, NODE)[0].json;
						assert.equal(j.legacy, true);
						assert.equal(j.signatureVerified, false);
						assert.equal(j.webhookId, null);
						assert.equal(j.event, 'fax_received');
						assert.equal(j.faxId, faxId);
						assert.equal(j.hook.target, c.w.productionUrl);
						assert.equal(outputOf(exec, 'Received')?.length, 1, 'the next node did not run');
						// The exact bytes the server sent, for the repeat.
						c.body = server.deliveries
							.filter((d) => d.endpointId === c.hook.fax_received)
							.at(-1).body;
						assert.ok(c.body.includes(Buffer.from(faxId)));
					},
				);

				await check(
					'trigger options (legacy hooks): the same body delivered again starts none (answered 200, duplicate)',
					async () => {
						const n = await count(c.w);
						const again = await deliverTo(
							c.hook.fax_received,
							{ legacy: true, event: 'fax_received', rawBody: c.body },
							200,
						);
						const fenceId = `fax_options_legacy_fence_${tag}`;
						await deliverTo(
							c.hook.fax_received,
							{ legacy: true, event: 'fax_received', data: { id: fenceId } },
							200,
						);
						const list = await executions(c.w, n + 1);
						assert.equal(
							outputOf(list.at(-1), NODE)[0].json.faxId,
							fenceId,
							'the last execution is not the fence',
						);
						assert.match(again.attempts.at(-1).body, /duplicate/);
					},
				);

				await check(
					'trigger options (legacy hooks): a fax_sent delivery through its own hook starts one execution',
					async () => {
						const n = await count(c.w);
						const faxId = `fax_options_legacy_sent_${tag}`;
						await deliverTo(
							c.hook.fax_sent,
							{ legacy: true, event: 'fax_sent', data: { id: faxId } },
							200,
						);
						const list = await executions(c.w, n + 1);
						const j = outputOf(list.at(-1), NODE)[0].json;
						assert.equal(j.event, 'fax_sent');
						assert.equal(j.faxId, faxId);
						assert.equal(j.legacy, true);
						assert.equal(j.signatureVerified, false);
					},
				);

				await check(
					'trigger options (legacy hooks): deactivation deletes the hooks (none left)',
					async () => {
						const from = server.requests.length;
						await deactivate(c.w);
						assert.deepEqual(
							hooks().filter((h) => isHookOf(h, c.w.productionUrl)),
							[],
						);
						assert.deepEqual(sorted(hooks().map((h) => h.id)), sorted(before.hooks));
						const deletes = apiRequests(server, from).filter((r) => r.method === 'DELETE');
						assert.deepEqual(
							sorted(deletes.map((r) => r.path)),
							sorted(Object.values(c.hook).map((id) => `/v3/hooks/${id}`)),
						);
					},
				);
			}
		} finally {
			await settle(c.w?.productionUrl, c.w);
		}
	} finally {
		// Also after a failed check: nothing of this file stays active, stored or registered.
		for (const id of created.workflows) await n8n.deactivate(id).catch(() => {});
		for (const id of created.credentials) await n8n.deleteCredential(id).catch(() => {});
		for (const url of myUrls) purge(url);
	}
};
// Both n8n lines: the trigger's lifecycle (OAuth2, existing endpoint, legacy hooks) differs on 1.x.
module.exports.n8nLines = [1, 2];
