'use strict';
// The nodes in n8n's editor, as a user sees them: Debian's chromium driven by
// playwright-core logs into the real n8n of the e2e suite, opens a workflow,
// adds Fax.Plus from the node panel, picks every resource and operation, and
// checks that the parameters, the credential choice and the icon render, with
// no error in the page. It saves screenshots of the node panel, the node and
// the trigger to test-results/screenshots/ (README's pictures come from
// `npm run screenshots`).
//
// Run by test/n8n/e2e/run.js as one more check file; alone:
//   npm run test:e2e -- (with E2E_ONLY=browser)   or   node test/n8n/browser/editor.test.js
// Environment: CHROMIUM_PATH (default /usr/bin/chromium; installed with apt by
// scripts/n8n/ensure-chromium.sh when missing), E2E_SCREENSHOT_DIR (default test-results/screenshots).

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const {
	ensureChromium,
	openBrowser,
	signIn,
	checkWithScreenshot,
	animationsDone,
	patience,
} = require('./lib');
const { waitFor } = require('../../support/checks');

const ROOT = path.resolve(__dirname, '../../..');
const ACTION = 'n8n-nodes-faxplus.faxPlus';
const TRIGGER = 'n8n-nodes-faxplus.faxPlusTrigger';
const SCREENSHOTS = path.resolve(
	ROOT,
	process.env.E2E_SCREENSHOT_DIR || 'test-results/screenshots',
);
// Parameters n8n shows elsewhere than as a parameter of its own.
const NOT_A_PARAMETER_ROW = new Set(['authentication']);

