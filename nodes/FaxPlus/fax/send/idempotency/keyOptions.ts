// Send → Options: the Idempotency Key's fields (docs/sending.md).
import type { INodeProperties } from 'n8n-workflow';
import { docsLink } from '../../../shared/descriptions';

/** How long a tool's default key holds, unless the node says otherwise. */
export const DEFAULT_KEY_WINDOW_HOURS = 24;
/** How long a key holds (one to two of it), unless the node says otherwise. */
export const DEFAULT_KEY_LIFETIME_DAYS = 7;

export const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description: `A text or number naming this send, e.g. an order ID: a repeat is answered with its fax, ${docsLink('sending.md#idempotency-key', 'not faxed again')}`,
};

export const keyLifetimeOption: INodeProperties = {
	displayName: 'Key Lifetime (Days)',
	name: 'keyLifetimeDays',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_KEY_LIFETIME_DAYS,
	description: 'Days (one to two times this) in which a repeat of an Idempotency Key is not faxed',
};

// It matters only to an AI agent: shown on the tool n8n makes of the node, not in workflows.
export const toolRepeatWindowOption: INodeProperties = {
	displayName: 'Tool Repeat Window (Hours)',
	name: 'toolKeyWindowHours',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_KEY_WINDOW_HOURS,
	description:
		'Hours (one to two times this) in which an AI agent sends the same fax once without an Idempotency Key; 0: off',
	displayOptions: { show: { '@tool': [true] } },
};
