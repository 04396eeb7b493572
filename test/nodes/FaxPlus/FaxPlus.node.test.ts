import {
	NodeHelpers,
	Workflow,
	type INodeProperties,
	type INodePropertyCollection,
	type INodePropertyOptions,
} from 'n8n-workflow';
import { FaxPlus } from '../../../nodes/FaxPlus/FaxPlus.node';
import { resources } from '../../../nodes/FaxPlus/resources';
import { FaxPlusTrigger } from '../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FAX_PLUS_NODE_TYPE, TestNodeTypes } from '../../support/n8n-harness';

// Much of the description is assembled in code (shared fields, each operation's parameters), where
// n8n's lint rules cannot see it: the rules about sorted choices are checked here on the result.
type Choice = INodeProperties | INodePropertyOptions | INodePropertyCollection;

const labelOf = (choice: Choice) => ('displayName' in choice ? choice.displayName : choice.name);

function unsortedLists(properties: INodeProperties[], path = ''): string[] {
	const problems: string[] = [];
	for (const property of properties) {
		const here = `${path}${property.name}`;
		const choices = (property.options ?? []) as Choice[];
		// Send's Options come in groups (fax/send/description.test.ts); their fields' own lists do not. A
		// picker of fewer than five the rule leaves alone, as Output's Simplified, Raw, Selected Fields.
		const sendOptions =
			here === 'options' && property.displayOptions?.show?.operation?.includes('send') === true;
		const sorted =
			(property.type === 'collection' && !sendOptions) ||
			(property.type === 'options' && choices.length >= 5) ||
			property.type === 'multiOptions' ||
			here.endsWith('.options');
		if (sorted && choices.length > 1) {
			// The resource list ends with Custom API Call, where n8n would place its own.
			const last = here === 'resource' && labelOf(choices.at(-1)!) === 'Custom API Call';
			const labels = choices.slice(0, last ? -1 : undefined).map(labelOf);
			const expected = [...labels].sort((a, b) => a.localeCompare(b));
			if (labels.join('|') !== expected.join('|')) problems.push(`${here}: ${labels.join(', ')}`);
		}
		for (const choice of choices) {
			if ('values' in choice && Array.isArray(choice.values))
				problems.push(...unsortedLists(choice.values, `${here}.`));
			else if ('type' in choice && 'options' in choice)
				problems.push(...unsortedLists([choice as INodeProperties], `${here}.`));
		}
	}
	return problems;
}

describe.each([
	['Fax.Plus', new FaxPlus().description.properties],
	['Fax.Plus Trigger', new FaxPlusTrigger().description.properties],
])('%s description', (_name, properties) => {
	it('lists the fields of every collection and multi-select alphabetically', () => {
		expect(unsortedLists(properties)).toEqual([]);
	});
});

