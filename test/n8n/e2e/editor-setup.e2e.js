'use strict';
// What n8n's editor gets for the package's nodes beyond their parameters: the codex file
// (node panel category, search aliases, documentation links) and the trigger's message on
// publishing. Read from n8n's own node type list, as the editor reads it.
const assert = require('node:assert/strict');
const { ACTION, TRIGGER } = require('./lib');

const HOMEPAGE = require('../../../package.json').homepage;

module.exports = async function editorSetup(t) {
	const { check, n8n } = t;
	let types = [];
	await check(
		'editor set-up: n8n read both codex files (category, aliases, documentation links)',
		async () => {
			types = await n8n.nodeTypes();
			for (const name of [ACTION, TRIGGER]) {
				const { codex } = types.find((type) => type.name === name) ?? {};
				assert.ok(codex, `${name} has no codex`);
				assert.deepEqual(codex.categories, ['Communication'], name);
				for (const word of ['fax', 'efax', 'faxing', 'fax.plus'])
					assert.ok(codex.alias?.includes(word), `${name}: alias ${word} missing`);
				for (const kind of ['primaryDocumentation', 'credentialDocumentation']) {
					assert.match(
						codex.resources?.[kind]?.[0]?.url ?? '',
						new RegExp(`^${HOMEPAGE}#`),
						`${name}: ${kind}`,
					);
				}
			}
		},
	);
	await check(
		'editor set-up: the trigger asks, on publishing, for the signing secret',
		async () => {
			const trigger = types.find((type) => type.name === TRIGGER);
			assert.match(trigger?.activationMessage ?? '', /signing secret.*credential/);
		},
	);
};
// Both n8n lines: n8n 1.x reads the codex file of the installed package its own way.
module.exports.n8nLines = [1, 2];
