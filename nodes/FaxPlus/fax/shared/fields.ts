// A fax record in the Fax resource's operations: its picker, its path, its Simplified shape and the
// fields others wrote.
import type { UntrustedField, SimplifiedShape } from '../../shared/output';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { faxStatusFields } from '../../../shared/api/faxStatuses';
import { resourceLocator, USER_DEPENDENCY } from '../../shared/parameters';
import { requiredString, userIdOf } from '../../shared/values';

export function faxIdField(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Fax',
		name: 'faxId',
		description: `${description} (its ID, not a phone number)`,
		searchListMethod: 'searchFaxes',
		dependsOn: USER_DEPENDENCY,
	});
}

/** The item's User and Fax (both required) and the fax's path, `/accounts/<user>/faxes/<fax>`. */
export function faxOfItem(
	context: IExecuteFunctions,
	itemIndex: number,
): { userId: string; faxId: string; path: string } {
	const userId = userIdOf(context, itemIndex);
	const faxId = requiredString(context, 'faxId', 'Fax ID', itemIndex);
	const path = `/accounts/${encodeURIComponent(userId)}/faxes/${encodeURIComponent(faxId)}`;
	return { userId, faxId, path };
}

export function withStatusMeaning(fax: IDataObject): IDataObject {
	return 'status' in fax ? { ...fax, ...faxStatusFields(fax.status) } : fax;
}

export const SIMPLIFIED_FAX: SimplifiedShape = {
	fields: [
		'id',
		'direction',
		'from',
		'to',
		'status',
		'statusMeaning',
		'statusRetryable',
		'pages',
		'start_time',
		'is_read',
		'comment',
	],
	// apidoc's example records say `from_number`; the SDK's Fax model says `from`.
	alternatives: { from: ['from_number'] },
};

export const RAW_ONLY_FAX_FIELDS = [
	'uid',
	'from_number',
	'owner_id',
	'submit_time',
	'last_update',
	'is_spam',
	'description',
	'header',
	'cost',
	'cost_details',
	'duration',
	'max_retry',
	'retry_delay',
	'file',
	'file_name',
];

/** The fields of a fax record that others wrote (its sender, for a received fax). */
export const FAX_UNTRUSTED: UntrustedField[] = [
	{ field: 'comment', as: 'comment' },
	{ field: 'header', as: 'faxHeader' },
	{ field: 'from', as: 'callerId', when: (record) => record.direction === 'incoming' },
	// apidoc's example records name the sender `from_number` (the SDK: `from`).
	{ field: 'from_number', as: 'callerId', when: (record) => record.direction === 'incoming' },
];
