// The "Output" parameter of large records: Simplified, Raw or Selected Fields, times in ISO 8601 UTC.
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { camelCaseOf, isoTime, isTimeField } from '../../shared/api/dates';
import { listOf } from './values';
import { operationError } from '../../shared/transport/nodeErrors';

/** A field of an answer written by someone else, and the name it gets under `untrusted`. */
export interface UntrustedField {
	field: string;
	as: string;
	/** Only for records this is true of (e.g. a caller ID of a received fax). */
	when?: (record: IDataObject) => boolean;
}

/** What Simplified keeps of a record: its fields, in order, each as it is or turned into something shorter. */
export interface SimplifiedShape {
	/** Field names kept as they are (times among them become ISO 8601 UTC). */
	fields: string[];
	/** Fields whose value is an object reduced to one of its keys, e.g. `comment` → `comment.text`. */
	flatten?: Record<string, string>;
	rename?: Record<string, string>;
	/** Other names Fax.Plus gives a field, read when the field is absent, e.g. `from` ← `from_number`. */
	alternatives?: Record<string, string[]>;
}

/** A field as Fields lists it, in n8n's title case: `from_number` → "From Number", `owner_id` → "Owner ID". */
const fieldLabel = (field: string) =>
	field
		.replace(/_|(?<=[a-z])(?=[A-Z])/g, ' ')
		.replace(/\b(id|ip|uid)\b|\b\w/gi, (word) => word.toUpperCase());

export function outputProperties(
	shape: SimplifiedShape,
	rawOnlyFields: string[],
): INodeProperties[] {
	return [
		{
			displayName: 'Output',
			name: 'output',
			type: 'options',
			options: [
				{
					name: 'Simplified',
					value: 'simplified',
					description:
						'The fields a workflow needs most, named in camelCase, times in ISO 8601 UTC',
				},
				{ name: 'Raw', value: 'raw', description: 'Every field, as Fax.Plus answers it' },
				{ name: 'Selected Fields', value: 'selected', description: 'Only the fields you pick' },
			],
			default: 'simplified',
			description: 'How much of each record to output',
		},
		{
			displayName: 'Fields',
			name: 'outputFields',
			type: 'multiOptions',
			options: [...shape.fields, ...rawOnlyFields]
				.map((value) => ({ name: fieldLabel(value), value }))
				.sort((a, b) => a.name.localeCompare(b.name)),
			default: [],
			required: true,
			description: 'The fields to output, times in ISO 8601 UTC (an expression may name others)',
			displayOptions: { show: { output: ['selected'] } },
		},
	];
}

/**
 * A record with only the shape's fields, in its order, flattened and renamed as it says; times as
 * ISO 8601 UTC. Simplified names each field in camelCase; Selected Fields, as it was picked.
 */
function shapeRecord(record: IDataObject, shape: SimplifiedShape, camelCase: boolean): IDataObject {
	const result: IDataObject = {};
	for (const name of shape.fields) {
		const names = [name, ...(shape.alternatives?.[name] ?? [])];
		const source =
			names.find((field) => record[field] !== undefined && record[field] !== null) ??
			names.find((field) => field in record);
		if (source === undefined) continue;
		const value = record[source];
		const inner = shape.flatten?.[name];
		const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
		const kept = inner !== undefined && isObject ? (value as IDataObject)[inner] : value;
		result[shape.rename?.[name] ?? (camelCase ? camelCaseOf(name) : name)] = (
			isTimeField(name) ? isoTime(kept) : kept
		) as IDataObject[string];
	}
	return result;
}

/** The field names of Selected Fields (a list, or names separated by commas); refuses none. */
function selectedFields(context: IExecuteFunctions, itemIndex: number): string[] {
	const selected = listOf(context.getNodeParameter('outputFields', itemIndex, []));
	if (selected.length > 0) return selected;
	throw operationError(context, {
		itemIndex,
		message: 'Fields is empty, so Selected Fields would output nothing',
		description:
			'Pick the fields to output in "Fields" (or give their names in an expression, e.g. status, pages, start_time), or choose Simplified or Raw in "Output".',
	});
}

export function shapedItems(
	context: IExecuteFunctions,
	itemIndex: number,
	records: IDataObject[],
	shape: SimplifiedShape,
): INodeExecutionData[] {
	const mode = String(context.getNodeParameter('output', itemIndex, 'simplified'));
	if (mode !== 'simplified' && mode !== 'raw' && mode !== 'selected') {
		throw operationError(context, {
			itemIndex,
			message: `Output must be "simplified", "raw" or "selected", not "${mode}"`,
			description: 'Choose Simplified, Raw or Selected Fields in "Output".',
		});
	}
	if (mode === 'raw') return records.map((record) => ({ json: record }));
	const chosen = mode === 'selected' ? { fields: selectedFields(context, itemIndex) } : shape;
	return records.map((record) => ({ json: shapeRecord(record, chosen, mode === 'simplified') }));
}
