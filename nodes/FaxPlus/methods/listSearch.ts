// The lists the editor searches in the API (the node's `methods.listSearch`), and what they share:
// the user a list shows, its filter, its labels.
import type {
	IDataObject,
	ILoadOptionsFunctions,
	INodeListSearchItems,
	INodeListSearchResult,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import {
	listAnswer,
	outboxFaxes,
	userNumbers,
	type OutboxFax,
} from '../../shared/api/accountLists';
import {
	FIRST_FAX_PAGE,
	faxPages,
	readFaxListPage,
	type FaxCursor,
} from '../../shared/api/faxList';
import { entryKey } from '../../shared/api/pager';
import { FIRST_OFFSET_PAGE, offsetPages, type OffsetCursor } from '../../shared/api/offsetPages';
import { withoutHookToken } from '../../shared/api/hookTokens';
import { listLegacyHooks } from '../../shared/api/legacyHooks';
import { listWebhookEndpoints } from '../../shared/api/webhookEndpoints';
import { operationError } from '../../shared/transport/nodeErrors';
import { FOR_MEMBER, SELF_NAME } from '../shared/parameters';
import { locatorValue } from '../shared/values';
import { customFields } from '../ai/customFields';
import {
	contactPage,
	CONTACTS_PAGE_SIZE,
	type ContactListQuery,
	type ContactRecord,
} from '../contact/list';
import type { FaxRecord } from '../fax/shared/sentFaxes';
import { listShopCountries } from '../shop/getAllCountries.operation';

export type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/** The entries that match what the user typed (case-insensitive, in a name, value or description). */
function matching(entries: INodeListSearchItems[], filter: string | undefined) {
	const query = (filter ?? '').trim().toLowerCase();
	const matches = (entry: INodeListSearchItems) =>
		`${entry.name} ${entry.value} ${entry.description ?? ''}`.toLowerCase().includes(query);
	return { results: query ? entries.filter(matches) : entries };
}

/** The user a list shows: `self` unless a member is chosen and resolvable. */
function currentUserId(context: ILoadOptionsFunctions): string {
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

function labelText(value: unknown): string {
	return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

function pagesLabel(count: unknown): string {
	const pages = Number(count);
	return Number.isFinite(pages) && pages > 0 ? `${pages} page${pages === 1 ? '' : 's'}` : '';
}

async function numbersOfUser(
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

export const searchLegacyHooks: ListSearchMethod = async function (filter) {
	const hooks = await listLegacyHooks(this);
	const entries = hooks.map((hook) => ({
		name: `${withoutHookToken(hook.target)} (${hook.event})`,
		value: hook.id,
	}));
	return matching(entries, filter);
};

/** The Number picker: GET /accounts/{user_id}/numbers answers all of a user's numbers at once. */
export const searchNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, currentUserId(this), filter);
};

/** Send's From picker: the account's own numbers (Fax.Plus picks one per destination). */
export const searchSenderNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, 'self', filter);
};

export const searchShopCountries: ListSearchMethod = async function (filter) {
	const countries = (await listShopCountries(this)).map((country) => ({
		name: `${country.name} (${country.iso})${country.is_available ? '' : ' - no numbers available'}`,
		value: country.iso,
	}));
	return matching(countries, filter);
};

export const searchWebhookEndpoints: ListSearchMethod = async function (filter) {
	const endpoints = (await listWebhookEndpoints(this)).map((endpoint) => ({
		name: `${endpoint.url} (${(endpoint.filter_types ?? []).join(', ')})`,
		value: endpoint.id,
	}));
	return matching(endpoints, filter);
};

/** An account of GET /accounts (beyond the published v3.5 spec): a member of the corporate account. */
type AccountRecord = Record<string, unknown> & { uid?: string };

function accountEntry(account: AccountRecord): INodeListSearchItems {
	const fullName = [account.name, account.lastname]
		.filter((part) => typeof part === 'string' && part)
		.join(' ');
	const email = typeof account.email === 'string' ? account.email : '';
	const name =
		fullName && email ? `${fullName} (${email})` : fullName || email || String(account.uid);
	return { name, value: String(account.uid) };
}

async function listAccounts(context: ILoadOptionsFunctions): Promise<INodeListSearchItems[]> {
	return (await listAnswer<AccountRecord>(context, { path: '/accounts', key: 'members' }))
		.filter((account) => typeof account.uid === 'string' && account.uid !== '')
		.map(accountEntry);
}

/** Fax.Plus refuses GET /accounts to anyone but an admin (400/403): a member only has "self". */
function isRefusedToMember(error: unknown): boolean {
	return error instanceof NodeApiError && ['400', '403'].includes(String(error.httpCode));
}