/** Whether a parameter of the description is shown for these values (show/hide of displayOptions). */
function shownFor(prop, values) {
	const d = prop.displayOptions;
	if (!d) return true;
	const valueOf = (key) => values[key.replace(/^\//, '')];
	for (const [key, allowed] of Object.entries(d.show ?? {})) {
		if (!allowed.includes(valueOf(key))) return false;
	}
	for (const [key, denied] of Object.entries(d.hide ?? {})) {
		if (denied.includes(valueOf(key))) return false;
	}
	return true;
}

/**
 * The values of a new node set to a resource and operation, as n8n gives them: where several
 * properties share a name (Wait for Result: off on Get OCR, on on Extract Text and Fields), the
 * default of the one shown for the values so far; repeated until nothing more is shown.
 */
function defaultValues(description, resource, operation) {
	const values = { resource, operation };
	for (let added = true; added;) {
		added = false;
		for (const p of description.properties) {
			if (p.name in values || !shownFor(p, values)) continue;
			values[p.name] = p.default;
			added = true;
		}
	}
	return values;
}

/** Top-level parameters (name → prop) the editor should show for a resource and operation. */
function expectedParameters(description, resource, operation) {
	const values = defaultValues(description, resource, operation);
	const expected = new Map();
	for (const p of description.properties) {
		if (p.type === 'hidden' || NOT_A_PARAMETER_ROW.has(p.name)) continue;
		if (p.name === 'operation' && !shownFor(p, values)) continue;
		if (shownFor(p, values)) expected.set(p.name, p);
	}
	return expected;
}

function operationsOf(description, resource) {
	const op = description.properties.find(
		(p) => p.name === 'operation' && shownFor(p, { resource }),
	);
	return (op?.options ?? []).filter((o) => !String(o.value).startsWith('__'));
}

module.exports = async function browser(t) {
	const { check, n8n, server, ctx } = t;
	const chromiumPath = await ensureChromium(check, 'browser');
	if (!chromiumPath) return;

	fs.mkdirSync(SCREENSHOTS, { recursive: true });

	const types = await n8n.nodeTypes();
	const action = types.find((n) => n.name === ACTION);
	const trigger = types.find((n) => n.name === TRIGGER);
	const pat =
		ctx.patCredential ??
		(await n8n.createCredential('Fax.Plus PAT (e2e)', 'faxPlusApi', {
			accessToken: server.tokens.pat,
			baseUrl: server.baseUrl,
		}));
	const secretCred = await n8n.createCredential(
		'Fax.Plus signing secret (browser)',
		'faxPlusWebhookSecretApi',
		{
			secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
		},
	);
	const start = await n8n.importWorkflow({
		name: 'Browser test: Fax.Plus in the editor',
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

	const pageErrors = [];
	let browser;
	try {
		browser = await openBrowser(chromiumPath);
		const { page } = browser;
		page.on('pageerror', (e) => pageErrors.push(`pageerror: ${e.message}`));
		page.on('dialog', (d) => d.accept().catch(() => {}));
		page.on('response', (r) => {
			// 401 before login is how the editor finds out it must log in.
			if (
				r.status() >= 500 ||
				(r.status() >= 400 && r.status() !== 401 && r.url().startsWith(n8n.url))
			) {
				pageErrors.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
			}
		});
		const ndv = page.getByTestId('ndv');
		const creator = page.getByTestId('node-creator');
		const bcheck = checkWithScreenshot(check, page);

		const iconsLoaded = async (scope) =>
			scope.locator('img[src*="/icons/n8n-nodes-faxplus/"]').evaluateAll((imgs) =>
				imgs.map((img) => ({
					src: img.getAttribute('src'),
					ok: img.complete && img.naturalWidth > 0,
				})),
			);
		const assertIcon = async (scope, where) => {
			await scope.locator('img[src*="/icons/n8n-nodes-faxplus/"]').first().waitFor();
			const icons = await iconsLoaded(scope);
			assert.ok(icons.length > 0, `no Fax.Plus icon in ${where}`);
			assert.ok(
				icons.every((i) => i.ok),
				`an icon did not load in ${where}: ${JSON.stringify(icons)}`,
			);
		};
		const pick = async (param, label) => {
			await ndv.getByTestId(`parameter-input-${param}`).click();
			const option = page
				.locator('.el-select-dropdown__item:visible')
				.filter({ has: page.getByText(label, { exact: true }) });
			await option.first().click();
		};
		// n8n preselects one credential for a new node (the newest); the user chooses the
		// others in each slot's list, which must offer the credentials of its own type.
		const slotText = (i) =>
			ndv
				.getByTestId('node-credentials-slot')
				.nth(i)
				.evaluate((el) =>
					[el.innerText, ...[...el.querySelectorAll('input')].map((x) => x.value)].join(' '),
				);
		/** Waits until n8n has preselected a credential in the first slot (the newest of its type). */
		const preselected = () =>
			waitFor(
				async () => (await slotText(0)).trim() !== '',
				'a preselected credential',
				3000,
			).catch(() => {});
		const choose = async (i, name) => {
			if ((await slotText(i)).includes(name)) return;
			const input = ndv.getByTestId('node-credentials-slot').nth(i).locator('input').first();
			const options = page.locator('.el-select-dropdown__item:visible');
			// On an empty required slot n8n's first click only marks it (the slot re-renders);
			// its list opens on the next, as for a user (a busy machine may need one more).
			for (let k = 0; k < 3 && !(await options.count()); k++) {
				await input.click();
				await options
					.first()
					.waitFor({ timeout: patience(10000) })
					.catch(() => {});
			}
			await options.first().waitFor();
			const offered = await options.allInnerTexts();
			// n8n 2.41 treats a credential without displayOptions.show as one of the node's
			// `authentication` choices and then offers those types in its slot instead.
			assert.ok(
				offered.some((o) => o.includes(name)),
				`credential slot ${i + 1} does not offer "${name}"; it offers: ${offered.map((o) => o.replace(/\s+/g, ' ')).join(' | ')}`,
			);
			await options.filter({ hasText: name }).first().click();
			await waitFor(
				async () => (await slotText(i)).includes(name),
				`"${name}" in slot ${i + 1}`,
				3000,
			).catch(() => {});
			assert.ok(
				(await slotText(i)).includes(name),
				`"${name}" is not chosen in slot ${i + 1}: ${await slotText(i)}`,
			);
		};
		const shownParameters = async () =>
			ndv
				.getByTestId('node-parameters')
				.locator('label[for]')
				.evaluateAll((labels) =>
					labels.filter((l) => l.offsetParent !== null).map((l) => l.getAttribute('for')),
				);

		await bcheck('browser: log in through the sign-in form', () => signIn(page, n8n));

		await bcheck('browser: the node panel finds Fax.Plus, with its icon and actions', async () => {
			await page.goto(`${n8n.url}/workflow/${start.id}`);
			await page.getByTestId('canvas-node').first().click();
			await page.getByTestId('node-creator-plus-button').click();
			await creator.waitFor();
			// Filled once the search bar is there: keys typed before it has focus are lost.
			await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
			const item = creator.getByText(action.displayName, { exact: true });
			await item.waitFor();
			await assertIcon(creator, 'the node panel search');
			// The entry of both nodes shows the trigger's text: what the action does, and the trigger.
			assert.ok(trigger.description.startsWith(action.description));
			await creator.getByText(trigger.description, { exact: true }).first().waitFor();
			await item.click();
			// The actions of the node: one per operation (n8n lists them by their `action` text).
			const expectedActions = [];
			for (const r of action.properties.find((p) => p.name === 'resource').options) {
				for (const o of operationsOf(action, r.value)) if (o.action) expectedActions.push(o.action);
			}
			// The panel renders a long list in steps: poll until every action is there.
			let missing = expectedActions;
			await waitFor(
				async () => {
					const shown = await creator.getByTestId('node-creator-item-name').allInnerTexts();
					missing = expectedActions.filter(
						(a) => !shown.some((x) => x.trim().toLowerCase() === a.toLowerCase()),
					);
					return missing.length === 0;
				},
				'every action in the node panel',
				10000,
			).catch(() => {});
			assert.deepEqual(missing, [], 'actions missing from the node panel');
			await assertIcon(creator, 'the actions list');
			await page.screenshot({ path: path.join(SCREENSHOTS, 'node-panel.png') });
		});

		await bcheck(
			'browser: adding an action opens Fax.Plus with resource, operation, credential and icon',
			async () => {
				const first = operationsOf(action, 'account')[0];
				await creator
					.getByTestId('node-creator-item-name')
					.filter({ hasText: first.action })
					.first()
					.click();
				await ndv.waitFor();
				await ndv.getByTestId('parameter-input-resource').waitFor();
				await ndv.getByTestId('parameter-input-operation').waitFor();
				await ndv.getByTestId('node-credentials-slot').first().waitFor();
				// The credential choice lists the instance's Fax.Plus credentials (PAT and OAuth2).
				await preselected(); // n8n's preselection lands before choosing by hand
				await choose(0, pat.name);
				await assertIcon(ndv, 'the node details header');
			},
		);

		await bcheck('browser: every resource and operation shows exactly its parameters', async () => {
			const problems = [];
			let combos = 0;
			for (const r of action.properties.find((p) => p.name === 'resource').options) {
				if (String(r.value).startsWith('__')) continue;
				await pick('resource', r.name);
				const operations = operationsOf(action, r.value);
				for (const o of operations) {
					// A list of one (Custom API Call's resource) is already set to it; its open list never settles.
					if (operations.length > 1) await pick('operation', o.name);
					combos++;
					const expected = expectedParameters(action, r.value, o.value);
					const expectedRows = [...expected.values()]
						.filter((p) => p.type !== 'notice')
						.map((p) => p.name);
					// Labels render after the operation switch; wait for the expected ones.
					for (const name of expectedRows) {
						await ndv
							.getByTestId('node-parameters')
							.locator(`label[for="${name}"]`)
							.first()
							.waitFor()
							.catch(() => {});
					}
					const shown = await shownParameters();
					const missing = expectedRows.filter((n) => !shown.includes(n));
					const extra = shown.filter((n) => !expected.has(n));
					for (const notice of [...expected.values()].filter((p) => p.type === 'notice')) {
						const text = notice.displayName.slice(0, 40);
						if (!(await ndv.getByText(text, { exact: false }).first().isVisible()))
							missing.push(`${notice.name} (notice)`);
					}
					if (missing.length || extra.length)
						problems.push(
							`${r.value}.${o.value}: missing ${missing.join(', ') || '-'}; unexpected ${extra.join(', ') || '-'}`,
						);
				}
			}
			assert.ok(combos > 0);
			assert.deepEqual(problems, []);
			// A parameter that never shows for any operation is a broken displayOptions.
			const everShown = new Set(['resource', 'operation']);
			for (const r of action.properties.find((p) => p.name === 'resource').options) {
				for (const o of operationsOf(action, r.value))
					for (const n of expectedParameters(action, r.value, o.value).keys()) everShown.add(n);
			}
			const orphans = action.properties
				.filter(
					(p) => p.type !== 'hidden' && !NOT_A_PARAMETER_ROW.has(p.name) && !everShown.has(p.name),
				)
				.filter(
					(p) =>
						!p.displayOptions?.show ||
						Object.keys(p.displayOptions.show).every((k) => ['resource', 'operation'].includes(k)),
				)
				.map((p) => `${p.name} ${JSON.stringify(p.displayOptions)}`);
			assert.deepEqual(orphans, [], 'parameters that no resource/operation shows');
			t.log(`${combos} resource/operation pairs checked in the editor`);
		});

		await bcheck(
			'browser: a fax picked "From list" runs the thumbnail operation, with its screenshot',
			async () => {
				await pick(
					'resource',
					action.properties
						.find((p) => p.name === 'resource')
						.options.find((o) => o.value === 'fax').name,
				);
				await pick(
					'operation',
					operationsOf(action, 'fax').find((o) => o.value === 'downloadThumbnail').name,
				);
				const faxLocator = ndv.getByTestId('parameter-input-faxId');
				// "From List" is the first mode: the list loads the account's faxes from the server.
				// The picker reads on (the editor asks for more) until a page brings nothing new, so
				// how many pages it reads is the pager's business; where each one goes is checked.
				const LIST = '/v3/accounts/self/faxes';
				const listed = server.requests.length;
				const listRequests = () => server.requests.slice(listed).filter((r) => r.path === LIST);
				await faxLocator.getByTestId('rlc-input').click();
				const fax1 = page.getByTestId('rlc-item').filter({ hasText: 'received from +4930123456' });
				await fax1.first().waitFor();
				const searched = server.requests.slice(listed).filter((r) => r.path.startsWith('/v3/'));
				assert.ok(searched.length > 0, 'the Fax list asked the server for nothing');
				assert.deepEqual(
					{ method: searched[0].method, path: searched[0].path, query: searched[0].query },
					{ method: 'GET', path: LIST, query: { limit: '50' } },
					'the Fax list starts with the newest page of the faxes of User "self"',
				);
				await fax1.first().click();
				const chosen = await faxLocator.getByTestId('rlc-input').inputValue();
				assert.match(
					chosen,
					/^2025-01-14 10:15 UTC · received from \+4930123456/,
					`the picked fax shows as "${chosen}"`,
				);
				await ndv
					.getByTestId('node-parameters')
					.locator('label[for="binaryPropertyName"]')
					.waitFor();
				// Run the node with the picked fax: the server must be asked for fax_1's thumbnail.
				const ran = server.requests.length;
				assert.deepEqual(
					server.requests
						.slice(listed, ran)
						.filter((r) => r.path.startsWith('/v3/') && r.path !== LIST)
						.map((r) => `${r.method} ${r.path}`),
					[],
					'picking a fax asked the server for something else than the fax list',
				);
				await ndv.getByTestId('node-execute-button').click();
				await ndv.getByText('fax_1.jpg').first().waitFor();
				// Besides the picker's further pages (checked below), the run asked for the thumbnail only.
				const calls = server.requests
					.slice(ran)
					.filter((r) => r.path.startsWith('/v3/') && r.path !== LIST);
				assert.deepEqual(
					calls.map((r) => `${r.method} ${r.path}`),
					['GET /v3/accounts/self/thumbnail/fax_1'],
				);
				// Every page the picker read: the fax list of User "self", with the chosen
				// credential, by no other query than the page's size and where it ends.
				const pages = listRequests();
				t.log(
					`the picker read ${pages.length} page(s): ${pages.map((r) => JSON.stringify(r.query)).join(' ')}`,
				);
				for (const r of pages) {
					assert.equal(r.method, 'GET', `${r.method} ${r.path}`);
					assert.equal(r.headers.authorization, `Bearer ${server.tokens.pat}`);
					assert.deepEqual(
						Object.keys(r.query).filter((key) => key !== 'limit' && key !== 'before'),
						[],
						`a page asked with ${JSON.stringify(r.query)}`,
					);
					assert.equal(r.query.limit, '50');
				}
				await page.evaluate(() => document.activeElement?.blur());
				await ndv
					.getByText('Tip:')
					.waitFor({ state: 'hidden' })
					.catch(() => {});
				// The "Node executed successfully" toast would cover the picture.
				await page
					.locator('.el-notification__closeBtn:visible')
					.first()
					.click({ timeout: patience(2000) })
					.catch(() => {});
				await page
					.locator('.el-notification:visible')
					.first()
					.waitFor({ state: 'hidden', timeout: patience(5000) })
					.catch(() => {});
				await page.screenshot({ path: path.join(SCREENSHOTS, 'fax-plus-node.png') });
				await ndv.getByTestId('ndv-close-button').click();
				await ndv.waitFor({ state: 'hidden' });
				const canvasNode = page
					.getByTestId('canvas-node')
					.filter({ has: page.locator('img[src*="/icons/n8n-nodes-faxplus/"]') })
					.first();
				await canvasNode.waitFor();
				await assertIcon(canvasNode, 'the canvas node');
			},
		);

		await bcheck(
			"browser: the trigger's panel renders its events, webhook URLs, credentials and icon",
			async () => {
				await page.goto(`${n8n.url}/workflow/new`);
				await page.getByTestId('canvas-plus-button').click();
				// Filled once the search bar is there: keys typed before it has focus are lost.
				await creator.getByTestId('node-creator-search-bar').fill('Fax.Plus');
				await creator.getByText(action.displayName, { exact: true }).click();
				// The trigger's actions: one per event ("On fax received", ...).
				// n8n names them from the event's words, its punctuation dropped.
				const words = (text) =>
					text
						.toLowerCase()
						.replace(/[^a-z0-9]+/g, ' ')
						.trim();
				const names = await creator.getByTestId('node-creator-item-name').allInnerTexts();
				const eventNames = trigger.properties
					.find((p) => p.name === 'events')
					.options.map((o) => words(o.name));
				for (const e of eventNames)
					assert.ok(
						names.some((n) => words(n).includes(e)),
						`no trigger action for "${e}" in ${names}`,
					);
				await creator
					.getByTestId('node-creator-item-name')
					.filter({ hasText: /fax received/i })
					.first()
					.click();
				await ndv.waitFor();
				await assertIcon(ndv, "the trigger's header");
				const shown = await shownParameters();
				for (const name of ['events', 'channels', 'options'])
					assert.ok(shown.includes(name), `${name} not shown (${shown})`);
				const notice = trigger.properties.find((p) => p.type === 'notice');
				if (notice)
					assert.ok(
						await ndv
							.getByText(notice.displayName.slice(0, 40), { exact: false })
							.first()
							.isVisible(),
						'the notice is not shown',
					);
				assert.equal(
					await ndv.getByTestId('node-credentials-slot').count(),
					2,
					'expected the API and the signing-secret credential slots',
				);
				let secretError;
				try {
					await preselected(); // n8n's preselection lands before choosing by hand
					await choose(0, pat.name);
					await choose(1, secretCred.name);
				} catch (error) {
					secretError = error;
				}
				await ndv.getByText('Webhook URLs').click();
				await ndv
					.getByText(/\/webhook(-test)?\/[0-9a-f-]+\/webhook/)
					.first()
					.waitFor();
				const production = ndv.getByText('Production URL', { exact: true });
				if (await production.count()) {
					await production.first().click();
					await ndv
						.getByText(new RegExp(`^${n8n.url.replace(/[.]/g, '\\.')}/webhook/[0-9a-f-]+/webhook$`))
						.first()
						.waitFor();
				}
				await animationsDone(page);
				await page.screenshot({ path: path.join(SCREENSHOTS, 'fax-plus-trigger.png') });
				if (secretError) throw secretError;
			},
		);

		await bcheck('browser: no error in the page or the API while editing', async () => {
			assert.deepEqual(pageErrors, []);
		});
	} finally {
		if (browser) await browser.close();
	}
};

if (require.main === module) {
	// Alone: the e2e runner with only this file.
	const r = spawnSync(process.execPath, [path.join(ROOT, 'test/n8n/e2e/run.js')], {
		stdio: 'inherit',
		env: { ...process.env, E2E_ONLY: 'browser' },
	});
	process.exit(r.status ?? 1);
}