describe('Fax.Plus: Fax → Send by default', () => {
	const node = new FaxPlus();
	const property = (name: string, resource?: string) =>
		node.description.properties.find(
			(p) =>
				p.name === name &&
				(resource === undefined || p.displayOptions?.show?.resource?.includes(resource)),
		)!;

	it("opens on Fax → Send, its resources and actions in the lint rule's order, Custom API Call once, last", () => {
		const resource = property('resource');
		expect(resource.default).toBe('fax');
		const namesOf = (picker: INodeProperties) =>
			(picker.options as INodePropertyOptions[]).map((option) => option.name);
		const resourceNames = namesOf(resource);
		expect(resourceNames.pop()).toBe('Custom API Call');
		expect(resourceNames).toEqual([...resourceNames].sort((a, b) => a.localeCompare(b)));
		const operation = property('operation', 'fax');
		expect(operation.default).toBe('send');
		const names = namesOf(operation);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		// The panel lists each operation list's entries: only the Custom API Call resource has one.
		const lists = node.description.properties.filter((p) => p.name === 'operation');
		expect(lists.filter((list) => namesOf(list).includes('Custom API Call'))).toEqual([
			property('operation', 'customApiCall'),
		]);
		expect(namesOf(property('operation', 'customApiCall'))).toEqual(['Custom API Call']);
	});

	it('shows Send one "Add Option" (its Options), and Node Options only where Items at Once does something', () => {
		const collectionsShown = (parameters: Record<string, string>) =>
			node.description.properties
				.filter(
					(p) =>
						p.type === 'collection' &&
						NodeHelpers.displayParameter(parameters, p, null, node.description),
				)
				.map((p) => p.name);
		expect(collectionsShown({ resource: 'fax', operation: 'send' })).toEqual(['options']);
		expect(collectionsShown({ resource: 'fax', operation: 'get' })).toEqual(['nodeOptions']);
		// Items at Once does nothing for an operation that runs one item at a time.
		expect(collectionsShown({ resource: 'shop', operation: 'purchaseNumber' })).toEqual([]);
		expect(collectionsShown({ resource: 'shop', operation: 'searchNumbers' })).toEqual([
			'nodeOptions',
		]);
		// Every operation: Node Options exactly when it may run several items at once.
		for (const [resource, { operations }] of Object.entries(resources))
			for (const [name, operation] of Object.entries(operations)) {
				const shown = collectionsShown({ resource, operation: name }).includes('nodeOptions');
				expect([resource, name, shown]).toEqual([resource, name, operation.maxItemsAtOnce !== 1]);
			}
	});

	it('shows Tool Repeat Window only on the tool n8n makes of the node, where it applies', () => {
		const sendOptions = node.description.properties.find(
			(p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('send'),
		)!;
		const window = (sendOptions.options as INodeProperties[]).find(
			(option) => option.name === 'toolKeyWindowHours',
		)!;
		const shownOn = (type: string) =>
			NodeHelpers.displayParameter({}, window, null, { ...node.description, name: type });
		expect(shownOn('faxPlusTool')).toBe(true);
		expect(shownOn('faxPlus')).toBe(false);
		// Positive control: the Idempotency Key is shown in both.
		const key = (sendOptions.options as INodeProperties[]).find(
			(option) => option.name === 'idempotencyKey',
		)!;
		expect(NodeHelpers.displayParameter({}, key, null, node.description)).toBe(true);
	});

	it("subtitles each node on the canvas with its operation's and resource's display names, as n8n's editor evaluates it", () => {
		// The editor's getNodeSubtitle: the type's subtitle, evaluated with the node's parameters.
		const subtitleOf = (parameters: Record<string, string>) => {
			const saved = {
				id: '1',
				name: 'Fax.Plus',
				type: FAX_PLUS_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0] as [number, number],
				parameters,
			};
			const workflow = new Workflow({
				nodes: [saved],
				connections: {},
				active: false,
				nodeTypes: new TestNodeTypes(),
			});
			return workflow.expression.getSimpleParameterValue(
				workflow.getNode('Fax.Plus')!,
				node.description.subtitle,
				'internal',
				{},
			);
		};
		expect(subtitleOf({ resource: 'contact', operation: 'getAll' })).toBe('Get Many: Contact');
		expect(subtitleOf({ resource: 'fax', operation: 'downloadThumbnail' })).toBe(
			'Download Thumbnail: Fax',
		);
		expect(subtitleOf({ resource: 'fax', operation: 'send' })).toBe('Send: Fax');
		expect(subtitleOf({ resource: 'customApiCall', operation: 'customApiCall' })).toBe(
			'Custom API Call',
		);
		// Every pair has its names; a value the node does not know shows as itself.
		for (const [resource, { operations }] of Object.entries(resources))
			for (const operation of Object.keys(operations))
				expect(subtitleOf({ resource, operation })).not.toMatch(/^[a-z]/);
		expect(subtitleOf({ resource: 'fax', operation: 'gone' })).toBe('gone: fax');
	});

	it('describes the action node, not the trigger, where n8n lists and searches it', () => {
		expect(node.description.description).toMatch(/^Send faxes and check their status/);
		expect(node.description.description).not.toMatch(/start|trigger/i);
	});
});
