'use strict';
// Every picture of README.md and docs/ (scripts/n8n/pictures.js lists them), made from the current
// build and examples in one command:
//   npm run screenshots            (SCREENSHOTS_SKIP_BUILD=1 to use dist/ as it is)
// Builds the package, starts the local Fax.Plus server and the pinned n8n (as the e2e suite does),
// opens n8n's editor in headless Chromium (scripts/n8n/ensure-chromium.sh), takes each picture into
// docs/screenshots/, and writes docs/screenshots/manifest.json: a hash of each thing a picture shows,
// which a unit test compares with the sources. Stops everything at the end, also on failure.
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const {
	COMMAND,
	MANIFEST,
	PICTURES,
	ROOT,
	SCREENSHOTS,
	descriptionsFrom,
	inputsOf,
	sha256,
} = require('./pictures');
const { startN8n } = require('./n8n');
const { openBrowser, signIn } = require(path.join(ROOT, 'test/n8n/browser/lib'));
const { startFaxPlusServer } = require(path.join(ROOT, 'test/server'));

const run = (command, args) => {
	const result = spawnSync(command, args, {
		cwd: ROOT,
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
	return result.stdout;
};

const node = (name, type, parameters, extra = {}) => ({
	id: crypto.randomUUID(),
	name,
	type,
	typeVersion: 1,
	position: [0, 0],
	parameters,
	...extra,
});

/** Waits until the editor's canvas shows a workflow's nodes, and fits them in the window. */
async function showCanvas(page, url, nodes) {
	await page.goto(url);
	const shown = page.getByTestId('canvas-node');
	await shown.first().waitFor();
	for (let i = 0; i < 100 && (await shown.count()) < nodes; i++) await page.waitForTimeout(100);
	// "Zoom to fit" (the canvas's 1 key), once the canvas has its size.
	await page.waitForTimeout(800);
	await shown.first().hover();
	await page.keyboard.press('1');
	// One step back, so the canvas's buttons cover no node.
	await page.keyboard.press('-');
	await page.waitForTimeout(800);
	// Away from every node, so no node shows its hover toolbar.
	await page.mouse.move(720, 40);
	await page.waitForTimeout(500);
}

/** Closes n8n's toasts, which would cover the picture. */
async function closeToasts(page) {
	for (const button of await page.locator('.el-notification__closeBtn:visible').all())
		await button.click().catch(() => {});
	await page.waitForTimeout(300);
}

async function main() {
	if (process.env.SCREENSHOTS_SKIP_BUILD !== '1') run('npm', ['run', 'build']);
	const chromiumPath = run('bash', [path.join(ROOT, 'scripts/n8n/ensure-chromium.sh')])
		.trim()
		.split('\n')
		.pop();
	const out = path.join(ROOT, SCREENSHOTS);
	fs.mkdirSync(out, { recursive: true });

	const stops = [];
	try {
		const server = await startFaxPlusServer({ port: 0 });
		stops.push(() => server.close());
		const n8n = await startN8n();
		stops.push(() => n8n.stop());
		const credentials = {
			faxPlusApi: await n8n.createCredential('Fax.Plus API', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			}),
			faxPlusWebhookSecretApi: await n8n.createCredential(
				'Fax.Plus Webhook Signing Secret',
				'faxPlusWebhookSecretApi',
				{ secret: `whsec_${crypto.randomBytes(24).toString('base64')}` },
			),
			httpHeaderAuth: await n8n.createCredential('Header Auth account', 'httpHeaderAuth', {
				name: 'Authorization',
				value: `Bearer ${crypto.randomBytes(24).toString('base64url')}`,
			}),
			openAiApi: await n8n.createCredential('OpenAI account', 'openAiApi', {
				apiKey: 'sk-none',
				url: 'http://127.0.0.1:9/v1',
			}),
			smtp: await n8n.createCredential('SMTP account', 'smtp', {
				host: '127.0.0.1',
				port: 9,
				secure: false,
				user: '',
				password: '',
			}),
		};
		// The credential each node type needs when an example ships its node without one.
		const needs = {
			'n8n-nodes-faxplus.faxPlusTool': 'faxPlusApi',
			'@n8n/n8n-nodes-langchain.lmChatOpenAi': 'openAiApi',
			'n8n-nodes-base.emailSendHitlTool': 'smtp',
		};
		/** A workflow as a user has it after importing it and following docs/examples.md's after-import steps. */
		const imported = async (workflow) => {
			for (const n of workflow.nodes) {
				if (needs[n.type]) n.credentials = { [needs[n.type]]: {}, ...n.credentials };
				for (const type of Object.keys(n.credentials ?? {}))
					if (credentials[type])
						n.credentials[type] = { id: credentials[type].id, name: credentials[type].name };
				// Send's From: one of the user's numbers.
				if (n.parameters?.operation === 'send' && !n.parameters.from?.value)
					n.parameters.from = { __rl: true, mode: 'id', value: '+15551230001' };
			}
			return await n8n.importWorkflow(workflow);
		};
		const browser = await openBrowser(chromiumPath);
		stops.push(() => browser.close());
		const { page } = browser;
		// A busy machine renders the editor slowly: wait for it, rather than fail.
		page.setDefaultTimeout(120000);
		await signIn(page, n8n);

		const shots = {
			/** The node panel searching "Fax.Plus", with the node's actions. */
			async nodePanel() {
				await page.setViewportSize({ width: 1440, height: 900 });
				const start = await imported({
					name: 'Fax.Plus in the node panel',
					nodes: [node('Start', 'n8n-nodes-base.manualTrigger', {})],
					connections: {},
				});
				await page.goto(`${n8n.url}/workflow/${start.id}`);
				await page.getByTestId('canvas-node').first().click();
				await page.getByTestId('node-creator-plus-button').click();
				const creator = page.getByTestId('node-creator');
				await creator.waitFor();
				// Filled once the search bar is there: keys typed before it has focus are lost.
				await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
				await creator.getByText('Fax.Plus', { exact: true }).first().click();
				await creator.getByTestId('node-creator-item-name').nth(8).waitFor();
				await page.waitForTimeout(800);
			},
			/** Fax → Extract Text and Fields run on a received fax: its parameters and its output. */
			async node(picture) {
				await page.setViewportSize({ width: 1440, height: 900 });
				const workflow = await imported({
					name: 'Fax.Plus: the text and fields of a fax',
					nodes: [
						node('Start', 'n8n-nodes-base.manualTrigger', {}),
						{
							...node('Fax.Plus', 'n8n-nodes-faxplus.faxPlus', { ...picture.node.parameters }),
							position: [240, 0],
							credentials: { faxPlusApi: {} },
						},
					],
					connections: { Start: { main: [[{ node: 'Fax.Plus', type: 'main', index: 0 }]] } },
				});
				await showCanvas(page, `${n8n.url}/workflow/${workflow.id}`, 2);
				await page.getByTestId('canvas-node').filter({ hasText: 'Fax.Plus' }).dblclick();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				await ndv.getByTestId('node-execute-button').click();
				await ndv.getByText('INVOICE INV-2025-0042').first().waitFor({ timeout: 60000 });
				await page.evaluate(() => document.activeElement?.blur());
				await closeToasts(page);
			},
			/** The trigger's panel: events, Production URL, both credentials. */
			async trigger(picture) {
				await page.setViewportSize({ width: 1440, height: 900 });
				const workflow = await imported({
					name: 'Fax.Plus Trigger',
					nodes: [
						node(
							'Fax.Plus Trigger',
							'n8n-nodes-faxplus.faxPlusTrigger',
							{ ...picture.node.parameters },
							{
								webhookId: crypto.randomUUID(),
								credentials: { faxPlusApi: {}, faxPlusWebhookSecretApi: {} },
							},
						),
					],
					connections: {},
				});
				await showCanvas(page, `${n8n.url}/workflow/${workflow.id}`, 1);
				await page.getByTestId('canvas-node').first().dblclick();
				const ndv = page.getByTestId('ndv');
				await ndv.waitFor();
				await ndv.getByText('Webhook URLs').click();
				const production = ndv.getByText('Production URL', { exact: true });
				if (await production.count()) await production.first().click();
				await page.waitForTimeout(800);
				await closeToasts(page);
			},
			/** An example on the canvas, as imported (not published). */
			async example(picture) {
				// The workflows are wide and low: a lower window leaves less empty canvas.
				await page.setViewportSize({ width: 1440, height: 760 });
				const workflow = JSON.parse(
					fs.readFileSync(path.join(ROOT, 'examples', picture.example), 'utf8'),
				);
				const shown = await imported(workflow);
				const nodes = workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote');
				await showCanvas(page, `${n8n.url}/workflow/${shown.id}`, nodes.length);
				await closeToasts(page);
			},
		};

		const manifest = { command: COMMAND, pictures: {} };
		const descriptions = descriptionsFrom(path.join(ROOT, 'dist'));
		for (const picture of PICTURES) {
			await shots[picture.shot](picture);
			const target = path.join(out, picture.file);
			await page.screenshot({ path: target });
			await page.keyboard.press('Escape').catch(() => {});
			const { sources, inputs } = inputsOf(picture, { descriptions });
			manifest.pictures[picture.file] = {
				madeFrom: sources,
				inputs,
				png: sha256(fs.readFileSync(target)),
			};
			console.log(`saved ${path.relative(ROOT, target)}`);
		}
		fs.writeFileSync(path.join(ROOT, MANIFEST), `${JSON.stringify(manifest, null, '\t')}\n`);
		console.log(`wrote ${MANIFEST}`);
	} finally {
		for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => {});
	}
}

main().catch((error) => {
	console.error(`screenshots: ${error.stack ?? error}`);
	process.exit(1);
});
