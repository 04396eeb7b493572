import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import type { FaxPlusOperation, FaxPlusResource, ListSearchMethod, LoadOptionsMethod } from './types';

export interface ResourceDefinition {
	option: INodePropertyOptions;
	operations: FaxPlusOperation[];
	defaultOperation: string;
	/** Notices shown above the operation picker. */
	notices?: INodeProperties[];
	loadOptions?: Record<string, LoadOptionsMethod>;
	listSearch?: Record<string, ListSearchMethod>;
}

/**
 * Alphabetical, case-insensitive: the order localeCompare gives these plain ASCII names, without
 * its cost at load (the first localeCompare in a process sets up ICU's collator: 8–15 ms of
 * n8n's start for this package).
 */
function byName(a: INodePropertyOptions, b: INodePropertyOptions): number {
	const left = a.name.toLowerCase();
	const right = b.name.toLowerCase();
	return left < right ? -1 : left > right ? 1 : 0;
}

/**
 * A resource from its operations: the operation picker (sorted by name, as n8n's lint
 * wants literal lists to be), every operation's parameters, and the operations keyed by value.
 */
export function defineResource(definition: ResourceDefinition): FaxPlusResource {
	const { option, operations, defaultOperation, notices = [], loadOptions, listSearch } = definition;
	const picker: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [String(option.value)] } },
		options: operations.map((operation) => operation.option).sort(byName),
		default: defaultOperation,
	};
	return {
		option,
		description: [...notices, picker, ...operations.flatMap((operation) => operation.description)],
		operations: Object.fromEntries(operations.map((operation) => [String(operation.option.value), operation])),
		...(loadOptions && { loadOptions }),
		...(listSearch && { listSearch }),
	};
}
