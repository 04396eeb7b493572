// Send's Idempotency Key (docs/sending.md). Fax.Plus is the record: a keyed fax's comment ends
// with a marker (an HMAC of the key over account, workflow and node, and the send's parts'
// fingerprints), looked for in the outbox and the sent faxes before sending. n8n's processed-data
// store (one row per node, rewritten whole without a lock) holds only expiring "in flight" marks,
// so that sends of one key at once fax once: a lost mark loses nothing that Fax.Plus holds.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { faxPlusApiRequest } from '../../../api/transport';
import { responseOf } from '../../../api/responses';
import { faxStatusFields, outboxStatusFields } from '../../../api/faxStatuses';
import { runsAsTool } from '../../shared/output';
import { wholeNumber } from '../../shared/values';
import { outboxFaxes } from '../../outbox/list';
import { sentSince } from './finalStatus';

/** Prefix of the marker a keyed fax carries; reserved in Comment Tags. */
export const KEY_TAG_PREFIX = 'n8n-key-';
/** How long a tool's default key holds, unless the node says otherwise. */
const DEFAULT_KEY_WINDOW_HOURS = 24;
/** How far back the sent faxes are searched for a key, unless the node says otherwise. */
const DEFAULT_KEY_LIFETIME_DAYS = 7;
/** An in-flight mark holds for the window it was written in and the next: 30 to 60 s. */
const MARK_WINDOW_MS = 30_000;
/** Looks after the first read sent faxes from this long before it on: a fax in flight then is younger than a mark, with room for Fax.Plus's clock. */
const RECENT_MS = 15 * 60_000;
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
		"A text or number that names this send, e.g. an order ID (objects, lists and empty values are refused). Before sending, this node looks in Fax.Plus for a fax it sent with this key (the outbox, and sent faxes of the last Key Lifetime days): the same numbers, From, documents and fax options answer duplicate: true naming that fax; other content is refused. A duplicate item carries the fax's status: a fax that failed is not sent again under its key; to send it again, use a new key. Held per Fax.Plus account, workflow and node. Left open: two sends of one key in two n8n processes can both fax when another write of this node's record is held longer than the key's settle (50 ms to 2 s) and lands before Fax.Plus lists the first fax, or when Fax.Plus lists a fax more than 30 s after taking it.",
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
interface SendIdentity {
	userId: string;
	to: string[];
	from: string;
	/** Opened again to fingerprint them, so a large document is never held whole. */
	documents: ReadonlyArray<{ open: () => Promise<AsyncIterable<Uint8Array>> }>;
	fromFax?: string;
	/** The options that change the fax (cover page, send time, retries, enhancement, upload format). */
	faxOptions?: IDataObject;
}

/** The parts of a send a key is bound to, in the marker's order, as a refusal names them. */
const PARTS = {
	destinations: 'the destinations (To)',
	from: 'From',
	documents: 'the documents',
	options:
		'the options that change the fax (Cover Page, Send At, Retry Count, Retry Delay, Text Enhancement, Upload Format)',
};
const PART_NAMES = Object.keys(PARTS) as Array<keyof typeof PARTS>;
/** Hex digits of the key's HMAC and of each part's fingerprint in the marker. */
const KEY_HEX = 24;
const PART_HEX = 12;
/** The marker's pattern: the key's HMAC, then the parts' fingerprints. */
const MARKER = `${KEY_TAG_PREFIX}([0-9a-f]{${KEY_HEX}})-([0-9a-f]{${PART_HEX * PART_NAMES.length}})`;
/** A marker is a whole tag, or the last line of a comment's text; nowhere else. */
const WHOLE_MARKER = new RegExp(`^${MARKER}$`);
const lastLine = (text: unknown) =>
	typeof text === 'string' ? text.slice(text.lastIndexOf('\n') + 1) : '';

/** Refuses a comment text given by the user that carries a marker, naming the field. */
export function refuseMarker(
	context: IExecuteFunctions,
	item: number,
	field: string,
	text: string,
) {
	if (!new RegExp(MARKER, 'i').test(text)) return;
	const message = `${field} carries an Idempotency Key marker ("${KEY_TAG_PREFIX}…"), which only Send writes`;
	throw new NodeOperationError(context.getNode(), message, {
		itemIndex: item,
		description: 'Nothing was sent or changed. Remove the marker from the text.',
	});
}

/** A new comment text for a fax whose comment ends with a marker: the marker stays at its end. */
export function keepingMarker(current: unknown, text: string): string {
	const marker = WHOLE_MARKER.exec(lastLine(current))?.[0];
	return marker === undefined ? text : text ? `${text}\n${marker}` : marker;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** JSON with its keys sorted, so that equal options hash equally. */
const canonicalJson = (value: unknown) =>
	JSON.stringify(value, (_, inner: unknown) =>
		inner !== null && typeof inner === 'object' && !Array.isArray(inner)
			? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : 1)))
			: inner,
	);

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

