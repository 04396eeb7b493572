// The user and member pickers: the corporate account's members from GET /accounts.
import type { ILoadOptionsFunctions, INodeListSearchItems } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { listAnswer } from '../../shared/api/accountLists';
import { SELF_NAME } from '../shared/parameters';
import { matchesFilter } from '../shared/search';
import type { ListSearchMethod } from '../shared/search';

/** An account of GET /accounts (beyond the published v3.5 spec): a member of the corporate account. */
type AccountRecord = Record<string, unknown> & { uid?: string };

function accountEntry(account: AccountRecord): INodeListSearchItems {
	const fullName = [account.name, account.lastname]
		.filter((part) => typeof part === 'string' && part)
		.join(' ');
	const email = typeof account.email === 'string' ? account.email : '';
	const name =
		fullName && email ? `${fullName} (${email})` : fullName || email || String(account.uid);
	return { name, value: String(account.uid) };
}

async function listAccounts(context: ILoadOptionsFunctions): Promise<INodeListSearchItems[]> {
	return (await listAnswer<AccountRecord>(context, { path: '/accounts', key: 'members' }))
		.filter((account) => typeof account.uid === 'string' && account.uid !== '')
		.map(accountEntry);
}

/** Fax.Plus refuses GET /accounts to anyone but an admin (400/403): a member only has "self". */
function isRefusedToMember(error: unknown): boolean {
	return error instanceof NodeApiError && ['400', '403'].includes(String(error.httpCode));
}

/** The User picker; never fails: "Me (self)" stays and says why the list is short. */
export const searchUsers: ListSearchMethod = async function (filter) {
	const self: INodeListSearchItems = { name: SELF_NAME, value: 'self' };
	const members = await listAccounts(this).catch((error: unknown) => {
		if (!isRefusedToMember(error))
			self.description = `The members could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
		return [];
	});
	return { results: [self, ...members].filter((entry) => matchesFilter(entry, filter)) };
};

export const searchMembers: ListSearchMethod = async function (filter) {
	return { results: (await listAccounts(this)).filter((entry) => matchesFilter(entry, filter)) };
};
