'use strict';
// What the drag-only browser tests share: a workflow opened in the editor, a node's panel opened
// from the canvas, a field of the input panel dragged onto a parameter as a user drags it (mouse
// down on the field, moved over the parameter, released), and a step run from the panel.

const assert = require('node:assert/strict');
const { ensureChromium, patience } = require('./lib');

/** Chromium (undefined when it is missing) and a Fax.Plus API credential for the local server. */
async function prepare({ check, n8n, server }, name) {
	const chromiumPath = await ensureChromium(check, name);
	if (!chromiumPath) return {};
	const pat = await n8n.createCredential(`Fax.Plus API (${name})`, 'faxPlusApi', {
		accessToken: server.tokens.pat,
		baseUrl: server.baseUrl,
	});
	return { chromiumPath, pat };
}

/** The helpers of a page signed in to n8n. */
function dragHelpers(page) {
	const ndv = page.getByTestId('ndv');

	/** Opens a node's panel from the canvas, its input on the Schema view (the one to drag from). */
	async function openNode(name) {
		// A check that failed may have left a panel open over the canvas.
		if (await ndv.isVisible()) await closeNode();
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).dblclick();
		await ndv.waitFor();
		const schema = ndv.getByTestId('ndv-input-panel').getByRole('radio', { name: 'Schema' });
		if (await schema.count()) await schema.click();
	}

	async function closeNode() {
		await ndv.getByTestId('ndv-close-button').click();
		await ndv.waitFor({ state: 'hidden' });
	}

	/** A field of the input panel's schema view, by its name as shown. */
	function inputField(name) {
		const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
		return ndv
			.getByTestId('ndv-input-panel')
			.getByTestId('run-data-schema-item')
			.locator('span')
			.filter({ hasText: new RegExp(`^${escaped}$`) })
			.first();
	}

	/**
	 * Drags a field of the input panel onto a parameter and returns what the parameter shows then
	 * (the expression n8n wrote for the drop). Nothing is typed.
	 */
	async function dragField(name, parameter, target) {
		const source = inputField(name);
		await source.waitFor();
		await source.scrollIntoViewIfNeeded();
		const drop = target ?? ndv.getByTestId(`parameter-input-${parameter}`);
		await drop.scrollIntoViewIfNeeded();
		await source.hover();
		await page.mouse.down();
		const box = await drop.boundingBox();
		assert.ok(box, `the parameter ${parameter} is not on the page`);
		// In steps, as a hand moves: n8n starts a drag only after the pointer has moved.
		await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
		await page.mouse.up();
		try {
			const shown = drop.getByText(/\{\{.*\}\}/).first();
			await shown.waitFor();
			const text = (await shown.innerText()).trim();
			// The editor keeps its focus after a drop, its preview open over the parameter below it,
			// until a click elsewhere: a user's next click closes it.
			await page.evaluate(() => document.activeElement?.blur());
			await ndv.getByText('Tip:').waitFor({ state: 'hidden' });
			return text;
		} catch (error) {
			const html = await drop.evaluate((el) => el.parentElement?.outerHTML ?? '').catch(() => '');
			error.message += `\nafter dropping "${name}" on ${parameter}: ${html.slice(0, 3000)}`;
			throw error;
		}
	}

	/** Runs the open node ("Execute step") and waits for its output panel to show `text`. */
	async function runStep(text) {
		await ndv.getByTestId('node-execute-button').click();
		const panel = ndv.getByTestId('output-panel');
		try {
			// A step's run on a busy machine can outlast a page action: four of the page's waits.
			await panel
				.getByText(text)
				.first()
				.waitFor({ timeout: patience(4 * 30000) });
		} catch (error) {
			const shown = await panel.innerText().catch(() => '');
			error.message += `\nthe output panel shows: ${shown.slice(0, 2000)}`;
			throw error;
		}
	}

	return { ndv, openNode, closeNode, inputField, dragField, runStep };
}

module.exports = { dragHelpers, prepare };
