/** Result of normalising a list of numbers to E.164. */
type NumbersResult =
	{ ok: true; numbers: string[] } | { ok: false; invalid: string; reason: string };

/** A list of numbers, or one string of numbers separated by commas or new lines. */
type NumbersInput = string | string[] | undefined | null;

function entriesOf(input: NumbersInput): string[] {
	return (Array.isArray(input) ? input : String(input ?? '').split(/[,\n]/))
		.map((entry) => String(entry).trim())
		.filter((entry) => entry !== '');
}

/**
 * Normalises phone numbers the way Fax.Plus does (spaces removed) and refuses an
 * entry without a leading "+", which Fax.Plus would answer with 400 "Invalid number".
 */
export function normalizeE164Numbers(input: NumbersInput): NumbersResult {
	const numbers: string[] = [];
	for (const entry of entriesOf(input)) {
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

/** Countries whose numbers keep their leading 0 after the country code (Italy: 06… is +39 06…; San Marino). */
const KEEPS_NATIONAL_ZERO = new Set(['39', '378']);

/**
 * Why a Default Country Code is not one (undefined when it is): a country calling code is 1 to 3
 * digits, the first not 0, with or without "+".
 */
export function countryCodeProblem(code: string): string | undefined {
	if (/^\+?[1-9][0-9]{0,2}$/.test(code)) return undefined;
	return `must be a country calling code of 1 to 3 digits, e.g. 49 for Germany or 1 for the US and Canada, not "${code}"`;
}

/** Digits of a fax number after "+": the E.164 limit, and the least a dialable number has. */
const MIN_DIGITS = 7;
const MAX_DIGITS = 15;

/**
 * Destination numbers as people type them, turned into E.164 where that is certain: with a
 * country code given, "00…" (the international prefix) and "0…" (the national prefix) become "+…";
 * without it, a "00…" number is refused with its "+" form offered. Numbers clearly too short or
 * too long (North America: "+1" and 10 digits) are refused with the number as read.
 */
export function destinationNumbers(input: NumbersInput, countryCode?: string): NumbersResult {
	const country = (countryCode ?? '').replace(/\D/g, '');
	const numbers: string[] = [];
	for (const entry of entriesOf(input)) {
		let number = entry.replace(/[\s\-()./]/g, '');
		if (country && /^00[1-9]/.test(number)) number = `+${number.slice(2)}`;
		else if (country && /^0[1-9]/.test(number))
			number = `+${country}${KEEPS_NATIONAL_ZERO.has(country) ? number : number.slice(1)}`;
		if (!number.startsWith('+')) {
			const offered = /^00[1-9][0-9]+$/.test(number) ? `+${number.slice(2)}` : undefined;
			return {
				ok: false,
				invalid: entry,
				reason: offered
					? `must start with "+" and the country code: did you mean ${offered}? (or set Default Country Code under Options)`
					: 'must start with "+" and the country code (E.164, e.g. +15551234567), or set Default Country Code under Options for national numbers',
			};
		}
		const digits = number.slice(1);
		if (!/^[0-9]+$/.test(digits)) {
			return {
				ok: false,
				invalid: entry,
				reason: `is not a fax number: "${number}" has more than "+" and digits`,
			};
		}
		const northAmerican = digits.startsWith('1') && digits.length !== 11;
		if (digits.length < MIN_DIGITS || (northAmerican && digits.length < 11)) {
			return {
				ok: false,
				invalid: entry,
				reason: `is too short for a fax number (read as ${number})`,
			};
		}
		if (digits.length > MAX_DIGITS || northAmerican) {
			return {
				ok: false,
				invalid: entry,
				reason: `is too long for a fax number (read as ${number})`,
			};
		}
		numbers.push(number);
	}
	return { ok: true, numbers: [...new Set(numbers)] };
}
