// Which Fax.Plus triggers share the workflow's record: those whose outputs meet in a node, as
// n8n-core's real execute context reads the workflow's connections.
import { ExecuteContext } from 'n8n-core';
import {
	Workflow,
	type IConnections,
	type INode,
	type INodeExecutionData,
	type INodeType,
} from 'n8n-workflow';
import { isPaired } from '../../../../nodes/shared/triggers/recordOnce';
import { TestNodeTypes, testAdditionalData } from '../../../support/n8n-harness';
import {
	PAIRED_POLL_TRIGGER_TYPE,
	PAIRED_TRIGGER_TYPE,
	pairedNodeTypes,
} from '../../../support/paired-workflow';

/** n8n's Webhook node as far as these tests need it: a trigger that is not a Fax.Plus one. */
const webhook: INodeType = {
	description: {
		displayName: 'Webhook',
		name: 'webhook',
		group: ['trigger'],
		version: 1,
		description: 'n8n Webhook',
		defaults: { name: 'Webhook' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	},
	async execute(): Promise<INodeExecutionData[][]> {
		return [[]];
	},
};

function node(name: string, type: string, extra: Partial<INode> = {}): INode {
	return { id: name, name, type, typeVersion: 1, position: [0, 0], parameters: {}, ...extra };
}

/** Connections from [from, to] pairs. */
function connect(...edges: Array<[string, string]>): IConnections {
	const connections: IConnections = {};
	for (const [from, to] of edges) {
		connections[from] ??= { main: [[]] };
		connections[from].main[0]!.push({ node: to, type: 'main', index: 0 });
	}
	return connections;
}

function sharesIn(
	nodes: INode[],
	connections: IConnections,
	self: string,
): ReturnType<typeof isPaired> {
	const workflow = new Workflow({
		id: 'wf',
		nodes,
		connections,
		active: true,
		nodeTypes: new TestNodeTypes({ ...pairedNodeTypes(), 'n8n-nodes-base.webhook': webhook }),
	});
	const context = new ExecuteContext(
		workflow,
		workflow.getNode(self)!,
		testAdditionalData(undefined),
		'webhook',
		{ resultData: { runData: {} } } as never,
		0,
		[],
		{ main: [[]] },
		{ node: workflow.getNode(self)!, data: { main: [[]] }, source: null },
		[],
	);
	return isPaired(context);
}

const TRIGGER = node('Fax.Plus Trigger', PAIRED_TRIGGER_TYPE);
const POLL = node('Fax.Plus Polling Trigger', PAIRED_POLL_TRIGGER_TYPE);
const A = node('A', 'n8n-nodes-base.noOp');
const B = node('B', 'n8n-nodes-base.noOp');

describe('recordOnce → which triggers share the workflow record', () => {
	it('both triggers feeding one node share it, seen from either', () => {
		const edges = connect([TRIGGER.name, A.name], [POLL.name, A.name]);
		expect(sharesIn([TRIGGER, POLL, A], edges, TRIGGER.name)).toBe(true);
		expect(sharesIn([TRIGGER, POLL, A], edges, POLL.name)).toBe(true);
	});

	it('outputs that meet further on (the webhook trigger through a node of its own) share it', () => {
		const edges = connect([TRIGGER.name, A.name], [A.name, B.name], [POLL.name, B.name]);
		expect(sharesIn([TRIGGER, POLL, A, B], edges, TRIGGER.name)).toBe(true);
		expect(sharesIn([TRIGGER, POLL, A, B], edges, POLL.name)).toBe(true);
	});

	it('a trigger alone, triggers on separate branches, a disabled one, or another kind of trigger: each keeps only its own record', () => {
		expect(sharesIn([TRIGGER, A], connect([TRIGGER.name, A.name]), TRIGGER.name)).toBe(false);
		const apart = connect([TRIGGER.name, A.name], [POLL.name, B.name]);
		expect(sharesIn([TRIGGER, POLL, A, B], apart, TRIGGER.name)).toBe(false);
		const disabled = { ...POLL, disabled: true };
		const together = connect([TRIGGER.name, A.name], [POLL.name, A.name]);
		expect(sharesIn([TRIGGER, disabled, A], together, TRIGGER.name)).toBe(false);
		const other = node('Webhook', 'n8n-nodes-base.webhook');
		const beside = connect([TRIGGER.name, A.name], [other.name, A.name]);
		expect(sharesIn([TRIGGER, other, A], beside, TRIGGER.name)).toBe(false);
	});
});
