// Send's Idempotency Key (docs/sending.md, "Idempotency Key"). Fax.Plus is the record: a keyed
// fax carries a marker, in its comment's tags and text, made of an HMAC of the key (over the
// account, workflow and node) and a fingerprint of each part of the send. Before sending, the
// node looks for the marker in the outbox and in the sent faxes (whose comment keeps the text)
// and answers duplicate naming the faxes found, or refuses when their parts differ. n8n's
// processed-data store (one row per node, read and rewritten whole without a lock) holds only
// "in flight" marks from the last look to the outbox request, so that sends of one key at the
// same moment fax once: a lost mark loses nothing that Fax.Plus holds, and a mark expires.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { faxPlusApiRequest } from '../../../api/transport';
import { nodeErrorOf } from '../../../api/nodeErrors';
import { responseOf } from '../../../api/responses';
import { runsAsTool } from '../../shared/output';
import { wholeNumber } from '../../shared/values';
import type { OutboxList } from '../../outbox/types';
import { sentSince } from './finalStatus';

/** Prefix of the marker a keyed fax carries; reserved in Comment Tags. */
export const KEY_TAG_PREFIX = 'n8n-key-';
/** How long a tool's default key holds, unless the node says otherwise. */
const DEFAULT_KEY_WINDOW_HOURS = 24;
/** How far back the sent faxes are searched for a key, unless the node says otherwise. */
const DEFAULT_KEY_LIFETIME_DAYS = 7;
/** An in-flight mark holds for the window it was written in and the next: 30 to 60 s. */
const MARK_WINDOW_MS = 30_000;
/** A claim settles for four times its own write, within these bounds, before it is read back. */
const SETTLE_MS = { floor: 50, factor: 4, cap: 2_000 };
/** A send waiting for another in flight looks at Fax.Plus again after this, doubling to 1 s. */
const WAIT_STEP_MS = { first: 100, longest: 1_000 };
/** Statuses with which Fax.Plus says it took nothing (its error object): the key is free again. */
const NOT_ACCEPTED = new Set([400, 401, 403]);
/** Errors before a connection was made: the request never reached Fax.Plus. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** Entries the node's record keeps: marks left by lost clean-ups go first, and only ever delay. */
const MAX_ENTRIES = 1_000;
/** What Postgres, SQLite and MySQL say when an insert meets a row that another insert just made. */
const FIRST_RECORD_TAKEN = /duplicate key|unique constraint|duplicate entry/i;
/** Logged by a claim that another claim of the same key replaced (the queue suite counts it). */
const CLAIM_RACE_LOG =
	'Fax.Plus Send: another process claimed the same Idempotency Key at the same moment; this send waits for that one instead of faxing';

export const idempotencyKeyOption: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}',
	description:
		"A text or number that names this send, e.g. an order ID (objects, lists and empty values are refused). Before sending, this node looks in Fax.Plus for a fax it sent with this key (the outbox, and sent faxes of the last Key Lifetime days): the same numbers, From, documents and fax options answer duplicate: true naming that fax; other content is refused. Held per Fax.Plus account, workflow and node. Left open: two sends of one key in two n8n processes can both fax when another write of this node's record is held longer than the key's settle (50 ms to 2 s) and lands in the milliseconds before the first fax is listed.",
};

