// The lists the editor searches in the API (the node's `methods.listSearch`).
import { currentUserId, matchesFilter, numbersOfUser } from '../shared/search';
import type { ListSearchMethod } from '../shared/search';
import { listShopCountries } from '../shop/getAllCountries.operation';
import { withoutHookToken } from '../../shared/api/hookTokens';
import { listLegacyHooks } from '../../shared/api/legacyHooks';
import { listWebhookEndpoints } from '../../shared/api/webhookEndpoints';

export { searchMembers, searchUsers } from '../account/search';
export { searchCustomFields } from '../ai/customFields';
export { searchContacts } from '../contact/search';
export { searchFaxes } from '../fax/shared/search';
export { searchOutboxFaxes } from '../outbox/search';

export const searchLegacyHooks: ListSearchMethod = async function (filter) {
	const results = (await listLegacyHooks(this))
		.map((hook) => ({ name: `${withoutHookToken(hook.target)} (${hook.event})`, value: hook.id }))
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};

/** The Number picker: GET /accounts/{user_id}/numbers answers all of a user's numbers at once. */
export const searchNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, currentUserId(this), filter);
};

/** Send's From picker: the account's own numbers (Fax.Plus picks one per destination). */
export const searchSenderNumbers: ListSearchMethod = async function (filter) {
	return await numbersOfUser(this, 'self', filter);
};

/** The country picker of Search Numbers: every shop country, filtered by name or ISO code. */
export const searchShopCountries: ListSearchMethod = async function (filter) {
	const results = (await listShopCountries(this))
		.map((country) => ({
			name: `${country.name} (${country.iso})${country.is_available ? '' : ' - no numbers available'}`,
			value: country.iso,
		}))
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};

export const searchWebhookEndpoints: ListSearchMethod = async function (filter) {
	const results = (await listWebhookEndpoints(this))
		.map((endpoint) => ({
			name: `${endpoint.url} (${(endpoint.filter_types ?? []).join(', ')})`,
			value: endpoint.id,
		}))
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};
