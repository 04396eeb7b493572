// Send → Options: the Idempotency Key's fields (docs/sending.md).
import type { INodeProperties } from 'n8n-workflow';

/** How long a tool's default key holds, unless the node says otherwise. */
export const DEFAULT_KEY_WINDOW_HOURS = 24;
/** How far back the sent faxes are searched for a key, unless the node says otherwise. */
export const DEFAULT_KEY_LIFETIME_DAYS = 7;

export const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description:
		'A text or number naming this send, e.g. an order ID. A repeat found in Fax.Plus (the outbox, or sent faxes of the Key Lifetime) is not faxed again: it answers duplicate: true naming the fax. The same key with other numbers, From, documents or options is refused. Held per account, workflow and node.',
};

export const keyLifetimeOption: INodeProperties = {
	displayName: 'Key Lifetime (Days)',
	name: 'keyLifetimeDays',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_KEY_LIFETIME_DAYS,
	description:
		"How far back Fax.Plus's sent faxes are searched for an Idempotency Key's fax (it is found in the outbox whatever its age). Each keyed send reads the sent faxes of this period.",
};

export const toolRepeatWindowOption: INodeProperties = {
	displayName: 'Tool Repeat Window (Hours)',
	name: 'toolKeyWindowHours',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_KEY_WINDOW_HOURS,
	description:
		'When an AI agent uses this node as a tool without an Idempotency Key: the same numbers, From, documents and fax options are sent once within this many hours (a key made from them). 0 turns this off.',
};
