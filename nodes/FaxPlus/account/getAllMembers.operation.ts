import type { IExecuteFunctions, INodeProperties, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { getManyItems, returnAllOrLimit } from '../shared/getMany';
import { listAnswer } from '../../shared/api/accountLists';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Get Many Members',
	value: 'getAllMembers',
	action: 'Get many members',
	description: 'List the members of the corporate account, one item each (admins only)',
};

export const toolDescription =
	'List the members of the corporate Fax.Plus account (admins only). Needs nothing. Returns one record per member with the user ID (uid) that other tools take as User, name, e-mail and role.';

const properties: INodeProperties[] = [
	{
		displayName:
			"Only an admin of a corporate Fax.Plus account can list its members; Fax.Plus refuses a member's credential (403)",
		name: 'adminOnlyNotice',
		type: 'notice',
		default: '',
	},
	...returnAllOrLimit(),
];

const displayOptions = { show: { resource: ['account'], operation: ['getAllMembers'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	return await getManyItems(this, itemIndex, async (scope) => {
		return await listAnswer(this, { path: '/accounts', key: 'members', ...scope }).catch(
			(error: unknown) => {
				// A 403 that is not about the token's scopes: the caller is not the admin.
				if (
					!(error instanceof NodeApiError) ||
					error.httpCode !== '403' ||
					error.message.startsWith('The Fax.Plus token lacks the scope')
				)
					throw error;
				throw new NodeApiError(
					this.getNode(),
					{ httpCode: '403', message: error.message } as JsonObject,
					{
						message: `Only an admin of the corporate account can list its members: Fax.Plus answered 403${error.description ? ` (${error.description})` : ''}. Use a credential of the account's admin.`,
						description:
							"Fax.Plus lets only the admin account call GET /accounts. Use a credential of the account's admin, or read your own plan with Account → Get Plan.",
						httpCode: '403',
						itemIndex,
					},
				);
			},
		);
	});
}
