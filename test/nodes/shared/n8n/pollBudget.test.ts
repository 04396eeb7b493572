// n8n's time for one poll (nodes/shared/n8n/triggers.ts), read from n8n-core 2.41.1's PollContext:
// five minutes unless n8n gives the poll another; none on a context without getPollBudgetMs.
import { PollContext } from 'n8n-core';
import { Workflow, type IExecuteFunctions, type INode } from 'n8n-workflow';
import { n8nPollBudgetMs } from '../../../../nodes/shared/n8n/triggers';
import {
	FAX_PLUS_NODE_TYPE,
	TestCredentialsHelper,
	TestNodeTypes,
	testAdditionalData,
} from '../../../support/n8n-harness';

const node: INode = {
	id: 'node',
	name: 'Fax.Plus',
	type: FAX_PLUS_NODE_TYPE,
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function pollContext(budget?: () => number): PollContext {
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		nodeTypes: new TestNodeTypes(),
		active: false,
	});
	const additionalData = testAdditionalData(new TestCredentialsHelper({}));
	return new PollContext(
		workflow,
		node,
		additionalData,
		'trigger',
		'activate',
		undefined,
		undefined,
		undefined,
		undefined,
		undefined,
		budget,
	);
}

describe("n8n/triggers.ts: n8n's time for one poll", () => {
	it("reads n8n-core's default, five minutes", () => {
		expect(n8nPollBudgetMs(pollContext())).toBe(5 * 60_000);
	});

	it('reads the budget n8n gives the poll', () => {
		expect(n8nPollBudgetMs(pollContext(() => 90_000))).toBe(90_000);
	});

	it('gives none where the context has no budget or an unusable one', () => {
		expect(n8nPollBudgetMs({} as IExecuteFunctions)).toBeUndefined();
		expect(n8nPollBudgetMs(pollContext(() => 0))).toBeUndefined();
	});
});
