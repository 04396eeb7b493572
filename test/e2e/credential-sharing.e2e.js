'use strict';
// A credential shared for use cannot give its token away (issue 63). n8n hands a credential type
// to its HTTP Request node as a "Predefined Credential Type" unless the type sets
// restrictToSupportedNodes; pointed at a server of their own, a co-worker would receive the token.
// n8n 2.x: an n8n of its own with E2E_TESTS=true (n8n's test switch for licensed features, here
// sharing), an owner and a member; the owner shares a Fax.Plus API and an OAuth2 credential with
// the member for use. The member's HTTP Request node with either type is refused at save (the
// editor's API and the public API; n8n also refuses it at run), and a loopback collector
// receives nothing; the same member's Fax.Plus node and Fax.Plus tool (MCP Server Trigger) run
// with the same credentials. Positive control: the same HTTP Request node with n8n's own Todoist
// credential, shared the same way, delivers its token to the collector.
// n8n 1.x ignores restrictToSupportedNodes (its HTTP Request node delivers a Fax.Plus token: the
// positive control there); its credential's "Allowed HTTP Request Domains: None", as
// docs/security.md tells 1.x owners, refuses it, and the Fax.Plus node still runs.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { startN8n, httpJson } = require('../../scripts/n8n/n8n');
const {
	apiRequests,
	assertSuccess,
	createHeaderAuth,
	deployWebhookWorkflow,
	errorOf,
	useHeaderAuth,
	webhookWorkflow,
} = require('./lib');
const { oauthData } = require('./action.e2e');
const { connectClient } = require('./mcp.e2e');

const EXAMPLE = path.resolve(__dirname, '../../examples/mcp-fax-tools.json');

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
	const token = new URL(invited.user.inviteAcceptUrl).searchParams.get('token');
	const accepted = await httpJson('POST', `${n8n.url}/rest/invitations/accept`, {
		body: { token, firstName: 'Co', lastName: 'Worker', password: `Fax-${crypto.randomUUID()}1` },
	});
	const member = Object.assign(Object.create(n8n), { cookie: null, apiKey: null });
	member._takeCookie(accepted.headers);
	assert.ok(member.cookie, 'the member got no session');
	const scopes = await member.rest('GET', '/api-keys/scopes');
	const key = await member.rest('POST', '/api-keys', { label: 'member', expiresAt: null, scopes });
	member.apiKey = key.rawApiKey;
	member.personalProjectId = (await member.rest('GET', '/projects/personal')).id;
	return member;
}

module.exports = async function credentialSharing(t) {
	const { check, server, started, log } = t;
	const major = Number(t.n8n.version.split('.')[0]);
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check('credential-sharing: a loopback collector for tokens', async () => {
		s.collector = await startCollector();
		started.push({ stop: () => s.collector.close() });
	});
	if (!s.collector) return;

	/** Deploys a webhook workflow of `who` with `nodes` and runs it once: the execution. */
	const runAs = async (who, name, nodes) =>
		(
			await deployWebhookWorkflow(
				who,
				webhookWorkflow({ name, path: `${tag}-${name}`, nodes }),
			).then((wf) => wf.run({}))
		).execution;

	if (major < 2) {
		const n8n = t.n8n;
		const patData = { accessToken: server.tokens.pat, baseUrl: server.baseUrl };
		await check(
			'credential-sharing (n8n 1.x): positive control: 1.x ignores restrictToSupportedNodes, so its HTTP Request node delivers a Fax.Plus token by default',
			async () => {
				const pat = await n8n.createCredential(
					`Fax.Plus PAT (all domains ${tag})`,
					'faxPlusApi',
					patData,
				);
				const before = s.collector.seen.length;
				assertSuccess(
					await runAs(n8n, 'leak-1x', [httpRequestNode(s.collector.url, 'faxPlusApi', pat)]),
				);
				assert.deepEqual(s.collector.seen.slice(before), [`Bearer ${server.tokens.pat}`]);
			},
		);
		await check(
			'credential-sharing (n8n 1.x): with "Allowed HTTP Request Domains: None" the HTTP Request node is refused and the collector gets nothing; the Fax.Plus node still runs',
			async () => {
				const pat = await n8n.createCredential(`Fax.Plus PAT (no domains ${tag})`, 'faxPlusApi', {
					...patData,
					allowedHttpRequestDomains: 'none',
				});
				const before = s.collector.seen.length;
				const refused = await runAs(n8n, 'none-1x', [
					httpRequestNode(s.collector.url, 'faxPlusApi', pat),
				]);
				assert.equal(refused.status, 'error');
				assert.match(errorOf(refused).message, /prevent use within an HTTP Request/);
				assert.equal(s.collector.seen.length, before);
				const from = server.requests.length;
				assertSuccess(await runAs(n8n, 'node-1x', [accountGetNode('faxPlusApi', pat)]));
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path} ${r.headers.authorization}`),
					[`GET /v3/accounts/self Bearer ${server.tokens.pat}`],
				);
			},
		);
		return;
	}

	await check(
		'credential-sharing: an n8n with sharing (E2E_TESTS), an owner and a member; the owner shares a Fax.Plus API, a Fax.Plus OAuth2 and a Todoist credential with the member for use',
		async () => {
			s.n8n = await startN8n({
				env: { E2E_TESTS: 'true', N8N_SSRF_ALLOWED_IP_RANGES: '127.0.0.1/32' },
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
			log(`n8n with sharing ${s.n8n.url}, member ${s.member.personalProjectId}`);
		},
		{ timeoutMs: 600000 },
	);
	if (!s.member) return;
	const { member } = s;

	await check(
		"credential-sharing: positive control: the member's HTTP Request node with a shared Todoist credential delivers its token to the collector",
		async () => {
			const before = s.collector.seen.length;
			assertSuccess(
				await runAs(member, 'todoist', [
					httpRequestNode(s.collector.url, 'todoistApi', s.credentials.todoistApi),
				]),
			);
			assert.deepEqual(s.collector.seen.slice(before), [`Bearer todoist-${tag}`]);
		},
	);

	for (const type of ['faxPlusApi', 'faxPlusOAuth2Api']) {
		await check(
			`credential-sharing: the member's workflow with an HTTP Request node on the shared ${type} credential is refused at save (the editor's API and the public API), so the collector gets no ${type} token`,
			async () => {
				const workflow = webhookWorkflow({
					name: `${tag} ${type} saved`,
					path: `${tag}-${type}-saved`,
					nodes: [httpRequestNode(s.collector.url, type, s.credentials[type])],
				});
				const before = s.collector.seen.length;
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
				assert.equal(s.collector.seen.length, before, 'the collector got a request');
			},
		);
		await check(
			`credential-sharing: the member's Fax.Plus node runs with the same shared ${type} credential`,
			async () => {
				const from = server.requests.length;
				assertSuccess(
					await runAs(member, `${type}-node`, [accountGetNode(type, s.credentials[type])]),
				);
				const token = type === 'faxPlusApi' ? server.tokens.pat : server.tokens.oauthAccessToken;
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path} ${r.headers.authorization}`),
					[`GET /v3/accounts/self Bearer ${token}`],
				);
			},
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
// Both n8n lines: 2.x honours restrictToSupportedNodes (an n8n of its own with a member); 1.x
// ignores it, and its credential's Allowed HTTP Request Domains: None is what docs/security.md
// tells 1.x owners to set (the suite's n8n, the owner alone: the setting is the credential's).
module.exports.n8nLines = [1, 2];