/** The parts' fingerprints, in PARTS' order. */
async function partsOf(identity: SendIdentity): Promise<string> {
	const parts = [
		sha256([...new Set(identity.to)].sort().join(',')),
		sha256(identity.from),
		await documentsFingerprint(identity),
		sha256(canonicalJson(identity.faxOptions ?? {})),
	];
	return parts.map((part) => part.slice(0, PART_HEX)).join('');
}

const partAt = (parts: string, i: number) => parts.slice(i * PART_HEX, (i + 1) * PART_HEX);
const differingParts = (ours: string, theirs: string) =>
	PART_NAMES.filter((_, i) => partAt(ours, i) !== partAt(theirs, i));

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
		lookBackHours =
			24 *
			wholeNumber(context, itemIndex, options.keyLifetimeDays, 'Key Lifetime (Days)', {
				minimum: 1,
				fallback: DEFAULT_KEY_LIFETIME_DAYS,
			});
	} else {
		if (!runsAsTool(context)) return undefined;
		lookBackHours = Number(options.toolKeyWindowHours ?? DEFAULT_KEY_WINDOW_HOURS);
		if (lookBackHours === 0) return undefined;
		if (!(lookBackHours > 0 && Number.isFinite(lookBackHours)))
			throw new NodeOperationError(
				context.getNode(),
				`Tool Repeat Window (Hours) must be 0 or more, not "${String(options.toolKeyWindowHours)}"`,
				{ itemIndex },
			);
	}
	// The first look's lists are read beside the account: they do not depend on the key.
	const lookedAt = Date.now();
	const lists = listsOf(context, itemIndex, identity.userId, lookedAt - lookBackHours * 3_600_000);
	lists.catch(() => undefined);
	const [parts, account] = await Promise.all([
		partsOf(identity),
		accountOf(context, itemIndex, identity.userId),
	]);
	const node = context.getNode();
	const scope = [context.getWorkflow().id ?? '', node.id ?? node.name];
	// A tool's default key is the send itself.
	const name = given === undefined ? `tool\n${parts}` : `key\n${given}`;
	const id = createHmac('sha256', account)
		.update([...scope, name].join('\n'))
		.digest('hex')
		.slice(0, KEY_HEX);
	return new SendKey(context, itemIndex, identity, { given, id, parts, lookedAt }, lists);
}

/** The outbox, and the sent faxes since a time. */
async function listsOf(context: IExecuteFunctions, itemIndex: number, user: string, since: number) {
	const [outbox, sent] = await Promise.all([
		outboxFaxes(context, user, itemIndex),
		sentSince(context, itemIndex, user, since),
	]);
	return { outbox: outbox as IDataObject[], sent };
}
type Lists = Awaited<ReturnType<typeof listsOf>>;

/** A fax found in Fax.Plus with the key's marker, and its status. */
type Found = { id: string; to: string[]; parts: string; where: 'outbox' | 'sent'; status: object };

/**
 * The answer of a key whose fax Fax.Plus has: by destination number, `ids` of faxes still in the
 * outbox, `faxIds` of sent ones and each one's status; `to`, every number of the send.
 */
export type Duplicate = IDataObject & {
	to: string[];
	ids: Record<string, string>;
	faxIds: Record<string, string>;
	statuses: Record<string, IDataObject>;
};

/** What a send under a key holds from its claim to the outbox request: released after it. */
type KeyHold = { release(error?: unknown): Promise<void> };

export class SendKey {
	/** Carried in the comment's tags and text: the key's HMAC and the parts' fingerprints. */
	readonly tag: string;

