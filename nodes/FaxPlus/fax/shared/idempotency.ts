// Send's exactly-once record: n8n's processed-data store (durable, shared by every process of
// an instance) keeps two entries per key: a claim, written before anything is uploaded, and
// "done", written once Fax.Plus accepted the fax. The fax carries a comment tag made from the
// key, so a repeat finds the first send's outbox faxes, also when the first answer was lost.
import { createHash } from 'node:crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { faxPlusApiRequest, segment } from '../../../api/transport';
import { responseOf } from '../../../api/responses';
import { runsAsTool } from '../../shared/output';
import type { OutboxList } from '../../outbox/types';

/** Entries kept per node; the oldest go first. */
export const MAX_RECORDED_KEYS = 10_000;
/** How long a tool's default key holds, unless the node says otherwise. */
export const DEFAULT_KEY_WINDOW_HOURS = 24;
/** Prefix of the comment tag that carries a key's hash. */
export const KEY_TAG_PREFIX = 'n8n-key-';

export const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description:
		'A value that names this send, e.g. an order ID. A key already sent is not sent again: the item comes back with duplicate: true and the first send\'s outbox IDs. The fax gets a comment tag "n8n-key-…" made from the key.',
};

export const toolRepeatWindowOption: INodeProperties = {
	displayName: 'Tool Repeat Window (Hours)',
	name: 'toolKeyWindowHours',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_KEY_WINDOW_HOURS,
	description:
		'When an AI agent uses this node as a tool without an Idempotency Key: the same numbers, From and documents are sent once within this many hours (a key made from them). 0 turns this off.',
};

/** What makes two sends the same when no key is given. */
export interface SendIdentity {
	userId: string;
	to: string[];
	from: string;
	/** Opened again to fingerprint them, so a large document is never held whole. */
	documents: ReadonlyArray<{ open: () => Promise<AsyncIterable<Uint8Array>> }>;
	fromFax?: string;
}

/** A claim on a key: record it once Fax.Plus accepted the fax, or release it when nothing was sent. */
export interface SendClaim {
	/** The comment tag the fax carries. */
	tag: string;
	/** Says the outbox is being asked: from now on a failure may hide an accepted fax. */
	sending(): void;
	/** Answers a warning when the record could not be written. */
	record(): Promise<string | undefined>;
	release(error: unknown): Promise<void>;
}

export type IdempotencyOutcome = { duplicate: IDataObject } | { claim: SendClaim } | undefined;

const STORE = { mode: 'entries', maxEntries: MAX_RECORDED_KEYS } as const;

/**
 * n8n's store reads and writes a node's whole record without a lock: one call at a time per
 * node in this process, so two calls of one process never drop each other's entries.
 */
const storeQueues = new Map<string, Promise<unknown>>();
/** Sends under way per key in this process: a second send with the key waits for the first. */
const keyLocks = new Map<string, Promise<void>>();

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function nodeScope(context: IExecuteFunctions): string {
	const node = context.getNode();
	return `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
}

async function queued<T>(scope: string, call: () => Promise<T>): Promise<T> {
	const before = storeQueues.get(scope) ?? Promise.resolve();
	const result = before.then(call, call);
	const settled = result.catch(() => undefined);
	storeQueues.set(scope, settled);
	void settled.then(() => {
		if (storeQueues.get(scope) === settled) storeQueues.delete(scope);
	});
	return await result;
}

async function lockKey(name: string): Promise<() => void> {
	while (keyLocks.has(name)) await keyLocks.get(name);
	let unlock = () => {};
	keyLocks.set(
		name,
		new Promise<void>((resolve) => {
			unlock = () => {
				keyLocks.delete(name);
				resolve();
			};
		}),
	);
	return unlock;
}

/** The store's calls for this node, one at a time; a failure says that nothing was sent. */
function storeOf(context: IExecuteFunctions, itemIndex: number) {
	const scope = nodeScope(context);
	const helpers = context.helpers;
	const inQueue = async <T>(call: () => Promise<T>): Promise<T> => {
		try {
			return await queued(scope, call);
		} catch (error) {
			throw new NodeOperationError(
				context.getNode(),
				"Idempotency Key: n8n's record of sent keys could not be used",
				{
					itemIndex,
					description: `Nothing was sent now. The record is n8n's processed-data store in its database (${(error as Error).message}); try again when it is reachable.`,
				},
			);
		}
	};
	return {
		/** Records the entry; true when it was not there before. */
		add: async (entry: string) =>
			await inQueue(async () => {
				const result = await helpers.checkProcessedAndRecord([entry], 'node', STORE);
				return result.new.length > 0;
			}),
		/** Whether the entry is there, leaving the record as it was. */
		has: async (entry: string) =>
			await inQueue(async () => {
				const result = await helpers.checkProcessedAndRecord([entry], 'node', STORE);
				if (result.new.length === 0) return true;
				await helpers.removeProcessed([entry], 'node', STORE);
				return false;
			}),
		remove: async (entry: string) =>
			await inQueue(async () => await helpers.removeProcessed([entry], 'node', STORE)),
	};
}

