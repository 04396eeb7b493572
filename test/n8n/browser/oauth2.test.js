'use strict';
// OAuth2 as a user connects it: in the real n8n's credential dialog (Debian's
// chromium driven by playwright-core) the test creates a "Fax.Plus OAuth2 API"
// credential pointing at the local server, presses the connect button, approves
// on the server's login page in the popup, comes back through n8n's callback and
// sees the credential connected. A Fax.Plus node then runs with it (the call
// carries x-fax-clientid); after the server expires the access token, n8n
// refreshes it at the token endpoint with HTTP Basic client authentication.
//
// Run by test/n8n/e2e/run.js as the check file "oauth2"; alone:
//   E2E_ONLY=oauth2 npm run test:e2e   or   node test/n8n/browser/oauth2.test.js

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { ROOT, ensureChromium, openBrowser, signIn, checkWithScreenshot } = require('./lib');
const { waitFor } = require('../../support/checks');
const {
	uid,
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	assertSuccess,
	outputOf,
	apiRequests,
} = require('../e2e/lib');

const NODE = 'Fax.Plus';

/** Requests the server recorded at its OAuth endpoints since `from`. */
const oauthRequests = (server, from) =>
	server.requests.slice(from).filter((r) => r.path.startsWith('/oauth/'));

module.exports = async function oauth2(t) {
	const { check, n8n, server } = t;
	const chromiumPath = await ensureChromium(check, 'oauth2');
	if (!chromiumPath) return;

	const { clientId, clientSecret } = server.tokens;
	const basicAuth = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
	const redirectUri = `${n8n.url}/rest/oauth2-credential/callback`;
	const credentialName = `Fax.Plus OAuth2 (${uid('browser')})`;
	const browser = await openBrowser(chromiumPath);
	const { page } = browser;
	const bcheck = checkWithScreenshot(check, page);
	const dialog = page.getByTestId('credential-edit-dialog');
	let credential;
	let accessToken;
	let workflow;
	try {
		await bcheck('oauth2: log in through the sign-in form', () => signIn(page, n8n));

		await bcheck(
			'oauth2: a new "Fax.Plus OAuth2 API" credential shows the Fax.Plus URLs and the redirect URL to register',
			async () => {
				await page.goto(`${n8n.url}/home/credentials/create`);
				const typeSelect = page.getByTestId('new-credential-type-select');
				await typeSelect.click();
				await page.keyboard.type('Fax.Plus OAuth2');
				await page
					.getByTestId('new-credential-type-select-option')
					.filter({ hasText: 'Fax.Plus OAuth2 API' })
					.first()
					.click();
				await page.getByTestId('new-credential-type-button').click();
				await dialog.waitFor();
				const valueOf = (name) =>
					dialog
						.getByTestId(`parameter-input-${name}`)
						.locator('input, textarea')
						.first()
						.inputValue();
				assert.equal(await valueOf('authUrl'), 'https://accounts.fax.plus/login');
				assert.equal(await valueOf('accessTokenUrl'), 'https://accounts.fax.plus/token');
				assert.equal(await valueOf('baseUrl'), 'https://restapi.fax.plus/v3');
				await dialog.getByText(redirectUri, { exact: true }).first().waitFor();
			},
		);

		await bcheck('oauth2: fill in the client and the local server, save', async () => {
			const fill = async (name, value) => {
				const input = dialog
					.getByTestId(`parameter-input-${name}`)
					.locator('input, textarea')
					.first();
				await input.fill(value);
				assert.equal(await input.inputValue(), value);
			};
			await fill('clientId', clientId);
			await fill('clientSecret', clientSecret);
			await fill('authUrl', `${server.authUrl}/login`);
			await fill('accessTokenUrl', `${server.authUrl}/token`);
			await fill('baseUrl', server.baseUrl);
			// The name and the Save button are in the dialog's header.
			const name = page.getByTestId('credential-name');
			await name.click();
			await name.getByTestId('inline-edit-input').fill(credentialName);
			await name.getByTestId('inline-edit-input').press('Enter');
			await page.getByTestId('credential-save-button').click();
			// Saved and not connected yet: n8n offers to connect it.
			await dialog.getByTestId('oauth-not-connected-banner').waitFor();
			credential = await waitFor(
				async () => (await n8n.rest('GET', '/credentials')).find((c) => c.name === credentialName),
				`credential "${credentialName}" saved`,
				20000,
			).catch(() => undefined);
			assert.ok(credential, `credential "${credentialName}" was not saved`);
			assert.equal(credential.type, 'faxPlusOAuth2Api');
		});

		await bcheck(
			"oauth2: connect, approve on the server's login page, come back through n8n's callback: connected",
			async () => {
				const from = server.requests.length;
				const connect = dialog
					.getByTestId('oauth-connect-button')
					.or(dialog.getByTestId('oauth-not-connected-banner').getByRole('button'));
				t.log(`pressing "${(await connect.first().innerText()).trim()}"`);
				const [popup] = await Promise.all([page.waitForEvent('popup'), connect.first().click()]);
				// n8n opens the window first, then sends it to the authorization URL it builds.
				await popup.waitForURL((u) => u.href.startsWith(`${server.authUrl}/login?`));
				await popup.getByRole('heading', { name: /Authorize access/ }).waitFor();
				// The approval goes through n8n's callback, whose page closes its own window: wait for
				// the outcome in the editor, not for the popup, which may be gone by then.
				await popup.getByRole('button', { name: 'Approve' }).click({ noWaitAfter: true });
				const connected = dialog.getByTestId('oauth-connect-success-banner');
				await connected.waitFor();
				assert.match(await connected.innerText(), /Account connected/);

				const [login, approve, exchange, ...more] = oauthRequests(server, from);
				assert.deepEqual(
					more.map((r) => `${r.method} ${r.path}`),
					[],
				);
				assert.equal(`${login.method} ${login.path} ${login.status}`, 'GET /oauth/login 200');
				assert.deepEqual(
					{ ...login.query, state: typeof login.query.state },
					{
						response_type: 'code',
						client_id: clientId,
						redirect_uri: redirectUri,
						scope: 'all',
						state: 'string',
					},
				);
				assert.equal(
					`${approve.method} ${approve.path} ${approve.status}`,
					'POST /oauth/login 302',
				);
				assert.equal(approve.body.decision, 'approve');
				assert.equal(
					`${exchange.method} ${exchange.path} ${exchange.status}`,
					'POST /oauth/token 200',
				);
				assert.equal(
					exchange.headers.authorization,
					basicAuth,
					'the code exchange does not authenticate the client with HTTP Basic',
				);
				assert.equal(exchange.body.grant_type, 'authorization_code');
				assert.equal(exchange.body.redirect_uri, redirectUri);
				assert.equal(
					exchange.body.client_secret,
					undefined,
					'the client secret was sent in the body',
				);
				assert.ok(
					!exchange.rawBody.toString().includes(clientSecret),
					'the client secret was sent in the body',
				);
			},
		);

		await bcheck(
			'oauth2: opened again at its address, the credential shows connected',
			async () => {
				await page.goto(`${n8n.url}/home/credentials/${credential.id}`);
				await dialog.getByTestId('oauth-connect-success-banner').waitFor();
				assert.equal(await dialog.getByTestId('oauth-not-connected-banner').isVisible(), false);
			},
		);

		await bcheck(
			'oauth2: a Fax.Plus node runs with the connected credential (x-fax-clientid)',
			async () => {
				workflow = await deployWebhookWorkflow(
					n8n,
					webhookWorkflow({
						name: 'e2e OAuth2 connected in the browser',
						path: uid('oauth2-browser'),
						nodes: [
							{
								name: NODE,
								parameters: { authentication: 'oAuth2', resource: 'shop', operation: 'getBalance' },
								credentials: credRef('faxPlusOAuth2Api', credential),
							},
						],
					}),
				);
				const from = server.requests.length;
				const run = await workflow.run({});
				assertSuccess(run.execution);
				assert.deepEqual(
					outputOf(run.execution, NODE).map((i) => i.json),
					[{ amount: 125.5, currency: 'USD' }],
				);
				const [call, ...more] = apiRequests(server, from);
				assert.equal(more.length, 0);
				assert.equal(`${call.method} ${call.path} ${call.status}`, 'GET /v3/shop/balance 200');
				assert.equal(call.headers['x-fax-clientid'], clientId);
				accessToken = /^Bearer (\S+)$/.exec(call.headers.authorization ?? '')?.[1];
				assert.ok(
					accessToken?.startsWith('oauth_at_'),
					`not an access token of the login: ${call.headers.authorization}`,
				);
			},
		);

		await bcheck(
			'oauth2: once the access token expires, n8n refreshes it with HTTP Basic client authentication',
			async () => {
				const expire = await fetch(`${server.origin}/_control/tokens/expire`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ accessToken }),
				});
				assert.deepEqual(await expire.json(), { expired: 1 });
				const from = server.requests.length;
				const run = await workflow.run({});
				assertSuccess(run.execution);
				const seen = server.requests.slice(from).map((r) => `${r.method} ${r.path} ${r.status}`);
				assert.deepEqual(seen, [
					'GET /v3/shop/balance 401',
					'POST /oauth/token 200',
					'GET /v3/shop/balance 200',
				]);
				const [expired, refresh, retried] = server.requests.slice(from);
				assert.equal(expired.headers.authorization, `Bearer ${accessToken}`);
				assert.equal(refresh.headers.authorization, basicAuth);
				assert.equal(refresh.body.grant_type, 'refresh_token');
				assert.match(refresh.body.refresh_token, /^oauth_rt_/);
				assert.ok(
					!refresh.rawBody.toString().includes(clientSecret),
					'the client secret was sent in the body',
				);
				assert.notEqual(retried.headers.authorization, `Bearer ${accessToken}`);
				assert.equal(retried.headers['x-fax-clientid'], clientId);
			},
		);
	} finally {
		await browser.close();
		if (workflow) await n8n.deactivate(workflow.id).catch(() => {});
	}
};

if (require.main === module) {
	// Alone: the e2e runner with only this file.
	const r = spawnSync(process.execPath, [path.join(ROOT, 'test/n8n/e2e/run.js')], {
		stdio: 'inherit',
		env: { ...process.env, E2E_ONLY: 'oauth2' },
	});
	process.exit(r.status ?? 1);
}