export const keyLifetimeOption: INodeProperties = {
	displayName: 'Key Lifetime (Days)',
	name: 'keyLifetimeDays',
	type: 'number',
	typeOptions: { minValue: 1 },
	default: DEFAULT_KEY_LIFETIME_DAYS,
	description:
		"How far back Fax.Plus's sent faxes are searched for an Idempotency Key's fax (it is found in the outbox whatever its age). Each keyed send reads the sent faxes of this period.",
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

type PartName = 'destinations' | 'from' | 'documents' | 'options';
const PART_NAMES: readonly PartName[] = ['destinations', 'from', 'documents', 'options'];
const PART_LABELS: Record<PartName, string> = {
	destinations: 'the destinations (To)',
	from: 'From',
	documents: 'the documents',
	options:
		'the options that change the fax (Cover Page, Send At, Retry Count, Retry Delay, Text Enhancement, Upload Format)',
};
/** Hex digits of the key's HMAC and of each part's fingerprint in the marker. */
const KEY_HEX = 24;
const PART_HEX = 12;
/** The marker's pattern: the key's HMAC, then the parts' fingerprints. */
const MARKER = `${KEY_TAG_PREFIX}([0-9a-f]{${KEY_HEX}})-([0-9a-f]{${PART_HEX * PART_NAMES.length}})`;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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

/** A fingerprint of the documents (SHA-256 of each, in order) or of the fax sent again. */
async function documentsFingerprint(identity: SendIdentity): Promise<string> {
	const parts: string[] = [];
	for (const document of identity.documents) {
		const hash = createHash('sha256');
		for await (const chunk of await document.open()) hash.update(chunk);
		parts.push(hash.digest('hex'));
	}
	if (identity.fromFax !== undefined) parts.push(`fax:${identity.fromFax}`);
	return sha256(parts.join('\n'));
}

async function partsOf(identity: SendIdentity): Promise<string> {
	const parts: Record<PartName, string> = {
		destinations: sha256([...new Set(identity.to)].sort().join(',')),
		from: sha256(identity.from),
		documents: await documentsFingerprint(identity),
		options: sha256(canonicalJson(identity.faxOptions ?? {})),
	};
	return PART_NAMES.map((name) => parts[name].slice(0, PART_HEX)).join('');
}

const differingParts = (ours: string, theirs: string) =>
	PART_NAMES.filter(
		(_, i) =>
			ours.slice(i * PART_HEX, (i + 1) * PART_HEX) !==
			theirs.slice(i * PART_HEX, (i + 1) * PART_HEX),
	);

function listed(names: string[]): string {
	return names.length < 2
		? names.join('')
		: `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** The key as given: a string or a number, NFC-normalised; anything else is refused. */
function givenKey(context: IExecuteFunctions, itemIndex: number, raw: unknown): string {
	const refuse = (message: string) =>
		new NodeOperationError(context.getNode(), message, {
			itemIndex,
			description:
				'Nothing was sent. Give a text or a number that names this send, e.g. {{ $json.orderId }}; for an object, pick the field that names it.',
		});
	if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
	if (typeof raw !== 'string')
		throw refuse(
			`Idempotency Key must be a text or a number, not ${Array.isArray(raw) ? 'a list' : raw === null ? 'null' : `a value of type ${typeof raw}`}`,
		);
	if (raw.trim() === '') throw refuse('Idempotency Key is empty');
	return raw.normalize('NFC');
}

function toolWindowHours(context: IExecuteFunctions, itemIndex: number, options: IDataObject) {
	const hours = Number(options.toolKeyWindowHours ?? DEFAULT_KEY_WINDOW_HOURS);
	if (Number.isFinite(hours) && hours >= 0) return hours;
	throw new NodeOperationError(
		context.getNode(),
		`Tool Repeat Window (Hours) must be 0 or more, not "${String(options.toolKeyWindowHours)}"`,
		{ itemIndex },
	);
}

/** The Fax.Plus account behind the User ID (the token's own for `self`). */
async function accountOf(context: IExecuteFunctions, itemIndex: number, userId: string) {
	const account = await faxPlusApiRequest<IDataObject | undefined>(context, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}`,
		itemIndex,
	});
	if (typeof account?.uid === 'string' && account.uid !== '') return account.uid;
	throw new NodeOperationError(context.getNode(), 'Fax.Plus did not name the account', {
		itemIndex,
		description: `Nothing was sent. An Idempotency Key is held per account, and GET /accounts/${userId} answered no uid.`,
	});
}

