// A webhook endpoint in the Webhook resource's operations: its fields, its picker, its events.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { FAX_EVENTS, faxEventOptions, faxEvent } from '../../shared/api/events';
import { resourceLocator } from '../shared/parameters';
import { requiredString, listOf } from '../shared/values';
import { operationError } from '../../shared/transport/nodeErrors';

/** The endpoint's URL, events and numbers filter, as Create asks for them and Update changes them. */
export const URL_FIELD: INodeProperties = {
	displayName: 'URL',
	name: 'url',
	type: 'string',
	default: '',
	placeholder: 'e.g. https://example.com/fax-events',
	description: 'HTTPS address that receives the deliveries (POST)',
};

export const EVENTS_FIELD: INodeProperties = {
	displayName: 'Events',
	name: 'filterTypes',
	type: 'multiOptions',
	options: faxEventOptions,
	default: [],
	description: 'Fax events delivered to the URL; at least one',
};

export const CHANNELS_FIELD: INodeProperties = {
	displayName: 'Numbers Filter',
	name: 'channels',
	type: 'string',
	default: '',
	placeholder: 'e.g. +15551234567, +4930123456',
	description: 'Deliver only faxes from or to these numbers ("+", commas between); empty: all',
};

export function endpointLocator(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Endpoint',
		name: 'endpoint',
		description,
		searchListMethod: 'searchWebhookEndpoints',
	});
}

export function endpointIdOf(context: IExecuteFunctions, itemIndex: number): string {
	const endpointId = requiredString(context, 'endpoint', 'Endpoint', itemIndex);
	if (!/^ep_\S+$/.test(endpointId)) {
		throw operationError(context, {
			itemIndex,
			message: `Endpoint "${endpointId}" is not a webhook endpoint ID`,
			description: 'Pick the endpoint from the list, or enter its ID, which begins with "ep_".',
		});
	}
	return endpointId;
}

/** The chosen events: at least one, each one of Fax.Plus's underscored event names. */
export function checkFilterTypes(context: IExecuteFunctions, value: unknown, itemIndex: number) {
	const entries = listOf(value);
	if (entries.length === 0) {
		throw operationError(context, {
			itemIndex,
			message: 'Events: choose at least one event',
			description: `A webhook endpoint needs at least one of ${FAX_EVENTS.join(', ')}.`,
		});
	}
	return entries.map((entry) => faxEvent(context, itemIndex, entry, 'Events'));
}

/** A 404 (no endpoint, or webhooks turned off) becomes an error naming both. */
export function endpointNotFound(
	context: IExecuteFunctions,
	endpointId: string,
	itemIndex: number,
): (error: unknown) => never {
	return (error) => {
		if (!(error instanceof NodeApiError) || String(error.httpCode) !== '404') throw error;
		const response = error.errorResponse as IDataObject | undefined;
		const detail = [response?.error, response?.description]
			.filter((part) => typeof part === 'string' && part)
			.join(': ');
		throw new NodeApiError(
			context.getNode(),
			{ error: 'not_found', httpCode: '404' },
			{
				message: `Webhook endpoint ${endpointId} was not found: 404${detail ? ` (${detail})` : ''}`,
				description:
					"No endpoint of this Fax.Plus account has this ID (list the endpoints to see them), or webhooks are turned off in the account's Integrations settings.",
				httpCode: '404',
				itemIndex,
			},
		);
	};
}

/** Drops anything that looks like a signing secret, should an answer ever carry one. */
export function withoutSecrets<T extends object>(record: T): IDataObject {
	return Object.fromEntries(
		Object.entries(record).filter(
			([key, value]) =>
				key !== 'secret' && !(typeof value === 'string' && value.startsWith('whsec_')),
		),
	) as IDataObject;
}
