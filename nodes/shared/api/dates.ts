// Fax.Plus's date and time forms: read (parseDateTime), written (formatUtc), and output as ISO 8601 UTC.

/** An ISO-like date and time, or the API's own `YYYY-MM-DD HH:mm:ss +HHMM`. */
const DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Minutes a time zone is ahead of UTC at the given instant, read from its "GMT+HH:MM[:SS]" name. */
function zoneOffsetMinutes(utcMs: number, timeZone: string): number {
	const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).format(
		new Date(utcMs),
	);
	const [, sign, hours = 0, minutes = 0, seconds = 0] =
		/GMT(?:([+-])(\d+):(\d+)(?::(\d+))?)?$/.exec(name) ?? [];
	return Math.round(((sign === '-' ? -1 : 1) * (+hours * 3600 + +minutes * 60 + +seconds)) / 60);
}

/** The instant a wall-clock time (given as if it were UTC) has in a time zone; UTC when the zone is unknown. */
function wallClockToUtc(wallClockMs: number, timeZone: string | undefined): number {
	if (!timeZone) return wallClockMs;
	try {
		const guess = wallClockMs - zoneOffsetMinutes(wallClockMs, timeZone) * 60000;
		return wallClockMs - zoneOffsetMinutes(guess, timeZone) * 60000;
	} catch {
		return wallClockMs;
	}
}

/** A Date, epoch milliseconds or date text (ISO without a zone is in `timeZone`), or undefined. */
export function parseDateTime(value: unknown, timeZone?: string): Date | undefined {
	if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
	if (typeof value === 'number') return Number.isFinite(value) ? new Date(value) : undefined;
	if (typeof value !== 'string') return undefined;
	const match = DATE_TIME.exec(value.trim());
	if (!match) return undefined;
	const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = match;
	const milliseconds = Number(fraction.slice(0, 3).padEnd(3, '0'));
	const wallClock = Date.UTC(+year, +month - 1, +day, +hour, +minute, +second, milliseconds);
	const check = new Date(wallClock);
	// Refuse values Date.UTC would roll over, such as month 13 or 25:00.
	if (formatUtc(check) !== `${year}-${month}-${day} ${pad(+hour)}:${pad(+minute)}:${pad(+second)}`)
		return undefined;
	if (!zone) return new Date(wallClockToUtc(wallClock, timeZone));
	if (zone.toUpperCase() === 'Z') return check;
	const digits = zone.slice(1).replace(':', '');
	const offset =
		(Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0')) *
		(zone[0] === '-' ? -1 : 1);
	return new Date(wallClock - offset * 60000);
}

/** `YYYY-MM-DD HH:mm:ss` in UTC, the format of the API's dates. */
export function formatUtc(date: Date): string {
	return (
		`${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
		`${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}`
	);
}

export function formatSendTime(date: Date): string {
	return `${formatUtc(date)} +0000`;
}

/**
 * Fax.Plus's time fields, which it writes as text in UTC ("all dates and times returned are UTC"),
 * with `+HHMM` where it names a zone (send_time). A token's dates are epoch milliseconds
 * (items.ts's TOKEN_TIMES). `event_time` is a webhook delivery's `hook`.
 */
const TIME_FIELDS = new Set([
	'event_time',
	'start_time',
	'submit_time',
	'last_update',
	'last_updated_status_time',
	'send_time',
	'acquired_date',
	'expiration_date',
	'creation_date',
	'created_at',
	'reload_at',
]);

export const isTimeField = (name: string) => TIME_FIELDS.has(name);

/** An output name: `acquired_date` → `acquiredDate`. */
export const camelCaseOf = (name: string) =>
	name.replace(/_+([a-z0-9])/gi, (_, letter: string) => letter.toUpperCase());

/** Longer than any form of a time: outside text past it is never matched against a pattern. */
const MOST_TIME_CHARACTERS = 64;

/**
 * A time Fax.Plus wrote as text as ISO 8601 UTC (`2030-01-15T09:30:00Z`), or one in epoch
 * milliseconds where `form` says so; a value not in that form stays as it came.
 */
export function isoTime(value: unknown, form: 'text' | 'milliseconds' = 'text'): unknown {
	const date =
		form === 'milliseconds'
			? typeof value === 'number'
				? new Date(value)
				: undefined
			: typeof value === 'string' && value.trim() !== '' && value.length <= MOST_TIME_CHARACTERS
				? parseDateTime(value)
				: undefined;
	if (date === undefined || Number.isNaN(date.getTime())) return value;
	return date.toISOString().replace('.000Z', 'Z');
}