/** The key of a send, or undefined when it has none (no key, not a tool, or a window of 0). */
export async function sendKeyOf(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
	identity: SendIdentity,
): Promise<SendKey | undefined> {
	let given: string | undefined;
	let lookBackHours: number;
	if (options.idempotencyKey !== undefined) {
		given = givenKey(context, itemIndex, options.idempotencyKey);
		const days =
			options.keyLifetimeDays === undefined
				? DEFAULT_KEY_LIFETIME_DAYS
				: wholeNumber(context, itemIndex, options.keyLifetimeDays, 'Key Lifetime (Days)');
		if (days < 1)
			throw new NodeOperationError(context.getNode(), 'Key Lifetime (Days) must be at least 1', {
				itemIndex,
			});
		lookBackHours = 24 * days;
	} else {
		if (!runsAsTool(context)) return undefined;
		lookBackHours = toolWindowHours(context, itemIndex, options);
		if (lookBackHours === 0) return undefined;
	}
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
	const parts = await partsOf(identity);
	const account = await accountOf(context, itemIndex, identity.userId);
	const node = context.getNode();
	const scope = [context.getWorkflow().id ?? '', node.id ?? node.name];
	// A tool's default key is the send itself.
	const name = given === undefined ? `tool\n${parts}` : `key\n${given}`;
	const id = createHmac('sha256', account)
		.update([...scope, name].join('\n'))
		.digest('hex')
		.slice(0, KEY_HEX);
	return new SendKey(context, itemIndex, identity, { given, id, parts, lookBackHours });
}

/** A fax found in Fax.Plus with the key's marker. */
interface Found {
	id: string;
	to: string[];
	parts: string;
	where: 'outbox' | 'sent';
}

/** What a send under a key holds from its claim to the outbox request; released after it. */
export interface KeyHold {
	/** Without an error, or with one that says Fax.Plus took nothing, frees the mark; else it expires. */
	release(error?: unknown): Promise<void>;
}

export class SendKey {
	/** Carried in the comment's tags and text: the key's HMAC and the parts' fingerprints. */
	readonly tag: string;

	private readonly given?: string;

	private readonly id: string;

	private readonly parts: string;

