// Send's exactly-once record (docs/sending.md, "Idempotency Key"). n8n's processed-data store
// (durable, shared by every process of an instance) keeps it at scope node: a record that only
// this Send node writes, so no other node's values reach it and it takes nothing from a Remove
// Duplicates node's history. Per key it holds "taken" and one entry per part of the send
// (destinations, From, documents, the options that change the fax), so a key reused with other
// content is refused naming what differs, plus "unfinished" from the claim until Fax.Plus
// accepted the fax. The store reads and rewrites a record without a lock: a claim carries a
// nonce and is read back after a settle, and only the claim whose write survived sends. The fax
// carries a comment tag made from the key and the content, which a repeat, another Send node or
// another workflow finds in the outbox.
import { createHash, randomBytes } from 'node:crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError, sleep } from 'n8n-workflow';
import { faxPlusApiRequest, segment } from '../../../api/transport';
import { responseOf } from '../../../api/responses';
import { runsAsTool } from '../../shared/output';
import { wholeNumber } from '../../shared/values';
import type { OutboxList } from '../../outbox/types';

/** Keys a node remembers unless Key History Size says otherwise; the oldest go first. */
export const DEFAULT_KEY_HISTORY_SIZE = 5_000;
/** Entries a key given by the user keeps in the record: taken, and one per part of the send. */
export const ENTRIES_PER_KEY = 5;
/** How long a tool's default key holds, unless the node says otherwise. */
export const DEFAULT_KEY_WINDOW_HOURS = 24;
/** Prefix of the comment tag that carries a key's hash; reserved in Comment Tags. */
export const KEY_TAG_PREFIX = 'n8n-key-';

/**
 * How long a claim settles before it is read back (a multiple of the claim's own round trip to
 * n8n's database, within bounds) and how long a repeat waits for a send under way elsewhere.
 * Tests shorten the waits through this object; users cannot reach it.
 */
export const keyTiming = {
	settleFloorMs: 50,
	settleFactor: 4,
	settleCapMs: 2_000,
	waitForOtherMs: 20_000,
	/** The first look again; each next waits twice as long, up to waitLongestStepMs. */
	waitFirstStepMs: 100,
	waitLongestStepMs: 1_000,
};

/** Room above the keys for entries under way (claims, read-backs), so checking never drops a key. */
const CHECK_ROOM = 1_000;
/** What Postgres, SQLite and MySQL say when an insert meets a row that another insert just made. */
const FIRST_RECORD_TAKEN = /duplicate key|unique constraint|duplicate entry/i;

export const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description:
		'A value that names this send, e.g. an order ID. This node sends a key once: a repeat with the same numbers, From, documents and fax options comes back with duplicate: true and the first outbox IDs; with other content it is refused. Other Send nodes and workflows keep keys of their own and see this one only while its fax is in the outbox (comment tag "n8n-key-…").',
};

export const keyHistorySizeOption: INodeProperties = {
	displayName: 'Key History Size',
	name: 'keyHistorySize',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_KEY_HISTORY_SIZE,
	description: `How many Idempotency Keys this node remembers; the oldest are forgotten first, and a forgotten key sends again. Each key takes ${ENTRIES_PER_KEY} entries in n8n's record of this node, which every keyed send reads and writes whole.`,
};

export const toolRepeatWindowOption: INodeProperties = {
	displayName: 'Tool Repeat Window (Hours)',
	name: 'toolKeyWindowHours',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: DEFAULT_KEY_WINDOW_HOURS,
	description:
		'When an AI agent uses this node as a tool without an Idempotency Key: the same numbers, From, documents and fax options are sent once within this many hours (a key made from them). 0 turns this off.',
};

/** What a send is: what a key is bound to. */
export interface SendIdentity {
	userId: string;
	to: string[];
	from: string;
	/** Opened again to fingerprint them, so a large document is never held whole. */
	documents: ReadonlyArray<{ open: () => Promise<AsyncIterable<Uint8Array>> }>;
	fromFax?: string;
	/** The options that change the fax (cover page, send time, retries, enhancement, upload format). */
	faxOptions?: IDataObject;
}

