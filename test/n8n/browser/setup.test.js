'use strict';
// README's set-ups, step by step, as a user follows them in n8n's editor (Debian's chromium
// driven by playwright-core, n8n 2.x):
// - "The trigger → Set-up": add the Fax.Plus Trigger, create the Fax.Plus API credential and
//   the signing secret credential through their dialogs (the secret left empty), publish, read
//   the endpoint's secret from the local Fax.Plus server as a user reads it in Fax.Plus's
//   Integrations → Webhooks (the endpoint whose URL is the node's Production URL), paste it
//   into the credential and save; a delivery then runs the workflow once.
// - "The polling trigger": add it, choose the credential and Trigger On, Fetch Test Event,
//   publish; a new fax then runs the workflow once.
// - The demo (`npm run demo`, scripts/demo-samples.js): its credentials pass n8n's credential
//   test, each sample workflow runs green from the editor's Execute workflow, a second run of the
//   sending one within 5 minutes faxes nothing and outputs the faxes queued before
//   (duplicate: true), and the local server's Integrations → Webhooks page shows the active
//   trigger's endpoint with its secret.
// OAuth2's set-up is test/n8n/browser/oauth2.test.js. The example workflows' "after importing"
// steps are followed through n8n's API by test/n8n/e2e/examples.e2e.js.
//
// Run by test/n8n/e2e/run.js as the check file "setup"; alone:
//   E2E_ONLY=setup npm run test:e2e   or   node test/n8n/browser/setup.test.js

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const {
	ROOT,
	ensureChromium,
	openBrowser,
	signIn,
	checkWithScreenshot,
	patience,
} = require('./lib');
const { uid } = require('../e2e/lib');
const { createDemoSamples, sampleDelivery } = require('../../../scripts/demo-samples');
const { waitFor } = require('../../support/checks');

const WAIT_MS = 120000;

