// The action node's execute(): route() runs the chosen operation for each item (Items at Once at
// a time, continueOnFail, pairedItem; as an AI tool, only what the author allows); helpers below.
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { nodeErrorOf, operationError } from '../shared/transport/nodeErrors';
import { resources } from './resources';
import { DEFAULT_ITEMS_AT_ONCE } from './shared/nodeOptions';
import { NODE_OPTIONS } from './shared/requests';
import { errorOutputField, runsAsTool } from '../shared/n8n/executeContext';
import { markUntrusted, refuseUnlessAgentMayRun, withUntrustedNote } from './shared/asTool';
import type { FaxPlusOperation } from './shared/types';

/** Runs the operation per item, "Items at Once" at a time, as if one after another. */
export async function route(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	if (items.length === 0) return [[]];
	// Resource and Operation take no expressions: they are the same for every item.
	const resource = this.getNodeParameter('resource', 0) as string;
	const operationName = this.getNodeParameter('operation', 0, '') as string;
	const operation = resources[resource]?.operations[operationName];
	const asTool = runsAsTool(this);
	const outputs: INodeExecutionData[][] = new Array(items.length);
	const failures = new Map<number, unknown>();

	await runInOrder(items.length, itemsAtOnce(this, operation), async (itemIndex) => {
		const pairedItem = { item: itemIndex };
		try {
			if (!operation) {
				throw operationError(this, {
					itemIndex,
					message: `The operation "${operationName}" is not known for the resource "${resource}"`,
					description:
						'Choose one in "Operation"; for an endpoint no operation covers, choose Resource → Custom API Call.',
				});
			}
			if (asTool) refuseUnlessAgentMayRun(this, itemIndex, operation);
			const results = await operation.execute.call(this, itemIndex);
			outputs[itemIndex] = results.map((result) => ({
				...result,
				...(asTool && { json: markUntrusted(operation.untrusted ?? [], result.json) }),
				pairedItem,
			}));
			return true;
		} catch (error) {
			if (this.continueOnFail()) {
				outputs[itemIndex] = [
					{
						json: {
							error: error.message,
							...(error.description && { description: String(error.description) }),
							...(error.httpCode && { httpCode: String(error.httpCode) }),
						},
						...errorOutputField(this, () => nodeErrorOf(this, error, itemIndex)),
						pairedItem,
					},
				];
				return true;
			}
			failures.set(itemIndex, error);
			return false;
		}
	});

	if (failures.size > 0) {
		const first = Math.min(...failures.keys());
		throw nodeErrorOf(this, failures.get(first), first);
	}
	const output = outputs.flat();
	return [asTool ? withUntrustedNote(output) : output];
}

function itemsAtOnce(context: IExecuteFunctions, operation: FaxPlusOperation | undefined): number {
	const options = context.getNodeParameter(NODE_OPTIONS, 0, {}) as IDataObject;
	const chosen = Math.floor(Number(options.itemsAtOnce ?? DEFAULT_ITEMS_AT_ONCE));
	const cap = operation?.maxItemsAtOnce ?? Number.POSITIVE_INFINITY;
	return Math.max(1, Math.min(Number.isFinite(chosen) ? chosen : DEFAULT_ITEMS_AT_ONCE, cap));
}

/** Runs 0..count-1, `limit` at once; the first alone, so an OAuth2 refresh happens once. */
async function runInOrder(count: number, limit: number, run: (index: number) => Promise<boolean>) {
	if (count === 0 || !(await run(0))) return;
	let next = 1;
	let stopped = false;
	const worker = async () => {
		while (!stopped && next < count) {
			if (!(await run(next++))) stopped = true;
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, count - 1) }, worker));
}
