'use strict';
// One assertion over a whole real-n8n run: no secret the suites used appears in any n8n log or
// saved execution (execution data holds every node's output).
//
// Secrets come from the local Fax.Plus server (every token, the OAuth client secret, every
// endpoint's signing secret and every legacy hook token it issued: server.issuedSecrets()),
// from every credential a suite saves through scripts/n8n/n8n.js (its secret fields), and from
// registerSecret(). Every n8n the suites start is scanned as it stops: its saved executions
// (public API) before it goes, its log file (everything it printed) after. check() then fails
// with each finding's kind and place, never the secret itself.
//
//   const secretScan = require('./secret-scan');
//   secretScan.watch(); secretScan.useServer(server);    // before the suites
//   ... suites run, every n8n is stopped ...
//   await check('secrets: ...', () => secretScan.assertClean());
const fs = require('node:fs');
const path = require('node:path');
const { observeN8n } = require('../../scripts/n8n/n8n.js');

/** Shorter values (a weak secret a test refuses, say) could match ordinary text. */
const MIN_LENGTH = 12;
/** Credential fields that hold a secret. */
const SECRET_FIELDS = ['accessToken', 'secret', 'clientSecret', 'password', 'apiKey', 'token'];

const registered = new Map();
const servers = [];
const findings = [];
const problems = [];
const logOffsets = new Map();
const totals = { logBytes: 0, logs: 0, executions: 0 };
let watching = false;

/** What kind of secret a value is, for a report that never shows it. */
function kindOf(value) {
	if (value.startsWith('alohi_pat_')) return 'a personal access token';
	if (value.startsWith('oauth_at_')) return 'an OAuth access token';
	if (value.startsWith('oauth_rt_')) return 'an OAuth refresh token';
	if (value.startsWith('whsec_')) return 'a signing secret';
	if (value.startsWith('local_secret_')) return 'the OAuth client secret';
	return undefined;
}

function registerSecret(value, label) {
	if (typeof value !== 'string' || value.trim().length < MIN_LENGTH) return;
	if (!registered.has(value)) registered.set(value, label ?? kindOf(value) ?? 'a secret');
}

/** The secret fields of a credential's data (and a connected OAuth2 credential's tokens). */
function registerCredentialData(data) {
	if (!data || typeof data !== 'object') return;
	for (const field of SECRET_FIELDS) registerSecret(data[field], `a credential's ${field}`);
	const tokens = data.oauthTokenData;
	if (tokens && typeof tokens === 'object') {
		registerSecret(tokens.access_token, 'an OAuth access token');
		registerSecret(tokens.refresh_token, 'an OAuth refresh token');
	}
}

function useServer(server) {
	if (server && !servers.includes(server)) servers.push(server);
}

/** Every secret known now, each with the forms it could be written in. */
function secretsNow() {
	for (const server of servers) {
		for (const value of server.issuedSecrets?.() ?? []) registerSecret(value);
	}
	return [...registered].map(([value, label]) => {
		const forms = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1)]);
		// A signing secret's key alone (what the HMAC uses) is as secret as the whole value.
		if (value.startsWith('whsec_')) forms.add(value.slice('whsec_'.length));
		return { label, forms: [...forms].filter((form) => form.length >= MIN_LENGTH) };
	});
}

/** The secrets found in a text: [{ label, at }] with `at` the character offset. */
function findSecrets(text, secrets = secretsNow()) {
	const found = [];
	for (const { label, forms } of secrets) {
		for (const form of forms) {
			const at = text.indexOf(form);
			if (at >= 0) {
				found.push({ label, at });
				break;
			}
		}
	}
	return found;
}

function record(text, where) {
	for (const { label, at } of findSecrets(text)) {
		const line = text.slice(0, at).split('\n').length;
		findings.push(`${label} in ${typeof where === 'function' ? where(line) : where}`);
	}
}

/** The part of an instance's log file not scanned yet. */
function scanLog(instance) {
	const file = path.join(instance.userFolder, 'n8n.log');
	if (!fs.existsSync(file)) return;
	const text = fs.readFileSync(file, 'utf8');
	const from = logOffsets.get(file) ?? 0;
	logOffsets.set(file, text.length);
	const added = text.slice(from);
	totals.logBytes += Buffer.byteLength(added);
	totals.logs++;
	const lineBefore = text.slice(0, from).split('\n').length - 1;
	record(
		added,
		(line) => `the log of n8n ${instance.command} ${instance.version} (line ${lineBefore + line})`,
	);
}

/** Every saved execution of a main instance, with its data, through the public API. */
async function scanExecutions(instance) {
	if (instance.command !== 'start' || !instance.apiKey) return;
	let cursor;
	do {
		const qs = new URLSearchParams({ includeData: 'true', limit: '50' });
		if (cursor) qs.set('cursor', cursor);
		const page = await instance.api('GET', `/executions?${qs}`);
		for (const execution of page.data ?? []) {
			totals.executions++;
			record(
				JSON.stringify(execution),
				`execution ${execution.id} (workflow ${execution.workflowId}) of n8n ${instance.version}`,
			);
		}
		cursor = page.nextCursor;
	} while (cursor);
}

/** Scans every n8n the suites start, as each one stops. */
function watch() {
	if (watching) return;
	watching = true;
	observeN8n({
		credential: registerCredentialData,
		async beforeStop(instance, { removing }) {
			if (!removing) return;
			await scanExecutions(instance).catch((error) =>
				problems.push(
					`the executions of n8n ${instance.version} at ${instance.url}: ${error.message}`,
				),
			);
		},
		stopped(instance) {
			try {
				scanLog(instance);
			} catch (error) {
				problems.push(`the log of n8n ${instance.version}: ${error.message}`);
			}
		},
	});
}

/** Fails with every finding (kind and place), or when something could not be scanned. */
function assertClean() {
	const secrets = secretsNow();
	const summary = `${totals.logs} n8n log(s), ${(totals.logBytes / 1048576).toFixed(1)} MB, and ${totals.executions} executions, against ${secrets.length} secrets`;
	if (totals.logs === 0)
		throw new Error('no n8n log was scanned: was secretScan.watch() called before n8n started?');
	if (findings.length > 0 || problems.length > 0)
		throw new Error(
			[
				`secrets found in ${summary}:`,
				...findings.map((finding) => `  ${finding}`),
				...problems.map((problem) => `  could not scan ${problem}`),
			].join('\n'),
		);
	return summary;
}

module.exports = { watch, useServer, registerSecret, findSecrets, assertClean, kindOf };
