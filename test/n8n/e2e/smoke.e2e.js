'use strict';
// n8n loaded the package under its real name, as a user who installed it gets it.
const assert = require('node:assert/strict');

module.exports = async function smoke(t) {
	const { check, n8n, server } = t;
	let types = [];
	await check(
		'smoke: n8n lists the node types n8n-nodes-faxplus.faxPlus and .faxPlusTrigger',
		async () => {
			types = await n8n.nodeTypes();
			const names = types.map((n) => n.name);
			assert.ok(
				names.includes('n8n-nodes-faxplus.faxPlus'),
				`faxPlus missing; faxplus types: ${names.filter((n) => /fax/i.test(n))}`,
			);
			assert.ok(names.includes('n8n-nodes-faxplus.faxPlusTrigger'), 'faxPlusTrigger missing');
		},
	);
	await check('smoke: the node descriptions carry an icon and credentials', async () => {
		const action = types.find((n) => n.name === 'n8n-nodes-faxplus.faxPlus');
		const trigger = types.find((n) => n.name === 'n8n-nodes-faxplus.faxPlusTrigger');
		assert.ok(action && trigger);
		for (const node of [action, trigger]) {
			assert.ok(node.icon || node.iconUrl, `${node.name} has no icon`);
			const iconUrl = typeof node.iconUrl === 'string' ? node.iconUrl : node.iconUrl?.light;
			if (iconUrl) {
				const res = await fetch(`${n8n.url}/${iconUrl.replace(/^\//, '')}`);
				assert.equal(res.status, 200, `icon ${iconUrl} -> ${res.status}`);
				const body = await res.text();
				assert.match(body, /<svg/i, `icon ${iconUrl} is not an SVG`);
			}
		}
		const creds = action.credentials.map((c) => c.name).sort();
		assert.deepEqual(creds, ['faxPlusApi', 'faxPlusOAuth2Api']);
	});
	await check('smoke: n8n knows the three credential types', async () => {
		const res = await fetch(`${n8n.url}/types/credentials.json`, {
			headers: { Cookie: n8n.cookie },
		});
		const list = await res.json();
		const names = list.map((c) => c.name);
		for (const n of ['faxPlusApi', 'faxPlusOAuth2Api', 'faxPlusWebhookSecretApi'])
			assert.ok(names.includes(n), `${n} missing`);
	});
	await check(
		"smoke: n8n's credential test passes a personal access token Fax.Plus accepts and fails one it refuses",
		async () => {
			// Its words for a refused token: hostile.e2e.js.
			for (const [token, status] of [
				[server.tokens.pat, 'OK'],
				['alohi_pat_not-a-valid-token', 'Error'],
			]) {
				const data = { accessToken: token, baseUrl: server.baseUrl };
				const cred = await n8n.createCredential(`smoke ${status}`, 'faxPlusApi', data);
				const result = await n8n.testCredential(cred, data);
				assert.equal(result.status, status, result.message);
			}
		},
	);
};
// Both n8n lines: n8n 1.x loads the installed package its own way.
module.exports.n8nLines = [1, 2];
