'use strict';
// A credential shared for use cannot give its token away (issues 63 and 83). n8n offers a credential
// type to its HTTP Request node as a "Predefined Credential Type"; pointed at a server of their own,
// a co-worker who may only use a shared Fax.Plus credential would receive its token.
// An n8n of its own with E2E_TESTS=true (n8n's test switch for licensed features, here sharing; on
// n8n 1.x and 2.0.3 it also turns off the public API every other file drives n8n through, so not
// the run's n8n), an owner and a member; the owner shares a Fax.Plus API (PAT), two Fax.Plus OAuth2
// (one with Allowed HTTP Request Domains: None) and a Todoist credential with the member for use;
// the member saves and publishes workflows through the editor's API. Positive control on every
// line: the member's HTTP Request node with the Todoist credential delivers its token.
// n8n 2.24 and later honour restrictToSupportedNodes: the member's HTTP Request node on a Fax.Plus
// credential is refused at save; the member's Fax.Plus node and tool run with the same credentials.
// Earlier releases (1.x, 2.0.3) ignore it: the member's HTTP Request node with the shared PAT
// reaches the collector without the token (the credential's authenticate keeps it below the Base
// URL), and the member's Fax.Plus node runs with it; with the shared OAuth2 credential n8n adds
// the token itself (measured: docs/security.md), unless the owner set Allowed HTTP Request
// Domains: None, which n8n then refuses while the member's Fax.Plus node runs. n8n's older HTTP
// Request tool (toolHttpRequest, under an MCP Server Trigger) ignores None and delivers the token
// (measured in the run's n8n, which loads it); the sharing n8n starts with NODES_EXCLUDE listing
// that tool, as docs/security.md tells owners, and the member's workflow with it is refused.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { startN8n, httpJson } = require('../../../scripts/n8n/n8n');
const { apiRequests, createHeaderAuth, useHeaderAuth, webhookWorkflow } = require('./lib');
const { oauthData } = require('./action.e2e');
const { connectClient } = require('./mcp.e2e');

const EXAMPLE = path.resolve(__dirname, '../../../examples/mcp-fax-tools.json');