	/**
	 * `lookedAt`: when the first look began; later looks read the sent faxes since shortly before it.
	 * `firstLists`: the first look's lists, read beside the account; later looks read their own.
	 */
	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly identity: SendIdentity,
		private readonly key: { given?: string; id: string; parts: string; lookedAt: number },
		private firstLists: Promise<Lists> | undefined,
	) {
		this.tag = `${KEY_TAG_PREFIX}${key.id}-${key.parts}`;
	}

	/** The outbox comment with the marker in its tags and at the end of its text. */
	comment(comment: { text?: string; tags?: string[] } | undefined) {
		const text = comment?.text ? `${comment.text}\n${this.tag}` : this.tag;
		return { ...comment, text, tags: [...(comment?.tags ?? []), this.tag] };
	}

	/**
	 * Looks in Fax.Plus for the key's faxes: the duplicate item naming them, a refusal when their
	 * parts differ, or undefined when there is none. The first look reads the sent faxes of the
	 * Key Lifetime; a later one (the key in flight) those since shortly before the first.
	 */
	async look(): Promise<Duplicate | undefined> {
		const { context, itemIndex, identity } = this;
		const lists =
			this.firstLists ??
			listsOf(context, itemIndex, identity.userId, this.key.lookedAt - RECENT_MS);
		this.firstLists = undefined;
		const { outbox, sent } = await lists;
		const found: Found[] = [];
		const add = (record: IDataObject, candidates: unknown[], where: Found['where']) => {
			const to = (Array.isArray(record.to) ? record.to : [record.to]).map(String);
			const explained = where === 'outbox' ? outboxStatusFields : faxStatusFields;
			const status = { status: record.status ?? null, ...explained(record.status) };
			const [, id, parts] =
				candidates
					.map((text) => WHOLE_MARKER.exec(String(text)))
					.find((m) => m?.[1] === this.key.id) ?? [];
			if (id && typeof record.id === 'string')
				found.push({ id: record.id, to, parts, where, status });
		};
		for (const record of outbox) {
			const comment = (record.comment ?? {}) as { text?: unknown; tags?: unknown };
			add(
				record,
				[lastLine(comment.text), ...(Array.isArray(comment.tags) ? comment.tags : [])],
				'outbox',
			);
		}
		for (const fax of sent) add(fax, [lastLine(fax.comment)], 'sent');
		if (found.length === 0) return undefined;
		const same = found.filter((fax) => fax.parts === this.key.parts);
		if (same.length === 0) throw this.reusedError(found);
		return this.duplicateItem(same);
	}

	/**
	 * Marks the key in flight in n8n's record, just before the outbox request, and looks at
	 * Fax.Plus once more: the hold, or the duplicate item when the key's fax is there (sent by
	 * another send in flight, waited for). A mark written at the same moment by another process
	 * is told apart by a nonce read back after a settle: only the claim whose write survived sends.
	 */
	async hold(): Promise<KeyHold | { duplicate: Duplicate }> {
		const store = storeOf(this.context, this.itemIndex);
		const deadline = Date.now() + 3 * MARK_WINDOW_MS;
		let step = WAIT_STEP_MS.first;
		for (;;) {
			const window = Math.floor(Date.now() / MARK_WINDOW_MS);
			const marks = [window - 1, window].map((at) => `send-key:${this.key.id}:flight:${at}`);
			const nonce = `send-key:${this.key.id}:nonce:${randomBytes(12).toString('base64url')}`;
			const entries = [...marks, nonce];
			const started = Date.now();
			const added = await store.add(entries);
			if (marks.every((mark) => added.has(mark))) {
				// Lost to another claim, its read-back's look found no fax yet.
				const claimed = await this.readBack(store, entries, Date.now() - started, deadline);
				if (claimed) return claimed;
				this.context.logger.info(CLAIM_RACE_LOG, { node: this.context.getNode().name });
			} else {
				await store.remove([...added]);
				// In flight elsewhere: its fax is the answer once Fax.Plus lists it; else the mark expires.
				const found = await this.look();
				if (found) return { duplicate: found };
			}
			if (Date.now() >= deadline) throw this.busyError();
			await sleep(step);
			step = Math.min(2 * step, WAIT_STEP_MS.longest);
		}
	}

	/** After a settle, whether the claim's write survived: the hold, or the duplicate its look found, or undefined. */
	private async readBack(store: NodeRecord, entries: string[], writeMs: number, deadline: number) {
		const nonce = entries[entries.length - 1];
		const settle = Math.min(SETTLE_MS.cap, Math.max(SETTLE_MS.floor, SETTLE_MS.factor * writeMs));
		for (;;) {
			// A look that fails frees the claim: nothing was sent.
			const [found] = await Promise.all([this.look(), sleep(settle)]).catch(async (error) => {
				await store.remove(entries).catch(() => undefined);
				return await Promise.reject(error);
			});
			const back = await store.add(entries);
			if (!back.has(nonce)) {
				if (found) {
					await store.remove(entries).catch(() => undefined);
					return { duplicate: found };
				}
				// The nonce has done its work: it goes while the outbox request is made. The marks stay
				// until they expire, covering the time before Fax.Plus lists the fax; all of it goes
				// when Fax.Plus certainly took nothing.
				const nonceGone = store.remove([nonce]).catch(() => undefined);
				return {
					release: async (error?: unknown) => {
						await nonceGone;
						if (error !== undefined && notAccepted(error))
							await store.remove(entries).catch(() => undefined);
					},
				};
			}
			if (entries.some((entry) => !back.has(entry))) {
				await store.remove([nonce]);
				return found && { duplicate: found };
			}
			// All of it gone (a write of another key that read the row before the claim): the read-back
			// wrote it again and reads it back once more, until the hold's deadline.
			if (Date.now() >= deadline) {
				await store.remove(entries).catch(() => undefined);
				throw this.busyError();
			}
		}
	}

	private shown(): string {
		const given = this.key.given;
		if (given === undefined) return 'The same fax sent by this tool';
		return `Idempotency Key "${given.length > 80 ? `${given.slice(0, 77)}...` : given}"`;
	}

	private duplicateItem(faxes: Found[]): Duplicate {
		const byDestination = (where: Found['where']) =>
			Object.fromEntries(
				faxes
					.filter((fax) => fax.where === where)
					.flatMap((fax) => fax.to.map((to) => [to, fax.id])),
			);
		const item: Duplicate = {
			duplicate: true,
			ids: byDestination('outbox'),
			faxIds: byDestination('sent'),
			statuses: Object.fromEntries(
				faxes.flatMap((fax) => fax.to.map((to) => [to, { where: fax.where, ...fax.status }])),
			),
			to: this.identity.to,
			from: this.identity.from,
			commentTag: this.tag,
			message:
				'Not sent again: Fax.Plus has the fax sent with this key ("outboxFaxId" while it is in the outbox, "faxId" once it is sent; "status" and "statusMeaning" say how it went). A fax that failed is not sent again under its key: to send it again, use a new Idempotency Key.',
		};
		if (this.key.given !== undefined) item.idempotencyKey = this.key.given;
		return item;
	}

	private reusedError(found: Found[]): NodeOperationError {
		const differs = differingParts(this.key.parts, found[0].parts);
		return new NodeOperationError(
			this.context.getNode(),
			`${this.shown()} was already used for another send: ${new Intl.ListFormat('en').format(differs.map((name) => PARTS[name]))} ${differs.length > 1 || differs[0] !== 'from' ? 'differ' : 'differs'}`,
			{
				itemIndex: this.itemIndex,
				description: `Nothing was sent. A key names one send: its destinations, From, documents and the options that change the fax. Fax.Plus has the key's fax: ${found.map((fax) => `${fax.where} ${fax.id}`).join(', ')}. To send this, use a new key.`,
			},
		);
	}

	private busyError(): NodeOperationError {
		const message = `${this.shown()} is being sent by another execution`;
		return new NodeOperationError(this.context.getNode(), message, {
			itemIndex: this.itemIndex,
			description: `Nothing was sent now, and Fax.Plus lists no fax with the key yet. Another execution marked it in flight (a mark lasts ${(2 * MARK_WINDOW_MS) / 1000} s at most), or n8n's record of this node kept changing under it; try again in a minute.`,
		});
	}
}

