'use strict';
// Pictures of the example workflows (examples/*.json) in n8n's editor, for the README:
//   bash scripts/with-node.sh node scripts/n8n/screenshot-examples.js [output folder, default docs/screenshots]
// Starts the local Fax.Plus server and the pinned n8n (as the e2e suite does), imports each example with
// credentials selected, opens it in headless Chromium (scripts/n8n/ensure-chromium.sh) and saves
// example-<file>.png. Stops everything at the end, also on failure.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const { startN8n } = require('./n8n');
const { openBrowser, signIn } = require(path.join(ROOT, 'test/browser/lib'));
const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));

const EXAMPLES = [
	'fax-received-to-disk.json',
	'send-fax-report-status.json',
	'poll-fax-received-to-disk.json',
];

async function main() {
	const out = path.resolve(ROOT, process.argv[2] ?? 'docs/screenshots');
	fs.mkdirSync(out, { recursive: true });
	const chromium = spawnSync('bash', [path.join(ROOT, 'scripts/n8n/ensure-chromium.sh')], {
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (chromium.status !== 0) throw new Error('chromium could not be installed');
	const chromiumPath = chromium.stdout.trim().split('\n').pop();

	const stops = [];
	try {
		const server = await startFaxPlusServer({ port: 0 });
		stops.push(() => server.close());
		const n8n = await startN8n();
		stops.push(() => n8n.stop());
		const api = await n8n.createCredential('Fax.Plus API', 'faxPlusApi', {
			accessToken: server.tokens.pat,
			baseUrl: server.baseUrl,
		});
		const secret = await n8n.createCredential(
			'Fax.Plus Webhook Signing Secret',
			'faxPlusWebhookSecretApi',
			{ secret: 'whsec_c2NyZWVuc2hvdHM=' },
		);
		const browser = await openBrowser(chromiumPath);
		stops.push(() => browser.close());
		const { page } = browser;
		await signIn(page, n8n);
		// The workflows are wide and low: a lower window leaves less empty canvas.
		await page.setViewportSize({ width: 1440, height: 640 });
		for (const file of EXAMPLES) {
			const workflow = JSON.parse(fs.readFileSync(path.join(ROOT, 'examples', file), 'utf8'));
			for (const node of workflow.nodes) {
				if (node.credentials?.faxPlusApi)
					node.credentials.faxPlusApi = { id: api.id, name: api.name };
				if (node.credentials?.faxPlusWebhookSecretApi)
					node.credentials.faxPlusWebhookSecretApi = { id: secret.id, name: secret.name };
				if (node.name === 'Send Fax')
					node.parameters.from = { __rl: true, mode: 'id', value: '+15551230001' };
			}
			const imported = await n8n.importWorkflow(workflow);
			await page.goto(`${n8n.url}/workflow/${imported.id}`);
			await page.getByTestId('canvas-node').first().waitFor();
			// "Zoom to fit" (the canvas's 1 key), once the canvas has its size.
			await page.waitForTimeout(1000);
			await page.getByTestId('canvas-node').first().hover();
			await page.keyboard.press('1');
			await page.waitForTimeout(800);
			// Away from every node, so no node shows its hover toolbar.
			await page.mouse.move(720, 150);
			await page.waitForTimeout(600);
			const target = path.join(out, `example-${file.replace(/\.json$/, '')}.png`);
			await page.screenshot({ path: target });
			console.log(`saved ${path.relative(ROOT, target)}`);
		}
	} finally {
		for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
	}
}

main().catch((error) => {
	console.error(`screenshot-examples: ${error.stack ?? error}`);
	process.exit(1);
});
