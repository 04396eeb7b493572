// A resource as the node reads it (its Operation picker, each operation's tool fields and
// parameters, the node's Options) and the canvas subtitle.
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { nodeOptions } from './nodeOptions';
import { updateDisplayOptions } from './display';
import { toolFields } from './asTool';
import type { FaxPlusOperation, FaxPlusResource } from './types';

/**
 * A resource of `operations`, in their order: its picker, each operation's tool fields (from its
 * toolDescription and agentRisk, so the switch and the router read one risk) and parameters, then
 * the node's Options.
 */
export function resourceOf(
	resource: string,
	defaultOperation: string,
	operations: Record<string, FaxPlusOperation>,
): FaxPlusResource {
	return {
		operations,
		description: [
			operationPicker(resource, operations, defaultOperation),
			...Object.values(operations).flatMap((operation) => [
				...updateDisplayOptions(
					{ show: { resource: [resource], operation: [String(operation.option.value)] } },
					toolFields(operation.option, operation),
				),
				...operation.description,
			]),
			...nodeOptions(resource, operations),
		],
	};
}

/** A resource's Operation picker: its operations' entries, in the order of `operations`. */
export function operationPicker(
	resource: string,
	operations: Record<string, { option: INodePropertyOptions }>,
	defaultOperation: string,
): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: Object.values(operations).map((operation) => operation.option),
		default: defaultOperation,
	};
}

/**
 * The canvas subtitle, "Get Many: Contact": an expression (n8n evaluates it with the node's
 * parameters), so the display names are written into it; a value it does not know shows as itself.
 */
export function operationSubtitle(
	resourceOptions: INodePropertyOptions[],
	resources: Record<string, { operations: Record<string, { option: INodePropertyOptions }> }>,
): string {
	const names: Record<string, string> = {};
	for (const resource of resourceOptions) {
		for (const { option } of Object.values(resources[String(resource.value)]?.operations ?? {})) {
			names[`${resource.value}:${option.value}`] =
				option.name === resource.name ? option.name : `${option.name}: ${resource.name}`;
		}
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ (${JSON.stringify(names)})[${key}] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}
