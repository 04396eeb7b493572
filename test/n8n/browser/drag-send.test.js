'use strict';
// The everyday path without expressions, in n8n's editor (Debian's chromium driven by
// playwright-core, n8n 2.x): a form that takes a fax number and a PDF → Fax.Plus Send →
// Fax.Plus Get Status ("where is my fax now"). The nodes stand on the canvas as a user adds them,
// untouched; the test fills the form in its page, picks From from the list, and fills every other
// parameter by dragging a field of the input panel onto it: the form's number onto Send's To
// (Send's files come from the item, nothing typed), Send's outboxFaxId, to and queuedAt onto Get
// Status. It types no expression, runs each step, and gets the fax's status from the local
// Fax.Plus server.
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
	const fax = (name, operation, x, extra = {}) => ({
		id: crypto.randomUUID(),
		name,
		type: ACTION,
		typeVersion: 1,
		position: [x, 0],
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
		],
		connections: {
			'Fax Form': { main: [[{ node: 'Send a fax', type: 'main', index: 0 }]] },
			'Send a fax': { main: [[{ node: 'Get Status', type: 'main', index: 0 }]] },
		},
	});

	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-drag-send-'));
	const pdfPath = path.join(dir, 'letter.pdf');
	fs.writeFileSync(pdfPath, makePdf(['Dear Dr. Smith,', 'the report is attached.']));

	const pageErrors = [];
	const browser = await openBrowser(chromiumPath);
	try {
		const { page } = browser;
		page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
		const bcheck = checkWithScreenshot(check, page);
		const { ndv, openNode, closeNode, dragField, runStep } = dragHelpers(page);
		const dropped = {};

		await bcheck('drag-send: log in through the sign-in form', () => signIn(page, n8n));

		await bcheck('drag-send: the form is filled in its own page and gives the item', async () => {
			await page.goto(`${n8n.url}/workflow/${workflow.id}`);
			await openNode('Fax Form');
			// "Execute step" opens the form's test page, as n8n does for a user.
			const [form] = await Promise.all([
				page.context().waitForEvent('page'),
				ndv.getByTestId('node-execute-button').click(),
			]);
			await form.getByLabel('Fax number').fill(TO);
			await form.locator('input[type="file"]').setInputFiles(pdfPath);
			await form.getByRole('button', { name: /submit/i }).click();
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
			"drag-send: Get Status is filled by dragging Send's outboxFaxId, to and queuedAt, and answers the fax's status",
			async () => {
				await openNode('Get Status');
				dropped.outboxFaxId = await dragField('outboxFaxId', 'outboxFaxId');
				dropped.statusTo = await dragField('to', 'to');
				dropped.queuedAt = await dragField('queuedAt', 'sentAt');
				await runStep('statusMeaning');
				await closeNode();
				t.log(`dropped: ${JSON.stringify(dropped)}`);
				// Each parameter holds the expression n8n wrote for the drop, naming the dragged field.
				assert.match(dropped.to, /^\{\{ \$json\['Fax number'\] \}\}$/);
				assert.equal(dropped.outboxFaxId, '{{ $json.outboxFaxId }}');
				assert.equal(dropped.statusTo, '{{ $json.to }}');
				assert.equal(dropped.queuedAt, '{{ $json.queuedAt }}');
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
