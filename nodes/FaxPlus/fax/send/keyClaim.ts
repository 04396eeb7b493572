// The Idempotency Key's claim (docs/sending.md). n8n's processed-data store (one row per node,
// rewritten whole without a lock) holds only expiring "in flight" marks, so that sends of one key
// at once fax once: a lost mark loses nothing that Fax.Plus holds.
import { randomBytes } from 'node:crypto';
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';
import { responseOf } from '../../../api/responses';

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

/** What a send under a key holds from its claim to the outbox request: released after it. */
export type KeyHold = { release(error?: unknown): Promise<void> };

/** The key being claimed: its HMAC, and how an error names it. */
interface ClaimedKey {
	id: string;
	shown: string;
}

/**
 * Marks the key in flight in n8n's record, just before the outbox request, and looks at
 * Fax.Plus once more: the hold, or the duplicate when the key's fax is there (sent by another
 * send in flight, waited for). A mark written at the same moment by another process is told
 * apart by a nonce read back after a settle: only the claim whose write survived sends.
 */
export async function holdKey<Found>(
	context: IExecuteFunctions,
	itemIndex: number,
	key: ClaimedKey,
	look: () => Promise<Found | undefined>,
): Promise<KeyHold | { duplicate: Found }> {
	const store = storeOf(context, itemIndex);
	const deadline = Date.now() + 3 * MARK_WINDOW_MS;
	let step = WAIT_STEP_MS.first;
	for (;;) {
		const window = Math.floor(Date.now() / MARK_WINDOW_MS);
		const marks = [window - 1, window].map((at) => `send-key:${key.id}:flight:${at}`);
		const nonce = `send-key:${key.id}:nonce:${randomBytes(12).toString('base64url')}`;
		const entries = [...marks, nonce];
		const started = Date.now();
		const added = await store.add(entries);
		if (marks.every((mark) => added.has(mark))) {
			// Lost to another claim, its read-back's look found no fax yet.
			const claimed = await readBack(context, itemIndex, key, look, {
				store,
				entries,
				writeMs: Date.now() - started,
				deadline,
			});
			if (claimed) return claimed;
			context.logger.info(CLAIM_RACE_LOG, { node: context.getNode().name });
		} else {
			await store.remove([...added]);
			// In flight elsewhere: its fax is the answer once Fax.Plus lists it; else the mark expires.
			const found = await look();
			if (found) return { duplicate: found };
		}
		if (Date.now() >= deadline) throw busyError(context, itemIndex, key);
		await sleep(step);
		step = Math.min(2 * step, WAIT_STEP_MS.longest);
	}
}

/** After a settle, whether the claim's write survived: the hold, or the duplicate its look found, or undefined. */
async function readBack<Found>(
	context: IExecuteFunctions,
	itemIndex: number,
	key: ClaimedKey,
	look: () => Promise<Found | undefined>,
	claim: { store: NodeRecord; entries: string[]; writeMs: number; deadline: number },
): Promise<KeyHold | { duplicate: Found } | undefined> {
	const { store, entries, writeMs, deadline } = claim;
	const nonce = entries[entries.length - 1];
	const settle = Math.min(SETTLE_MS.cap, Math.max(SETTLE_MS.floor, SETTLE_MS.factor * writeMs));
	for (;;) {
		// A look that fails frees the claim: nothing was sent.
		const [found] = await Promise.all([look(), sleep(settle)]).catch(async (error) => {
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
			throw busyError(context, itemIndex, key);
		}
	}
}

function busyError(context: IExecuteFunctions, itemIndex: number, key: ClaimedKey) {
	const message = `${key.shown} is being sent by another execution`;
	return new NodeOperationError(context.getNode(), message, {
		itemIndex,
		description: `Nothing was sent now, and Fax.Plus lists no fax with the key yet. Another execution marked it in flight (a mark lasts ${(2 * MARK_WINDOW_MS) / 1000} s at most), or n8n's record of this node kept changing under it; try again in a minute.`,
	});
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
