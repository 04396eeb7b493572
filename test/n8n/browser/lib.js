'use strict';
// What the browser tests share: Debian's chromium (installed by
// scripts/n8n/ensure-chromium.sh), a headless persistent context driven by
// playwright-core, signing in to n8n, and checks that leave a screenshot when
// they fail.

const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { waitFor } = require('../../support/checks');
const { patience } = require('../../../scripts/n8n/n8n');

const ROOT = path.resolve(__dirname, '../../..');
const CHROMIUM_FLAGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

/** A check that chromium is there (installing Debian's package when missing); its path, or undefined. */
async function ensureChromium(check, name) {
	let chromiumPath;
	const ok = await check(
		`${name}: Debian's chromium is available (scripts/n8n/ensure-chromium.sh)`,
		() => {
			const r = spawnSync('bash', [path.join(ROOT, 'scripts/n8n/ensure-chromium.sh')], {
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'inherit'],
			});
			assert.equal(r.status, 0, 'chromium could not be installed');
			chromiumPath = r.stdout.trim().split('\n').pop();
		},
		{ timeoutMs: 600000 },
	);
	return ok ? chromiumPath : undefined;
}

/** A headless chromium with a fresh profile; close() also removes the profile. */
async function openBrowser(chromiumPath) {
	const { chromium, selectors } = require('playwright-core');
	selectors.setTestIdAttribute('data-test-id');
	const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faxplus-chromium-'));
	let context;
	try {
		context = await chromium.launchPersistentContext(userDataDir, {
			executablePath: chromiumPath,
			headless: true,
			args: CHROMIUM_FLAGS,
			viewport: { width: 1440, height: 900 },
		});
	} catch (error) {
		fs.rmSync(userDataDir, { recursive: true, force: true });
		throw error;
	}
	const page = context.pages()[0] ?? (await context.newPage());
	page.setDefaultTimeout(patience(30000));
	return {
		context,
		page,
		async close() {
			await context.close().catch(() => {});
			fs.rmSync(userDataDir, { recursive: true, force: true });
		},
	};
}

/**
 * The deadline of every later wait on a page whose editor first loaded in `firstLoadMs`: a busy
 * machine that loads the editor (or starts n8n) slowly runs everything after it slowly too, in
 * proportion.
 */
const pageDeadline = (firstLoadMs) => Math.max(patience(30000), 4 * firstLoadMs);

/** Waits until the page's CSS animations and transitions (a panel opening, a toast leaving) have ended. */
async function animationsDone(page) {
	await page.waitForFunction(() =>
		document.getAnimations().every((animation) => animation.playState !== 'running'),
	);
}

/**
 * Signs in to n8n through its sign-in form, as the owner. It first waits for n8n to serve the
 * editor, then loads it with no deadline but the calling check's own (a cold browser parses
 * megabytes of JavaScript), and sets the page's deadline from how long that took.
 */
async function signIn(page, n8n) {
	await waitFor(
		async () => {
			const res = await fetch(`${n8n.url}/signin`).catch(() => undefined);
			// While it migrates, n8n answers every path with a plain "starting up" page.
			return res?.ok && /<script/i.test(await res.text());
		},
		"n8n's editor to be served",
		300000,
	);
	const t0 = Date.now();
	await page.goto(`${n8n.url}/signin`, { timeout: 0 });
	await page.getByLabel('Email').waitFor({ timeout: 0 });
	const deadline = pageDeadline(Date.now() - t0);
	// On the context too: a popup (OAuth2's) is a page of its own.
	page.context().setDefaultTimeout(deadline);
	page.setDefaultTimeout(deadline);
	await page.getByLabel('Email').fill(n8n.login.email);
	await page.getByLabel('Password').fill(n8n.login.password);
	await page.getByRole('button', { name: 'Sign in' }).click();
	await page.waitForURL((u) => !u.pathname.startsWith('/signin'));
}

/** `check`, but a failure leaves a screenshot of the page in test-results/browser/. */
function checkWithScreenshot(check, page) {
	return (name, fn, opts) =>
		check(
			name,
			async () => {
				try {
					await fn();
				} catch (error) {
					const dir = path.join(ROOT, 'test-results', 'browser');
					fs.mkdirSync(dir, { recursive: true });
					const file = path.join(dir, `${name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80)}.png`);
					await page.screenshot({ path: file }).catch(() => {});
					error.message += `\n(screenshot: ${path.relative(ROOT, file)})`;
					throw error;
				}
			},
			opts,
		);
}

module.exports = {
	ROOT,
	ensureChromium,
	openBrowser,
	signIn,
	checkWithScreenshot,
	animationsDone,
	patience,
};
