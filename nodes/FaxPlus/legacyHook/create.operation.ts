import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { faxEventOptions, faxEvent } from '../../shared/api/events';
import { toItems } from '../shared/items';
import { checkUrl } from '../../shared/api/webhookEndpoints';
import { e164Numbers } from '../shared/faxNumbers';
import { hookWithoutToken } from '../../shared/api/hookTokens';
import { createLegacyHook } from '../../shared/api/legacyHooks';
import { updateDisplayOptions } from '../shared/display';
import { requestScope } from '../shared/requests';

export const option = {
	name: 'Create',
	value: 'create',
	action: 'Create a legacy hook',
	description: 'Subscribe a URL to one fax event with the legacy hook API',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Target URL',
		name: 'targetUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. https://example.com/fax-events',
		description: 'Address that receives the deliveries of the hook (POST)',
	},
	{
		displayName: 'Event',
		name: 'event',
		type: 'options',
		options: faxEventOptions,
		default: 'fax_received',
		description: 'The fax event the hook delivers; a legacy hook has exactly one',
	},
	{
		displayName: 'Owned Numbers',
		name: 'numbers',
		type: 'string',
		default: '',
		placeholder: 'e.g. +15551234567, +15557654321',
		description:
			'Deliver only faxes of these numbers the account owns (with "+", separated by commas); empty: every number',
	},
];

const displayOptions = { show: { resource: ['legacyHook'], operation: ['create'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const parameter = (name: string) => this.getNodeParameter(name, itemIndex, '');
	const target = checkUrl(this, parameter('targetUrl'), itemIndex, 'Target URL');
	const event = faxEvent(this, itemIndex, String(parameter('event') ?? '').trim(), 'Event');
	const numbers = e164Numbers(this, itemIndex, parameter('numbers'), 'Owned Numbers');
	const input = { target, event, ...(numbers.length > 0 && { numbers }) };
	return toItems(
		hookWithoutToken(await createLegacyHook(this, input, requestScope(this, itemIndex))),
	);
}
