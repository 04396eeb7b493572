'use strict';
// The everyday path without expressions, in n8n's editor (Debian's chromium driven by
// playwright-core, n8n 2.x): a form that takes a fax number and a PDF → Fax.Plus Send →
// Fax.Plus Get Status ("where is my fax now"). The nodes stand on the canvas as a user adds them,
// untouched; the test fills the form in its page, picks From from the list, and drags the form's
// number onto Send's To (Send's files come from the item, nothing typed). Get Status is left as it
// comes: its fields read Send's item. It types no expression, runs each step, and gets the fax's
// status from the local Fax.Plus server. Then the editor's path when Send has no run data: with
// Send's output pinned, Get Status runs on it and nothing is faxed again; unpinned, Send runs again
// and outputs the fax it sent before (duplicate: true), already sent, which Get Status finds. Last, Manual Trigger → Send → No Op run
// twice with Execute workflow: the second run's Send outputs the first run's fax, the No Op runs,
// and the outbox holds one fax. On the way: the node panel's entry (the trigger inside, the
// events' brackets), the canvas subtitles' display names, and a locator showing its mode.
//
// Run by test/n8n/e2e/run.js as the check file "drag-send"; alone:
//   E2E_ONLY=drag-send npm run test:e2e   or   node test/n8n/browser/drag-send.test.js

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { ROOT, openBrowser, signIn, checkWithScreenshot, patience } = require('./lib');
const { waitFor } = require('../../support/checks');
const { dragHelpers, prepare } = require('./lib-drag');
const { credRef, outputOf } = require('../e2e/lib');
const { makePdf } = require('../../server/media');

const ACTION = 'n8n-nodes-faxplus.faxPlus';
// Faxes to this number leave the outbox at once as sent faxes (the local server's outbox plan).
const TO = '+15557770031';
// Faxes to this one stay in the outbox.
const REPEAT_TO = '+15557770032';
const FROM = '+15551230001';

