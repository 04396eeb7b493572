import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { answerOr } from '../shared/recordItems';
import { apiGet, apiRequest } from '../shared/requests';
import { outboxFaxIdField, OUTBOX_UNTRUSTED } from './fields';
import type { OutboxFax } from '../../shared/api/accountLists';
import { keepingMarker, refuseMarker } from '../shared/idempotencyKeyMarker';
import { requiredString, userIdOf } from '../shared/values';
import { operationError } from '../../shared/transport/nodeErrors';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Update',
	value: 'update',
	action: 'Update a scheduled fax',
	description: 'Change the comment of a fax that is still scheduled for sending',
};

export const agentRisk = { kind: 'changes' } as const;
export const untrusted = OUTBOX_UNTRUSTED;

export const toolDescription =
	"Change the comment of a fax still in the Fax.Plus outbox. Needs the outbox ID and the new comment; the comment's tags are kept. Returns the outbox ID and the comment.";

const properties: INodeProperties[] = [
	...userIdFields(),
	outboxFaxIdField('ID of the scheduled fax to change'),
	{
		// Fax.Plus's PayloadOutboxModification has the comment only: no new send time or retries.
		displayName: 'Comment',
		name: 'comment',
		type: 'string',
		default: '',
		description: "New comment; empty clears it (its tags and an Idempotency Key's marker stay)",
	},
];

const displayOptions = { show: { resource: ['outbox'], operation: ['update'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const outboxFaxId = requiredString(this, 'outboxFaxId', 'Outbox Fax', itemIndex);
	const given = String(this.getNodeParameter('comment', itemIndex, '') ?? '');
	refuseMarker(this, itemIndex, 'Comment', given);
	const path = `/accounts/${encodeURIComponent(userId)}/outbox/${encodeURIComponent(outboxFaxId)}`;
	const { text: current, tags } = await readComment(this, itemIndex, path);
	// A Send's Idempotency Key marker ends the text: it stays, so the key still finds this fax.
	const text = keepingMarker(current, given);
	const answer = await apiRequest<OutboxFax | undefined>(this, {
		method: 'PUT',
		path,
		body: { comment: text },
		itemIndex,
	});
	if (tags.length > 0) await keepTags(this, itemIndex, path, text, tags);
	const updated = { updated: true, outboxFaxId, userId, comment: text };
	return answerOr(answer, tags.length > 0 ? { ...updated, tags } : updated);
}

async function readComment(context: IExecuteFunctions, itemIndex: number, path: string) {
	const fax = await apiGet<OutboxFax | undefined>(context, path, itemIndex);
	const comment = fax?.comment as { text?: unknown; tags?: unknown } | undefined;
	const tags: unknown[] = Array.isArray(comment?.tags) ? comment.tags : [];
	return { text: comment?.text, tags: tags.filter((tag) => typeof tag === 'string') };
}

/** Whether the outbox keeps tags on a comment change is undocumented: Send's are set again. */
async function keepTags(
	context: IExecuteFunctions,
	itemIndex: number,
	path: string,
	text: string,
	tags: string[],
): Promise<void> {
	const kept = (await readComment(context, itemIndex, path)).tags;
	if (tags.every((tag) => kept.includes(tag))) return;
	try {
		await apiRequest(context, {
			method: 'PUT',
			path,
			body: { comment: { text, tags } },
			itemIndex,
		});
	} catch (error) {
		throw operationError(context, {
			itemIndex,
			message: `Fax.Plus changed the comment and dropped its tags: ${tags.join(', ')}`,
			description: `Setting them again was refused (${(error as Error).message}). A tag "n8n-key-…" is how Send's Idempotency Key finds this fax; without it a repeat of that send is refused rather than sent twice.`,
		});
	}
}
