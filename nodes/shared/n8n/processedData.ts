// n8n's processed-data store beyond what n8n-workflow's types say, read in n8n's
// deduplication-helper.js (the same on n8n 1.123.81, 2.0.3 and 2.41.1): a record is one row, read
// and written back whole without a lock (so triggers/recordOnce.ts orders a process's checks of a
// record); two processes' first writes of a record collide on its key and one call fails; a record
// kept in another mode is refused with a message naming "an incompatible setting". Elsewhere a
// second failure fails the item, and a refusal in other words gets the advice for a lost database.

/** A call of the store, once more after two processes' first writes collided: it then reads the other's. */
export async function afterFirstWriteCollision<T>(call: () => Promise<T>): Promise<T> {
	return await call().catch(call);
}

/** Whether n8n refused a record because another node keeps it in another mode. */
export const isModeConflict = (message: string): boolean => /incompatible setting/i.test(message);
