import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { requiredString, userIdOf } from '../shared/values';
import { dateTimeValue } from '../shared/dateTimeValue';
import { readPhoneNumbers } from '../../shared/phone/numbers';
import { userIdFields, resourceLocator, fromInput, USER_DEPENDENCY } from '../shared/parameters';
import { toItems } from '../shared/items';
import { faxStatusNow } from './shared/sentFaxes';
import { operationError } from '../../shared/transport/nodeErrors';
import { FAX_UNTRUSTED } from './shared/fields';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Status',
	value: 'getStatus',
	action: 'Get the status of a sent fax',
	description:
		"Where a fax from Send is now: waiting in the outbox, or sent (success or why it failed); reads Send's outboxFaxId, to and queuedAt from its input",
};

export const untrusted = FAX_UNTRUSTED;

export const toolDescription =
	"Get the current status of a fax that Send queued. Needs Send's outbox ID (outboxFaxId), " +
	'the destination number (to) and, when known, when Send queued it (queuedAt). Looks in the ' +
	'outbox and, once the fax has left it, among the sent faxes. Returns where (outbox, sent ' +
	'or unknown), status, statusMeaning (in words), statusRetryable, final (whether the status ' +
	'will change no more) and, once sent, the fax ID.';

const properties: INodeProperties[] = [
	...userIdFields(),
	resourceLocator({
		displayName: 'Outbox Fax',
		name: 'outboxFaxId',
		description:
			'The outboxFaxId that Send output for this number, read from the input item as it comes; or pick a fax still in the outbox',
		searchListMethod: 'searchOutboxFaxes',
		dependsOn: USER_DEPENDENCY,
		fromInput: 'outboxFaxId',
	}),
	{
		displayName: 'To',
		name: 'to',
		type: 'string',
		default: fromInput('to'),
		required: true,
		placeholder: 'e.g. +4930123456',
		description:
			'The number the fax was sent to: Send\'s "to", read from the input item as it comes. Once sent, the fax is found among the sent faxes by this number.',
	},
	{
		// Named sentAt in saved workflows; it holds when Send queued the fax.
		displayName: 'Queued At',
		name: 'sentAt',
		type: 'dateTime',
		default: fromInput('queuedAt'),
		description:
			'When Send queued the fax: Send\'s "queuedAt", read from the input item as it comes. Empty looks at the newest fax sent to the number in the last 24 hours.',
	},
];

const displayOptions = { show: { resource: ['fax'], operation: ['getStatus'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax', itemIndex);
	const number = readPhoneNumbers(String(this.getNodeParameter('to', itemIndex, '') ?? ''));
	if (!number.ok || number.numbers.length !== 1) {
		throw operationError(this, {
			itemIndex,
			message: 'To must be the one number the fax was sent to',
			description:
				'Map "to" from Send\'s output (one item per number), e.g. +4930123456, with "+" and the country code.',
		});
	}
	const queuedAt = dateTimeValue(
		this,
		this.getNodeParameter('sentAt', itemIndex, ''),
		'Queued At',
		itemIndex,
	);
	const fax = { to: number.numbers[0], outboxFaxId };
	return toItems(await faxStatusNow(this, itemIndex, userId, fax, queuedAt?.getTime()));
}
