import { NodeHelpers, Workflow } from 'n8n-workflow';
import {
	FAX_PLUS_NODE_TYPE,
	FAX_PLUS_TOOL_NODE_TYPE,
	TestNodeTypes,
} from '../../../support/n8n-harness';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import { resources } from '../../../../nodes/FaxPlus/resources';

describe('Tool descriptions (what an AI agent reads about each operation)', () => {
	const properties = new FaxPlus().description.properties;
	const toolDescriptions = properties.filter((property) => property.name === 'toolDescription');

	it('every operation has one, shown only on the tool n8n makes of the node', () => {
		const operations = Object.entries(resources).flatMap(([resource, { operations }]) =>
			Object.keys(operations).map((op) => `${resource}/${op}`),
		);
		expect(
			toolDescriptions
				.map((p) => `${p.displayOptions?.show?.resource}/${p.displayOptions?.show?.operation}`)
				.sort(),
		).toEqual(operations.sort());
		for (const property of toolDescriptions) {
			expect(property.displayOptions?.show?.['@tool']).toEqual([true]);
			expect(String(property.default).length).toBeGreaterThan(60);
		}
	});

	it('n8n fills it in for a tool node saved without one, and uses it as the tool description (not the bare action)', () => {
		const nodeTypes = new TestNodeTypes();
		const workflow = new Workflow({
			nodes: [
				{
					id: '1',
					name: 'Send fax',
					type: FAX_PLUS_TOOL_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: { resource: 'fax', operation: 'send' },
				},
				{
					id: '2',
					name: 'Send in a workflow',
					type: FAX_PLUS_NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: { resource: 'fax', operation: 'send' },
				},
			],
			connections: {},
			active: false,
			nodeTypes,
		});
		const tool = workflow.getNode('Send fax')!;
		const description = NodeHelpers.getToolDescriptionForNode(
			tool,
			nodeTypes.getByNameAndVersion(FAX_PLUS_TOOL_NODE_TYPE),
		);
		expect(description).toMatch(/^Send a fax with Fax\.Plus/);
		expect(description).toMatch(/outbox ID/);
		expect(description).toMatch(/E\.164/);
		expect(workflow.getNode('Send in a workflow')!.parameters.toolDescription).toBeUndefined();
	});
});
