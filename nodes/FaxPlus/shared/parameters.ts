// The parameters resources share, as the panel shows them: user and ID pickers, collections.
// How an item's values are read: values.ts.
import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

// One builder for resource locators, so every ID a user picks looks and behaves the same.
export const SELF_NAME = 'Me (self)';

/**
 * The lists a locator picks from (methods.listSearch), each with its modes' placeholders: From List,
 * then By ID, whose name follows where the value is another kind of code.
 */
const LISTS = {
	searchContacts: ['Select a contact...', 'e.g. contact_123'],
	searchCustomFields: ['Select a custom field...', 'e.g. cf_1a2b3c'],
	searchFaxes: ['Select a fax...', 'e.g. 7d3e2b9c4f1a'],
	searchLegacyHooks: ['Select a hook...', 'e.g. hook_5f2a9c1d'],
	searchMembers: ['Select a member...', 'e.g. 7724157c0974440293e45877c57f0703'],
	searchNumbers: ['Select a number...', 'e.g. +15551230001', 'By Number'],
	searchOutboxFaxes: ['Select a fax in the outbox...', 'e.g. 2b9c4f1a7d3e'],
	searchShopCountries: ['Select a country...', 'e.g. US', 'ISO Code'],
	searchUsers: ['Select a user...', 'e.g. 7724157c0974440293e45877c57f0703'],
	searchWebhookEndpoints: ['Select an endpoint...', 'e.g. ep_2b9c4f1a7d3e'],
} satisfies Record<string, [string, string, string?]>;

interface LocatorSpec {
	displayName: string;
	/** The parameter's name; saved workflows hold it, so it never changes. */
	name: string;
	description: string;
	displayOptions?: IDisplayOptions;
	searchListMethod: keyof typeof LISTS;
	/** Other parameters the list depends on (reloaded when they change), e.g. USER_DEPENDENCY. */
	dependsOn?: string[];
	/** The input item's field that holds the ID as the previous node outputs it: the default reads it (By ID). */
	fromInput?: string;
}

export function resourceLocator(spec: LocatorSpec): INodeProperties {
	const [listPlaceholder, idPlaceholder, idName = 'By ID'] = LISTS[spec.searchListMethod];
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
				placeholder: listPlaceholder,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: idName,
				name: 'id',
				type: 'string',
				placeholder: idPlaceholder,
				// No `validation` regex: n8n 2.x runs it in a vm with a 250 ms wall-clock limit, which a
				// busy instance overruns and fails the item. Each operation checks its ID itself.
			},
		],
	};
}

/** An expression of the input item's field, e.g. `={{ $json.outboxFaxId }}`: a default the next node needs not type. */
export const fromInput = (field: string) => `={{ $json.${field} }}`;

/** A locator's default: the input item's field By ID, or an empty pick From List. */
const locatorDefault = (field: string | undefined) =>
	field
		? { __rl: true as const, mode: 'id', value: fromInput(field) }
		: { mode: 'list', value: '' };

/** The parameter that shows User: off means the credential's own account (`self`). */
export const FOR_MEMBER = 'forCorporateMember';

/** What a list of a user's records depends on: reloaded when the user changes. */
export const USER_DEPENDENCY = [FOR_MEMBER, 'userId.value'];

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
	});
}

/** A field of a collection as a hint names it, with where it is: "Max Pages (Options → Add Option → Max Pages)". */
export const fieldWithPlace = (collection: typeof UPDATE_FIELDS, field: string) =>
	`${field} (${collection.displayName} → ${collection.placeholder} → ${field})`;

export const UPDATE_FIELDS = { displayName: 'Update Fields', placeholder: 'Add Field' };

/** Send's options collection as the panel shows it, for the hints that name one of its options. */
export const SEND_OPTIONS = { displayName: 'Options', placeholder: 'Add Option' };

/** One of Send's options as a hint names it: "Max Pages (Options → Add Option → Max Pages)". */
export const sendOption = (option: string) => fieldWithPlace(SEND_OPTIONS, option);
