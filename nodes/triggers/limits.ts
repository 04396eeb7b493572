// The record's limits (the "Duplicate Check" options), shared by the trigger's settings and
// its de-duplication. A plain module: no n8n imports.
export const DEFAULT_RETENTION_DAYS = 7;
export const DEFAULT_MAX_ENTRIES = 10_000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export function retentionMsOfDays(days: unknown): number {
	const value = Number(days);
	return (Number.isFinite(value) && value > 0 ? value : DEFAULT_RETENTION_DAYS) * DAY_MS;
}

export function maxEntriesOf(value: unknown): number {
	const count = Math.floor(Number(value));
	return Number.isFinite(count) && count >= 1 ? count : DEFAULT_MAX_ENTRIES;
}
