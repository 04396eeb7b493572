'use strict';
// The floor any community trigger pays: a package whose Empty Trigger's webhook() passes the body on
// as one item and does nothing else. Its Recording Trigger does the same and, in execute(), passes
// each delivery on once by its webhook-id in n8n's processed-data store, as the Fax.Plus Trigger's
// guarantee needs: the floor any trigger pays that keeps "nothing twice" there. The bench writes the
// package into an n8n user folder (as n8n installs a community package:
// ~/.n8n/nodes/node_modules/n8n-nodes-…) before n8n starts.

const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { node, chain } = require('./workflows');

const PACKAGE = 'n8n-nodes-bench-empty';
const NODE_TYPES = { empty: `${PACKAGE}.emptyTrigger`, recording: `${PACKAGE}.recordingTrigger` };

const NODE_SOURCE = `'use strict';
class EmptyTrigger {
	constructor() {
		this.description = {
			displayName: 'Empty Trigger',
			name: 'emptyTrigger',
			group: ['trigger'],
			version: 1,
			description: 'Passes the body of a POST on as one item',
			defaults: { name: 'Empty Trigger' },
			inputs: [],
			outputs: ['main'],
			webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
			properties: [],
		};
	}
	async webhook() {
		return { workflowData: [[{ json: this.getBodyData() }]] };
	}
}
class RecordingTrigger {
	constructor() {
		this.description = {
			...new EmptyTrigger().description,
			displayName: 'Recording Trigger',
			name: 'recordingTrigger',
			description: 'Passes the body of a POST on once per webhook-id',
			defaults: { name: 'Recording Trigger' },
		};
	}
	async webhook() {
		const webhookId = this.getHeaderData()['webhook-id'];
		return { workflowData: [[{ json: { ...this.getBodyData(), webhookId } }]] };
	}
	// One check per delivery, in the trigger's own record at the Fax.Plus Trigger's default cap.
	async execute() {
		const passed = [];
		for (const item of this.getInputData()) {
			const { new: fresh } = await this.helpers.checkProcessedAndRecord(
				['id:' + item.json.webhookId],
				'node',
				{ mode: 'entries', maxEntries: 5000 },
			);
			if (fresh.length) passed.push(item);
		}
		return [passed];
	}
}
module.exports = { EmptyTrigger, RecordingTrigger };
`;

/**
 * Writes the package into `userFolder`'s community nodes (before n8n starts), listed in their
 * package.json as a folder, so the npm install of the package under test keeps it (npm removes
 * what package.json does not list): node_modules/n8n-nodes-bench-empty links to it.
 */
function writeEmptyTrigger(userFolder) {
	const nodesDir = path.join(userFolder, '.n8n/nodes');
	const dir = path.join(nodesDir, 'bench-empty');
	fs.mkdirSync(path.join(dir, 'dist'), { recursive: true });
	fs.writeFileSync(
		path.join(nodesDir, 'package.json'),
		JSON.stringify({
			name: 'installed-nodes',
			private: true,
			dependencies: { [PACKAGE]: 'file:./bench-empty' },
		}),
	);
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify({
			name: PACKAGE,
			version: '1.0.0',
			main: 'index.js',
			n8n: {
				n8nNodesApiVersion: 1,
				nodes: ['dist/EmptyTrigger.node.js', 'dist/RecordingTrigger.node.js'],
				credentials: [],
			},
		}),
	);
	fs.writeFileSync(path.join(dir, 'index.js'), '');
	// One module, listed twice: n8n finds each class by its file's name.
	for (const file of ['EmptyTrigger', 'RecordingTrigger'])
		fs.writeFileSync(path.join(dir, `dist/${file}.node.js`), NODE_SOURCE);
}

/** Empty (or Recording) Trigger → No Op, active; answers its id, URL and the check of an answer. */
async function emptyTriggerWorkflow(n8n, name, kind = 'empty') {
	const webhookId = crypto.randomUUID();
	const wf = await n8n.importWorkflow({
		name,
		nodes: [
			node('Empty Trigger', NODE_TYPES[kind], 1, {}, { webhookId }),
			node('Done', 'n8n-nodes-base.noOp', 1, {}),
		],
		connections: chain('Empty Trigger', 'Done'),
	});
	await n8n.activate(wf.id);
	await n8n.waitForWebhook(`${webhookId}/webhook`);
	return {
		id: wf.id,
		url: n8n.webhookUrl(`${webhookId}/webhook`),
		// n8n answers such a node with the text of its default response data ("firstEntryJson").
		check: (r) => r.status === 200,
	};
}

module.exports = { writeEmptyTrigger, emptyTriggerWorkflow };
