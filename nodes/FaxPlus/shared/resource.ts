import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { agentMayRunProperty } from './agentAccess';
import { CUSTOM_API_CALL, customApiCall, endingWithCustomApiCall } from './customApiCall';
import { nodeOptionsProperty } from './nodeOptions';
import { TOOL_KEY } from '../../shared/n8n/toolRun';
import type {
	FaxPlusOperation,
	FaxPlusResource,
	ListSearchMethod,
	ResourceOperation,
	UntrustedField,
} from './types';

interface ResourceDefinition {
	/** Its operations.ts: each operation exported under its value in the picker. */
	operations: Record<string, FaxPlusOperation>;
	/** The operation picker, a literal list in n8n's lint rules' order, so that they check it. */
	operation: INodeProperties;
	notices?: INodeProperties[];
	listSearch?: Record<string, ListSearchMethod>;
	/** The fields of the resource's records that others wrote: every answer holds them, unless its operation says otherwise. */
	untrusted?: UntrustedField[];
}

/** A resource from its operation picker and its operations, Custom API Call last (n8n then adds none). */
export function defineResource(definition: ResourceDefinition): FaxPlusResource {
	const { notices = [], listSearch, untrusted = [] } = definition;
	const picker = endingWithCustomApiCall(definition.operation);
	// The picker shows for its resource only: its resource's value.
	const resource = String(picker.displayOptions?.show?.resource?.[0]);
	const all = { ...definition.operations, [CUSTOM_API_CALL]: customApiCall };
	const operations = Object.entries(all).map(([value, operation]) => ({
		...operation,
		option: (picker.options as INodePropertyOptions[]).find((option) => option.value === value)!,
		untrusted: operation.untrusted ?? untrusted,
	}));
	// Items at Once does nothing for an operation that runs one item at a time.
	const oneAtATime = operations
		.filter((operation) => operation.maxItemsAtOnce === 1)
		.map((operation) => String(operation.option.value));
	// Each operation's properties, shown for it (under their own conditions too).
	const perOperation = (properties: (operation: ResourceOperation) => INodeProperties[]) =>
		operations.flatMap((operation) => {
			const show = { resource: [resource], operation: [String(operation.option.value)] };
			return properties(operation).map((property) => {
				const { show: own, ...rest } = property.displayOptions ?? {};
				return { ...property, displayOptions: { show: { ...show, ...own }, ...rest } };
			});
		});
	return {
		description: [
			...notices,
			picker,
			...perOperation((operation) => [toolDescriptionProperty(operation)]),
			...perOperation(agentMayRunProperty),
			...perOperation((operation) => operation.description),
			...(oneAtATime.length < operations.length ? [nodeOptionsProperty(resource, oneAtATime)] : []),
		],
		operations: Object.fromEntries(
			operations.map((operation) => [String(operation.option.value), operation]),
		),
		...(listSearch && { listSearch }),
	};
}

/** The tool description an agent reads; with it, n8n adds no bare "Get a fax" of its own. */
function toolDescriptionProperty({ option, toolDescription }: ResourceOperation): INodeProperties {
	const text =
		toolDescription ??
		`${option.action} in Fax.Plus: ${option.description}. Returns what Fax.Plus answers, as JSON.`;
	return {
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 4 },
		default: text,
		required: true,
		description:
			'What an AI agent reads about this tool: what it does, what it needs and what it returns',
		displayOptions: { show: { [TOOL_KEY]: [true] } },
	};
}
