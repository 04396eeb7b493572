import type { UntrustedField, SimplifiedShape } from '../../shared/output';
import type {
	IDataObject,
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { runsAsTool } from '../../../shared/n8n/executeContext';
import { faxStatusFields } from '../../../shared/api/faxStatuses';
import { resourceLocator, USER_DEPENDENCY } from '../../shared/parameters';
import { outputFieldOf, requiredString, userIdOf } from '../../shared/values';

export function faxIdField(description: string): INodeProperties {
	return resourceLocator({
		displayName: 'Fax',
		name: 'faxId',
		description: `${description} (its ID, not a phone number)`,
		searchListMethod: 'searchFaxes',
		listPlaceholder: 'Select a fax...',
		idPlaceholder: 'e.g. 7d3e2b9c4f1a',
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

/** Downloads a fax file into the output field, keeping the input's JSON and files. */
export async function outputFaxFile(
	context: IExecuteFunctions,
	itemIndex: number,
	reference: { faxId: string; userId: string },
	download: () => Promise<{ data: Buffer; fileName: string; mimeType: string }>,
): Promise<INodeExecutionData[]> {
	const binaryPropertyName = outputFieldOf(context, itemIndex);
	const { data, fileName, mimeType } = await download();
	const binary = await context.helpers.prepareBinaryData(data, fileName, mimeType);
	const input = context.getInputData()[itemIndex];
	const inputJson = input?.json ?? {};
	let json: IDataObject = Object.keys(inputJson).length > 0 ? { ...inputJson } : { ...reference };
	// As a tool the JSON describes the file: n8n hands an agent the JSON only.
	if (runsAsTool(context)) {
		json = {
			...reference,
			fileName,
			mimeType,
			fileSizeBytes: data.length,
			binaryField: binaryPropertyName,
			message:
				`Downloaded ${fileName} (${mimeType}, ${data.length} bytes). The file itself is kept in ` +
				`this tool run's output, binary field "${binaryPropertyName}", in n8n's execution data; an agent receives only this text. ` +
				'To read what a fax says, use the Get OCR operation with the same fax ID.',
		};
	}
	return [{ json, binary: { ...input?.binary, [binaryPropertyName]: binary } }];
}