	private readonly lookBackMs: number;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly identity: SendIdentity,
		key: { given?: string; id: string; parts: string; lookBackHours: number },
	) {
		this.given = key.given;
		this.id = key.id;
		this.parts = key.parts;
		this.lookBackMs = key.lookBackHours * 3_600_000;
		this.tag = `${KEY_TAG_PREFIX}${key.id}-${key.parts}`;
	}

	/** The outbox comment with the marker in its tags and at the end of its text. */
	comment(comment: { text?: string; tags?: string[] } | undefined) {
		return {
			...comment,
			text: comment?.text ? `${comment.text}\n${this.tag}` : this.tag,
			tags: [...(comment?.tags ?? []), this.tag],
		};
	}

	/**
	 * Looks in Fax.Plus for the key's faxes: the duplicate item naming them, a refusal when their
	 * parts differ, or undefined when there is none.
	 */
	async look(): Promise<IDataObject | undefined> {
		const { context, itemIndex, identity } = this;
		const [outbox, sent] = await Promise.all([
			faxPlusApiRequest<OutboxList | undefined>(context, {
				method: 'GET',
				path: `/accounts/${encodeURIComponent(identity.userId)}/outbox`,
				itemIndex,
			}),
			sentSince(context, itemIndex, identity.userId, Date.now() - this.lookBackMs),
		]);
		const found: Found[] = [];
		const add = (record: { id?: unknown; to?: unknown }, text: string, where: Found['where']) => {
			const to = (Array.isArray(record.to) ? record.to : [record.to]).map(String);
			for (const [, id, parts] of text.matchAll(new RegExp(MARKER, 'g')))
				if (id === this.id && typeof record.id === 'string')
					found.push({ id: record.id, to, parts, where });
		};
		for (const record of outbox?.records ?? []) {
			const comment = (record.comment ?? {}) as { text?: unknown; tags?: unknown };
			add(
				record,
				`${String(comment.text ?? '')} ${Array.isArray(comment.tags) ? comment.tags.join(' ') : ''}`,
				'outbox',
			);
		}
		for (const fax of sent) add(fax, String(fax.comment ?? ''), 'sent');
		if (found.length === 0) return undefined;
		const same = found.filter((fax) => fax.parts === this.parts);
		if (same.length === 0) throw this.reusedError(found);
		return this.duplicateItem(same);
	}

	/**
	 * Marks the key in flight in n8n's record, just before the outbox request, and looks at
	 * Fax.Plus once more: the hold, or the duplicate item when the key's fax is there (sent by
	 * another send in flight, waited for). A mark written at the same moment by another process
	 * is told apart by a nonce read back after a settle: only the claim whose write survived sends.
	 */
	async hold(): Promise<KeyHold | { duplicate: IDataObject }> {
		const store = storeOf(this.context, this.itemIndex);
		const deadline = Date.now() + 3 * MARK_WINDOW_MS;
		let step = WAIT_STEP_MS.first;
		for (;;) {
			const window = Math.floor(Date.now() / MARK_WINDOW_MS);
			const marks = [window - 1, window].map((at) => `send-key:${this.id}:flight:${at}`);
			const nonce = `send-key:${this.id}:nonce:${randomBytes(12).toString('base64url')}`;
			const entries = [...marks, nonce];
			const started = Date.now();
			const added = await store.add(entries);
			if (marks.every((mark) => added.has(mark))) {
				const claimed = await this.readBack(store, entries, Date.now() - started);
				if (claimed) return claimed;
				this.context.logger.info(CLAIM_RACE_LOG, { node: this.context.getNode().name });
			} else await store.remove([...added]);
			// In flight elsewhere: its fax is the answer once Fax.Plus lists it; else the mark expires.
			const found = await this.look();
			if (found) return { duplicate: found };
			if (Date.now() >= deadline) throw this.busyError();
			await sleep(step);
			step = Math.min(2 * step, WAIT_STEP_MS.longest);
		}
	}

	/** After a settle, whether the claim's write survived: the hold (or the duplicate), or undefined when another claim's did. */
	private async readBack(store: NodeRecord, entries: string[], writeMs: number) {
		const nonce = entries[entries.length - 1];
		const settle = Math.min(SETTLE_MS.cap, Math.max(SETTLE_MS.floor, SETTLE_MS.factor * writeMs));
		for (let attempt = 1; ; attempt++) {
			let found: IDataObject | undefined;
			try {
				[found] = await Promise.all([this.look(), sleep(settle)]);
			} catch (error) {
				await store.remove(entries).catch(() => undefined);
				throw nodeErrorOf(this.context, error, this.itemIndex);
			}
			const back = await store.add(entries);
			if (!back.has(nonce)) {
				if (!found)
					return { release: async (error?: unknown) => await release(store, entries, error) };
				await store.remove(entries).catch(() => undefined);
				return { duplicate: found };
			}
			if (entries.some((entry) => !back.has(entry))) {
				await store.remove([nonce]);
				return undefined;
			}
			// All of it gone (a write of another key that read the row before the claim): the read-back wrote it again.
			if (attempt === 3) {
				await store.remove(entries).catch(() => undefined);
				throw this.busyError();
			}
		}
	}

	private shown(): string {
		const given = this.given;
		if (given === undefined) return 'The same fax sent by this tool';
		return `Idempotency Key "${given.length > 80 ? `${given.slice(0, 77)}...` : given}"`;
	}

	private duplicateItem(faxes: Found[]): IDataObject {
		const byDestination = (where: Found['where']) =>
			Object.fromEntries(
				faxes
					.filter((fax) => fax.where === where)
					.flatMap((fax) => fax.to.map((to) => [to, fax.id])),
			);
		const item: IDataObject = {
			duplicate: true,
			ids: byDestination('outbox'),
			faxIds: byDestination('sent'),
			to: this.identity.to,
			from: this.identity.from,
			commentTag: this.tag,
			message:
				'Not sent again: Fax.Plus has the fax sent with this key: "outboxFaxId" while it is in the outbox, "faxId" once it is sent.',
		};
		if (this.given !== undefined) item.idempotencyKey = this.given;
		return item;
	}

	private reusedError(found: Found[]): NodeOperationError {
		const differs = differingParts(this.parts, found[0].parts);
		return new NodeOperationError(
			this.context.getNode(),
			`${this.shown()} was already used for another send: ${listed(differs.map((name) => PART_LABELS[name]))} ${differs.length > 1 || differs[0] !== 'from' ? 'differ' : 'differs'}`,
			{
				itemIndex: this.itemIndex,
				description: `Nothing was sent. A key names one send: its destinations, From, documents and the options that change the fax. Fax.Plus has the key's fax: ${found.map((fax) => `${fax.where} ${fax.id}`).join(', ')}. To send this, use a new key.`,
			},
		);
	}

	private busyError(): NodeOperationError {
		return new NodeOperationError(
			this.context.getNode(),
			`${this.shown()} is being sent by another execution`,
			{
				itemIndex: this.itemIndex,
				description: `Nothing was sent now, and Fax.Plus lists no fax with the key yet. Another execution marked it in flight (a mark lasts ${(2 * MARK_WINDOW_MS) / 1000} s at most), or n8n's record of this node kept changing under it; try again in a minute.`,
			},
		);
	}
}

