// Whether the node runs as an AI tool, in the contexts n8n-core 2.41 builds: its answer
// (isToolExecution) where it says so, else the tool type n8n makes of the node.
import { ExecuteContext, SupplyDataContext } from 'n8n-core';
import {
	createRunExecutionData,
	displayParameter,
	NodeConnectionTypes,
	Workflow,
	type IExecuteFunctions,
	type INode,
	type INodeExecutionData,
	type NodeConnectionType,
} from 'n8n-workflow';
import { runsAsTool, TOOL_KEY } from '../../../../nodes/shared/n8n/executeContext';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import {
	FAX_PLUS_NODE_TYPE,
	FAX_PLUS_TOOL_NODE_TYPE,
	TestCredentialsHelper,
	TestNodeTypes,
	testAdditionalData,
} from '../../../support/n8n-harness';

const send = { resource: 'fax', operation: 'send', to: '+12025550100', fileSource: 'text' };

/** The context n8n-core gives the node: a workflow run's, or an ai_tool connection's. */
function contextOf(type: string, connection?: NodeConnectionType): IExecuteFunctions {
	const node: INode = {
		id: 'node',
		name: 'Fax.Plus',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: send,
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		nodeTypes: new TestNodeTypes(),
		active: false,
	});
	// n8n keys a context's input by its connection (createNodeAsTool's cloneWith for a tool).
	const items: INodeExecutionData[] = [{ json: {} }];
	const inputData = { [connection ?? NodeConnectionTypes.Main]: [items] };
	const args = [
		workflow,
		node,
		testAdditionalData(new TestCredentialsHelper({})),
		'trigger',
		createRunExecutionData(),
		0,
		items,
		inputData,
	] as const;
	const executeData = { node, data: inputData, source: null };
	return connection
		? (new SupplyDataContext(...args, connection, executeData, []) as unknown as IExecuteFunctions)
		: new ExecuteContext(...args, executeData, []);
}

describe('n8n/executeContext.ts: whether the node runs as an AI tool', () => {
	it("takes n8n's answer where it says so: the plain node in an ai_tool connection's context", () => {
		expect(runsAsTool(contextOf(FAX_PLUS_NODE_TYPE, NodeConnectionTypes.AiTool))).toBe(true);
		expect(runsAsTool(contextOf(FAX_PLUS_NODE_TYPE, NodeConnectionTypes.Main))).toBe(false);
	});

	it('takes the tool type where n8n answers false: its ExecuteContext, as for engine requests', () => {
		const tool = contextOf(FAX_PLUS_TOOL_NODE_TYPE);
		expect(tool.isToolExecution()).toBe(false);
		expect(runsAsTool(tool)).toBe(true);
		expect(runsAsTool(contextOf(FAX_PLUS_NODE_TYPE))).toBe(false);
	});

	it('refuses Send to an agent that drives the plain node, before any request', async () => {
		const context = contextOf(FAX_PLUS_NODE_TYPE, NodeConnectionTypes.AiTool);
		await expect(new FaxPlus().execute.call(context)).rejects.toThrow(
			/This tool may not send a fax for an AI agent/,
		);
	});
});

describe('n8n/executeContext.ts: the displayOptions key of the tool n8n makes of the node', () => {
	const types = new TestNodeTypes();
	const shownOnTool = {
		displayName: 'Shown on the tool',
		name: 'shownOnTool',
		type: 'boolean' as const,
		default: false,
		displayOptions: { show: { [TOOL_KEY]: [true] } },
	};
	const shown = (type: string) =>
		displayParameter(
			{},
			shownOnTool,
			{ typeVersion: 1 } as INode,
			types.getByNameAndVersion(type).description,
		);

	it("shows a parameter keyed by it on the tool only, in n8n-workflow's reading", () => {
		expect(shown(FAX_PLUS_TOOL_NODE_TYPE)).toBe(true);
		expect(shown(FAX_PLUS_NODE_TYPE)).toBe(false);
	});
});
