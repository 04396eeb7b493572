import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { dateTimeValue, formatUtc } from '../shared/dates';
import { showFor, userIdField } from '../shared/descriptions';
import { requiredString, toItems } from '../shared/items';
import { entriesOf } from '../shared/lists';
import { resultLimit, returnAllOrLimit } from '../shared/paging';
import { faxPlusApiRequest, segment } from '../transport';
import type { FaxCategory, FaxListQuery, FaxRecord } from './types';

/** Faxes asked for per request when paging. */
export const PAGE_SIZE = 100;

const CATEGORIES: readonly FaxCategory[] = ['inbox', 'sent', 'spam'];

export const description: INodeProperties[] = [
	userIdField('fax', 'getMany'),
	...returnAllOrLimit('fax', 'getMany'),
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		displayOptions: showFor('fax', 'getMany'),
		options: [
			{
				displayName: 'After',
				name: 'after',
				type: 'dateTime',
				default: '',
				description: 'Only faxes after this date and time',
			},
			{
				displayName: 'Before',
				name: 'before',
				type: 'dateTime',
				default: '',
				description: 'Only faxes before this date and time',
			},
			{
				displayName: 'Category',
				name: 'category',
				type: 'options',
				options: [
					{ name: 'Inbox', value: 'inbox', description: 'Received faxes' },
					{ name: 'Sent', value: 'sent', description: 'Sent faxes' },
					{ name: 'Spam', value: 'spam', description: 'Faxes marked as spam' },
				],
				default: 'inbox',
				description: 'Which faxes to list',
			},
		],
	},
];

/** One item per fax record, newest first as the API answers; pages with `skip` for Return All. */
export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const userId = requiredString(this, 'userId', 'User ID', itemIndex);
	const limit = resultLimit(this, itemIndex);
	const filters = filterQuery(this, itemIndex);

	const faxes: FaxRecord[] = [];
	const seen = new Set<unknown>();
	let skip = 0;
	for (;;) {
		const pageSize = limit === undefined ? PAGE_SIZE : Math.min(PAGE_SIZE, limit - faxes.length);
		const qs: FaxListQuery = { ...filters, limit: pageSize };
		if (skip > 0) qs.skip = skip;
		const answer = await faxPlusApiRequest<unknown>(this, {
			method: 'GET',
			path: `/accounts/${segment(userId)}/faxes`,
			qs: qs as unknown as IDataObject,
			itemIndex,
		});
		const page = entriesOf(answer, 'records');
		let added = 0;
		for (const fax of page) {
			// A server that ignores `skip` answers the same page again: stop instead of looping.
			if (fax.id !== undefined && seen.has(fax.id)) continue;
			seen.add(fax.id);
			faxes.push(fax);
			added++;
			if (limit !== undefined && faxes.length >= limit) break;
		}
		if (limit !== undefined && faxes.length >= limit) break;
		if (page.length < pageSize || added === 0) break;
		skip += page.length;
	}
	return toItems(faxes);
}

function filterQuery(context: IExecuteFunctions, itemIndex: number): Omit<FaxListQuery, 'limit'> {
	const filters = context.getNodeParameter('filters', itemIndex, {}) as IDataObject;
	const query: Omit<FaxListQuery, 'limit'> = {};
	if (filters.category !== undefined && filters.category !== '') {
		const category = String(filters.category) as FaxCategory;
		if (!CATEGORIES.includes(category)) {
			throw new NodeOperationError(
				context.getNode(),
				`Category must be one of ${CATEGORIES.join(', ')}, not "${category}"`,
				{ itemIndex },
			);
		}
		query.category = category;
	}
	const after = dateTimeValue(context, filters.after, 'After', itemIndex);
	const before = dateTimeValue(context, filters.before, 'Before', itemIndex);
	if (after && before && after.getTime() >= before.getTime()) {
		throw new NodeOperationError(context.getNode(), 'After must be earlier than Before', {
			itemIndex,
			description: `No fax can be after ${formatUtc(after)} UTC and before ${formatUtc(before)} UTC.`,
		});
	}
	if (after) query.after = formatUtc(after);
	if (before) query.before = formatUtc(before);
	return query;
}
