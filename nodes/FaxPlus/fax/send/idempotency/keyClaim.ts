// The Idempotency Key's record (docs/sending.md): the node's row in n8n's processed-data store, read
// and rewritten whole without a lock; what its answers mean: ./keyRules.ts.
import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { operationError } from '../../../../shared/transport/nodeErrors';
import { responseOf } from '../../../../shared/n8n/requestHelpers';
import { isFirstWriteCollision } from '../../../../shared/n8n/processedData';
import {
	claimVerdict,
	entriesOfRecord,
	MARK_WINDOW_MS,
	neverPosted,
	readBackVerdict,
	type KeyRecord,
} from './keyRules';

/** A claim settles for four times its own write, within these bounds, before it is read back. */
const SETTLE_MS = { floor: 50, factor: 4, cap: 2_000 };
/** Statuses with which Fax.Plus says it took nothing (its error object): the key is free again. */
const NOT_ACCEPTED = new Set([400, 401, 403, 429]);
/** Errors before a connection was made: the request never reached Fax.Plus. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** Entries the node's record keeps (six a sent key, about 170 bytes): its last 10,000 keyed sends; the oldest go first. */
const MAX_ENTRIES = 60_000;

/** A claim this send holds: its entries, when and how fast it was written, and whether a read-back wrote its `posting`. */
export type Claim = { record: KeyRecord; writtenAt: number; writeMs: number; posted?: boolean };

/** A claim held through the outbox request: `release` after it, with its error if it failed. */
export type HeldClaim = { release(error?: unknown): Promise<void> };

/** This node's record in n8n's processed-data store; a failure says that nothing was sent. */
export class NodeKeyRecord {
	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
	) {}

	/** Writes a claim: its verdict, with the claim when `claimed` (a `used` key never posted is claimed again). */
	async claim(record: KeyRecord) {
		const started = Date.now();
		const added = await this.add(entriesOfRecord(record));
		let verdict = claimVerdict(record, added);
		if (verdict === 'used' && neverPosted(record, await this.add(record.posting))) {
			await this.remove(record.posting);
			verdict = 'claimed';
		}
		if (verdict === 'claimed')
			return { verdict, claim: { record, writtenAt: Date.now(), writeMs: Date.now() - started } };
		// A look records nothing; a failed clean-up leaves entries that only delay or refuse.
		await this.remove([...added]).catch(() => undefined);
		return { verdict };
	}

	/** Reads a claim back once its settle is over, recording that the outbox request is being made. */
	async readBack(claim: Claim) {
		const { record } = claim;
		const settle = Math.max(SETTLE_MS.floor, SETTLE_MS.factor * claim.writeMs);
		const left = claim.writtenAt + Math.min(SETTLE_MS.cap, settle) - Date.now();
		if (left > 0) await sleep(left);
		const added = await this.add([...entriesOfRecord(record), ...record.posting]);
		// Younger than its marks since the claim began, no send can have claimed the key again: a posting is a loser's.
		const fresh = Date.now() - (claim.writtenAt - claim.writeMs) < MARK_WINDOW_MS;
		const verdict = readBackVerdict(record, added, claim.posted || fresh);
		if (verdict === 'lost')
			await this.remove([record.nonce, ...record.posting.filter((entry) => added.has(entry))]);
		// Written again: the next read-back waits a settle from now, and finds its own `posting`.
		if (verdict === 'erased') Object.assign(claim, { writtenAt: Date.now(), posted: true });
		return verdict;
	}

	/** A held claim: its nonce goes beside the outbox request; the rest stays unless Fax.Plus certainly took nothing. */
	hold(claim: Claim): HeldClaim {
		const nonceGone = this.remove([claim.record.nonce]).catch(() => undefined);
		return {
			release: async (error?: unknown) => {
				await nonceGone;
				if (error !== undefined && notAccepted(error)) await this.abandon(claim);
			},
		};
	}

	/** Takes the whole claim back: nothing was asked of Fax.Plus. */
	async abandon({ record }: Claim): Promise<void> {
		await this.remove([...entriesOfRecord(record), ...record.posting]).catch(() => undefined);
	}

	private readonly options = { mode: 'entries' as const, maxEntries: MAX_ENTRIES };

	/** Records the entries; answers those that were not there. */
	private async add(entries: string[]): Promise<Set<string>> {
		const { helpers } = this.context;
		const once = async () =>
			new Set(
				(await helpers.checkProcessedAndRecord(entries, 'node', this.options)).new.map(String),
			);
		return await once()
			// The node's first record, inserted by two processes at once: the other's insert won.
			.catch(async (error: Error) =>
				isFirstWriteCollision(error.message ?? '') ? await once() : Promise.reject(error),
			)
			.catch((error: Error) => this.unusable(error));
	}

	private async remove(entries: string[]): Promise<void> {
		if (entries.length > 0)
			await this.context.helpers
				.removeProcessed(entries, 'node', this.options)
				.catch((error: Error) => this.unusable(error));
	}

	private unusable(error: Error): never {
		throw operationError(this.context, {
			itemIndex: this.itemIndex,
			message: "Idempotency Key: n8n's record of the keys this node sent could not be used",
			description: `Nothing was sent now. The record is n8n's processed-data store in its database (${error.message}); try again when it is reachable.`,
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
