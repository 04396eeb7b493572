'use strict';
// What a new user meets first in n8n's editor on the demo (`npm run demo`, scripts/demo-samples.js),
// in Debian's chromium driven by playwright-core (n8n 2.x):
// - a new Fax.Plus node leads with the access token: n8n pre-selects the demo's token credential,
//   and "Create new credential" opens the access token's form;
// - a new Fax.Plus Trigger does not use the demo's signing secret without saying so: its secret
//   slot starts empty, the notice below the slots says a secret belongs to one endpoint, and a
//   trigger published with the demo's secret anyway logs a warning naming the credential, as does
//   each refused delivery;
// - the node panel lists one Custom API Call, which, to a path Fax.Plus does not have, names Method
//   and Path, not an ID.
//
// Run by test/e2e/run.js as the check file "first-steps"; alone:
//   E2E_ONLY=first-steps npm run test:e2e   or   node test/browser/first-steps.test.js

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
	ROOT,
	ensureChromium,
	openBrowser,
	signIn,
	checkWithScreenshot,
	patience,
} = require('./lib');
const { createDemoSamples } = require('../../../scripts/demo-samples');
const { waitFor } = require('../../support/checks');

const WAIT_MS = 120000;
const TRIGGER = 'n8n-nodes-faxplus.faxPlusTrigger';

