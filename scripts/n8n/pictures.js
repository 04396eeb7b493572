'use strict';
// The pictures of README.md and docs/ (docs/screenshots/*.png): what each shows and what it is made
// from (node descriptions, example workflows, the pinned n8n). `npm run screenshots` makes them all and
// writes docs/screenshots/manifest.json with a hash of those inputs per picture; a unit test
// (test/scripts/n8n/pictures.test.ts) recomputes the hashes and fails when a picture falls behind.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const SCREENSHOTS = 'docs/screenshots';
const MANIFEST = `${SCREENSHOTS}/manifest.json`;
const COMMAND = 'npm run screenshots';
const PACKAGE = 'n8n-nodes-faxplus';

/** The package's nodes: where each node class is (without extension) and its class name. */
const NODES = {
	faxPlus: ['nodes/FaxPlus/FaxPlus.node', 'FaxPlus'],
	faxPlusTrigger: ['nodes/FaxPlusTrigger/FaxPlusTrigger.node', 'FaxPlusTrigger'],
	faxPlusPollTrigger: ['nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node', 'FaxPlusPollTrigger'],
};

/**
 * Every picture: `shot` names how `npm run screenshots` takes it; `nodes` and `example` what it is
 * made from (an example's own package nodes count too).
 */
const PICTURES = [
	{ file: 'node-panel.png', shot: 'nodePanel', nodes: ['faxPlus', 'faxPlusTrigger'] },
	{ file: 'fax-plus-node.png', shot: 'node', nodes: ['faxPlus'] },
	{ file: 'fax-plus-trigger.png', shot: 'trigger', nodes: ['faxPlusTrigger'] },
	{ file: 'example-fax-intake-to-data-table.png', example: 'fax-intake-to-data-table.json' },
	{ file: 'example-fax-received-to-disk.png', example: 'fax-received-to-disk.json' },
	{ file: 'example-poll-fax-received-to-disk.png', example: 'poll-fax-received-to-disk.json' },
	{ file: 'example-send-fax-report-status.png', example: 'send-fax-report-status.json' },
	{ file: 'ai-agent-workflow.png', example: 'ai-agent-fax-assistant.json' },
	{ file: 'mcp-workflow.png', example: 'mcp-fax-tools.json' },
].map((picture) => ({ shot: 'example', nodes: [], ...picture }));

const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

/** The package nodes an example uses (a `…Tool` node is its node run as a tool). */
function nodesOfExample(file, root = ROOT) {
	const workflow = JSON.parse(fs.readFileSync(path.join(root, 'examples', file), 'utf8'));
	const names = new Set();
	for (const node of workflow.nodes)
		if (node.type.startsWith(`${PACKAGE}.`))
			names.add(node.type.slice(PACKAGE.length + 1).replace(/Tool$/, ''));
	return [...names].sort();
}

/** A node's description from `root` (the sources under jest, dist/ after a build). */
function descriptionOf(name, root) {
	const [file, className] = NODES[name];
	const NodeClass = require(path.join(root, file))[className];
	return new NodeClass().description;
}

/**
 * What a picture is made from, each with its hash: the pinned n8n, its nodes' descriptions (from
 * `nodesRoot`), its example file. `inputs` hashes them all.
 */
function inputsOf(picture, { nodesRoot, root = ROOT }) {
	const sources = { n8n: fs.readFileSync(path.join(root, 'scripts/n8n/VERSION'), 'utf8').trim() };
	const nodes = new Set(picture.nodes);
	if (picture.example) {
		for (const name of nodesOfExample(picture.example, root)) nodes.add(name);
		sources[`examples/${picture.example}`] = sha256(
			fs.readFileSync(path.join(root, 'examples', picture.example)),
		);
	}
	for (const name of [...nodes].sort())
		sources[`${name} description`] = sha256(JSON.stringify(descriptionOf(name, nodesRoot)));
	return { sources, inputs: sha256(JSON.stringify(sources)) };
}

module.exports = {
	COMMAND,
	MANIFEST,
	PICTURES,
	ROOT,
	SCREENSHOTS,
	inputsOf,
	nodesOfExample,
	sha256,
};