/** A fingerprint of the documents (SHA-256 of each, in order) or of the fax sent again. */
export async function documentsFingerprint(identity: SendIdentity): Promise<string> {
	const parts: string[] = [];
	for (const document of identity.documents) {
		const hash = createHash('sha256');
		for await (const chunk of await document.open()) hash.update(chunk);
		parts.push(hash.digest('hex'));
	}
	if (identity.fromFax !== undefined) parts.push(`fax:${identity.fromFax}`);
	return sha256(parts.join('\n'));
}

interface KeyChoice {
	/** Shown in the output: the user's key; undefined for a tool's default key. */
	given?: string;
	/** Hashes: the key's now, and the one before for a windowed default key. */
	current: string;
	previous?: string;
}

async function keyOf(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	identity: SendIdentity,
	now: number,
): Promise<KeyChoice | undefined> {
	const raw = options.idempotencyKey;
	const given = raw === undefined || raw === null ? '' : String(raw).trim();
	if (given !== '') return { given, current: sha256(`key\n${identity.userId}\n${given}`) };
	if (!runsAsTool(context)) return undefined;
	const hours = Number(options.toolKeyWindowHours ?? DEFAULT_KEY_WINDOW_HOURS);
	if (!Number.isFinite(hours) || hours < 0) {
		throw new NodeOperationError(
			context.getNode(),
			`Tool Repeat Window (Hours) must be 0 or more, not "${String(options.toolKeyWindowHours)}"`,
			{ itemIndex },
		);
	}
	if (hours === 0) return undefined;
	const sameSend = sha256(
		[
			'tool',
			identity.userId,
			[...identity.to].sort().join(','),
			identity.from,
			await documentsFingerprint(identity),
		].join('\n'),
	);
	// Windows of the chosen length; a repeat is looked for in this one and the one before.
	const window = Math.floor(now / (hours * 3_600_000));
	return {
		current: sha256(`${sameSend}\n${window}`),
		previous: sha256(`${sameSend}\n${window - 1}`),
	};
}

export const tagOf = (hash: string) => `${KEY_TAG_PREFIX}${hash.slice(0, 24)}`;