/** The User picker; never fails: "Me (self)" stays and says why the list is short. */
export const searchUsers: ListSearchMethod = async function (filter) {
	const self: INodeListSearchItems = { name: SELF_NAME, value: 'self' };
	const members = await listAccounts(this).catch((error: unknown) => {
		if (!isRefusedToMember(error))
			self.description = `The members could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
		return [];
	});
	return matching([self, ...members], filter);
};

export const searchMembers: ListSearchMethod = async function (filter) {
	return matching(await listAccounts(this), filter);
};

export const searchCustomFields: ListSearchMethod = async function (filter) {
	const needle = (filter ?? '').trim().toLowerCase();
	const results = (await customFields(this))
		.filter((field) => !needle || String(field.name).toLowerCase().includes(needle))
		.sort((a, b) => String(a.name).localeCompare(String(b.name)))
		.map((field) => ({
			name: field.enabled === false ? `${field.name} (disabled)` : String(field.name),
			value: field.id,
			description: field.instructions || undefined,
		}));
	return { results };
};

function contactEntry(contact: ContactRecord): INodeListSearchItems {
	const name = labelText(contact.name) || String(contact.id);
	const company = labelText(contact.company);
	const numbers = Array.isArray(contact.numbers) ? contact.numbers.map(String).join(', ') : '';
	return {
		name: [name, company && `(${company})`, numbers && `– ${numbers}`].filter(Boolean).join(' '),
		value: String(contact.id),
	};
}

/** The cursor the editor hands back (the pagination token a search gave it), or the first page. */
function cursorOf<T>(token: string | undefined, first: T, read: (parsed: Partial<T>) => T): T {
	try {
		return token ? read(JSON.parse(token) as Partial<T>) : first;
	} catch {
		return first;
	}
}

const contactCursor = (token: string | undefined) =>
	cursorOf<OffsetCursor>(token, FIRST_OFFSET_PAGE, (cursor) => {
		const offset = Number(cursor.offset);
		return {
			offset: Number.isInteger(offset) && offset > 0 ? offset : 0,
			last: Array.isArray(cursor.last) ? cursor.last.map(String) : [],
		};
	});

export const searchContacts: ListSearchMethod = async function (filter, paginationToken) {
	const search = (filter ?? '').trim();
	const step = offsetPages(async (offset) => {
		const query: ContactListQuery = { offset, limit: CONTACTS_PAGE_SIZE };
		if (search) query.search = search;
		return await contactPage(this, currentUserId(this), query);
	}, entryKey);
	// A page shorter than asked for is not taken for the last: the next one says (nodes/shared/api/pager.ts).
	const page = await step(contactCursor(paginationToken), 0);
	const results = page.fresh
		.filter((contact) => typeof contact.id === 'string' && contact.id !== '')
		.map(contactEntry);
	return { results, ...(page.next && { paginationToken: JSON.stringify(page.next) }) };
};

const SEARCH_PAGE_SIZE = 50;
/** Pages read for one search while what the user typed matches too few faxes. */
const PAGES_PER_FILTERED_SEARCH = 5;

/** "2025-01-14 10:15 · received from +4930123456 · 2 pages · success"; the comment as description. */
function faxEntry(fax: FaxRecord): INodeListSearchItems {
	const when = labelText(fax.start_time).slice(0, 16);
	const incoming = fax.direction === 'incoming';
	const party = incoming
		? `received from ${labelText(fax.from ?? fax.from_number) || 'unknown'}`
		: `sent to ${labelText(fax.to) || 'unknown'}`;
	const parts = [
		when && `${when} UTC`,
		fax.direction ? party : '',
		pagesLabel(fax.pages),
		labelText(fax.status),
		fax.is_spam === true ? 'spam' : '',
	].filter(Boolean);
	const comment = labelText(fax.comment);
	return {
		name: parts.length > 0 ? parts.join(' · ') : String(fax.id),
		value: String(fax.id),
		...(comment && { description: comment }),
	};
}

export const searchFaxes: ListSearchMethod = async function (filter, paginationToken) {
	const userId = currentUserId(this);
	const step = faxPages(async (page) => await readFaxListPage(this, userId, page), {
		pageSize: SEARCH_PAGE_SIZE,
		// The editor asks for the pages one by one: oldest first, they come as Fax.Plus lists them.
		holdOldestFirst: false,
		noStartTime: () => {
			throw operationError(this, {
				message: 'Fax.Plus listed faxes without a start_time, so no more can be loaded',
				description: 'Enter the fax by its ID instead ("By ID").',
			});
		},
	});
	let cursor: FaxCursor | undefined = cursorOf(paginationToken, FIRST_FAX_PAGE, (parsed) => ({
		...FIRST_FAX_PAGE,
		...parsed,
	}));
	const results: INodeListSearchItems[] = [];
	for (let pages = 0; cursor && pages < PAGES_PER_FILTERED_SEARCH; pages++) {
		const page: { fresh: IDataObject[]; next?: FaxCursor } = await step(cursor, 0);
		const faxes = (page.fresh as FaxRecord[]).filter((fax) => fax.id !== undefined);
		results.push(...matching(faxes.map(faxEntry), filter).results);
		cursor = page.next;
		// Without a filter one page with faxes is what the editor asked for; with one, read on until some match.
		if (page.fresh.length > 0 && (!filter?.trim() || results.length >= SEARCH_PAGE_SIZE)) break;
	}
	return { results, ...(cursor && { paginationToken: JSON.stringify(cursor) }) };
};

/** "to +4930123456 · scheduled for 2030-01-15 09:00 +0000 · 2 pages"; the comment as description. */
function outboxEntry(fax: OutboxFax): INodeListSearchItems {
	const to = Array.isArray(fax.to)
		? fax.to.map(labelText).filter(Boolean).join(', ')
		: labelText(fax.to);
	const status = labelText(fax.status);
	const sendTime = labelText(fax.send_time);
	const parts = [
		to && `to ${to}`,
		status && sendTime ? `${status} for ${sendTime}` : status,
		pagesLabel(fax.page_count),
	].filter(Boolean);
	const comment =
		fax.comment && typeof fax.comment === 'object'
			? labelText((fax.comment as { text?: unknown }).text)
			: labelText(fax.comment);
	return {
		name: parts.length > 0 ? parts.join(' · ') : String(fax.id),
		value: String(fax.id),
		...(comment && { description: comment }),
	};
}

export const searchOutboxFaxes: ListSearchMethod = async function (filter) {
	const faxes = (await outboxFaxes(this, currentUserId(this))).filter(
		(fax) => fax.id !== undefined,
	);
	return matching(faxes.map(outboxEntry), filter);
};
