// Send → Options: the Idempotency Key's fields (docs/sending.md).
import type { INodeProperties } from 'n8n-workflow';

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
	description:
		'A text or number naming this send, e.g. an order ID. A repeat is not faxed again: it answers duplicate: true naming the fax, or an error where Fax.Plus no longer shows it. The same key with other numbers, From, documents or fax options is refused. Held per credential, User ID, workflow and node.',
};

export const keyLifetimeOption: INodeProperties = {
	displayName: 'Key Lifetime (Days)',
	name: 'keyLifetimeDays',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_KEY_LIFETIME_DAYS,
	description:
		"How long an Idempotency Key holds: a repeat within this many days (up to twice as many) is not faxed again. A repeat whose fax left the outbox reads Fax.Plus's sent faxes of that time to name it.",
};

// It matters only to an AI agent: shown on the tool n8n makes of the node, not in workflows.
export const toolRepeatWindowOption: INodeProperties = {
	displayName: 'Tool Repeat Window (Hours)',
	name: 'toolKeyWindowHours',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_KEY_WINDOW_HOURS,
	description:
		'When an AI agent uses this node as a tool without an Idempotency Key: the same numbers, From, documents and fax options are sent once within this many hours, up to twice as many (a key made from them). 0 turns this off.',
	displayOptions: { show: { '@tool': [true] } },
};
