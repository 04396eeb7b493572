'use strict';
// A received fax's text and fields filed as a Data Table row, without expressions, in n8n's
// editor (Debian's chromium driven by playwright-core, n8n 2.x): Manual Trigger → Fax.Plus
// Extract Text and Fields → n8n's Data table (Insert row) into a table with the columns `text`
// and `invoice_number`. The test picks the fax from the node's list, runs the step, then fills
// the row's columns by dragging Extract's `text` and `field_invoice_number` from the input panel
// onto them (a field's own column: no JSON.stringify of an object), runs the step and reads the
// row back through n8n's API.
//
// Run by test/n8n/e2e/run.js as the check file "drag-extract"; alone:
//   E2E_ONLY=drag-extract npm run test:e2e   or   node test/n8n/browser/drag-extract.test.js

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const path = require('node:path');
const { ROOT, openBrowser, signIn, checkWithScreenshot } = require('./lib');
const { dragHelpers, prepare } = require('./lib-drag');
const { credRef, uid } = require('../e2e/lib');

const ACTION = 'n8n-nodes-faxplus.faxPlus';

module.exports = async function dragExtract(t) {
	const { check, n8n, server } = t;
	const { chromiumPath, pat } = await prepare(t, 'drag-extract');
	if (!chromiumPath) return;
	const table = await n8n.api('POST', '/data-tables', {
		name: uid('Fax texts'),
		columns: [
			{ name: 'text', type: 'string' },
			{ name: 'invoice_number', type: 'string' },
		],
	});
	const seed = server.state.ai.fax_1;
	assert.ok(seed?.ocr?.data, "the local server's fax_1 has no Fax AI results");
	const workflow = await n8n.importWorkflow({
		name: 'Browser test: Extract Text and Fields → Data table by dragging',
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: 'Extract',
				type: ACTION,
				typeVersion: 1,
				position: [260, 0],
				parameters: { resource: 'fax', operation: 'extract' },
				credentials: credRef('faxPlusApi', pat),
			},
			{
				id: crypto.randomUUID(),
				name: 'Fax texts',
				type: 'n8n-nodes-base.dataTable',
				typeVersion: 1.1,
				position: [520, 0],
				parameters: {
					resource: 'row',
					operation: 'insert',
					dataTableId: { __rl: true, mode: 'id', value: table.id },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'Extract', type: 'main', index: 0 }]] },
			Extract: { main: [[{ node: 'Fax texts', type: 'main', index: 0 }]] },
		},
	});

	const pageErrors = [];
	const browser = await openBrowser(chromiumPath);
	try {
		const { page } = browser;
		page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
		const bcheck = checkWithScreenshot(check, page);
		const { ndv, openNode, closeNode, dragField, runStep } = dragHelpers(page);
		const dropped = {};

		await bcheck('drag-extract: log in through the sign-in form', () => signIn(page, n8n));

		await bcheck(
			'drag-extract: Extract Text and Fields runs on a fax picked from its list',
			async () => {
				await page.goto(`${n8n.url}/workflow/${workflow.id}`);
				await openNode('Extract');
				await ndv.getByTestId('parameter-input-faxId').getByTestId('rlc-input').click();
				await page
					.getByTestId('rlc-item')
					// fax_1 by its time: other files of a shared n8n add faxes from the same number.
					.filter({
						hasText: `${server.state.faxes.fax_1.start_time.slice(0, 16)} UTC · received from`,
					})
					.first()
					.click();
				await runStep('field_invoice_number');
				await closeNode();
			},
		);

		await bcheck(
			"drag-extract: the row's columns are filled by dragging text and field_invoice_number, and the row is inserted",
			async () => {
				await openNode('Fax texts');
				const column = (name) =>
					ndv.getByTestId('mapping-fields-container').getByTestId(`parameter-input-${name}`);
				await column('invoice_number').waitFor();
				dropped.text = await dragField('text', 'text', column('text'));
				dropped.invoice = await dragField(
					'field_invoice_number',
					'invoice_number',
					column('invoice_number'),
				);
				await runStep('INV-2025-0042');
				await closeNode();
				t.log(`dropped: ${JSON.stringify(dropped)}`);
				assert.equal(dropped.text, '{{ $json.text }}');
				assert.equal(dropped.invoice, '{{ $json.field_invoice_number }}');
				const rows = (await n8n.api('GET', `/data-tables/${table.id}/rows?limit=10`)).data;
				assert.equal(rows.length, 1, `rows: ${JSON.stringify(rows)}`);
				assert.equal(rows[0].text, seed.ocr.data);
				assert.equal(rows[0].invoice_number, seed.field_extraction.data.invoice_number);
			},
		);

		await bcheck('drag-extract: no error in the page', async () => {
			assert.deepEqual(pageErrors, []);
		});
	} finally {
		await browser.close();
	}
};

if (require.main === module) {
	const r = spawnSync(process.execPath, [path.join(ROOT, 'test/n8n/e2e/run.js')], {
		stdio: 'inherit',
		env: { ...process.env, E2E_ONLY: 'drag-extract' },
	});
	process.exit(r.status ?? 1);
}