/** A claim on a key: confirm it before the outbox request, then record it or release it. */
export interface SendClaim {
	/** The comment tag the fax carries. */
	tag: string;
	/**
	 * Waits for the settle and reads the claim back: undefined to send, or the duplicate item
	 * when another claim won or the fax is in the outbox already (nothing more to do then).
	 */
	confirm(): Promise<IDataObject | undefined>;
	/** Says the outbox is being asked: from now on a failure may hide an accepted fax. */
	sending(): void;
	/** Answers a warning when the record could not be written. */
	record(): Promise<string | undefined>;
	release(error: unknown): Promise<void>;
}

export type IdempotencyOutcome = { duplicate: IDataObject } | { claim: SendClaim } | undefined;

type PartName = 'destinations' | 'from' | 'documents' | 'options';
const PART_NAMES: readonly PartName[] = ['destinations', 'from', 'documents', 'options'];
const PART_LABELS: Record<PartName, string> = {
	destinations: 'the destinations (To)',
	from: 'From',
	documents: 'the documents',
	options:
		'the options that change the fax (Cover Page, Send At, Retry Count, Retry Delay, Text Enhancement, Upload Format)',
};

/** A key as the record knows it: every entry is a string n8n stores as its MD5. */
interface SendKey {
	/** Shown in the output: the user's key; undefined for a tool's default key. */
	given?: string;
	/** Hash of the key, the base of its entries. */
	id: string;
	/** Entries that mark the key taken; the first decides (a tool key also marks the next window). */
	taken: string[];
	/** One entry per part of the send (a user's key); a tool's key is made of them. */
	parts: Array<{ name: PartName; entry: string }>;
	/** Claimed, and Fax.Plus's acceptance not recorded yet. */
	unfinished: string;
	tag: string;
}

/** A claim's own marker and timing. */
interface ClaimState {
	nonce: string;
	settleMs: number;
	settleUntil: number;
}

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
	let release = () => {};
	const held = new Promise<void>((resolve) => {
		release = resolve;
	});
	keyLocks.set(name, held);
	return () => {
		if (keyLocks.get(name) !== held) return;
		keyLocks.delete(name);
		release();
	};
}

/** This node's record, one call at a time; a failure says that nothing was sent. */
interface KeyRecord {
	/** Records the entries, trimming the record to `maxEntries`; answers those that were not there. */
	add(entries: string[], maxEntries: number): Promise<Set<string>>;
	remove(entries: string[]): Promise<void>;
	/** Entries kept: the keys, and room for the claims under way. */
	claimMax: number;
	/** Above claimMax: checks add entries only for a moment and must not drop a key. */
	checkMax: number;
}

