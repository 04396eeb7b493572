// Send's Idempotency Key (docs/sending.md): n8n's record (./keyClaim.ts) tells a new key, claimed
// first, then looked for (its marker, ../../../shared/idempotencyKeyMarker.ts) in the outbox and the newest sent
// page during the upload; a known key is decided before it.
import { randomBytes } from 'node:crypto';
import type { IDataObject, IExecuteFunctions, NodeOperationError } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { operationError } from '../../../../shared/transport/nodeErrors';
import { formatUtc, isoTime } from '../../../../shared/api/dates';
import { outboxFaxes } from '../../../../shared/api/accountLists';
import { readFaxListPage, sentSince } from '../../../../shared/api/faxList';
import { faxStatusFields, outboxStatusFields } from '../../../../shared/api/faxStatuses';
import { runsAsTool } from '../../../../shared/n8n/executeContext';
import { wholeNumber } from '../../../shared/values';
import { lastLine, markedParts, markerOf, PARTS } from '../../../shared/idempotencyKeyMarker';
import {
	differingParts,
	keyIdOf,
	keyRecordOf,
	MARK_WINDOW_MS,
	partsOf,
	type SendIdentity,
} from './keyRules';
import { NodeKeyRecord, type Claim, type HeldClaim } from './keyClaim';
import { DEFAULT_KEY_WINDOW_HOURS, DEFAULT_KEY_LIFETIME_DAYS } from '../properties';
import { sendOption } from '../../../shared/parameters';
import { digitsOf, timeOf } from '../../shared/sentFaxes';
import { requestScope } from '../../../shared/requests';
import { credentialTypeOf } from '../../../../shared/transport/transport';

/** The newest sent faxes a look reads: one page, from this long before the send began. */
const RECENT = { ms: 15 * 60_000, faxes: 50 };
/** A send waiting for another in flight looks at Fax.Plus again after this, doubling to 1 s. */
const WAIT_STEP_MS = { first: 100, longest: 1_000 };
/** Logged by a claim that another claim of the same key replaced (the queue suite counts it). */
const CLAIM_RACE_LOG =
	'Fax.Plus Send: another process claimed the same Idempotency Key at the same moment; this send waits for that one instead of faxing';

/** The key as given: a string or a number, NFC-normalised; anything else is refused. */
function givenKey(context: IExecuteFunctions, itemIndex: number, raw: unknown): string {
	const description =
		'Nothing was sent. Give a text or a number that names this send, e.g. {{ $json.orderId }}; for an object, pick the field that names it.';
	const refuse = (message: string) => operationError(context, { message, itemIndex, description });
	if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
	if (typeof raw !== 'string')
		throw refuse(
			`Idempotency Key must be a text or a number, not ${Array.isArray(raw) ? 'a list' : raw === null ? 'null' : `a value of type ${typeof raw}`}`,
		);
	if (raw.trim() === '') throw refuse('Idempotency Key is empty');
	return raw.normalize('NFC');
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
			throw operationError(context, {
				itemIndex,
				message: `Tool Repeat Window (Hours) must be 0 or more, not "${String(options.toolKeyWindowHours)}"`,
			});
	}
	const node = context.getNode();
	const type = credentialTypeOf(context);
	// Keys are held per credential and User ID (Fax.Plus's lists are the account's), workflow and node.
	const space = `${node.credentials?.[type]?.id ?? ''}\n${identity.userId}`;
	const scope = [context.getWorkflow().id ?? '', node.id ?? node.name];
	const parts = await partsOf(identity);
	const id = keyIdOf(space, scope, given, parts);
	const key = { given, id, parts, lookedAt: Date.now(), lifetimeMs: lookBackHours * 3_600_000 };
	return new SendKey(context, itemIndex, identity, key);
}

type Lists = { outbox: IDataObject[]; sent: IDataObject[] };
type Key = { given?: string; id: string; parts: string; lookedAt: number; lifetimeMs: number };

/** What hold() answers: the claim held through the outbox request, or the key's fax already sent. */
export type KeyHold = HeldClaim | { duplicate: IDataObject[] };

