// How n8n's processed-data store answers two processes' first writes and another mode's record,
// beyond n8n-workflow's types (README.md).

/** A call of the processed-data store, once more after two processes' first writes of a record collided: it then reads the other's. */
export async function afterFirstWriteCollision<T>(call: () => Promise<T>): Promise<T> {
	return await call().catch(call);
}

/** Whether n8n refused a record because another node keeps it in another mode. */
export const isModeConflict = (message: string): boolean => /incompatible setting/i.test(message);

/** Whether a failed write is the collision of two first writes: Postgres's, SQLite's or MySQL's words. */
export const isFirstWriteCollision = (message: string): boolean =>
	/duplicate key|unique constraint|duplicate entry/i.test(message);
