// A workflow with both Fax.Plus triggers feeding one next node ("never miss a fax"), for the
// trigger and poll harnesses: each harness runs its own trigger in it, and the other trigger
// is there as n8n has it in the workflow (its node, its connection), so a trigger's run finds
// it beside itself as it would in n8n.
import type { IConnections, INode, INodeExecutionData, INodeType } from 'n8n-workflow';
import { FaxPlusPollTrigger } from '../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';
import { FaxPlusTrigger } from '../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';

export const PAIRED_TRIGGER_TYPE = 'n8n-nodes-faxplus.faxPlusTrigger';
export const PAIRED_POLL_TRIGGER_TYPE = 'n8n-nodes-faxplus.faxPlusPollTrigger';
const NEXT_NODE = 'Next';
const NO_OP_TYPE = 'n8n-nodes-base.noOp';

/** n8n's No Operation node: passes its input on. */
const noOp: INodeType = {
	description: {
		displayName: 'No Operation',
		name: 'noOp',
		group: ['transform'],
		version: 1,
		description: 'Passes its input on',
		defaults: { name: 'No Operation' },
		inputs: ['main'],
		outputs: ['main'],
		properties: [],
	},
	async execute(): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	},
};

/** The node types a paired workflow needs beside the harness's own. */
export function pairedNodeTypes(): Record<string, INodeType> {
	return {
		[PAIRED_TRIGGER_TYPE]: new FaxPlusTrigger(),
		[PAIRED_POLL_TRIGGER_TYPE]: new FaxPlusPollTrigger(),
		[NO_OP_TYPE]: noOp,
	};
}

/** The harness's own trigger node, the other Fax.Plus trigger, and the node both feed. */
export function pairedWorkflow(own: INode): { nodes: INode[]; connections: IConnections } {
	const ownIsWebhook = own.type === PAIRED_TRIGGER_TYPE;
	const other: INode = ownIsWebhook
		? {
				id: 'faxplus-poll-trigger-node',
				name: 'Fax.Plus Polling Trigger',
				type: PAIRED_POLL_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 200],
				parameters: { events: ['fax_received', 'fax_sent'] },
			}
		: {
				id: 'faxplus-trigger-node',
				name: 'Fax.Plus Trigger',
				type: PAIRED_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 200],
				webhookId: '3f1c7a52-7c1e-4a57-9d0e-5b7c0f7a1e42',
				parameters: { events: ['fax_received', 'fax_sent'] },
			};
	const next: INode = {
		id: 'next-node',
		name: NEXT_NODE,
		type: NO_OP_TYPE,
		typeVersion: 1,
		position: [300, 100],
		parameters: {},
	};
	const toNext = { main: [[{ node: NEXT_NODE, type: 'main' as const, index: 0 }]] };
	return {
		nodes: [own, other, next],
		connections: { [own.name]: toNext, [other.name]: toNext },
	};
}