function recordOf(context: IExecuteFunctions, itemIndex: number, keys: number): KeyRecord {
	const scope = nodeScope(context);
	const helpers = context.helpers;
	const unusable = (error: unknown) =>
		error instanceof NodeOperationError
			? error
			: new NodeOperationError(
					context.getNode(),
					"Idempotency Key: n8n's record of sent keys could not be used",
					{
						itemIndex,
						description: `Nothing was sent now. The record is n8n's processed-data store in its database (${(error as Error).message}); try again when it is reachable.`,
					},
				);
	const inQueue = async <T>(call: () => Promise<T>): Promise<T> => {
		try {
			return await queued(scope, call);
		} catch (error) {
			throw unusable(error);
		}
	};
	// A claim adds its nonce and "unfinished" beside the key's entries until it is done.
	const claimMax = keys * ENTRIES_PER_KEY + 2;
	return {
		claimMax,
		checkMax: claimMax + CHECK_ROOM,
		add: async (entries, maxEntries) =>
			await inQueue(async () => {
				const add = async () =>
					await helpers.checkProcessedAndRecord(entries, 'node', { mode: 'entries', maxEntries });
				let result;
				try {
					result = await add();
				} catch (error) {
					// The node's first record, inserted by two processes at once: the other's insert won; the record is there now.
					if (!FIRST_RECORD_TAKEN.test((error as Error).message ?? '')) throw unusable(error);
					result = await add();
				}
				return new Set(result.new.map(String));
			}),
		remove: async (entries) => {
			if (entries.length === 0) return;
			await inQueue(
				async () => await helpers.removeProcessed(entries, 'node', { mode: 'entries' }),
			);
		},
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

/** JSON with its keys sorted, so that equal options hash equally. */
function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value !== null && typeof value === 'object') {
		const object = value as Record<string, unknown>;
		return `{${Object.keys(object)
			.filter((name) => object[name] !== undefined)
			.sort()
			.map((name) => `${JSON.stringify(name)}:${canonicalJson(object[name])}`)
			.join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

async function partHashes(identity: SendIdentity): Promise<Record<PartName, string>> {
	return {
		destinations: sha256([...new Set(identity.to)].sort().join(',')),
		from: sha256(identity.from),
		documents: await documentsFingerprint(identity),
		options: sha256(canonicalJson(identity.faxOptions ?? {})),
	};
}

export const tagOf = (hash: string) => `${KEY_TAG_PREFIX}${hash.slice(0, 24)}`;

async function keyOf(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	identity: SendIdentity,
	now: number,
): Promise<SendKey | undefined> {
	const raw = options.idempotencyKey;
	const given = raw === undefined || raw === null ? '' : String(raw).trim();
	let hours = 0;
	if (given === '') {
		if (!runsAsTool(context)) return undefined;
		hours = Number(options.toolKeyWindowHours ?? DEFAULT_KEY_WINDOW_HOURS);
		if (!Number.isFinite(hours) || hours < 0) {
			throw new NodeOperationError(
				context.getNode(),
				`Tool Repeat Window (Hours) must be 0 or more, not "${String(options.toolKeyWindowHours)}"`,
				{ itemIndex },
			);
		}
		if (hours === 0) return undefined;
	}
	const parts = await partHashes(identity);
	const content = sha256(PART_NAMES.map((name) => parts[name]).join('\n'));
	if (given !== '') {
		const id = sha256(`key\n${identity.userId}\n${given}`);
		return {
			given,
			id,
			taken: [`send-key:${id}:taken`],
			parts: PART_NAMES.map((name) => ({ name, entry: `send-key:${id}:${name}:${parts[name]}` })),
			unfinished: `send-key:${id}:unfinished`,
			tag: tagOf(sha256(`${id}\n${content}`)),
		};
	}
	// A tool's key is the send itself, taken for windows of the chosen length: the window it was
	// sent in and the next, so a repeat within the window's length always finds it.
	const id = sha256(`tool\n${identity.userId}\n${content}`);
	const window = Math.floor(now / (hours * 3_600_000));
	return {
		id,
		taken: [`send-key:${id}:window:${window}`, `send-key:${id}:window:${window + 1}`],
		parts: [],
		unfinished: `send-key:${id}:unfinished`,
		tag: tagOf(id),
	};
}

const nonceEntry = (key: SendKey, nonce: string) => `send-key:${key.id}:claim:${nonce}`;

/** Everything a claim writes: taken, the parts, unfinished and its nonce. */
const claimEntries = (key: SendKey, nonce: string) => [
	...key.taken,
	...key.parts.map((part) => part.entry),
	key.unfinished,
	nonceEntry(key, nonce),
];

/** The outbox faxes of the user (one request; the list call sits here alone). */
async function outboxRecords(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
): Promise<OutboxList['records']> {
	const list = await faxPlusApiRequest<OutboxList | undefined>(context, {
		method: 'GET',
		path: `/accounts/${segment(userId)}/outbox`,
		itemIndex,
	});
	return list?.records ?? [];
}

/**
 * The outbox faxes carrying the tag, by destination: only faxes to this send's numbers from one
 * of its From numbers count, so a tag copied onto another fax suppresses no other send.
 */
async function outboxIdsTagged(
	context: IExecuteFunctions,
	itemIndex: number,
	identity: SendIdentity,
	tag: string,
): Promise<Record<string, string>> {
	const ids: Record<string, string> = {};
	const senders = identity.from.split(',').map((number) => number.trim());
	for (const record of (await outboxRecords(context, itemIndex, identity.userId)) ?? []) {
		const tags = (record.comment as { tags?: unknown } | undefined)?.tags;
		if (!Array.isArray(tags) || !tags.includes(tag) || typeof record.id !== 'string') continue;
		const to = (Array.isArray(record.to) ? record.to : []).map(String);
		if (to.length === 0 || !to.every((number) => identity.to.includes(number))) continue;
		const src = typeof record.src === 'string' ? record.src : '';
		if (src.startsWith('+') && !senders.includes(src)) continue;
		for (const number of to) ids[number] = record.id;
	}
	return ids;
}

/** Where a fax that left the outbox can be found: Fax.Plus's sent faxes carry no comment tags. */
const sentListAdvice = (identity: SendIdentity) =>
	`Fax.Plus's sent faxes carry no comment tags: in Fax → Get Many (category "sent") look for faxes to ${identity.to.join(', ')}${identity.from ? ` from ${identity.from}` : ''}.`;

function duplicateItem(
	key: SendKey,
	identity: SendIdentity,
	ids: Record<string, string>,
): IDataObject {
	const found = Object.keys(ids).length > 0;
	const message = found
		? 'Not sent again: a send with this key was already accepted by Fax.Plus; its outbox faxes are in "ids".'
		: `Not sent again: a send with this key was already accepted by Fax.Plus, and its faxes have left the outbox. ${sentListAdvice(identity)}`;
	const item: IDataObject = {
		duplicate: true,
		ids,
		to: identity.to,
		from: identity.from,
		commentTag: key.tag,
		message,
	};
	if (key.given !== undefined) item.idempotencyKey = key.given;
	return item;
}

const shown = (key: SendKey) =>
	key.given === undefined
		? 'The same fax sent by this tool'
		: `Idempotency Key "${key.given.length > 80 ? `${key.given.slice(0, 77)}...` : key.given}"`;

function listed(names: string[]): string {
	return names.length < 2
		? names.join('')
		: `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function reusedKeyError(
	context: IExecuteFunctions,
	itemIndex: number,
	key: SendKey,
	differs: PartName[],
): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		`${shown(key)} was already used for another send: ${listed(differs.map((name) => PART_LABELS[name]))} ${differs.length > 1 || differs[0] !== 'from' ? 'differ' : 'differs'}`,
		{
			itemIndex,
			description:
				'Nothing was sent. A key names one send: its destinations, From, documents and the options that change the fax. To send this, use a new key; the same content with this key answers duplicate: true.',
		},
	);
}

function unfinishedError(
	context: IExecuteFunctions,
	itemIndex: number,
	key: SendKey,
	identity: SendIdentity,
): NodeOperationError {
	return new NodeOperationError(
		context.getNode(),
		`${shown(key)} started a send that did not finish, and no fax with its tag is in the outbox`,
		{
			itemIndex,
			description: `Nothing was sent now. Another execution may still be sending it, or its answer from Fax.Plus was lost after the fax was accepted, or it failed without an answer. While a fax waits or is sent, Outbox → Get Many lists it with the comment tag "${key.tag}". ${sentListAdvice(identity)} If it is not there either, send again with a new key.`,
		},
	);
}

/** Whether a failed send certainly created no fax: Fax.Plus answered with a refusal, or the outbox was never asked. */
function certainlyNotSent(error: unknown, outboxAsked: boolean): boolean {
	if (!outboxAsked) return true;
	const status = responseOf(error).status;
	return status !== undefined && status >= 400 && status < 500;
}

const newNonce = () => randomBytes(12).toString('base64url');

const settleFor = (roundTripMs: number) =>
	Math.min(
		keyTiming.settleCapMs,
		Math.max(keyTiming.settleFloorMs, keyTiming.settleFactor * roundTripMs),
	);

/**
 * Claims the key, or answers for a key already taken: the duplicate item when its send was
 * accepted (or its fax is in the outbox), a refusal when the content differs. A send under way
 * elsewhere is waited for (keyTiming.waitForOtherMs), then refused.
 */
async function claimOrAnswer(
	context: IExecuteFunctions,
	itemIndex: number,
	key: SendKey,
	identity: SendIdentity,
	record: KeyRecord,
): Promise<{ claimed: ClaimState } | { duplicate: IDataObject }> {
	const deadline = Date.now() + keyTiming.waitForOtherMs;
	let looked = false;
	let step = keyTiming.waitFirstStepMs;
	for (;;) {
		const nonce = newNonce();
		const entries = claimEntries(key, nonce);
		const started = Date.now();
		// Taken and done are one question: a key is claimed only when nothing of it is recorded.
		const added = await record.add(entries, record.checkMax);
		const roundTrip = Date.now() - started;
		if (added.has(key.taken[0])) {
			// Entries left from the key before it was forgotten move behind the claim, so they are not forgotten first.
			const old = entries.filter((entry) => !added.has(entry));
			if (old.length > 0) {
				await record.remove(old);
				await record.add(old, record.checkMax);
			}
			const settleMs = settleFor(roundTrip);
			return { claimed: { nonce, settleMs, settleUntil: Date.now() + settleMs } };
		}
		// Taken: what this check added is not the key's (this nonce, parts that differ, or "unfinished" of a key done).
		await record.remove([...added]);
		const differs = key.parts.filter((part) => added.has(part.entry)).map((part) => part.name);
		if (differs.length > 0) throw reusedKeyError(context, itemIndex, key, differs);
		const unfinished = !added.has(key.unfinished);
		const lastTry = Date.now() >= deadline;
		// Once the wait is long, the outbox is looked at on every step: a write of the record that read
		// it before the other send was done can keep the key unfinished although its fax is there.
		const waitedLong = step >= keyTiming.waitLongestStepMs;
		if (!unfinished || !looked || lastTry || waitedLong) {
			const ids = await outboxIdsTagged(context, itemIndex, identity, key.tag);
			looked = true;
			if (!unfinished || Object.keys(ids).length > 0) {
				// In the outbox: Fax.Plus accepted it, whatever became of the answer.
				if (unfinished) await record.remove([key.unfinished]);
				return { duplicate: duplicateItem(key, identity, ids) };
			}
			if (lastTry) throw unfinishedError(context, itemIndex, key, identity);
		}
		await sleep(Math.min(step, Math.max(0, deadline - Date.now())));
		step = Math.min(2 * step, keyTiming.waitLongestStepMs);
	}
}

class Claim implements SendClaim {
	readonly tag: string;

	private outboxAsked = false;

	/** False once another claim won: then nothing of the key is this claim's to remove. */
	private owned = true;

	private found: Promise<Record<string, string>>;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly key: SendKey,
		private readonly identity: SendIdentity,
		private readonly keyRecord: KeyRecord,
		private state: ClaimState,
		private readonly unlock: () => void,
	) {
		this.tag = key.tag;
		this.found = this.lookInOutbox();
	}

	/** Another Send node or workflow may have sent this already: its fax is in the outbox while it waits. */
	private lookInOutbox(): Promise<Record<string, string>> {
		const found = outboxIdsTagged(this.context, this.itemIndex, this.identity, this.key.tag);
		found.catch(() => undefined);
		return found;
	}

	async confirm(): Promise<IDataObject | undefined> {
		for (let attempt = 1; ; attempt++) {
			await sleep(Math.max(0, this.state.settleUntil - Date.now()));
			const ids = await this.found;
			const own = nonceEntry(this.key, this.state.nonce);
			if (Object.keys(ids).length > 0) {
				await this.keyRecord.remove([this.key.unfinished, own]);
				this.unlock();
				return duplicateItem(this.key, this.identity, ids);
			}
			// Writes that started before the claim have ended: its nonce is there only if its write survived.
			const added = await this.keyRecord.add(
				claimEntries(this.key, this.state.nonce),
				this.keyRecord.claimMax,
			);
			if (!added.has(own)) return undefined;
			if (added.has(this.key.taken[0])) {
				// A write of another key dropped the whole claim; this check wrote it again.
				if (attempt >= 3) throw this.busyError();
				this.state.settleUntil = Date.now() + this.state.settleMs;
				continue;
			}
			// Another claim's write replaced this one's: that claim sends. Wait for its outcome.
			this.owned = false;
			this.context.logger.info(
				'Fax.Plus Send: another process claimed the same Idempotency Key at the same moment; this send waits for that one instead of faxing',
				{ node: this.context.getNode().name, commentTag: this.key.tag },
			);
			await this.keyRecord.remove([...added]);
			const outcome = await claimOrAnswer(
				this.context,
				this.itemIndex,
				this.key,
				this.identity,
				this.keyRecord,
			);
			if ('duplicate' in outcome) {
				this.unlock();
				return outcome.duplicate;
			}
			// That send failed and freed the key: this claim is a new one.
			this.owned = true;
			this.state = outcome.claimed;
			this.found = this.lookInOutbox();
		}
	}

	private busyError(): NodeOperationError {
		return new NodeOperationError(
			this.context.getNode(),
			"Idempotency Key: n8n's record of sent keys changed under every claim",
			{
				itemIndex: this.itemIndex,
				description:
					'Nothing was sent now. Other sends of this node kept rewriting its record at the same moment; try again.',
			},
		);
	}

	sending(): void {
		this.outboxAsked = true;
	}

	async record(): Promise<string | undefined> {
		try {
			await this.keyRecord.remove([this.key.unfinished, nonceEntry(this.key, this.state.nonce)]);
			return undefined;
		} catch (error) {
			// The fax is sent and the key stays taken; a repeat finds the fax by its tag while it is in the outbox.
			return `The send was not recorded as done in n8n (${(error as Error).message}); the key stays taken.`;
		} finally {
			this.unlock();
		}
	}

	async release(error: unknown): Promise<void> {
		try {
			if (!this.owned) return;
			const own = nonceEntry(this.key, this.state.nonce);
			if (certainlyNotSent(error, this.outboxAsked))
				await this.keyRecord.remove(claimEntries(this.key, this.state.nonce));
			else await this.keyRecord.remove([own]);
		} catch {
			// The key stays taken: a retry looks for the fax by its tag, then refuses rather than risk a second fax.
		} finally {
			this.unlock();
		}
	}
}

function historySizeOf(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): number {
	if (options.keyHistorySize === undefined) return DEFAULT_KEY_HISTORY_SIZE;
	const size = wholeNumber(context, itemIndex, options.keyHistorySize, 'Key History Size');
	if (size < 1)
		throw new NodeOperationError(context.getNode(), 'Key History Size must be at least 1', {
			itemIndex,
		});
	return size;
}

/**
 * Checks the key before anything is uploaded: a duplicate (with the first send's outbox IDs), a
 * claim to send under, or undefined when the send has no key. A key used with other content is
 * refused.
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
	if (
		typeof context.helpers.checkProcessedAndRecord !== 'function' ||
		typeof context.helpers.removeProcessed !== 'function'
	) {
		throw new NodeOperationError(
			context.getNode(),
			"Idempotency Key needs n8n's processed-data store, which this n8n does not offer",
			{ itemIndex, description: 'Nothing was sent. Remove the Idempotency Key or update n8n.' },
		);
	}
	const keyRecord = recordOf(context, itemIndex, historySizeOf(context, itemIndex, options));
	const unlock = await lockKey(`${nodeScope(context)}:${key.id}`);
	try {
		const outcome = await claimOrAnswer(context, itemIndex, key, identity, keyRecord);
		if ('duplicate' in outcome) {
			unlock();
			return outcome;
		}
		return {
			claim: new Claim(context, itemIndex, key, identity, keyRecord, outcome.claimed, unlock),
		};
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
