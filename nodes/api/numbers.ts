/** Result of normalising a list of numbers to E.164. */
export type NumbersResult =
	{ ok: true; numbers: string[] } | { ok: false; invalid: string; reason: string };

/**
 * Normalises phone numbers the way Fax.Plus does (spaces removed) and refuses an
 * entry without a leading "+", which Fax.Plus would answer with 400 "Invalid number".
 * Accepts a list, or one string of numbers separated by commas or new lines.
 */
export function normalizeE164Numbers(input: string | string[] | undefined | null): NumbersResult {
	const entries = (Array.isArray(input) ? input : String(input ?? '').split(/[,\n]/))
		.map((entry) => String(entry).trim())
		.filter((entry) => entry !== '');
	const numbers: string[] = [];
	for (const entry of entries) {
		const number = entry.replace(/[\s\-().]/g, '');
		if (!number.startsWith('+')) {
			return {
				ok: false,
				invalid: entry,
				reason: 'must start with "+" and the country code (E.164, e.g. +15551234567)',
			};
		}
		if (!/^\+[0-9]{2,15}$/.test(number)) {
			return {
				ok: false,
				invalid: entry,
				reason: 'is not an E.164 number: "+" then 2 to 15 digits',
			};
		}
		numbers.push(number);
	}
	return { ok: true, numbers: [...new Set(numbers)] };
}
