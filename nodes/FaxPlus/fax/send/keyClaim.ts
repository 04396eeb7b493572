// The Idempotency Key's record in n8n (docs/sending.md): the node's own record in n8n's
// processed-data store (scope node; one row per node, read and rewritten whole without a lock).
// It holds the keys this node sent for one to two lifetimes, so that a new key is known new
// without reading Fax.Plus's sent faxes, and short in-flight marks read back after a settle, so
// that sends of one key at once fax once. What its answers mean is pure: ../../shared/keyMarker.ts.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { responseOf } from '../../../api/responses';
import {
	claimVerdict,
	entriesOfRecord,
	neverPosted,
	readBackVerdict,
	type ClaimVerdict,
	type KeyRecord,
	type ReadBackVerdict,
} from '../../shared/keyMarker';

/** A claim settles for four times its own write, within these bounds, before it is read back. */
const SETTLE_MS = { floor: 50, factor: 4, cap: 2_000 };
/** Statuses with which Fax.Plus says it took nothing (its error object): the key is free again. */
const NOT_ACCEPTED = new Set([400, 401, 403]);
/** Errors before a connection was made: the request never reached Fax.Plus. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);
/** Entries the node's record keeps (eight a sent key, about 220 bytes): its last 10,000 keyed sends; the oldest go first. */
const MAX_ENTRIES = 80_000;
/** What Postgres, SQLite and MySQL say when an insert meets a row that another insert just made. */
const FIRST_RECORD_TAKEN = /duplicate key|unique constraint|duplicate entry/i;

/** What a send under a key holds from its read-back to the outbox request: released after it. */
export type KeyHold = { release(error?: unknown): Promise<void> };

/** A claim this send holds: its entries, and when and how fast it was written. */
export interface Claim {
	record: KeyRecord;
	writtenAt: number;
	writeMs: number;
}

/** This node's record in n8n's processed-data store; a failure says that nothing was sent. */
export class NodeKeyRecord {
	constructor(
		private readonly context: IExecuteFunctions,
		private readonly itemIndex: number,
	) {}

	/**
	 * Writes a claim of the key: its verdict, and the claim when it is `claimed`. Otherwise what the
	 * claim added is taken back: a look records nothing. A key whose send stopped before its outbox
	 * request (`used`, never posted) is claimed again.
	 */
	async claim(record: KeyRecord): Promise<{ verdict: ClaimVerdict; claim?: Claim }> {
		const started = Date.now();
		const added = await this.add(entriesOfRecord(record));
		let verdict = claimVerdict(record, added);
		if (verdict === 'used') {
			const posting = await this.add(record.posting);
			if (neverPosted(record, posting)) {
				await this.remove(record.posting);
				verdict = 'claimed';
			}
		}
		if (verdict === 'claimed')
			return { verdict, claim: { record, writtenAt: Date.now(), writeMs: Date.now() - started } };
		// A look records nothing; a failed clean-up leaves entries that only delay or refuse.
		await this.remove([...added]).catch(() => undefined);
		return { verdict };
	}

	/**
	 * Reads a claim back once its settle is over (the upload ran meanwhile): `held`, `lost` (its
	 * nonce is taken back) or `erased` (written again: read it back again).
	 */
	async readBack(claim: Claim): Promise<ReadBackVerdict> {
		const settle = Math.min(
			SETTLE_MS.cap,
			Math.max(SETTLE_MS.floor, SETTLE_MS.factor * claim.writeMs),
		);
		const left = claim.writtenAt + settle - Date.now();
		if (left > 0) await sleep(left);
		// The read-back also records that the outbox request is being made.
		const added = await this.add([...entriesOfRecord(claim.record), ...claim.record.posting]);
		const verdict = readBackVerdict(claim.record, added);
		if (verdict === 'lost')
			await this.remove([
				claim.record.nonce,
				...claim.record.posting.filter((entry) => added.has(entry)),
			]);
		// Written again: the next read-back waits a settle from now.
		if (verdict === 'erased') claim.writtenAt = Date.now();
		return verdict;
	}

	/**
	 * A held claim: its nonce goes beside the outbox request (its work is done); after the request
	 * the key's entries stay, unless Fax.Plus certainly took nothing.
	 */
	hold(claim: Claim): KeyHold {
		const nonceGone = this.remove([claim.record.nonce]).catch(() => undefined);
		return {
			release: async (error?: unknown) => {
				await nonceGone;
				if (error !== undefined && notAccepted(error)) await this.abandon(claim);
			},
		};
	}

	/** Takes the whole claim back: nothing was asked of Fax.Plus (an upload failed, a look refused). */
	async abandon(claim: Claim): Promise<void> {
		await this.remove([...entriesOfRecord(claim.record), ...claim.record.posting]).catch(
			() => undefined,
		);
	}

	private readonly options = { mode: 'entries' as const, maxEntries: MAX_ENTRIES };

	/** Records the entries; answers those that were not there. */
	private async add(entries: string[]): Promise<Set<string>> {
		const once = async () =>
			new Set(
				(await this.context.helpers.checkProcessedAndRecord(entries, 'node', this.options)).new.map(
					String,
				),
			);
		return await once()
			// The node's first record, inserted by two processes at once: the other's insert won.
			.catch(async (error: Error) =>
				FIRST_RECORD_TAKEN.test(error.message ?? '') ? await once() : Promise.reject(error),
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
		throw new NodeOperationError(
			this.context.getNode(),
			"Idempotency Key: n8n's record of the keys this node sent could not be used",
			{
				itemIndex: this.itemIndex,
				description: `Nothing was sent now. The record is n8n's processed-data store in its database (${error.message}); try again when it is reachable.`,
			},
		);
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
