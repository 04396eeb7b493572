// The parameters resources share: user and ID pickers, collections, and how an item's values are read.
import type {
	IDataObject,
	IDisplayOptions,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';

// One builder for resource locators, so every ID a user picks looks and behaves the same.
export const SELF_NAME = 'Me (self)';

interface LocatorSpec {
	displayName: string;
	/** The parameter's name; saved workflows hold it, so it never changes. */
	name: string;
	description: string;
	displayOptions?: IDisplayOptions;
	searchListMethod: string;
	listPlaceholder: string;
	idPlaceholder: string;
	/** The second mode's name in the editor, "By ID" unless the value is another kind of code. */
	idDisplayName?: string;
	/** Other parameters the list depends on (reloaded when they change), e.g. USER_DEPENDENCY. */
	dependsOn?: string[];
	/** The input item's field that holds the ID as the previous node outputs it: the default reads it (By ID). */
	fromInput?: string;
}

export function resourceLocator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: locatorDefault(spec.fromInput),
		required: true,
		description: spec.description,
		displayOptions: spec.displayOptions,
		...(spec.dependsOn && { typeOptions: { loadOptionsDependsOn: spec.dependsOn } }),
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: spec.listPlaceholder,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: spec.idDisplayName ?? 'By ID',
				name: 'id',
				type: 'string',
				placeholder: spec.idPlaceholder,
				// No `validation` regex: n8n 2.x runs it in a vm with a 250 ms wall-clock limit, which a
				// busy instance overruns and fails the item. Each operation checks its ID itself.
			},
		],
	};
}

/** An expression of the input item's field, e.g. `={{ $json.outboxFaxId }}`: a default the next node needs not type. */
export const fromInput = (field: string) => `={{ $json.${field} }}`;

/** A locator's default that reads the input item's field, in the mode By ID. */
export const fromInputLocator = (field: string) => ({
	__rl: true as const,
	mode: 'id',
	value: fromInput(field),
});

/** A locator's default: the input item's field By ID, or an empty pick From List. */
const locatorDefault = (fromInputField: string | undefined) =>
	fromInputField ? fromInputLocator(fromInputField) : { mode: 'list', value: '' };

/** A locator's value; a plain value (an expression's, a tool's) is itself. */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && 'value' in value && 'mode' in value)
		return value.value;
	return value;
}

/** The parameter that shows User: off means the credential's own account (`self`). */
export const FOR_MEMBER = 'forCorporateMember';

/** What a list of a user's records depends on: reloaded when the user changes. */
export const USER_DEPENDENCY = [FOR_MEMBER, 'userId.value'];

/** Words of a description linked to a page of the package's docs/, which says more. */
export const docsLink = (page: string, words: string) =>
	`<a href="https://github.com/n8n-nodes-faxplus/n8n-nodes-faxplus/blob/main/docs/${page}" target="_blank">${words}</a>`;

/** The `user_id` path parameter: `self` unless "For a Corporate Member" is on. */
export function userIdFields(
	userDescription = 'The corporate member whose data to use: their user ID (not a name or e-mail address)',
): INodeProperties[] {
	return [
		{
			displayName: 'For a Corporate Member',
			name: FOR_MEMBER,
			type: 'boolean',
			default: false,
			description: "Whether to use a corporate member's data, not your own (corporate admins only)",
		},
		{
			...resourceLocator({
				displayName: 'User',
				name: 'userId',
				description: userDescription,
				searchListMethod: 'searchUsers',
				listPlaceholder: 'Select a user...',
				idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
			}),
			default: { mode: 'list', value: 'self', cachedResultName: SELF_NAME },
			displayOptions: { show: { [FOR_MEMBER]: [true] } },
		},
	];
}

export function memberLocator(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Member',
		name: 'memberUserId',
		description,
		searchListMethod: 'searchMembers',
		listPlaceholder: 'Select a member...',
		idPlaceholder: 'e.g. 7724157c0974440293e45877c57f0703',
	});
}

export function outputBinaryField(what: string): INodeProperties {
	return {
		displayName: 'Put Output File in Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: `The name of the output binary field to put the ${what} in`,
	};
}

export const outputFieldOf = (context: IExecuteFunctions, itemIndex: number) =>
	requiredString(context, 'binaryPropertyName', 'Put Output File in Field', itemIndex);

/** A field of a collection as a hint names it, with where it is: "Max Pages (Options → Add Option → Max Pages)". */
export const fieldWithPlace = (collection: typeof UPDATE_FIELDS, field: string) =>
	`${field} (${collection.displayName} → ${collection.placeholder} → ${field})`;

export const UPDATE_FIELDS = { displayName: 'Update Fields', placeholder: 'Add Field' };

/** Send's options collection as the panel shows it, for the hints that name one of its options. */
export const SEND_OPTIONS = { displayName: 'Options', placeholder: 'Add Option' };

/** One of Send's options as a hint names it: "Max Pages (Options → Add Option → Max Pages)". */
export const sendOption = (option: string) => fieldWithPlace(SEND_OPTIONS, option);

/** An operation's "Update Fields": only the fields the user adds are sent. */
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

/** A required string parameter (or a locator's value), trimmed, refused when empty or longer than an ID or name. */
export function requiredString(
	context: IExecuteFunctions,
	name: string,
	label: string,
	itemIndex: number,
): string {
	let raw = context.getNodeParameter(name, itemIndex, '') as unknown;
	if (locatorValue(raw) !== raw)
		raw = context.getNodeParameter(name, itemIndex, '', { extractValue: true });
	const value = String(locatorValue(raw) ?? '').trim();
	if (!value || value.length > 1000) {
		throw operationError(context, {
			itemIndex,
			message: value ? `${label} has ${value.length} characters` : `${label} is required`,
			description: `Set the "${label}" parameter to ${value ? 'at most 1,000 characters' : 'a value'} (check what an expression resolves to).`,
		});
	}
	return value;
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

/** The item's user: `self`, or User, read only when shown (a stale value is never used). */
export function userIdOf(context: IExecuteFunctions, itemIndex: number): string {
	if (context.getNodeParameter(FOR_MEMBER, itemIndex, false) !== true) return 'self';
	return requiredString(context, 'userId', 'User ID', itemIndex);
}

/** Entries of a list (an expression's) or of one string split at `separator`: trimmed, without empty ones or duplicates. */
export function listOf(value: unknown, separator: string | RegExp = ','): string[] {
	const entries = Array.isArray(value) ? value : String(value ?? '').split(separator);
	return [...new Set(entries.map((entry) => String(entry ?? '').trim()).filter(Boolean))];
}

/** IDs from a list or one string separated by commas, spaces or new lines (see listOf). */
export const idList = (value: unknown): string[] => listOf(value, /[\s,]+/);

/** Fax.Plus retries a failed fax at most 3 times (its help centre, "Auto Retry on Failure"). */
export const MAX_RETRY_COUNT = 3;

/** A fax's retry settings (the SDK's RetryOptions): Send's for one fax, Account → Update's defaults. */
export function retryFields(countDescription: string, delayDescription: string): INodeProperties[] {
	return [
		{
			displayName: 'Retry Count',
			name: 'retryCount',
			type: 'number',
			typeOptions: { minValue: 0, maxValue: MAX_RETRY_COUNT },
			default: 0,
			description: `${countDescription}; at most ${MAX_RETRY_COUNT}`,
		},
		{
			displayName: 'Retry Delay (Seconds)',
			name: 'retryDelay',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: delayDescription,
		},
	];
}