/** Frees the mark unless the outbox request may have reached Fax.Plus without an answer. */
async function release(store: NodeRecord, entries: string[], error: unknown) {
	if (error !== undefined && !notAccepted(error)) return;
	await store.remove(entries).catch(() => undefined);
}

/** Whether a failed outbox request certainly created no fax: never connected, or refused. */
function notAccepted(error: unknown): boolean {
	const status = responseOf(error).status;
	if (status !== undefined) return NOT_ACCEPTED.has(status);
	for (
		let cause = error as { code?: unknown; cause?: unknown } | undefined, depth = 0;
		cause && depth < 4;
		depth++
	) {
		if (typeof cause.code === 'string' && NEVER_CONNECTED.has(cause.code)) return true;
		cause = cause.cause as typeof cause;
	}
	return false;
}

/** This node's record in n8n's processed-data store; a failure says that nothing was sent. */
interface NodeRecord {
	/** Records the entries; answers those that were not there. */
	add(entries: string[]): Promise<Set<string>>;
	remove(entries: string[]): Promise<void>;
}

function storeOf(context: IExecuteFunctions, itemIndex: number): NodeRecord {
	const helpers = context.helpers;
	const unusable = (error: unknown) =>
		new NodeOperationError(
			context.getNode(),
			"Idempotency Key: n8n's record of keys in flight could not be used",
			{
				itemIndex,
				description: `Nothing was sent now. The record is n8n's processed-data store in its database (${(error as Error).message}); try again when it is reachable.`,
			},
		);
	const add = async (entries: string[]) =>
		await helpers.checkProcessedAndRecord(entries, 'node', {
			mode: 'entries',
			maxEntries: MAX_ENTRIES,
		});
	return {
		add: async (entries) => {
			try {
				return new Set((await add(entries)).new.map(String));
			} catch (error) {
				// The node's first record, inserted by two processes at once: the other's insert won.
				if (!FIRST_RECORD_TAKEN.test((error as Error).message ?? '')) throw unusable(error);
				return new Set(
					(await add(entries).catch((again) => Promise.reject(unusable(again)))).new.map(String),
				);
			}
		},
		remove: async (entries) => {
			if (entries.length === 0) return;
			try {
				await helpers.removeProcessed(entries, 'node', { mode: 'entries' });
			} catch (error) {
				throw unusable(error);
			}
		},
	};
}