/** The outbox faxes carrying the tag, by destination. */
async function outboxIdsTagged(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	tag: string,
): Promise<Record<string, string>> {
	const list = await faxPlusApiRequest<OutboxList | undefined>(context, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/outbox`,
		itemIndex,
	});
	const ids: Record<string, string> = {};
	for (const record of list?.records ?? []) {
		const tags = (record.comment as { tags?: unknown } | undefined)?.tags;
		if (!Array.isArray(tags) || !tags.includes(tag) || typeof record.id !== 'string') continue;
		const to = Array.isArray(record.to) ? record.to : [];
		for (const number of to) ids[String(number)] = record.id;
	}
	return ids;
}

function duplicateItem(
	key: KeyChoice,
	tag: string,
	identity: SendIdentity,
	ids: Record<string, string>,
): IDataObject {
	const found = Object.keys(ids).length > 0;
	const message = found
		? 'Not sent again: a send with this key was already accepted by Fax.Plus; its outbox faxes are in "ids".'
		: 'Not sent again: a send with this key was already accepted by Fax.Plus. Its faxes have left the outbox: find them in Fax → Get Many, category "sent".';
	const item: IDataObject = {
		duplicate: true,
		ids,
		to: identity.to,
		from: identity.from,
		commentTag: tag,
		message,
	};
	if (key.given !== undefined) item.idempotencyKey = key.given;
	return item;
}

/** Whether a failed send certainly created no fax: Fax.Plus answered with a refusal, or the outbox was never asked. */
function certainlyNotSent(error: unknown, outboxAsked: boolean): boolean {
	if (!outboxAsked) return true;
	const status = responseOf(error).status;
	return status !== undefined && status >= 400 && status < 500;
}

/**
 * Checks the key before anything is uploaded: a duplicate (with the first send's outbox IDs), a
 * claim to send under, or undefined when the send has no key.
 */
export async function claimSend(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	identity: SendIdentity,
	now = Date.now(),
): Promise<IdempotencyOutcome> {
	const key = await keyOf(context, itemIndex, options, identity, now);
	if (!key) return undefined;
	if (typeof context.helpers.checkProcessedAndRecord !== 'function') {
		throw new NodeOperationError(
			context.getNode(),
			"Idempotency Key needs n8n's processed-data store, which this n8n does not offer",
			{ itemIndex, description: 'Nothing was sent. Remove the Idempotency Key or update n8n.' },
		);
	}
	const store = storeOf(context, itemIndex);
	const unlock = await lockKey(`${nodeScope(context)}:${key.current}`);
	try {
		const tag = tagOf(key.current);
		if (key.previous !== undefined && (await store.has(`done:${key.previous}`))) {
			const previousTag = tagOf(key.previous);
			const ids = await outboxIdsTagged(context, itemIndex, identity.userId, previousTag);
			unlock();
			return { duplicate: duplicateItem(key, previousTag, identity, ids) };
		}
		if (await store.add(`claim:${key.current}`)) {
			let outboxAsked = false;
			return {
				claim: {
					tag,
					sending: () => {
						outboxAsked = true;
					},
					record: async () => {
						try {
							await store.add(`done:${key.current}`);
							return undefined;
						} catch (error) {
							// The fax is sent and the claim stands; a repeat finds the fax by its tag while it is in the outbox.
							return `The send was not recorded as done in n8n (${(error as Error).message}); its claim stands.`;
						} finally {
							unlock();
						}
					},
					release: async (error: unknown) => {
						try {
							if (certainlyNotSent(error, outboxAsked)) await store.remove(`claim:${key.current}`);
						} catch {
							// The claim stands: a retry looks for the fax by its tag, then refuses rather than risk a second fax.
						} finally {
							unlock();
						}
					},
				},
			};
		}
		if (await store.has(`done:${key.current}`)) {
			const ids = await outboxIdsTagged(context, itemIndex, identity.userId, tag);
			unlock();
			return { duplicate: duplicateItem(key, tag, identity, ids) };
		}
		// Claimed before but not recorded as done: under way in another process, or its answer was lost.
		const ids = await outboxIdsTagged(context, itemIndex, identity.userId, tag);
		if (Object.keys(ids).length > 0) {
			await store.add(`done:${key.current}`);
			unlock();
			return { duplicate: duplicateItem(key, tag, identity, ids) };
		}
		throw new NodeOperationError(
			context.getNode(),
			'A send with this key started before and did not finish, and no fax with its tag is in the outbox',
			{
				itemIndex,
				description: `Nothing was sent now. The earlier send is still under way, or its answer from Fax.Plus was lost and its fax has already left the outbox, or it failed without an answer. Look for the tag "${tag}" in Fax → Get Many (category "sent"); to send anyway, use a new key.`,
			},
		);
	} catch (error) {
		unlock();
		throw nodeErrorOf(context, error, itemIndex);
	}
}

/** The error as n8n's node error, unchanged when it is one already. */
export function nodeErrorOf(
	context: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	return error instanceof NodeApiError || error instanceof NodeOperationError
		? error
		: new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/** The outbox comment with the claim's tag added. */
export function taggedComment(
	comment: { text?: string; tags?: string[] } | undefined,
	claim: SendClaim | undefined,
): { text?: string; tags?: string[] } | undefined {
	if (!claim) return comment;
	return { ...comment, tags: [...(comment?.tags ?? []), claim.tag] };
}
