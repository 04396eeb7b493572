import type { IDataObject } from 'n8n-workflow';
import { userIdFields } from '../shared/descriptions';
import { userIdOf, toItems } from '../shared/items';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { collectPages, entryKey, FIRST_OFFSET_PAGE, offsetPages } from '../../shared/api/paging';
import { contactPage, CONTACTS_PAGE_SIZE } from './list';
import type { ContactListQuery } from './types';
import type { FaxPlusOperation } from '../shared/types';
import { idList } from '../shared/values';

export const getAll: FaxPlusOperation = {
	description: [
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
	],
	/** Pages by offset until nothing new (a short page is not taken for the last). */
	async execute(itemIndex) {
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
			return await contactPage(this, userId, query, itemIndex);
		}, entryKey);
		return toItems(await collectPages(FIRST_OFFSET_PAGE, step, limit));
	},
};
