import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * A list of IDs from a parameter: an array (from an expression) or one string of IDs
 * separated by commas, spaces or new lines. Trimmed, without duplicates; refuses an empty list.
 */
export function requiredIdList(
	context: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string[] {
	const value = context.getNodeParameter(name, itemIndex, '') as unknown;
	const entries = Array.isArray(value)
		? value.map((entry) => String(entry ?? ''))
		: String(value ?? '').split(/[\s,]+/);
	const ids = [...new Set(entries.map((entry) => entry.trim()).filter((entry) => entry !== ''))];
	if (ids.length === 0) {
		throw new NodeOperationError(context.getNode(), `${label} needs at least one ID`, {
			itemIndex,
			description: `Set "${label}" to one or more IDs separated by commas (an expression may have resolved to an empty value).`,
		});
	}
	return ids;
}
