// The triggers' durable record of what they passed on: n8n's processed-data store
// (`checkProcessedAndRecord`, scope node, mode entries), used from a trigger's execute() phase,
// so only runs n8n accepted are recorded, on whichever process runs them (a queue worker too).
import type { IDeduplicationOutput, IExecuteFunctions } from 'n8n-workflow';

/** One run's check, waiting for its node's next batch. */
interface PendingCheck {
	key: string;
	check: (keys: string[]) => Promise<IDeduplicationOutput>;
	settle: (isNew: boolean) => void;
	fail: (error: unknown) => void;
}

/**
 * Checks waiting per trigger node, in this process. n8n's store reads, changes and writes a
 * node's whole record without a lock, so a node's checks run one after another; the checks
 * that arrive while one is under way go together in the next call (one read and one write of
 * the record for all of them), which keeps the record's cost per run low under load.
 */
const waiting = new Map<string, PendingCheck[]>();

/** Most keys per call: a call that fails fails all of its runs, so it takes at most this many. */
const MOST_KEYS_PER_CHECK = 100;

async function drain(scope: string, pending: PendingCheck[]): Promise<void> {
	while (pending.length > 0) {
		const batch = pending.splice(0, MOST_KEYS_PER_CHECK);
		const keys = [...new Set(batch.map((entry) => entry.key))];
		try {
			// The first waiting run's context makes the call: every entry is the same node's.
			const result = await batch[0].check(keys);
			const fresh = new Set(result.new.map(String));
			// A key twice in one batch (two copies in flight at once): the first is new, the other a repeat.
			for (const entry of batch) entry.settle(fresh.delete(entry.key));
		} catch (error) {
			for (const entry of batch) entry.fail(error);
		}
	}
	waiting.delete(scope);
}

async function checkWithOthers(
	scope: string,
	key: string,
	check: PendingCheck['check'],
): Promise<boolean> {
	return await new Promise<boolean>((settle, fail) => {
		const pending = waiting.get(scope);
		if (pending) {
			pending.push({ key, check, settle, fail });
			return;
		}
		const started: PendingCheck[] = [{ key, check, settle, fail }];
		waiting.set(scope, started);
		void drain(scope, started);
	});
}

/** True for a key not recorded before; records it. Throws when n8n's store cannot be used. */
export async function recordOnce(
	context: IExecuteFunctions,
	key: string,
	maxEntries: number,
): Promise<boolean> {
	const node = context.getNode();
	const scope = `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
	const check = async (keys: string[]) => {
		const once = async () =>
			await context.helpers.checkProcessedAndRecord(keys, 'node', { mode: 'entries', maxEntries });
		try {
			return await once();
		} catch {
			// The first record of a node can meet another process's first record (a unique
			// key): once more, which then reads the record that process wrote.
			return await once();
		}
	};
	return await checkWithOthers(scope, key, check);
}

/** Whether this run keeps the durable record: not for a test event, and only where n8n offers the store. */
export function keepsRecord(context: IExecuteFunctions): boolean {
	return (
		context.getMode() !== 'manual' && typeof context.helpers.checkProcessedAndRecord === 'function'
	);
}

export function messageOf(error: unknown): string {
	const message = (error as { message?: unknown } | undefined)?.message;
	return typeof message === 'string' && message !== '' ? message : String(error);
}
