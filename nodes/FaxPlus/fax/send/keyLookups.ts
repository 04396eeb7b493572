// Send's Idempotency Key (docs/sending.md). Fax.Plus is the record: a keyed fax's comment ends
// with a marker (../../shared/keyMarker.ts), looked for in the outbox and the sent faxes before
// sending; the claim (./keyClaim.ts) makes sends of one key at once fax once.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { faxPlusApiRequest } from '../../../api/transport';
import { faxStatusFields, outboxStatusFields } from '../../../api/faxStatuses';
import { runsAsTool } from '../../shared/output';
import { wholeNumber } from '../../shared/values';
import {
	differingParts,
	keyIdOf,
	lastLine,
	markedParts,
	markerOf,
	PARTS,
	partsOf,
	type SendIdentity,
} from '../../shared/keyMarker';
import { outboxFaxes, sentSince } from '../../../api/accountLists';
import { holdKey, type KeyHold } from './keyClaim';
import { DEFAULT_KEY_LIFETIME_DAYS, DEFAULT_KEY_WINDOW_HOURS } from './keyOptions';

/** Looks after the first read sent faxes from this long before it on: a fax in flight then is younger than a mark, with room for Fax.Plus's clock. */
const RECENT_MS = 15 * 60_000;

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
	const id = keyIdOf(account, scope, given, parts);
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
		this.tag = markerOf(key.id, key.parts);
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
			const parts = markedParts(candidates, this.key.id);
			if (parts !== undefined && typeof record.id === 'string')
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

	/** Claims the key just before the outbox request (./keyClaim.ts): the hold, or the duplicate. */
	async hold(): Promise<KeyHold | { duplicate: Duplicate }> {
		const key = { id: this.key.id, shown: this.shown() };
		return await holdKey(this.context, this.itemIndex, key, async () => await this.look());
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
}