/** Whether a failed outbox request certainly created no fax: never connected, or refused. */
function notAccepted(error: unknown): boolean {
	const status = responseOf(error).status;
	if (status !== undefined) return NOT_ACCEPTED.has(status);
	let cause = error as { code?: unknown; cause?: unknown } | undefined;
	for (let depth = 0; cause && depth < 4; depth++, cause = cause.cause as typeof cause)
		if (typeof cause.code === 'string' && NEVER_CONNECTED.has(cause.code)) return true;
	return false;
}

/** This node's record in n8n's processed-data store; a failure says that nothing was sent. */
function storeOf(context: IExecuteFunctions, itemIndex: number) {
	const { helpers } = context;
	const options = { mode: 'entries' as const, maxEntries: MAX_ENTRIES };
	const unusable = (error: Error) => {
		throw new NodeOperationError(
			context.getNode(),
			"Idempotency Key: n8n's record of keys in flight could not be used",
			{
				itemIndex,
				description: `Nothing was sent now. The record is n8n's processed-data store in its database (${error.message}); try again when it is reachable.`,
			},
		);
	};
	const add = async (entries: string[]) =>
		new Set((await helpers.checkProcessedAndRecord(entries, 'node', options)).new.map(String));
	return {
		/** Records the entries; answers those that were not there. */
		add: async (entries: string[]) =>
			await add(entries)
				// The node's first record, inserted by two processes at once: the other's insert won.
				.catch(async (error: Error) =>
					FIRST_RECORD_TAKEN.test(error.message ?? '') ? await add(entries) : Promise.reject(error),
				)
				.catch(unusable),
		remove: async (entries: string[]) => {
			if (entries.length > 0)
				await helpers.removeProcessed(entries, 'node', options).catch(unusable);
		},
	};
}
type NodeRecord = ReturnType<typeof storeOf>;