module.exports = async function firstSteps(t) {
	const { check, n8n, server } = t;
	const chromiumPath = await ensureChromium(check, 'first-steps');
	if (!chromiumPath) return;

	const browser = await openBrowser(chromiumPath);
	const { page } = browser;
	// Leaving an unsaved workflow for the next new one: n8n asks the browser whether to leave.
	page.on('dialog', (d) => d.accept().catch(() => {}));
	const bcheck = checkWithScreenshot(check, page);
	const ndv = page.getByTestId('ndv');
	const creator = page.getByTestId('node-creator');
	const dialog = page.getByTestId('credential-edit-dialog');
	const slots = ndv.getByTestId('node-credentials-slot');
	const s = {};
	const published = [];

	/** Opens a new workflow and adds a node from the node panel: the search result, then the action. */
	async function addNode(result, action) {
		await page.goto(`${n8n.url}/workflow/new`);
		await page.getByTestId('canvas-plus-button').click();
		await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
		await creator.getByTestId('node-creator-item-name').filter({ hasText: result }).first().click();
		await creator.getByTestId('node-creator-item-name').filter({ hasText: action }).first().click();
		await ndv.waitFor();
	}

	/**
	 * Adds an action of the Fax.Plus node after a Manual Trigger, as a user's second step (on an
	 * empty canvas the panel offers the node's triggers first); `once`: the panel lists it once.
	 */
	async function addAction(action, { once = false } = {}) {
		const start = await n8n.importWorkflow({
			name: 'First steps: an action',
			nodes: [
				{
					id: crypto.randomUUID(),
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
			],
			connections: {},
		});
		await page.goto(`${n8n.url}/workflow/${start.id}`);
		await page.getByTestId('canvas-node').first().click();
		await page.getByTestId('node-creator-plus-button').click();
		await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
		await creator.getByText('Fax.Plus', { exact: true }).first().click();
		const entries = creator.getByTestId('node-creator-item-name').filter({ hasText: action });
		await entries.first().waitFor();
		if (once)
			assert.equal(await entries.count(), 1, `the node panel lists ${action} more than once`);
		await entries.first().click();
		await ndv.waitFor();
	}

	/** The credential a slot shows ('' when none is chosen), once n8n has had the time to pre-select one. */
	async function chosenIn(slot, expected) {
		const input = slot.locator('input').first();
		await waitFor(
			async () => (await input.inputValue()) === expected,
			`"${expected}" in the credential slot`,
			patience(10000),
		).catch(() => {});
		return input.inputValue();
	}

	/** Opens a slot's list (an empty required slot's first click may only mark it). */
	async function openList(slot, shown) {
		for (let k = 0; k < 3 && !(await shown.count()); k++) {
			await slot.locator('input').first().click();
			await shown
				.first()
				.waitFor({ timeout: patience(5000) })
				.catch(() => {});
		}
		await shown.first().waitFor();
	}

	/** n8n's log lines since `from` (its byte offset in n8n.log) that hold `text`. */
	const logFile = path.join(n8n.userFolder, 'n8n.log');
	const logSize = () => fs.statSync(logFile).size;
	const logLinesSince = (from, text) =>
		fs
			.readFileSync(logFile)
			.subarray(from)
			.toString('utf8')
			.split('\n')
			.filter((line) => line.includes(text));

	try {
		await bcheck('first steps: log in; the demo as npm run demo creates it', async () => {
			await signIn(page, n8n);
			s.demo = await createDemoSamples(n8n, server);
			published.push(s.demo.triggered.id);
		});

		await bcheck(
			'first steps: a new Fax.Plus node leads with the access token: the demo\'s token credential pre-selected, and "Create new credential" opens the access token\'s form',
			async () => {
				await addAction(/^Get the plan of an account$/i);
				assert.equal(await chosenIn(slots.first(), s.demo.pat.name), s.demo.pat.name);
				const create = page.locator('[data-test-id="node-credentials-select-item-new"]:visible');
				await openList(slots.first(), create);
				await create.first().click();
				await dialog.waitFor();
				await dialog.getByTestId('parameter-input-accessToken').waitFor();
				assert.equal(await dialog.getByTestId('parameter-input-clientId').count(), 0);
				await page.keyboard.press('Escape');
				if (await dialog.isVisible()) await dialog.locator('.el-dialog__headerbtn').first().click();
				await dialog.waitFor({ state: 'hidden' });
			},
		);

		await bcheck(
			'first steps: a new Fax.Plus Trigger starts with the token and no signing secret, and its notice below the slots says a secret belongs to one endpoint',
			async () => {
				await addNode(/^Fax\.Plus$/, /On fax received/i);
				assert.equal(await slots.count(), 2, 'the API and the signing secret credential slots');
				assert.equal(await chosenIn(slots.nth(0), s.demo.pat.name), s.demo.pat.name);
				// Not the demo's secret, which belongs to the sample workflow's endpoint.
				assert.equal(await chosenIn(slots.nth(1), ''), '');
				const types = await n8n.nodeTypes();
				const notice = types
					.find((type) => type.name === TRIGGER)
					.properties.find((property) => property.name === 'secretNotice');
				const shown = ndv.getByText(notice.displayName.slice(0, 40), { exact: false }).first();
				await shown.waitFor();
				assert.match(await shown.innerText(), /n8n may pre-select another trigger's/);
				const noticeTop = (await shown.boundingBox()).y;
				const slotTop = (await slots.nth(1).boundingBox()).y;
				assert.ok(
					noticeTop > slotTop,
					`the notice (y ${noticeTop}) is above the slots (y ${slotTop})`,
				);
			},
		);

		await bcheck(
			"first steps: a Fax.Plus Trigger published with the demo's signing secret anyway logs a warning naming the credential, and so does each refused delivery",
			async () => {
				// As a user might: the demo's secret chosen in the new trigger (open from the check above).
				const option = page
					.locator('.el-select-dropdown__item:visible')
					.filter({ hasText: s.demo.secretCred.name });
				await openList(slots.nth(1), option);
				await option.first().click();
				assert.equal(await chosenIn(slots.nth(1), s.demo.secretCred.name), s.demo.secretCred.name);
				await page.getByTestId('ndv-close-button').click();
				const from = logSize();
				await page.getByTestId('workflow-open-publish-modal-button').click();
				await page.getByTestId('workflow-publish-button').click();
				await page.getByText('Workflow published', { exact: true }).waitFor();
				await page.getByRole('button', { name: 'Got it' }).click();
				const id = /\/workflow\/([^/?#]+)/.exec(page.url())?.[1];
				assert.ok(id && id !== 'new', `no workflow id in ${page.url()}`);
				published.push(id);
				const named = `the signing secret credential "${s.demo.secretCred.name}" holds a secret saved before this trigger registered webhook endpoint`;
				const [warning] = await waitFor(
					async () => {
						const lines = logLinesSince(from, named);
						return lines.length > 0 ? lines : undefined;
					},
					"the trigger's warning in n8n's log",
					WAIT_MS,
				);
				const endpointId = /registered webhook endpoint (ep_[A-Za-z0-9]+)/.exec(warning)?.[1];
				assert.ok(endpointId, warning);
				assert.ok(!warning.includes(server.getEndpointSecret(endpointId).slice('whsec_'.length)));
				s.endpointId = endpointId;

				const [delivery] = await server.deliver({
					event: 'fax_received',
					onlyEndpointId: endpointId,
				});
				assert.deepEqual(
					delivery.attempts.map((attempt) => attempt.status),
					[401],
				);
				await waitFor(
					() =>
						logLinesSince(
							from,
							`the signature does not verify with the saved signing secret (signing secret credential "${s.demo.secretCred.name}"; webhook endpoint ${endpointId} at `,
						).length > 0,
					"the refusal naming the credential and the endpoint in n8n's log",
					WAIT_MS,
				);
			},
		);

		await bcheck(
			'first steps: the node panel lists one Custom API Call; to a path Fax.Plus does not have, it names Method and Path and the API reference, not an ID',
			async () => {
				await addAction(/^Make a custom API call$/i, { once: true });
				if ((await chosenIn(slots.first(), s.demo.pat.name)) !== s.demo.pat.name)
					throw new Error('the token credential is not chosen');
				const path = ndv.getByTestId('parameter-input-path').locator('input, textarea').first();
				await path.fill('/account/self');
				await ndv.getByTestId('node-execute-button').click();
				const error = ndv.getByText('Check Method and Path (GET /account/self)', { exact: false });
				await error.first().waitFor({ timeout: WAIT_MS });
				assert.equal(await ndv.getByText('Check the ID', { exact: false }).count(), 0);
				await page.getByTestId('ndv-close-button').click();
			},
		);
	} finally {
		await browser.close();
		for (const id of published) await n8n.deactivate(id).catch(() => {});
		if (s.endpointId)
			await waitFor(
				() => !server.state.webhooks[s.endpointId],
				'the endpoint deleted on unpublishing',
				WAIT_MS,
			).catch((error) => t.log(error.message));
	}
};

if (require.main === module) {
	// Alone: the e2e runner with only this file.
	const r = spawnSync(process.execPath, [path.join(ROOT, 'test/n8n/e2e/run.js')], {
		stdio: 'inherit',
		env: { ...process.env, E2E_ONLY: 'first-steps' },
	});
	process.exit(r.status ?? 1);
}
