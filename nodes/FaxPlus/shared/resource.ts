import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { agentMayRunProperty } from './agentAccess';
import { nodeOptionsProperty } from './nodeOptions';
import type { FaxPlusOperation, FaxPlusResource, ListSearchMethod, UntrustedField } from './types';

interface ResourceDefinition {
	option: INodePropertyOptions;
	/** Its operations.ts: one export a line, in any order (the picker sorts them by name). */
	operations: FaxPlusOperation[];
	defaultOperation: string;
	/** Whether the default operation comes first in the picker (and n8n's action list), the rest by name. */
	defaultFirst?: boolean;
	notices?: INodeProperties[];
	listSearch?: Record<string, ListSearchMethod>;
	/** The fields of the resource's records that others wrote: every answer holds them, unless its operation says otherwise. */
	untrusted?: UntrustedField[];
}

/** Alphabetical, case-insensitive, as localeCompare orders these ASCII names, without setting up ICU's collator at load. */
function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	const left = a.name.toLowerCase();
	const right = b.name.toLowerCase();
	return left < right ? -1 : left > right ? 1 : 0;
}

function pickerOrder(options: INodePropertyOptions[], first: string | undefined) {
	const pinned = (option: INodePropertyOptions) => Number(option.value === first);
	return [...options].sort((a, b) => pinned(b) - pinned(a) || byName(a, b));
}

/** A resource from its operations (the picker sorted, as n8n's lint wants). */
export function defineResource(definition: ResourceDefinition): FaxPlusResource {
	const {
		option,
		operations,
		defaultOperation,
		notices = [],
		defaultFirst = false,
		listSearch,
		untrusted = [],
	} = definition;
	const resource = String(option.value);
	// Items at Once does nothing for an operation that runs one item at a time.
	const oneAtATime = operations
		.filter((operation) => operation.maxItemsAtOnce === 1)
		.map((operation) => String(operation.option.value));
	// Each operation's properties, shown for it (under their own conditions too).
	const perOperation = (properties: (operation: FaxPlusOperation) => INodeProperties[]) =>
		operations.flatMap((operation) => {
			const show = { resource: [resource], operation: [String(operation.option.value)] };
			return properties(operation).map((property) => {
				const { show: own, ...rest } = property.displayOptions ?? {};
				return { ...property, displayOptions: { show: { ...show, ...own }, ...rest } };
			});
		});
	const picker: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: pickerOrder(
			operations.map((operation) => operation.option),
			defaultFirst ? defaultOperation : undefined,
		),
		default: defaultOperation,
	};
	return {
		option,
		description: [
			...notices,
			picker,
			...perOperation((operation) => [toolDescriptionProperty(operation)]),
			...perOperation(agentMayRunProperty),
			...perOperation((operation) => operation.description),
			...(oneAtATime.length < operations.length ? [nodeOptionsProperty(resource, oneAtATime)] : []),
		],
		operations: Object.fromEntries(
			operations.map((operation) => [
				String(operation.option.value),
				{ ...operation, untrusted: operation.untrusted ?? untrusted },
			]),
		),
		...(listSearch && { listSearch }),
	};
}

/** The tool description an agent reads; with it, n8n adds no bare "Get a fax" of its own. */
function toolDescriptionProperty(operation: FaxPlusOperation): INodeProperties {
	const { option } = operation;
	const text =
		operation.toolDescription ??
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
		displayOptions: { show: { '@tool': [true] } },
	};
}
