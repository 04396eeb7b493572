// What the editor's list searches share: the user a list shows, its filter, its labels.
import type {
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { userNumbers } from '../../shared/api/accountLists';
import { FOR_MEMBER, locatorValue } from './parameters';

export type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/** Whether a list entry matches what the user typed (case-insensitive, in its name, value or description). */
export function matchesFilter(entry: INodeListSearchItems, filter: string | undefined): boolean {
	const query = (filter ?? '').trim().toLowerCase();
	if (!query) return true;
	return `${entry.name} ${entry.value} ${entry.description ?? ''}`.toLowerCase().includes(query);
}

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
