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
		"A text or number that names this send, e.g. an order ID (objects, lists and empty values are refused). Before sending, this node looks in Fax.Plus for a fax it sent with this key (the outbox, and sent faxes of the last Key Lifetime days): the same numbers, From, documents and fax options answer duplicate: true naming that fax; other content is refused. A duplicate item carries the fax's status: a fax that failed is not sent again under its key; to send it again, use a new key. Held per Fax.Plus account, workflow and node. Left open: two sends of one key in two n8n processes can both fax when another write of this node's record is held longer than the key's settle (50 ms to 2 s) and lands before Fax.Plus lists the first fax, or when Fax.Plus lists a fax more than 30 s after taking it.",
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
