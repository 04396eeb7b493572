// The account's AI custom fields: their record, the Enabled field, and their list.
import type { INodeProperties } from 'n8n-workflow';
import type { FaxPlusContext, RequestScope } from '../../shared/transport/transport';
import { listAnswer } from '../../shared/api/accountLists';

export interface AiCustomField {
	id: string;
	name: string;
	instructions: string;
	enabled: boolean;
}

/** Whether a custom field is used, as Create sets it and Update changes it. */
export const ENABLED_FIELD: INodeProperties = {
	displayName: 'Enabled',
	name: 'enabled',
	type: 'boolean',
	default: true,
	description: 'Whether the field is used for extraction',
};

/** The account's AI custom fields (GET /accounts/self/ai/custom-fields: `{ records }`). */
export async function customFields(context: FaxPlusContext, scope: RequestScope = {}) {
	const path = '/accounts/self/ai/custom-fields';
	return await listAnswer<AiCustomField>(context, { path, key: 'records', ...scope });
}
