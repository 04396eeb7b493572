import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { resourceLocator } from '../shared/parameters';
import { listAnswer } from '../../shared/api/accountLists';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import { choiceOf, requiredString } from '../shared/values';
import { refusalOf } from '../../shared/transport/nodeErrors';
import { updateDisplayOptions } from '../shared/display';

/** ISO 3166-1 alpha-2, the `country_code` path parameter. */
const ISO_CODE = /^[A-Za-z]{2}$/;
const DIGITS = /^[0-9]*$/;

export const option = {
	name: 'Search Numbers',
	value: 'searchNumbers',
	action: 'Search numbers to purchase',
	description: 'One item per number offered in an area of a country',
};

const properties: INodeProperties[] = [
	resourceLocator({
		displayName: 'Country',
		name: 'country',
		description: 'Country to search numbers in',
		searchListMethod: 'searchShopCountries',
	}),
	{
		displayName: 'Area Code',
		name: 'areaCode',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 212',
		description: 'Area code to search numbers in',
	},
	{
		displayName: 'Channel',
		name: 'channel',
		type: 'options',
		options: [
			{ name: 'Random', value: 'random', description: 'Any available numbers of the area' },
			{ name: 'Custom', value: 'custom', description: 'Numbers that contain the given digits' },
		],
		default: 'random',
		description: 'How Fax.Plus picks the numbers it offers',
	},
	{
		displayName: 'Contains Digits',
		name: 'containsDigits',
		type: 'string',
		default: '',
		placeholder: 'e.g. 777',
		description: 'Digits the number must contain (only 0-9)',
		displayOptions: { show: { channel: ['custom'] } },
	},
	...returnAllOrLimit(),
];

const displayOptions = { show: { resource: ['shop'], operation: ['searchNumbers'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const refuse = refusalOf(this, itemIndex);
	return await getManyItems(this, itemIndex, async (scope) => {
		const country = requiredString(this, 'country', 'Country', itemIndex);
		if (!ISO_CODE.test(country)) {
			throw refuse(
				`Country "${country}" is not a two-letter ISO country code`,
				'Pick the country from the list, or enter its ISO 3166-1 alpha-2 code, e.g. US.',
			);
		}
		const areaCode = requiredString(this, 'areaCode', 'Area Code', itemIndex);
		const chosen = this.getNodeParameter('channel', itemIndex, 'random');
		const channel = choiceOf(this, itemIndex, 'Channel', chosen, ['random', 'custom'] as const);
		const qs: IDataObject = { channel };
		if (channel === 'custom') {
			const digits = String(this.getNodeParameter('containsDigits', itemIndex, '') ?? '').trim();
			if (!DIGITS.test(digits)) {
				throw refuse(
					`Contains Digits may hold only the digits 0-9, not "${digits}"`,
					'Enter the digits the number must contain, e.g. 777, without spaces, "+" or other signs.',
				);
			}
			if (digits) qs.contains = digits;
		}
		const path = `/shop/numbers/countries/${encodeURIComponent(country.toUpperCase())}/areas/${encodeURIComponent(areaCode)}/numbers`;
		return await listAnswer(this, { path, key: 'numbers', qs, ...scope });
	});
}
