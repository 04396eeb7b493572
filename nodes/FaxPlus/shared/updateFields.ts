// An update operation's "Update Fields": the collection, and its values as an item gives them
// (only the fields the user adds are sent).
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';
import { UPDATE_FIELDS } from './parameters';

export function updateFieldsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: UPDATE_FIELDS.displayName,
		name: 'updateFields',
		type: 'collection',
		placeholder: UPDATE_FIELDS.placeholder,
		default: {},
		description: 'What to change (at least one field); the fields not added stay as they are',
		options,
	};
}

/** An Update Fields text that may not be empty, trimmed; undefined when the field was not added. */
export function updateText(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
	name: string,
	label: string,
): string | undefined {
	if (fields[name] === undefined) return undefined;
	const value = String(fields[name] ?? '').trim();
	if (value) return value;
	throw operationError(context, {
		itemIndex,
		message: `${label} cannot be empty`,
		description: `Enter the new ${label.toLowerCase()} under "Update Fields", or remove the "${label}" field.`,
	});
}

/** The update's changes, refused before any request when there are none; `fields` names what may be added. */
export function nonEmptyUpdate<T extends object>(
	context: IExecuteFunctions,
	itemIndex: number,
	changes: T,
	fields: string,
): T {
	if (Object.keys(changes).length > 0) return changes;
	throw operationError(context, {
		itemIndex,
		message: `Nothing to update: add ${fields} under "Update Fields"`,
		description: 'Fax.Plus changes only the fields that are sent; add at least one of them.',
	});
}
