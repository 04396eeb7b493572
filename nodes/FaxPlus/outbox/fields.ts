// An outbox fax in the Outbox resource's operations: its status meaning, picker, Simplified
// shape and the fields others wrote.
import type { UntrustedField, SimplifiedShape } from '../shared/output';
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { resourceLocator, USER_DEPENDENCY } from '../shared/parameters';
import { outboxStatusFields } from '../../shared/api/faxStatuses';

export function withOutboxStatusMeaning(record: Record<string, unknown>): IDataObject {
	const meaning = 'status' in record && outboxStatusFields(record.status);
	return { ...record, ...meaning } as IDataObject;
}

export function outboxFaxIdField(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Outbox Fax',
		name: 'outboxFaxId',
		description: `${description}: the outbox ID Send answered (a fax leaves the outbox once sent); as it comes, the input item's outboxFaxId`,
		searchListMethod: 'searchOutboxFaxes',
		dependsOn: USER_DEPENDENCY,
		fromInput: 'outboxFaxId',
	});
}

/** What Output → Simplified keeps of an outbox record (the comment as its text, plain names as a fax has them). */
export const SIMPLIFIED_OUTBOX_FAX: SimplifiedShape = {
	fields: [
		'id',
		'src',
		'to',
		'status',
		'statusMeaning',
		'statusRetryable',
		'page_count',
		'send_time',
		'submit_time',
		'last_updated_status_time',
		'comment',
	],
	flatten: { comment: 'text' },
	rename: { src: 'from', page_count: 'pages' },
};

export const RAW_ONLY_OUTBOX_FIELDS = [
	'uid',
	'designated_src',
	'files',
	'options',
	'retry',
	'should_enhance',
	'contact_name',
	'initiated_from',
	'status_changes',
	'file_changes',
	'extra_info',
	'ip',
];

/** The fields of an outgoing fax that others wrote. */
export const OUTBOX_UNTRUSTED: UntrustedField[] = [
	{ field: 'comment', as: 'comment' },
	{ field: 'contact_name', as: 'contactName' },
];