/** A fax found in Fax.Plus (with the key's marker, or a manual run's repeat): its status, and when Fax.Plus took it (ISO 8601 UTC; in ms). */
type Found = {
	id: string;
	to: string[];
	where: Where;
	status: object;
	queuedAt?: string;
	time: number;
};
type Where = 'outbox' | 'sent';
type Sender = Pick<SendIdentity, 'userId' | 'to' | 'from'>;

/** An outbox or sent record as a repeat names it; undefined without an ID. */
function foundOf(record: Record<string, unknown>, where: Where): Found | undefined {
	const explained = where === 'outbox' ? outboxStatusFields : faxStatusFields;
	const status = { status: record.status ?? null, ...explained(record.status) };
	const [id, submitted] = [record.id, isoTime(record.submit_time)];
	const queuedAt = typeof submitted === 'string' && submitted.endsWith('Z') ? submitted : undefined;
	const to = (Array.isArray(record.to) ? record.to : [record.to]).map(String);
	const time = timeOf(record);
	return typeof id === 'string' ? { id, to, where, status, queuedAt, time } : undefined;
}

/** The numbers of an outbox or sent record's `to` (a list in the outbox, one number once sent). */
const numbersOf = (to: unknown): string[] =>
	(Array.isArray(to) ? to : [to]).map(digitsOf).filter((digits) => digits !== '');

/** A repeat's answer, one item per destination as Send's own: its fax in the outbox, once sent, and the latest's status. */
function duplicateItems(faxes: Found[], { to, from }: Sender, why: IDataObject): IDataObject[] {
	return to.map((number) => {
		const its = faxes.filter((fax) => numbersOf(fax.to).includes(digitsOf(number)));
		const latest = (where: Where) => its.filter((fax) => fax.where === where).at(-1);
		const [outbox, sent, last] = [latest('outbox'), latest('sent'), its.at(-1)];
		// As Send's own items have it, so Get Status finds the fax from this item too.
		const queuedAt = (outbox ?? sent)?.queuedAt;
		return {
			outboxFaxId: outbox?.id ?? null,
			...(sent && { faxId: sent.id }),
			to: number,
			...(queuedAt && { queuedAt }),
			...(last && { where: last.where, ...last.status }),
			duplicate: true,
			from,
			...why,
		};
	});
}

class SendKey {
	/** Carried in the comment's tags and text: the key's HMAC and the parts' fingerprints. */
	readonly tag: string;

