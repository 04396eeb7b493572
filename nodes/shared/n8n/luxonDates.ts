/** A Luxon DateTime, as n8n passes a date (`$now`, a Date & Time field), as a Date or ISO text; anything else as it is. */
export function fromLuxon(value: unknown): unknown {
	if (!value || typeof value !== 'object' || value instanceof Date) return value;
	const candidate = value as { toJSDate?: () => Date; toISO?: () => string };
	if (typeof candidate.toJSDate === 'function') return candidate.toJSDate();
	if (typeof candidate.toISO === 'function') return candidate.toISO();
	return value;
}
