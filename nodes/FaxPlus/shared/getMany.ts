// A Get Many's Return All and Limit, as the panel shows them and as an item's values are read,
// and the items of a list the API answers whole.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { recordItems } from './recordItems';
import { shapedItems, type SimplifiedShape } from './output';
import { withToolDefault } from './asTool';
import { requestScope } from './requests';
import { operationError } from '../../shared/transport/nodeErrors';

export function returnAllOrLimit(): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
		},
		// An AI agent reads every item it gets: 10 by default when the node runs as a tool.
		...withToolDefault(
			{
				displayName: 'Limit',
				name: 'limit',
				type: 'number',
				typeOptions: { minValue: 1 },
				default: 50,
				description: 'Max number of results to return',
				displayOptions: { show: { returnAll: [false] } },
			},
			10,
		),
	];
}

export function resultLimit(context: IExecuteFunctions, itemIndex: number): number | undefined {
	if (context.getNodeParameter('returnAll', itemIndex, false) === true) return undefined;
	const limit = Number(context.getNodeParameter('limit', itemIndex, 50));
	if (!Number.isInteger(limit) || limit < 1) {
		throw operationError(context, {
			itemIndex,
			message: `Limit must be a whole number of 1 or more, not "${String(limit)}"`,
			description: 'Set "Limit" to how many results to return, or turn on "Return All".',
		});
	}
	return limit;
}

/** A Get Many of a list the API answers whole, read within the item's scope: Limit checked before `list` runs. */
export async function getManyItems(
	context: IExecuteFunctions,
	itemIndex: number,
	list: (scope: ReturnType<typeof requestScope>) => Promise<object[]>,
	shape?: SimplifiedShape,
): Promise<INodeExecutionData[]> {
	const limit = resultLimit(context, itemIndex);
	const records = (await list(requestScope(context, itemIndex))).slice(0, limit);
	return shape
		? shapedItems(context, itemIndex, records as IDataObject[], shape)
		: recordItems(records);
}