	/** The claim this send holds in n8n's record, and the look at Fax.Plus begun after its write. */
	private claim: (Claim & { looking: Promise<Lists> }) | undefined;

	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
		private readonly identity: SendIdentity,
		private readonly key: Key,
		private readonly record = new NodeKeyRecord(context, itemIndex),
	) {
		this.tag = markerOf(key.id, key.parts);
	}

	comment(comment: { text?: string; tags?: string[] } | undefined) {
		const text = comment?.text ? `${comment.text}\n${this.tag}` : this.tag;
		return { ...comment, text, tags: [...(comment?.tags ?? []), this.tag] };
	}

	/** Before the upload: claims a new key (undefined), or answers a known key's fax, or refuses it; waits for one in flight. */
	async look(): Promise<IDataObject[] | undefined> {
		const { key } = this;
		const deadline = Date.now() + 3 * MARK_WINDOW_MS;
		for (let step = WAIT_STEP_MS.first; ; step = Math.min(2 * step, WAIT_STEP_MS.longest)) {
			const now = Date.now();
			const nonce = randomBytes(12).toString('base64url');
			const { verdict, claim } = await this.record.claim(
				keyRecordOf(key.id, now, key.lifetimeMs, nonce),
			);
			if (claim) {
				this.claim = { ...claim, looking: this.lookAfterWrite() };
				return undefined;
			}
			let found = this.found(await this.lists(key.lookedAt - RECENT.ms));
			if (found) return found;
			if (verdict === 'used') {
				// Since the start of the period before this one: as far back as the record holds a key.
				const since = (Math.floor(now / key.lifetimeMs) - 1) * key.lifetimeMs;
				found = this.found(await this.lists(since, true));
				if (found) return found;
				throw this.usedError(since);
			}
			// In flight elsewhere: its fax is the answer once Fax.Plus lists it; else its marks expire.
			if (Date.now() >= deadline) throw this.busyError();
			await sleep(step);
		}
	}

	/** After the upload: the look begun after the claim's write, then the read-back. The hold, or the duplicate (a failure: `abandon`). */
	async hold(): Promise<KeyHold> {
		const deadline = Date.now() + 3 * MARK_WINDOW_MS;
		for (;;) {
			const claim = this.claim;
			if (!claim) throw new Error('Idempotency Key: hold() without a claim');
			const found = this.found(await claim.looking);
			// Sent by a send whose claim a stale write erased: the record keeps the key; the nonce goes.
			if (found) {
				this.claim = undefined;
				await this.record.hold(claim).release();
				return { duplicate: found };
			}
			const verdict = await this.record.readBack(claim);
			if (verdict === 'held') return this.record.hold(claim);
			if (verdict === 'erased') {
				// Erased again and again by writes of other keys that read the record before it.
				if (Date.now() >= deadline) throw this.busyError();
				claim.looking = this.lookAfterWrite();
				continue;
			}
			this.context.logger.info(CLAIM_RACE_LOG, { node: this.context.getNode().name });
			this.claim = undefined;
			const duplicate = await this.look();
			if (duplicate) return { duplicate };
		}
	}

	/** The outbox and the newest sent page, read from the claim's write on (during the upload). */
	private lookAfterWrite(): Promise<Lists> {
		const lists = this.lists(this.key.lookedAt - RECENT.ms);
		lists.catch(() => undefined);
		return lists;
	}

	/** The outbox, and the sent faxes since a time: the newest page (one request), or `all` pages. */
	private async lists(since: number, all = false): Promise<Lists> {
		const { context, itemIndex } = this;
		const user = this.identity.userId;
		const query = { category: 'sent', after: formatUtc(new Date(since)), limit: RECENT.faxes };
		const [outbox, sent] = await Promise.all([
			outboxFaxes(context, user, requestScope(context, itemIndex)),
			all
				? sentSince(context, requestScope(context, itemIndex), user, since)
				: readFaxListPage(context, user, query, requestScope(context, itemIndex)),
		]);
		return { outbox: outbox as IDataObject[], sent };
	}

	/** Takes the claim back when the send stops before the outbox request. */
	async abandon(): Promise<void> {
		if (this.claim) await this.record.abandon(this.claim);
		this.claim = undefined;
	}

	/** The key's faxes in the lists: the duplicate items, a refusal when their parts differ, or undefined. */
	private found({ outbox, sent }: Lists): IDataObject[] | undefined {
		const found: Array<Found & { parts: string }> = [];
		const add = (record: IDataObject, candidates: unknown[], where: Where) => {
			const [parts, fax] = [markedParts(candidates, this.key.id), foundOf(record, where)];
			if (fax && parts !== undefined) found.push({ ...fax, parts });
		};
		for (const record of outbox) {
			const { text, tags } = (record.comment ?? {}) as { text?: unknown; tags?: unknown };
			add(record, [lastLine(text), ...(Array.isArray(tags) ? tags : [])], 'outbox');
		}
		for (const fax of sent) add(fax, [lastLine(fax.comment)], 'sent');
		if (found.length === 0) return undefined;
		const same = found.filter((fax) => fax.parts === this.key.parts);
		if (same.length === 0) throw this.reusedError(found);
		return duplicateItems(same, this.identity, {
			commentTag: this.tag,
			message:
				'Not sent again: Fax.Plus has the fax sent with this key ("outboxFaxId" while it is in the outbox, "faxId" once it is sent; "status" and "statusMeaning" say how it went). A fax that failed is not sent again under its key: to send it again, use a new ' +
				`${sendOption('Idempotency Key')}.`,
			...(this.key.given !== undefined && { idempotencyKey: this.key.given }),
		});
	}

	/** The key's fax in Fax.Plus, sent with other parts: refused, naming what differs. */
	private reusedError(found: Array<Found & { parts: string }>): NodeOperationError {
		const differs = differingParts(this.key.parts, found[0].parts);
		return this.refusal(
			`was already used for another send: ${new Intl.ListFormat('en').format(differs.map((name) => PARTS[name]))} ${differs.length > 1 || differs[0] !== 'from' ? 'differ' : 'differs'}`,
			`Nothing was sent. A key names one send: its destinations, From, documents and the options that change the fax. Fax.Plus has the key's fax: ${found.map((fax) => `${fax.where} ${fax.id}`).join(', ')}. To send this, use a new key.`,
		);
	}

	/** The key sent by this node, and no fax of it listed: refused rather than faxed again. */
	private usedError(since: number): NodeOperationError {
		return this.refusal(
			'was already sent by this node, and Fax.Plus no longer shows its fax: use a new Idempotency Key to send it again',
			`Nothing was sent. n8n's record of this node's sends has the key, but Fax.Plus lists no fax with it since ${formatUtc(new Date(since)).slice(0, 10)} (a sent fax may lose its comment, where the key is, or the earlier send stopped before Fax.Plus took it). Check Fax → Get Many (category "sent"); to fax it (again), use a new key.`,
		);
	}

	private busyError(): NodeOperationError {
		return this.refusal(
			'is being sent by another execution: wait for the first send to finish, then run again',
			`Nothing was sent now, and Fax.Plus lists no fax with the key yet. Another execution marked it in flight (a mark lasts ${(2 * MARK_WINDOW_MS) / 1000} s at most), or n8n's record of this node kept changing under it; try again in a minute.`,
		);
	}

	private refusal(message: string, description: string): NodeOperationError {
		const { context, itemIndex } = this;
		const { given } = this.key;
		const shown =
			given === undefined
				? 'The same fax sent by this tool'
				: `Idempotency Key "${given.length > 80 ? `${given.slice(0, 77)}...` : given}"`;
		return operationError(context, { itemIndex, message: `${shown} ${message}`, description });
	}
}

