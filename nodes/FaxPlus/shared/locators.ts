// One builder for resource locators, so every ID a user picks looks and behaves the same.
import type {
	IDisplayOptions,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeProperties,
} from 'n8n-workflow';
import { userNumbers } from '../../shared/api/accountLists';

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
	/** A regular expression an ID must match, and what to say when it does not. */
	idPattern?: { regex: string; errorMessage: string };
	/** The value a new node starts with ('' unless the API has a natural default such as `self`). */
	defaultValue?: string;
	defaultName?: string;
	/** Other parameters the list depends on (reloaded when they change), e.g. USER_DEPENDENCY. */
	dependsOn?: string[];
}

export function resourceLocator(spec: LocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: {
			mode: 'list',
			value: spec.defaultValue ?? '',
			...(spec.defaultName && { cachedResultName: spec.defaultName }),
		},
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
				...(spec.idPattern && {
					validation: [{ type: 'regex' as const, properties: spec.idPattern }],
				}),
			},
		],
	};
}

/** A locator's value; a plain value (an expression's, a tool's) is itself. */
export function locatorValue(value: unknown): unknown {
	if (value !== null && typeof value === 'object' && 'value' in value && 'mode' in value)
		return value.value;
	return value;
}

/** Whether a list entry matches what the user typed (case-insensitive, in its name, value or description). */
export function matchesFilter(entry: INodeListSearchItems, filter: string | undefined): boolean {
	const query = (filter ?? '').trim().toLowerCase();
	if (!query) return true;
	return `${entry.name} ${entry.value} ${entry.description ?? ''}`.toLowerCase().includes(query);
}

/** The parameter that shows User: off means the credential's own account (`self`). */
export const FOR_MEMBER = 'forCorporateMember';

/** What a list of a user's records depends on: reloaded when the user changes. */
export const USER_DEPENDENCY = [FOR_MEMBER, 'userId.value'];

/** The user a list shows: `self` unless a member is chosen and resolvable. */
export function currentUserId(context: ILoadOptionsFunctions): string {
	let value: unknown;
	try {
		if (context.getCurrentNodeParameter(FOR_MEMBER) !== true) return 'self';
		value = locatorValue(context.getCurrentNodeParameter('userId'));
	} catch {
		return 'self';
	}
	const userId = typeof value === 'string' ? value.trim() : '';
	return userId === '' || userId.startsWith('=') || userId.includes('{{') ? 'self' : userId;
}

/** A field of an API record as label text: strings and numbers as they are, anything else empty. */
export function labelText(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

export function pagesLabel(count: unknown): string {
	const pages = Number(count);
	return Number.isFinite(pages) && pages > 0 ? `${pages} page${pages === 1 ? '' : 's'}` : '';
}

/** The fax numbers of a user, filtered by the digits typed. */
export async function numbersOfUser(
	context: ILoadOptionsFunctions,
	userId: string,
	filter: string | undefined,
): Promise<{ results: INodeListSearchItems[] }> {
	const digits = (filter ?? '').replace(/\D/g, '');
	const results = (await userNumbers(context, userId))
		.map((entry) => String(entry.number ?? ''))
		.filter((number) => number !== '' && (!digits || number.replace(/\D/g, '').includes(digits)))
		.sort()
		.map((number) => ({ name: number, value: number }));
	return { results };
}