module.exports = async function dragSend(t) {
	const { check, n8n, server } = t;
	const { chromiumPath, pat } = await prepare(t, 'drag-send');
	if (!chromiumPath) return;
	const plan = await fetch(`${server.origin}/_control/outbox/plan`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ to: TO, status: 'success', afterReads: 0 }),
	});
	assert.equal(plan.status, 204);
	const fax = (name, operation, x, extra = {}, y = 0) => ({
		id: crypto.randomUUID(),
		name,
		type: ACTION,
		typeVersion: 1,
		position: [x, y],
		parameters: { resource: 'fax', operation, ...extra },
		credentials: credRef('faxPlusApi', pat),
	});
	const workflow = await n8n.importWorkflow({
		name: 'Browser test: form → Send → Get Status by dragging',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Fax Form',
				type: 'n8n-nodes-base.formTrigger',
				typeVersion: 2.2,
				position: [0, 0],
				webhookId: crypto.randomUUID(),
				parameters: {
					formTitle: 'Send a fax',
					formFields: {
						values: [
							{ fieldLabel: 'Fax number', requiredField: true },
							{
								fieldLabel: 'Document',
								fieldType: 'file',
								multipleFiles: false,
								acceptFileTypes: '.pdf',
								requiredField: true,
							},
						],
					},
					options: {},
				},
			},
			fax('Send a fax', 'send', 260),
			fax('Get Status', 'getStatus', 520),
			// A locator saved By ID, as the demo's Download Thumbnail.
			fax(
				'Download Thumbnail',
				'downloadThumbnail',
				260,
				{ faxId: { __rl: true, mode: 'id', value: 'fax_1' } },
				300,
			),
		],
		connections: {
			'Fax Form': { main: [[{ node: 'Send a fax', type: 'main', index: 0 }]] },
			'Send a fax': { main: [[{ node: 'Get Status', type: 'main', index: 0 }]] },
		},
	});

	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-drag-send-'));
	const pdfPath = path.join(dir, 'letter.pdf');
	fs.writeFileSync(pdfPath, makePdf(['Dear Dr. Smith,', 'the report is attached.']));

	const shots = path.join(ROOT, 'test-results', 'screenshots');
	fs.mkdirSync(shots, { recursive: true });
	const shot = (name) => path.join(shots, `drag-send-${name}.png`);
	const pageErrors = [];
	const browser = await openBrowser(chromiumPath);
	try {
		const { page } = browser;
		page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
		const bcheck = checkWithScreenshot(check, page);
		const { ndv, openNode, closeNode, dragField, runStep } = dragHelpers(page);
		const dropped = {};

		await bcheck('drag-send: log in through the sign-in form', () => signIn(page, n8n));

		await bcheck(
			"drag-send: the node panel's Fax.Plus entry says its trigger is inside, and lists the trigger's events in their own words",
			async () => {
				// A new workflow's first step: the panel lists triggers and actions.
				await page.goto(`${n8n.url}/workflow/new`);
				await page.getByTestId('canvas-add-button').click();
				const creator = page.getByTestId('node-creator');
				await creator.waitFor();
				await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
				await creator
					.getByText(/Its trigger starts a workflow when a fax arrives/)
					.first()
					.waitFor();
				await page.screenshot({ path: shot('node-panel-search') });
				await creator.getByText('Fax.Plus', { exact: true }).first().click();
				const names = creator.getByTestId('node-creator-item-name');
				// A first step: the trigger's events first, in their own words; the actions folded below.
				await names.filter({ hasText: 'On page received (fax streaming)' }).first().waitFor();
				await creator.getByText(/^Actions \(\d+\)$/).click();
				await names.filter({ hasText: 'Get the status of a sent fax' }).first().waitFor();
				const shown = await names.allInnerTexts();
				t.log(`node panel: ${JSON.stringify(shown)}`);
				await page.screenshot({ path: shot('node-panel-actions') });
			},
		);

		await bcheck(
			"drag-send: the canvas shows each Fax.Plus node's operation and resource by their display names",
			async () => {
				await page.goto(`${n8n.url}/workflow/${workflow.id}`);
				for (const subtitle of ['Send: Fax', 'Get Status: Fax', 'Download Thumbnail: Fax'])
					await page.getByText(subtitle, { exact: true }).first().waitFor();
				assert.equal(await page.getByText(/^(send|getStatus|downloadThumbnail): fax$/).count(), 0);
				await page.screenshot({ path: shot('canvas-subtitles') });
			},
		);

		await bcheck('drag-send: a locator saved By ID shows its mode', async () => {
			await openNode('Download Thumbnail');
			const locator = ndv.getByTestId('parameter-input-faxId');
			assert.equal(
				await locator.getByTestId('rlc-mode-selector').locator('input').inputValue(),
				'By ID',
			);
			assert.equal(await locator.getByTestId('rlc-input').inputValue(), 'fax_1');
			await closeNode();
		});

		await bcheck('drag-send: the form is filled in its own page and gives the item', async () => {
			await page.goto(`${n8n.url}/workflow/${workflow.id}`);
			await openNode('Fax Form');
			// "Execute step" opens the form's test page, as n8n does for a user.
			const form = await submitForm();
			// The item's file is shown (n8n opens the output on its binary view).
			await ndv.getByTestId('output-panel').getByText('letter.pdf').first().waitFor();
			await form.close().catch(() => {});
			await closeNode();
		});

		await bcheck(
			"drag-send: Send is filled by dragging the form's number onto To; From from its list",
			async () => {
				await openNode('Send a fax');
				dropped.to = await dragField('Fax number', 'to');
				// The parameter holds the expression n8n wrote for the drop, naming the dragged field.
				assert.match(dropped.to, /^\{\{ \$json\['Fax number'\] \}\}$/);
				// The list opens on a click; a click the panel swallows while it moves is made again.
				const fromItem = page.getByTestId('rlc-item').filter({ hasText: FROM }).first();
				await waitFor(
					async () => {
						if (await fromItem.isVisible()) return true;
						await ndv.getByTestId('parameter-input-from').getByTestId('rlc-input').click();
						return await fromItem.waitFor({ timeout: patience(5000) }).then(
							() => true,
							() => false,
						);
					},
					`the From list showing ${FROM}`,
					patience(60000),
				);
				await fromItem.click();
				const uploads = server.requests.length;
				await runStep('outboxFaxId');
				const requests = server.requests.slice(uploads).filter((r) => r.path.startsWith('/v3/'));
				assert.deepEqual(
					requests.filter((r) => r.method === 'POST').map((r) => r.path),
					['/v3/accounts/self/files', '/v3/accounts/self/outbox'],
					"Send uploaded the form's file and created one outbox fax",
				);
				const outbox = requests.find(
					(r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox',
				);
				assert.deepEqual(outbox.body.to, [TO]);
				// A run in the editor is a manual run: Send first looked for the same fax minutes ago.
				assert.equal(`${requests[0].method} ${requests[0].path}`, 'GET /v3/accounts/self/outbox');
				await closeNode();
			},
		);

		await bcheck(
			"drag-send: a new Get Status after Send, nothing typed, reads Send's item and answers the fax's status",
			async () => {
				await openNode('Get Status');
				// The fields as they come: expressions of the input item, the outbox fax By ID.
				const outboxFax = ndv.getByTestId('parameter-input-outboxFaxId');
				assert.equal(
					await outboxFax.getByTestId('rlc-mode-selector').locator('input').inputValue(),
					'By ID',
				);
				await outboxFax.getByText('{{ $json.outboxFaxId }}').first().waitFor();
				await ndv.getByTestId('parameter-input-to').getByText('{{ $json.to }}').first().waitFor();
				await ndv.getByText('Queued At', { exact: true }).first().waitFor();
				await page.screenshot({ path: shot('get-status-as-it-comes') });
				await runStep('statusMeaning');
				await page.screenshot({ path: shot('get-status-answer') });
				await closeNode();
			},
		);

		await bcheck(
			"drag-send: the run's record has Send's outbox fax and Get Status's answer: sent, success",
			async () => {
				// Manual runs are kept: the last one ran Get Status on Send's item.
				const [last] = await n8n.executions(workflow.id);
				assert.ok(last, 'no execution of the workflow was saved');
				const sent = outputOf(last, 'Send a fax')?.[0]?.json;
				const status = outputOf(last, 'Get Status')?.[0]?.json;
				assert.ok(sent?.outboxFaxId, `Send's item: ${JSON.stringify(sent)}`);
				assert.equal(sent.to, TO);
				assert.equal(status?.where, 'sent', `Get Status: ${JSON.stringify(status)}`);
				assert.equal(status.status, 'success');
				assert.equal(status.outboxFaxId, sent.outboxFaxId);
				assert.ok(status.faxId, 'the sent fax has its own ID');
				assert.ok(status.statusMeaning);
			},
		);

		/**
		 * Runs the open node from the reopened editor. The form, which has no run data now, is run
		 * first: n8n opens its test page, which is filled and sent again.
		 */
		async function runWithForm() {
			const form = await submitForm();
			await form.waitForEvent('close', { timeout: patience(5000) }).catch(() => form.close());
		}

		/** Runs the open form node: n8n opens its test page, which is filled and sent; that page. */
		async function submitForm() {
			const [form] = await Promise.all([
				page.context().waitForEvent('page'),
				ndv.getByTestId('node-execute-button').click(),
			]);
			await form.getByLabel('Fax number').fill(TO);
			await form.locator('input[type="file"]').setInputFiles(pdfPath);
			await form.getByRole('button', { name: /submit/i }).click();
			return form;
		}

		/** Pins (or unpins) Send's output, saves, and opens the workflow again: no run data is left. */
		async function setSendPinned(pinned) {
			await openNode('Send a fax');
			const callout = ndv.getByTestId('ndv-pinned-data-callout');
			if ((await callout.isVisible()) !== pinned) await ndv.getByTestId('ndv-pin-data').click();
			await callout.waitFor({ state: pinned ? 'visible' : 'hidden' });
			await closeNode();
			// n8n 2.x saves by itself; Ctrl+S saves at once.
			await page.keyboard.press('Control+s');
			await waitFor(
				async () => {
					const saved = await n8n.rest('GET', `/workflows/${workflow.id}`);
					return Boolean(saved.pinData?.['Send a fax']) === pinned;
				},
				`Send's output ${pinned ? 'pinned' : 'unpinned'} in the saved workflow`,
				patience(30000),
			);
			await page.reload();
			await page.locator('[data-test-id="canvas-node"][data-node-name="Get Status"]').waitFor();
		}

		await bcheck(
			"drag-send: with Send's output pinned, Get Status runs in a reopened editor on that item and nothing is faxed again",
			async () => {
				await setSendPinned(true);
				const before = server.requests.length;
				await openNode('Get Status');
				await runWithForm();
				await ndv.getByTestId('output-panel').getByText('statusMeaning').first().waitFor();
				await page.screenshot({ path: shot('pinned-send') });
				await closeNode();
				const posts = server.requests
					.slice(before)
					.filter((r) => r.method === 'POST' && r.path.startsWith('/v3/'));
				assert.deepEqual(posts, [], 'nothing was uploaded or sent');
			},
		);

		await bcheck(
			'drag-send: unpinned, Get Status run in a reopened editor runs Send again, which outputs the fax it sent before (duplicate: true), and Get Status, nothing typed, finds that fax among the sent faxes; nothing is faxed again',
			async () => {
				await setSendPinned(false);
				const before = server.requests.length;
				const runs = (await n8n.executions(workflow.id, { includeData: false })).length;
				await openNode('Get Status');
				await runWithForm();
				await ndv.getByTestId('output-panel').getByText('matchedBy').first().waitFor();
				await page.screenshot({ path: shot('repeat-answered') });
				const list = await n8n.waitForExecutions(workflow.id, runs + 1);
				const last = list.at(-1);
				assert.equal(last.status, 'success', JSON.stringify(last.data?.resultData?.error));
				const sent = outputOf(last, 'Send a fax')?.[0]?.json;
				assert.equal(sent?.duplicate, true, `Send's item: ${JSON.stringify(sent)}`);
				assert.equal(sent.to, TO);
				// The fax left the outbox at once: named by its sent fax's ID.
				assert.ok(sent.faxId, 'the fax sent before is named');
				assert.equal(sent.outboxFaxId, null);
				assert.match(sent.message, /^Not sent again: a fax to this number was queued/);
				const status = outputOf(last, 'Get Status')?.[0]?.json;
				assert.equal(status?.where, 'sent', `Get Status: ${JSON.stringify(status)}`);
				assert.equal(status.faxId, sent.faxId);
				assert.equal(status.status, 'success');
				const posts = server.requests
					.slice(before)
					.filter((r) => r.method === 'POST' && r.path.startsWith('/v3/'));
				assert.deepEqual(posts, [], 'nothing was uploaded or sent');
				await closeNode();
			},
		);

		await bcheck(
			"drag-send: Manual Trigger → Send → No Op run twice from Execute workflow: the second run's Send outputs the first run's fax (duplicate: true) and the No Op runs; the outbox holds one fax",
			async () => {
				const repeat = await n8n.importWorkflow({
					name: 'Browser test: Manual Trigger → Send → No Op, run twice',
					nodes: [
						{
							id: crypto.randomUUID(),
							name: 'Run',
							type: 'n8n-nodes-base.manualTrigger',
							typeVersion: 1,
							position: [0, 0],
							parameters: {},
						},
						fax('Send', 'send', 260, {
							userId: 'self',
							from: { __rl: true, mode: 'number', value: FROM },
							to: REPEAT_TO,
							documentSource: 'text',
							documentText: 'The results are ready.',
						}),
						{
							id: crypto.randomUUID(),
							name: 'Next Step',
							type: 'n8n-nodes-base.noOp',
							typeVersion: 1,
							position: [520, 0],
							parameters: {},
						},
					],
					connections: {
						Run: { main: [[{ node: 'Send', type: 'main', index: 0 }]] },
						Send: { main: [[{ node: 'Next Step', type: 'main', index: 0 }]] },
					},
				});
				const before = server.requests.length;
				const outboxTo = () =>
					Object.values(server.state.outbox).filter((fax) => [fax.to].flat().includes(REPEAT_TO));
				await page.goto(`${n8n.url}/workflow/${repeat.id}`);
				const runs = [];
				for (const n of [1, 2]) {
					await page.getByTestId('execute-workflow-button').click();
					runs.push((await n8n.waitForExecutions(repeat.id, n, { timeoutMs: 120000 })).at(-1));
				}
				for (const run of runs)
					assert.equal(run.status, 'success', JSON.stringify(run.data?.resultData?.error));
				const [first, second] = runs.map((run) => outputOf(run, 'Send')?.[0]?.json);
				assert.ok(first?.outboxFaxId, `the first run's Send: ${JSON.stringify(first)}`);
				assert.equal(first.duplicate, undefined);
				assert.equal(second?.duplicate, true, `the second run's Send: ${JSON.stringify(second)}`);
				assert.equal(second.outboxFaxId, first.outboxFaxId);
				assert.equal(second.to, REPEAT_TO);
				assert.match(second.message, /^Not sent again/);
				// The step after Send ran on the earlier fax.
				assert.deepEqual(outputOf(runs[1], 'Next Step')?.[0]?.json, second);
				const posts = server.requests
					.slice(before)
					.filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox');
				assert.equal(posts.length, 1, 'one outbox request');
				assert.equal(outboxTo().length, 1, 'the outbox holds one fax');
				await page.screenshot({ path: shot('repeat-next-step') });
			},
		);

		await bcheck('drag-send: no error in the page', async () => {
			assert.deepEqual(pageErrors, []);
		});
	} finally {
		await browser.close();
		fs.rmSync(dir, { recursive: true, force: true });
	}
};

if (require.main === module) {
	const r = spawnSync(process.execPath, [path.join(ROOT, 'test/n8n/e2e/run.js')], {
		stdio: 'inherit',
		env: { ...process.env, E2E_ONLY: 'drag-send' },
	});
	process.exit(r.status ?? 1);
}
