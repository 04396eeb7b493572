import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { userIdOf, idList } from '../shared/values';
import { toItems } from '../shared/items';
import { resultLimit, returnAllOrLimit } from '../shared/getMany';
import { collectPages, entryKey } from '../../shared/api/pager';
import { FIRST_OFFSET_PAGE, offsetPages } from '../../shared/api/offsetPages';
import { contactPage, CONTACT_UNTRUSTED, CONTACTS_PAGE_SIZE, type ContactListQuery } from './list';
import { updateDisplayOptions } from '../shared/display';
import { requestScope } from '../shared/requests';

export const option = {
	name: 'Get Many',
	value: 'getAll',
	action: 'Get many contacts',
	description: "List or search the user's contacts, one item each",
};

export const untrusted = CONTACT_UNTRUSTED;

const properties: INodeProperties[] = [
	...userIdFields(),
	...returnAllOrLimit(),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Contact IDs',
				name: 'ids',
				type: 'string',
				default: '',
				placeholder: 'e.g. contact_1, contact_2',
				description: 'Only these contacts, by ID, separated by commas',
			},
			{
				displayName: 'Search',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. Berlin Clinic',
				description: 'Only contacts that match this text (name, company or number)',
			},
		],
	},
];

const displayOptions = { show: { resource: ['contact'], operation: ['getAll'] } };
export const description = updateDisplayOptions(displayOptions, properties);

/** Pages by offset until nothing new (a short page is not taken for the last). */
export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const limit = resultLimit(this, itemIndex);
	const filters = this.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const search = String(filters.search ?? '').trim();
	const ids = idList(filters.ids);

	const step = offsetPages(async (offset, collected) => {
		const pageSize = Math.min(CONTACTS_PAGE_SIZE, (limit ?? Infinity) - collected);
		const query: ContactListQuery = { offset, limit: pageSize };
		if (search) query.search = search;
		if (ids.length > 0) query.ids = ids.join(',');
		return await contactPage(this, userId, query, requestScope(this, itemIndex));
	}, entryKey);
	return toItems(await collectPages(FIRST_OFFSET_PAGE, step, limit));
}