// A manual re-run without a key first asks whether a fax to the number just went out.
const MANUAL_REPEAT_MINUTES = 5;

/** A manual run's first item with a fax to each number minutes old: those faxes as Send answered them; undefined to send. */
export async function manualRepeatOf(
	context: IExecuteFunctions,
	itemIndex: number,
	{ userId, to, from }: Sender,
): Promise<IDataObject[] | undefined> {
	if (itemIndex !== 0 || context.getMode() !== 'manual') return undefined;
	const since = Date.now() - MANUAL_REPEAT_MINUTES * 60_000;
	const outbox = await outboxFaxes(context, userId, requestScope(context, itemIndex));
	const sent = await sentSince(context, requestScope(context, itemIndex), userId, since);
	const faxes = [
		...outbox.map((r) => foundOf(r, 'outbox')),
		...sent.map((r) => foundOf(r, 'sent')),
	];
	const listed = faxes.filter((fax): fax is Found => fax !== undefined && fax.time >= since);
	// Each number's newest fax, named alone: its outbox ID while it waits, its fax ID once sent.
	const newest = to.map((number) =>
		listed
			.filter((fax) => numbersOf(fax.to).includes(digitsOf(number)))
			.reduce<Found | undefined>((a, b) => (a && a.time > b.time ? a : b), undefined),
	);
	if (newest.every((fax) => fax === undefined)) return undefined;
	const message = `Not sent again: a fax to this number was queued less than ${MANUAL_REPEAT_MINUTES} minutes ago, and a manual run answers it rather than faxing twice ("outboxFaxId" while it is in the outbox, "faxId" once sent). To send it again now, set ${sendOption('Idempotency Key')} to a new value, or run again after ${MANUAL_REPEAT_MINUTES} minutes.`;
	if (!newest.includes(undefined))
		return to.flatMap((number, i) =>
			duplicateItems([newest[i] as Found], { userId, to: [number], from }, { message }),
		);
	throw operationError(context, {
		itemIndex,
		// The toast shows only this: the way on is in it.
		message: `Held back: a fax to ${to.find((_, i) => newest[i]) ?? to[0]} was queued less than ${MANUAL_REPEAT_MINUTES} minutes ago; set Options → Idempotency Key to send again`,
		description: `Nothing was sent: a manual run faxes a number at most once in ${MANUAL_REPEAT_MINUTES} minutes, and no fax queued before answers for ${to[newest.indexOf(undefined)]}. A new Idempotency Key sends now, as does a run after ${MANUAL_REPEAT_MINUTES} minutes.`,
	});
}
