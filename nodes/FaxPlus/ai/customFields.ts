import type { INodeListSearchResult } from 'n8n-workflow';
import type { ListSearchMethod } from '../shared/types';
import { faxPlusApiRequest } from '../../api/transport';
import type { AiCustomField, AiCustomFieldList } from './types';

/** The records of a custom field list answer (an empty list when there are none). */
export function recordsOf(list: AiCustomFieldList | undefined): AiCustomField[] {
	return Array.isArray(list?.records) ? list.records : [];
}

/** listSearch: the account's AI custom fields, filtered by name (case-insensitive). */
export const searchCustomFields: ListSearchMethod = async function (filter) {
	const list = await faxPlusApiRequest<AiCustomFieldList>(this, {
		method: 'GET',
		path: '/accounts/self/ai/custom-fields',
	});
	const needle = (filter ?? '').trim().toLowerCase();
	const results: INodeListSearchResult['results'] = recordsOf(list)
		.filter((field) => !needle || String(field.name).toLowerCase().includes(needle))
		.sort((a, b) => String(a.name).localeCompare(String(b.name)))
		.map((field) => ({
			name: field.enabled === false ? `${field.name} (disabled)` : String(field.name),
			value: field.id,
			description: field.instructions || undefined,
		}));
	return { results };
};
