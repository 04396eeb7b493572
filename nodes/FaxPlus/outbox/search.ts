// The Outbox Fax picker: the faxes waiting in the chosen user's outbox (one answer, no pages).
import type { INodeListSearchItems } from 'n8n-workflow';
import { outboxFaxes, type OutboxFax } from '../../shared/api/accountLists';
import { currentUserId, labelText, matchesFilter, pagesLabel } from '../shared/search';
import type { ListSearchMethod } from '../shared/search';

/** "to +4930123456 · scheduled for 2030-01-15 09:00 +0000 · 2 pages"; the comment as description. */
function outboxEntry(fax: OutboxFax): INodeListSearchItems {
	const to = Array.isArray(fax.to)
		? fax.to.map(labelText).filter(Boolean).join(', ')
		: labelText(fax.to);
	const status = labelText(fax.status);
	const sendTime = labelText(fax.send_time);
	const parts = [
		to && `to ${to}`,
		status && sendTime ? `${status} for ${sendTime}` : status,
		pagesLabel(fax.page_count),
	].filter(Boolean);
	const comment =
		fax.comment && typeof fax.comment === 'object'
			? labelText((fax.comment as { text?: unknown }).text)
			: labelText(fax.comment);
	return {
		name: parts.length > 0 ? parts.join(' · ') : String(fax.id),
		value: String(fax.id),
		...(comment && { description: comment }),
	};
}

export const searchOutboxFaxes: ListSearchMethod = async function (filter) {
	const results = (await outboxFaxes(this, currentUserId(this)))
		.filter((fax) => fax.id !== undefined)
		.map(outboxEntry)
		.filter((entry) => matchesFilter(entry, filter));
	return { results };
};
