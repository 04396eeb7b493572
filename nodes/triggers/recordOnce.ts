// The triggers' durable record of what they passed on: n8n's processed-data store
// (`checkProcessedAndRecord`, scope workflow, mode entries), used from a trigger's execute()
// phase, so only runs n8n accepted are recorded, on whichever process runs them (a queue
// worker too). One record per workflow holds both triggers' keys (faxKeys.ts): a fax event
// that one trigger passed on is held back when the other brings it too.
import type { IDeduplicationOutput, IExecuteFunctions } from 'n8n-workflow';
import type { RecordKeys } from './faxKeys';

/** One run's check, waiting for its workflow's next batch. */
interface PendingCheck {
	keys: RecordKeys;
	check: (keys: string[]) => Promise<IDeduplicationOutput>;
	settle: (recordedBefore: string[]) => void;
	fail: (error: unknown) => void;
}

/**
 * Checks waiting per workflow, in this process. n8n's store reads, changes and writes a
 * workflow's whole record without a lock, so a workflow's checks (from either trigger) run one
 * after another; the checks that arrive while one is under way go together in the next call
 * (one read and one write of the record for all of them), which keeps the record's cost per
 * run low under load.
 */
const waiting = new Map<string, PendingCheck[]>();

/** Most runs per call: a call that fails fails all of its runs, so it takes at most this many. */
const MOST_RUNS_PER_CHECK = 100;

async function drain(scope: string, pending: PendingCheck[]): Promise<void> {
	while (pending.length > 0) {
		const batch = pending.splice(0, MOST_RUNS_PER_CHECK);
		const keys = [...new Set(batch.flatMap((entry) => [...entry.keys.gate, ...entry.keys.also]))];
		try {
			// The first waiting run's context makes the call: every entry is the same workflow's.
			const result = await batch[0].check(keys);
			const fresh = new Set(result.new.map(String));
			// A key twice in one batch (two copies in flight at once): the first run that passes
			// takes it, so the other is a repeat.
			for (const entry of batch) {
				const recordedBefore = entry.keys.gate.filter((key) => !fresh.has(key));
				if (recordedBefore.length === 0)
					for (const key of [...entry.keys.gate, ...entry.keys.also]) fresh.delete(key);
				entry.settle(recordedBefore);
			}
		} catch (error) {
			for (const entry of batch) entry.fail(error);
		}
	}
	waiting.delete(scope);
}

async function checkWithOthers(
	scope: string,
	keys: RecordKeys,
	check: PendingCheck['check'],
): Promise<string[]> {
	return await new Promise<string[]>((settle, fail) => {
		const pending = waiting.get(scope);
		if (pending) {
			pending.push({ keys, check, settle, fail });
			return;
		}
		const started: PendingCheck[] = [{ keys, check, settle, fail }];
		waiting.set(scope, started);
		void drain(scope, started);
	});
}

/**
 * The `keys.gate` recorded before (none: the item is new, pass it on); records every key
 * either way. Throws when n8n's store cannot be used.
 */
export async function recordOnce(
	context: IExecuteFunctions,
	keys: RecordKeys,
	maxEntries: number,
): Promise<string[]> {
	const scope = context.getWorkflow().id ?? '';
	const check = async (values: string[]) => {
		const once = async () =>
			await context.helpers.checkProcessedAndRecord(values, 'workflow', {
				mode: 'entries',
				maxEntries,
			});
		try {
			return await once();
		} catch {
			// The first record of a workflow can meet another process's first record (a unique
			// key): once more, which then reads the record that process wrote.
			return await once();
		}
	};
	return await checkWithOthers(scope, keys, check);
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