module.exports = async function setup(t) {
	const { check, n8n, server } = t;
	const chromiumPath = await ensureChromium(check, 'setup');
	if (!chromiumPath) return;

	const browser = await openBrowser(chromiumPath);
	const { page } = browser;
	const bcheck = checkWithScreenshot(check, page);
	const ndv = page.getByTestId('ndv');
	const creator = page.getByTestId('node-creator');
	const dialog = page.getByTestId('credential-edit-dialog');
	const s = {};
	const published = [];

	/** Opens a new workflow and adds a node from the node panel: the search result, then the action. */
	async function addNode(result, action) {
		await page.goto(`${n8n.url}/workflow/new`);
		await page.getByTestId('canvas-plus-button').click();
		// Filled once the search bar is there: keys typed before it has focus are lost.
		await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
		await creator.getByTestId('node-creator-item-name').filter({ hasText: result }).first().click();
		await creator.getByTestId('node-creator-item-name').filter({ hasText: action }).first().click();
		await ndv.waitFor();
	}

	/** "Create new credential" in a credential slot: its Connect button, or the choice in its list. */
	async function newCredentialIn(slot) {
		const connect = slot.getByRole('button', { name: /^Connect to/ });
		if (await connect.count()) {
			await connect.first().click();
		} else {
			const create = page.locator('[data-test-id="node-credentials-select-item-new"]:visible');
			// On a required slot n8n's first click may only mark it; its list opens on the next.
			for (let k = 0; k < 3 && !(await create.count()); k++) {
				await slot.locator('input').first().click();
				await create
					.first()
					.waitFor({ timeout: patience(5000) })
					.catch(() => {});
			}
			await create.first().click();
		}
		await dialog.waitFor();
	}

	async function fill(name, value) {
		const input = dialog.getByTestId(`parameter-input-${name}`).locator('input, textarea').first();
		await input.fill(value);
		assert.equal(await input.inputValue(), value);
	}

	/** The signing secret the local server's root page (Integrations → Webhooks) shows for a URL. */
	async function secretOnWebhooksPage(url) {
		await page.goto(`${server.origin}/`);
		const row = page.locator('tr').filter({ has: page.getByText(url, { exact: true }) });
		return row.locator('input.secret').inputValue();
	}

	/** Runs an open workflow with the editor's Execute workflow; the execution it made. */
	async function executeInEditor(workflowId) {
		const before = (await n8n.executions(workflowId, { includeData: false })).length;
		await page.getByTestId('execute-workflow-button').click();
		const list = await n8n.waitForExecutions(workflowId, before + 1, { timeoutMs: WAIT_MS });
		return list[list.length - 1];
	}

	async function nameCredential(name) {
		const field = page.getByTestId('credential-name');
		await field.click();
		await field.getByTestId('inline-edit-input').fill(name);
		await field.getByTestId('inline-edit-input').press('Enter');
	}

	/** The saved credential of this name, as n8n's API lists it. */
	async function savedCredential(name) {
		let found;
		await waitFor(async () => {
			found = (await n8n.rest('GET', '/credentials')).find((c) => c.name === name);
			return found;
		}, `the credential "${name}"`);
		return found;
	}

	/** The API credential: the token and the local server's Base URL; n8n's test passes. */
	async function createApiCredential(slot, name) {
		await newCredentialIn(slot);
		await fill('accessToken', server.tokens.pat);
		await fill('baseUrl', server.baseUrl);
		await nameCredential(name);
		await page.getByTestId('credential-save-button').click();
		// A credential whose test passes closes its dialog.
		await dialog.waitFor({ state: 'hidden' });
		return savedCredential(name);
	}

	/** Publishes the open workflow; `whilePublished` looks at n8n's message before it is closed. */
	async function publish(whilePublished = async () => {}) {
		await page.getByTestId('workflow-open-publish-modal-button').click();
		await page.getByTestId('workflow-publish-button').click();
		await page.getByText('Workflow published', { exact: true }).waitFor();
		await whilePublished();
		await page.getByRole('button', { name: 'Got it' }).click();
		const id = /\/workflow\/([^/?#]+)/.exec(page.url())?.[1];
		assert.ok(id && id !== 'new', `no workflow id in ${page.url()}`);
		published.push(id);
		return id;
	}

	try {
		await bcheck('setup: log in through the sign-in form', () => signIn(page, n8n));

		await bcheck(
			"setup: the demo's credentials, as npm run demo creates them, pass n8n's credential test (OAuth2: connected, used by the reader workflow)",
			async () => {
				// From the seed, as the demo starts: no fax of an earlier file to the demo's numbers.
				server.reset();
				s.demo = await createDemoSamples(n8n, server);
				published.push(s.demo.triggered.id);
				const oauth = await n8n.rest('GET', `/credentials/${s.demo.oauth.id}?includeData=true`);
				assert.ok(oauth.data.oauthTokenData, 'the OAuth2 credential is not connected');
				for (const credential of [s.demo.pat, s.demo.secretCred]) {
					const { data } = await n8n.rest('GET', `/credentials/${credential.id}?includeData=true`);
					const result = await n8n.testCredential(credential, data);
					assert.equal(result.status, 'OK', `${credential.name}: ${result.message}`);
				}
			},
		);

		for (const key of ['reader', 'sending'])
			await bcheck(
				`setup: the demo's workflow "${key}" runs green from the editor's Execute workflow, every node`,
				async () => {
					const workflow = s.demo[key];
					await page.goto(`${n8n.url}/workflow/${workflow.id}`);
					const execution = await executeInEditor(workflow.id);
					const runData = execution.data?.resultData?.runData ?? {};
					assert.equal(
						execution.status,
						'success',
						JSON.stringify(execution.data?.resultData?.error),
					);
					assert.deepEqual(
						Object.keys(runData).sort(),
						workflow.nodes.map((node) => node.name).sort(),
					);
					assert.equal(await page.getByText(/^Problem in node/).count(), 0);
				},
			);

		await bcheck(
			"setup: the demo's sending workflow run again within 5 minutes faxes nothing: each Send outputs the fax queued before (duplicate: true), and every node runs",
			async () => {
				const faxes = Object.keys(server.state.outbox).length;
				const execution = await executeInEditor(s.demo.sending.id);
				assert.equal(
					execution.status,
					'success',
					JSON.stringify(execution.data?.resultData?.error),
				);
				const runData = execution.data?.resultData?.runData ?? {};
				assert.deepEqual(
					Object.keys(runData).sort(),
					s.demo.sending.nodes.map((node) => node.name).sort(),
				);
				for (const name of ['Send Text', 'Send From URL', 'Forward Fax']) {
					const items = runData[name]?.[0]?.data?.main?.[0] ?? [];
					assert.ok(items.length > 0, `${name} output nothing`);
					for (const { json } of items) {
						assert.equal(json.duplicate, true, `${name}: ${JSON.stringify(json)}`);
						assert.ok(json.outboxFaxId ?? json.faxId, `${name} names the fax before`);
						assert.match(json.message, /^Not sent again: .*Idempotency Key/);
					}
				}
				assert.equal(Object.keys(server.state.outbox).length, faxes);
			},
		);

		await bcheck(
			"setup: the local server's Integrations → Webhooks page shows the demo trigger's endpoint and the secret its credential holds",
			async () => {
				const { endpoint } = s.demo;
				const shown = await secretOnWebhooksPage(endpoint.url);
				assert.match(shown, /^whsec_/);
				assert.equal(shown, server.getEndpointSecret(endpoint.id));
				// The demo's curl, as it prints it: each delivery it sends is signed with that endpoint's
				// secret, which the credential holds, and answered 200, as the demo says.
				const { url, body } = sampleDelivery(server);
				const answer = await fetch(url, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify(body),
				});
				const results = await answer.json();
				assert.deepEqual(
					results.map((result) => [result.endpointId, result.attempts.map((a) => a.status)]),
					[[endpoint.id, [200]]],
				);
				const [run] = await n8n.waitForExecutions(s.demo.triggered.id, 1, { timeoutMs: WAIT_MS });
				assert.equal(run.status, 'success');
				// n8n's log says nothing else of the demo's trigger: its credential was empty at
				// activation, never another endpoint's secret.
				const demoLines = n8n.logLines.filter((line) => line.includes(s.demo.triggered.id));
				assert.ok(
					demoLines.some((line) => line.includes('no signing secret is saved')),
					demoLines.join('\n'),
				);
				assert.ok(
					!demoLines.some((line) => / 401 until it holds/.test(line)),
					demoLines.join('\n'),
				);
			},
		);

		await bcheck(
			'setup: the trigger, step 1: add the Fax.Plus Trigger ("On fax received") and create the Fax.Plus API credential in its dialog',
			async () => {
				await addNode(/^Fax\.Plus$/, /On fax received/i);
				const slots = ndv.getByTestId('node-credentials-slot');
				assert.equal(await slots.count(), 2, 'the API and the signing secret credential slots');
				s.api = await createApiCredential(slots.nth(0), `Fax.Plus API (${uid('setup')})`);
				assert.equal(s.api.type, 'faxPlusApi');
			},
		);

		await bcheck(
			'setup: the trigger, step 2: a new signing secret credential left empty shows what is left to do, and saves without a failure',
			async () => {
				const slot = ndv.getByTestId('node-credentials-slot').nth(1);
				await newCredentialIn(slot);
				s.secretName = `Fax.Plus signing secret (${uid('setup')})`;
				await nameCredential(s.secretName);
				// The dialog's notice says what is left to do.
				await dialog
					.getByText(/^Save this credential empty until the trigger's workflow is published/)
					.waitFor();
				await page.getByTestId('credential-save-button').click();
				// Not a failure: n8n's test passes, so n8n closes the dialog as for any working credential
				// (one whose test fails stays open with "Couldn't connect with these settings").
				await dialog.waitFor({ state: 'hidden' });
				s.secretCredential = await savedCredential(s.secretName);
				assert.equal(s.secretCredential.type, 'faxPlusWebhookSecretApi');
				// The node uses both new credentials.
				const chosen = await ndv
					.getByTestId('node-credentials-slot')
					.locator('input')
					.evaluateAll((inputs) => inputs.map((input) => input.value));
				assert.ok(
					chosen.includes(s.api.name) && chosen.includes(s.secretName),
					`chosen: ${chosen}`,
				);
				await ndv.getByText('Webhook URLs').click();
				const production = ndv.getByText('Production URL', { exact: true });
				if (await production.count()) await production.first().click();
				s.productionUrl = (
					await ndv
						.getByText(/\/webhook\/[0-9a-f-]+\/webhook$/)
						.first()
						.innerText()
				).trim();
				assert.ok(s.productionUrl.startsWith(`${n8n.url}/webhook/`), s.productionUrl);
				await page.getByTestId('ndv-close-button').click();
				await ndv.waitFor({ state: 'hidden' });
			},
		);

		await bcheck(
			"setup: the trigger, step 3: publish; the trigger registers an endpoint for the node's Production URL, and n8n's message asks for the secret",
			async () => {
				await page.getByTestId('workflow-open-publish-modal-button').waitFor();
				const published = page.getByText(/Fax\.Plus now sends this workflow's fax events/);
				s.workflowId = await publish(() => published.waitFor());
				const endpoint = await waitFor(
					() => Object.values(server.state.webhooks).find((ep) => ep.url === s.productionUrl),
					`an endpoint for ${s.productionUrl}`,
					WAIT_MS,
				);
				s.endpointId = endpoint.id;
			},
		);

		await bcheck(
			'setup: until the secret is saved, a delivery is answered 401 and passes nothing on; one failed execution says so',
			async () => {
				const [result] = await server.deliver({
					event: 'fax_received',
					onlyEndpointId: s.endpointId,
				});
				assert.deepEqual(
					result.attempts.map((attempt) => attempt.status),
					[401],
				);
				// The refusal's failed execution (test/n8n/e2e/signature-refusal.e2e.js), one this hour.
				const list = await n8n.waitForExecutions(s.workflowId, 1, { timeoutMs: WAIT_MS });
				assert.deepEqual(
					list.map((execution) => execution.status),
					['error'],
				);
			},
		);

		await bcheck(
			"setup: the trigger, steps 4-5: the endpoint's secret, found by its URL on the local server's Integrations → Webhooks page, pasted into the credential and saved (no republishing)",
			async () => {
				s.secret = await secretOnWebhooksPage(s.productionUrl);
				assert.equal(s.secret, server.getEndpointSecret(s.endpointId));
				assert.match(s.secret, /^whsec_/);
				await page.goto(`${n8n.url}/workflow/${s.workflowId}`);
				await page
					.getByTestId('canvas-node')
					.filter({ hasText: 'Fax.Plus Trigger' })
					.first()
					.dblclick();
				await ndv.waitFor();
				await ndv
					.getByTestId('node-credentials-slot')
					.nth(1)
					.locator('[title="Update Credential"]')
					.click();
				await dialog.waitFor();
				await fill('secret', s.secret);
				// Opening a saved credential reruns n8n's test, so "Connection tested successfully" is
				// already shown (the empty secret's) before saving: wait for the test run with this secret.
				const testedWithSecret = page.waitForResponse(
					(response) =>
						response.url().endsWith('/rest/credentials/test') &&
						(response.request().postData() ?? '').includes(s.secret),
				);
				await page.getByTestId('credential-save-button').click();
				await testedWithSecret;
				// "Saved": stored, unchanged since and no test under way; a close before it asks
				// "Close without saving?" and the dialog stays open.
				await page
					.getByTestId('credential-save-button')
					.getByText('Saved', { exact: true })
					.waitFor();
				// n8n's test of the credential now passes.
				await dialog.getByText('Connection tested successfully').waitFor();
				await page.locator('[aria-label="Close this dialog"]:visible').last().click();
				await dialog.waitFor({ state: 'hidden' });
				await page.getByTestId('ndv-close-button').click();
			},
		);

		await bcheck('setup: the trigger: a delivery then runs the workflow once', async () => {
			const [result] = await server.deliver({
				event: 'fax_received',
				data: { id: uid('fax') },
				onlyEndpointId: s.endpointId,
			});
			assert.deepEqual(
				result.attempts.map((attempt) => attempt.status),
				[200],
			);
			// After the refusal's failed execution.
			const list = await n8n.waitForExecutions(s.workflowId, 2, { timeoutMs: WAIT_MS });
			assert.deepEqual(
				list.map((execution) => execution.status),
				['error', 'success'],
			);
		});

		await bcheck(
			'setup: the polling trigger: add it, choose the credential and Trigger On; Fetch Test Event shows the most recent fax',
			async () => {
				await addNode(/Fax\.Plus Polling/, /On fax received/i);
				const slot = ndv.getByTestId('node-credentials-slot').first();
				const value = await slot.locator('input').first().inputValue();
				if (value !== s.api.name) {
					await slot.locator('input').first().click();
					await page
						.locator('.el-select-dropdown__item:visible')
						.filter({ hasText: s.api.name })
						.first()
						.click();
				}
				await ndv.getByTestId('node-execute-button').click();
				await ndv.getByText('faxId').first().waitFor({ timeout: WAIT_MS });
				await page.getByTestId('ndv-close-button').click();
			},
		);

		await bcheck(
			'setup: the polling trigger: publish; a new fax then runs the workflow once',
			async () => {
				const listed = () =>
					server.requests.filter((r) => r.path === '/v3/accounts/self/faxes').length;
				const before = listed();
				s.pollWorkflowId = await publish();
				// n8n polls once on publishing: what is listed then is history.
				await waitFor(() => listed() > before, "the activation's poll", WAIT_MS);
				const fax = await (
					await fetch(`${server.origin}/_control/faxes`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ id: uid('fax_setup') }),
					})
				).json();
				// Poll Times: every minute by default.
				const runsWith = async () => {
					const runs = [];
					for (const execution of await n8n.executions(s.pollWorkflowId)) {
						const items =
							execution.data?.resultData?.runData?.['Fax.Plus Polling Trigger']?.[0]?.data
								?.main?.[0] ?? [];
						if (items.some((item) => item.json.faxId === fax.id)) runs.push(execution);
					}
					return runs;
				};
				const [run] = await waitFor(
					async () => ((await runsWith()).length > 0 ? runsWith() : undefined),
					`a run with ${fax.id}`,
					150000,
				);
				assert.equal(run.status, 'success');
				assert.equal((await runsWith()).length, 1);
			},
			{ timeoutMs: 300000 },
		);
	} finally {
		await browser.close();
		for (const id of published) await n8n.deactivate(id).catch(() => {});
		// n8n 2.x unpublishes after answering: the next file finds the server as this one found it.
		if (s.productionUrl)
			await waitFor(
				() => !Object.values(server.state.webhooks).some((ep) => ep.url === s.productionUrl),
				'the endpoint deleted on unpublishing',
				WAIT_MS,
			).catch((error) => t.log(error.message));
	}
};

if (require.main === module) {
	// Alone: the e2e runner with only this file.
	const r = spawnSync(process.execPath, [path.join(ROOT, 'test/n8n/e2e/run.js')], {
		stdio: 'inherit',
		env: { ...process.env, E2E_ONLY: 'setup' },
	});
	process.exit(r.status ?? 1);
}