/** A loopback server that counts requests and records their Authorization headers. */
async function startCollector() {
	const seen = [];
	const server = http.createServer((req, res) => {
		seen.push(req.headers.authorization ?? '');
		res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/collect`,
		seen,
		close: () => new Promise((resolve) => server.close(resolve)),
	};
}

/** n8n's HTTP Request node sending a GET to `url` with a credential as a Predefined Credential Type. */
function httpRequestNode(url, type, credential) {
	return {
		name: 'HTTP Request',
		type: 'n8n-nodes-base.httpRequest',
		typeVersion: 4.2,
		parameters: {
			url,
			authentication: 'predefinedCredentialType',
			nodeCredentialType: type,
			options: {},
		},
		credentials: { [type]: { id: credential.id, name: credential.name } },
	};
}

/** n8n's older HTTP Request tool, hidden from its node panel but loaded (and saved by pasting a workflow). */
const OLDER_TOOL = '@n8n/n8n-nodes-langchain.toolHttpRequest';

/** An MCP Server Trigger (Header Auth) offering the older HTTP Request tool: a GET to `url` with an OAuth2 credential. */
function olderToolWorkflow({ name, path, url, credential, auth }) {
	const trigger = crypto.randomUUID();
	return {
		name,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'MCP Server Trigger',
				type: '@n8n/n8n-nodes-langchain.mcpTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: trigger,
				parameters: { path, authentication: 'headerAuth' },
				credentials: { httpHeaderAuth: { id: auth.id, name: auth.name } },
			},
			{
				id: crypto.randomUUID(),
				name: 'Collect',
				type: OLDER_TOOL,
				typeVersion: 1, // a LangChain DynamicTool: one text input
				position: [0, 260],
				parameters: {
					toolDescription: 'Fetches the collection',
					url,
					authentication: 'predefinedCredentialType',
					nodeCredentialType: 'faxPlusOAuth2Api',
				},
				credentials: { faxPlusOAuth2Api: { id: credential.id, name: credential.name } },
			},
		],
		connections: {
			Collect: { ai_tool: [[{ node: 'MCP Server Trigger', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** The Fax.Plus node reading the account (Account → Get) with a credential of `type`. */
function accountGetNode(type, credential) {
	return {
		name: 'Fax.Plus',
		parameters: {
			authentication: type === 'faxPlusOAuth2Api' ? 'oAuth2' : 'accessToken',
			resource: 'account',
			operation: 'get',
			userId: { __rl: true, mode: 'id', value: 'self' },
		},
		credentials: { [type]: { id: credential.id, name: credential.name } },
	};
}

/** The member's view of an n8n: the owner's methods with the member's cookie and API key. */
async function memberOf(n8n) {
	const email = `member-${crypto.randomBytes(3).toString('hex')}@faxplus.test`;
	const [invited] = await n8n.rest('POST', '/invitations', [{ email, role: 'global:member' }]);
	// n8n 2.x from some release on signs the link with a token; before, it names inviter and invitee.
	const link = new URL(invited.user.inviteAcceptUrl).searchParams;
	const signUp = { firstName: 'Co', lastName: 'Worker', password: `Fax-${crypto.randomUUID()}1` };
	const accepted = link.has('token')
		? await httpJson('POST', `${n8n.url}/rest/invitations/accept`, {
				body: { token: link.get('token'), ...signUp },
			})
		: await httpJson('POST', `${n8n.url}/rest/invitations/${link.get('inviteeId')}/accept`, {
				body: { inviterId: link.get('inviterId'), ...signUp },
			});
	const member = Object.assign(Object.create(n8n), { cookie: null, apiKey: null });
	member._takeCookie(accepted.headers);
	assert.ok(member.cookie, 'the member got no session');
	if (n8n.apiKey) {
		const scopes = await member.rest('GET', '/api-keys/scopes');
		const key = await member.rest('POST', '/api-keys', {
			label: 'member',
			expiresAt: null,
			scopes,
		});
		member.apiKey = key.rawApiKey;
	}
	member.personalProjectId = (await member.rest('GET', '/projects/personal')).id;
	return member;
}

/** Whether this n8n honours restrictToSupportedNodes: from 2.24.0 (its workflow-validation.service.js). */
function honoursRestriction(version) {
	const [major, minor] = version.split('.').map(Number);
	return major > 2 || (major === 2 && minor >= 24);
}

module.exports = async function credentialSharing(t) {
	const { check, server, started, log } = t;
	const version = t.n8n.version;
	const restricts = honoursRestriction(version);
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check('credential-sharing: a loopback collector for tokens', async () => {
		s.collector = await startCollector();
		started.push({ stop: () => s.collector.close() });
	});
	if (!s.collector) return;

	/** Saves and publishes `who`'s webhook workflow through the editor's API and calls it once: its answer. */
	const runAs = async (who, name, nodes) => {
		const path = `${tag}-${name}`;
		const created = await who.rest('POST', '/workflows', {
			...webhookWorkflow({ name: `${tag} ${name}`, path, nodes }),
			active: false, // n8n 1.x and 2.0.3's editor API needs it
		});
		await who.rest('POST', `/workflows/${created.id}/activate`, { versionId: created.versionId });
		await who.waitForWebhook(path);
		const res = await fetch(who.webhookUrl(path), {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: '{}',
		});
		const text = await res.text();
		assert.equal(res.status, 200, text);
		return JSON.parse(text);
	};
	/** What reached the collector while `fn` ran: each request's Authorization header. */
	const collected = async (fn) => {
		const before = s.collector.seen.length;
		const result = await fn();
		return { result, seen: s.collector.seen.slice(before) };
	};

	await check(
		`credential-sharing (n8n ${version}): an n8n with sharing (E2E_TESTS), an owner and a member; the owner shares a Fax.Plus API, two Fax.Plus OAuth2 and a Todoist credential with the member for use`,
		async () => {
			s.n8n = await startN8n({
				version,
				env: {
					E2E_TESTS: 'true',
					N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32',
					// n8n 1.x's one SQLite connection let two transactions interleave (a member's save
					// failed: "Transaction is not started yet"); 2.x pools its connections by default.
					DB_SQLITE_POOL_SIZE: '3',
					// What docs/security.md tells an owner before 2.24: the older HTTP Request tool not loaded.
					...(!restricts && { NODES_EXCLUDE: JSON.stringify([OLDER_TOOL]) }),
				},
				// The public API only where the checks use it (E2E_TESTS turns it off on 1.x and 2.0.3).
				publicApi: restricts,
			});
			started.push(s.n8n);
			await httpJson('PATCH', `${s.n8n.url}/rest/e2e/feature`, {
				body: { feature: 'feat:sharing', enabled: true },
			});
			s.member = await memberOf(s.n8n);
			s.credentials = {
				faxPlusApi: await s.n8n.createCredential(`Fax.Plus PAT (shared ${tag})`, 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}),
				faxPlusOAuth2Api: await s.n8n.createCredential(
					`Fax.Plus OAuth2 (shared ${tag})`,
					'faxPlusOAuth2Api',
					oauthData(server, server.tokens.oauthAccessToken),
				),
				oauthNone: await s.n8n.createCredential(
					`Fax.Plus OAuth2 (shared, no HTTP Request domains ${tag})`,
					'faxPlusOAuth2Api',
					{
						...oauthData(server, server.tokens.oauthAccessToken),
						allowedHttpRequestDomains: 'none',
					},
				),
				todoistApi: await s.n8n.createCredential(`Todoist (shared ${tag})`, 'todoistApi', {
					apiKey: `todoist-${tag}`,
				}),
			};
			for (const credential of Object.values(s.credentials))
				await s.n8n.rest('PUT', `/credentials/${credential.id}/share`, {
					shareWithIds: [s.member.personalProjectId],
				});
			const usable = (await s.member.rest('GET', '/credentials')).map((c) => c.id);
			for (const credential of Object.values(s.credentials))
				assert.ok(
					usable.includes(credential.id),
					`${credential.name} is not shared with the member`,
				);
			log(`n8n ${version} with sharing ${s.n8n.url}, member ${s.member.personalProjectId}`);
		},
		{ timeoutMs: 600000 },
	);
	if (!s.member) return;
	const { member, credentials } = s;

	await check(
		"credential-sharing: positive control: the member's HTTP Request node with a shared Todoist credential delivers its token to the collector",
		async () => {
			const { seen } = await collected(() =>
				runAs(member, 'todoist', [
					httpRequestNode(s.collector.url, 'todoistApi', credentials.todoistApi),
				]),
			);
			assert.deepEqual(seen, [`Bearer todoist-${tag}`]);
		},
	);

	/** The member's Fax.Plus node (Account → Get) with a shared credential of `type` runs and sends its token to the Base URL. */
	const faxPlusNodeRuns = async (type, credential) => {
		const from = server.requests.length;
		const [account] = await runAs(member, `${type}-${credential.id}-node`, [
			accountGetNode(type, credential),
		]);
		assert.ok(account && !account.error, JSON.stringify(account));
		const token = type === 'faxPlusApi' ? server.tokens.pat : server.tokens.oauthAccessToken;
		assert.deepEqual(
			apiRequests(server, from).map((r) => `${r.method} ${r.path} ${r.headers.authorization}`),
			[`GET /v3/accounts/self Bearer ${token}`],
		);
	};

	if (!restricts) {
		await check(
			`credential-sharing (n8n ${version} ignores restrictToSupportedNodes): the member's HTTP Request node with the shared Fax.Plus API credential (PAT) reaches the collector without the token`,
			async () => {
				const { result, seen } = await collected(() =>
					runAs(member, 'pat-http', [
						httpRequestNode(s.collector.url, 'faxPlusApi', credentials.faxPlusApi),
					]),
				);
				assert.deepEqual(result, [{ ok: true }]);
				assert.deepEqual(seen, [''], 'the collector got the token, or no request');
			},
		);
		await check(
			`credential-sharing (n8n ${version}): the member's HTTP Request node with the shared PAT below its Base URL fails before it is sent while it follows redirects (its default: n8n would copy the token onto each hop), saying to turn that off; with Follow Redirects off it carries the token to the Base URL`,
			async () => {
				const url = `${server.baseUrl}/accounts/self`;
				const from = server.requests.length;
				const followed = await runAs(member, 'pat-base-follow', [
					{ ...httpRequestNode(url, 'faxPlusApi', credentials.faxPlusApi), continueOnFail: true },
				]);
				assert.match(
					JSON.stringify(followed),
					/this request follows redirects, so nothing was sent/,
				);
				assert.match(JSON.stringify(followed), /Follow Redirects/);
				assert.deepEqual(apiRequests(server, from), []);
				const node = httpRequestNode(url, 'faxPlusApi', credentials.faxPlusApi);
				node.parameters.options = { redirect: { redirect: { followRedirects: false } } };
				const [account] = await runAs(member, 'pat-base-no-follow', [node]);
				assert.ok(account && !account.error, JSON.stringify(account));
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path} ${r.headers.authorization}`),
					[`GET /v3/accounts/self Bearer ${server.tokens.pat}`],
				);
			},
		);
		await check(
			`credential-sharing (n8n ${version}): the member's Fax.Plus node runs with the same shared PAT`,
			() => faxPlusNodeRuns('faxPlusApi', credentials.faxPlusApi),
		);
		await check(
			`credential-sharing (n8n ${version}, measured): n8n adds a shared OAuth2 credential's token itself: the member's HTTP Request node delivers it to the collector (docs/security.md: set Allowed HTTP Request Domains: None)`,
			async () => {
				const { seen } = await collected(() =>
					runAs(member, 'oauth-http', [
						httpRequestNode(s.collector.url, 'faxPlusOAuth2Api', credentials.faxPlusOAuth2Api),
					]),
				);
				assert.deepEqual(seen, [`Bearer ${server.tokens.oauthAccessToken}`]);
			},
		);
		await check(
			`credential-sharing (n8n ${version}): with Allowed HTTP Request Domains: None the member's HTTP Request node on the shared OAuth2 credential is refused and the collector gets nothing; the member's Fax.Plus node runs with it`,
			async () => {
				const { result, seen } = await collected(() =>
					runAs(member, 'oauth-none-http', [
						{
							...httpRequestNode(s.collector.url, 'faxPlusOAuth2Api', credentials.oauthNone),
							continueOnFail: true,
						},
					]),
				);
				assert.match(JSON.stringify(result), /prevent use within an HTTP Request/);
				assert.deepEqual(seen, []);
				await faxPlusNodeRuns('faxPlusOAuth2Api', credentials.oauthNone);
			},
		);
		await check(
			`credential-sharing (n8n ${version}, measured): n8n's older HTTP Request tool (${OLDER_TOOL}) sends an OAuth2 credential's token even with Allowed HTTP Request Domains: None, in the run's n8n, which loads it`,
			async () => {
				const { n8n } = t;
				const credential = await n8n.createCredential(
					`Fax.Plus OAuth2 (no HTTP Request domains, older tool ${tag})`,
					'faxPlusOAuth2Api',
					{
						...oauthData(server, server.tokens.oauthAccessToken),
						allowedHttpRequestDomains: 'none',
					},
				);
				const auth = await createHeaderAuth(n8n, `older tool ${tag}`);
				const path = `older-tool-${tag}`;
				const workflow = await n8n.importWorkflow(
					olderToolWorkflow({
						name: `${tag} older HTTP Request tool`,
						path,
						url: s.collector.url,
						credential,
						auth: auth.credential,
					}),
				);
				await n8n.activate(workflow.id);
				const client = await connectClient(`${n8n.url}/mcp/${path}`, auth.headers);
				try {
					const { result, seen } = await collected(() =>
						client.callTool({ name: 'Collect', arguments: { input: 'collect' } }),
					);
					assert.ok(!result.isError, JSON.stringify(result.content));
					assert.deepEqual(seen, [`Bearer ${server.tokens.oauthAccessToken}`]);
				} finally {
					await client.close().catch(() => {});
					await n8n.deactivate(workflow.id).catch(() => {});
				}
			},
		);
		await check(
			`credential-sharing (n8n ${version}): with NODES_EXCLUDE listing the older HTTP Request tool, n8n does not load it: the member's MCP workflow with it on the shared OAuth2 credential (None) cannot be published, and the collector gets nothing`,
			async () => {
				const auth = await createHeaderAuth(member, `older tool excluded ${tag}`);
				const path = `older-tool-excluded-${tag}`;
				const { seen } = await collected(async () => {
					const created = await member.rest('POST', '/workflows', {
						...olderToolWorkflow({
							name: `${tag} older HTTP Request tool, excluded`,
							path,
							url: s.collector.url,
							credential: credentials.oauthNone,
							auth: auth.credential,
						}),
						active: false,
					});
					const published = await member.rest(
						'POST',
						`/workflows/${created.id}/activate`,
						{ versionId: created.versionId },
						{ raw: true },
					);
					// Both lines answer 400 "Unrecognized node type: @n8n/n8n-nodes-langchain.toolHttpRequest".
					assert.equal(published.status, 400, JSON.stringify(published.body));
					assert.match(JSON.stringify(published.body), /Unrecognized node type/);
				});
				assert.deepEqual(seen, []);
			},
		);
		return;
	}

	for (const type of ['faxPlusApi', 'faxPlusOAuth2Api']) {
		await check(
			`credential-sharing (n8n ${version}): the member's workflow with an HTTP Request node on the shared ${type} credential is refused at save (the editor's API and the public API), so the collector gets no ${type} token`,
			async () => {
				const workflow = webhookWorkflow({
					name: `${tag} ${type} saved`,
					path: `${tag}-${type}-saved`,
					nodes: [httpRequestNode(s.collector.url, type, credentials[type])],
				});
				const { seen } = await collected(async () => {
					for (const saved of [
						await member.rest('POST', '/workflows', workflow, { raw: true }),
						await member.api('POST', '/workflows', workflow, { raw: true }),
					]) {
						assert.equal(saved.status, 400, JSON.stringify(saved.body));
						assert.match(
							JSON.stringify(saved.body),
							new RegExp(`cannot use credential type \\\\"${type}\\\\"`),
						);
					}
				});
				assert.deepEqual(seen, [], 'the collector got a request');
			},
		);
		await check(
			`credential-sharing (n8n ${version}): the member's Fax.Plus node runs with the same shared ${type} credential`,
			() => faxPlusNodeRuns(type, credentials[type]),
		);
	}

	await check(
		"credential-sharing: the member's Fax.Plus tool (MCP Server Trigger) runs with the shared Fax.Plus API credential",
		async () => {
			const workflow = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
			workflow.name = `${workflow.name} (member ${tag})`;
			for (const node of workflow.nodes) {
				if (node.type === '@n8n/n8n-nodes-langchain.mcpTrigger') {
					node.parameters.path = `${node.parameters.path}-${tag}`;
					node.webhookId = crypto.randomUUID();
					s.mcpPath = node.parameters.path;
				}
				if (node.type === 'n8n-nodes-faxplus.faxPlusTool')
					node.credentials = {
						faxPlusApi: { id: s.credentials.faxPlusApi.id, name: s.credentials.faxPlusApi.name },
					};
			}
			const auth = await createHeaderAuth(member, `member ${tag}`);
			useHeaderAuth(workflow, auth.credential);
			const imported = await member.importWorkflow(workflow);
			await member.activate(imported.id);
			const client = await connectClient(`${s.n8n.url}/mcp/${s.mcpPath}`, auth.headers);
			try {
				const from = server.requests.length;
				const result = await client.callTool({ name: 'Get_fax', arguments: { fax_id: 'fax_1' } });
				assert.ok(!result.isError, JSON.stringify(result.content));
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path} ${r.headers.authorization}`),
					[`GET /v3/accounts/self/faxes/fax_1 Bearer ${server.tokens.pat}`],
				);
			} finally {
				await client.close().catch(() => {});
				await member.deactivate(imported.id).catch(() => {});
			}
		},
	);
};
// Both n8n lines: 1.x and 2.x before 2.24 ignore restrictToSupportedNodes, where the credential
// itself keeps the token; 2.24 and later refuse the HTTP Request node at save.
module.exports.n8nLines = [1, 2];
