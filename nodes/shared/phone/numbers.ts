// The one reading of a phone number, for every field: libphonenumber's parsing (international and
// national prefixes, the letterhead "(0)", a calling code typed without "+") over the generated
// table, then its possible lengths. Anything not exactly one number is refused, never guessed.
import { CALLING_CODES } from './phoneMetadata.generated';

/** One number in E.164, or why it is refused (a phrase that follows the number as typed). */
type NumberReading = { ok: true; number: string } | { ok: false; reason: string };

type NumbersResult =
	{ ok: true; numbers: string[] } | { ok: false; invalid: string; reason: string };

/** Longer text is no phone number; cut before any pattern touches it. */
const MAX_TYPED = 64;
/** Digits of a national number at most (libphonenumber's MAX_LENGTH_FOR_NSN): bounds every pattern's input. */
const MAX_NATIONAL_DIGITS = 17;
/** What people write between digits: spaces, dashes, dots, slashes and brackets. */
const SEPARATORS = /[\s\-‐-―.()/[\]]/g;

const [REGIONS, INTERNATIONAL_PREFIX, NATIONAL_PATTERN, LENGTHS, NATIONAL_PREFIX, TRANSFORM] = [
	0, 1, 2, 3, 4, 5,
] as const;
const PREFERRED_INTERNATIONAL_PREFIX = 6;

const matchesWhole = (digits: string, pattern: string) =>
	new RegExp(`^(?:${pattern})$`).test(digits);

/** Where a national number's length stands among its country's possible lengths. */
function lengthVerdict(code: string, digits: string) {
	const lengths = CALLING_CODES[code][LENGTHS];
	if (lengths.includes(digits.length)) return 'possible';
	if (digits.length < lengths[0]) return 'too short';
	return digits.length > lengths[lengths.length - 1] ? 'too long' : 'wrong';
}

/** The national (significant) number without its national prefix, where libphonenumber strips one. */
function withoutNationalPrefix(code: string, digits: string): string {
	const facts = CALLING_CODES[code];
	if (facts[NATIONAL_PREFIX] === '') return digits;
	const prefix = new RegExp(`^(?:${facts[NATIONAL_PREFIX]})`);
	const match = prefix.exec(digits);
	if (!match) return digits;
	const lastGroup = match.length > 1 ? match[match.length - 1] : undefined;
	const national =
		facts[TRANSFORM] !== '' && lastGroup
			? digits.replace(prefix, facts[TRANSFORM])
			: digits.slice(match[0].length);
	const pattern = facts[NATIONAL_PATTERN];
	if (matchesWhole(digits, pattern) && !matchesWhole(national, pattern)) return digits;
	const verdict = lengthVerdict(code, national);
	return verdict === 'too short' || verdict === 'wrong' ? digits : national;
}

/** "+49 (DE)": a calling code and the regions that share it. */
function countryOf(code: string): string {
	const regions = CALLING_CODES[code][REGIONS].split(' ');
	const named = regions[0] === '001' ? 'international service' : regions.slice(0, 3).join(', ');
	return `+${code} (${named}${regions.length > 3 ? ', …' : ''})`;
}

/** The number of a calling code and its national digits, or why its length is impossible. */
function numberOf(code: string, typed: string, readWith: string): NumberReading {
	const national = withoutNationalPrefix(code, typed);
	const verdict = lengthVerdict(code, national);
	const number = `+${code}${national}`;
	const facts = CALLING_CODES[code];
	if (
		verdict === 'possible' &&
		facts[NATIONAL_PREFIX] !== '' &&
		!matchesWhole(national, facts[NATIONAL_PATTERN]) &&
		new RegExp(`^(?:${facts[NATIONAL_PREFIX]})`).test(national)
	) {
		// Too short once its national prefix is gone, which libphonenumber then leaves in (+49 0301).
		return {
			ok: false,
			reason: `is too short for ${countryOf(code)}${readWith}: read as ${number}, which keeps the national prefix. Check the digits, then type it with "+" and the country code`,
		};
	}
	if (verdict === 'possible') return { ok: true, number };
	const lengths = facts[LENGTHS].map(String);
	const lengthsText =
		lengths.length === 1 ? lengths[0] : `${lengths.slice(0, -1).join(', ')} or ${lengths.at(-1)}`;
	return {
		ok: false,
		reason: `${verdict === 'wrong' ? 'has a wrong number of digits' : `is ${verdict}`} for ${countryOf(code)}${readWith}: read as ${number}, but numbers there have ${lengthsText} digits after +${code}. Check the digits, then type it with "+" and the country code`,
	};
}

/** Digits after "+" (or after an international prefix): a calling code of the table, then the national number. */
function international(digits: string, readWith: string): NumberReading {
	for (let length = 1; length <= 3 && digits[0] !== '0'; length++) {
		const code = digits.slice(0, length);
		if (Object.hasOwn(CALLING_CODES, code)) return numberOf(code, digits.slice(length), readWith);
	}
	return {
		ok: false,
		reason: `does not begin with a country calling code after "+" (read as +${digits}). Type "+", the country code, then the number, e.g. +49 30 1234567`,
	};
}

/**
 * One phone number in E.164, read as libphonenumber does; without `defaultCode` (Default Country
 * Code: '' when empty, undefined where not offered) it must begin with "+". `defaultCodeOption`:
 * the option as a hint names it where it is offered, with where it is.
 */
export function readPhoneNumber(
	typed: string,
	defaultCode?: string,
	defaultCodeOption = 'Default Country Code',
): NumberReading {
	const text = typed.trim().slice(0, MAX_TYPED + 1);
	const plus = /^[\s([]*\+/.test(text);
	const digits = text.replace(/^[\s([]*\+/, '').replace(SEPARATORS, '');
	if (!/^[0-9]+$/.test(digits))
		return {
			ok: false,
			reason: `is not a phone number: only digits, spaces, "-", ".", "/", brackets and a leading "+" are read`,
		};
	if (text.length > MAX_TYPED) return { ok: false, reason: 'is too long for a phone number' };
	if (digits.length > 3 + MAX_NATIONAL_DIGITS)
		return { ok: false, reason: 'has too many digits for a phone number' };
	if (plus) return international(digits, '');
	const code = (defaultCode ?? '').replace(/^\+/, '');
	if (!/^[1-9][0-9]{0,2}$/.test(code) || !Object.hasOwn(CALLING_CODES, code)) {
		const offered = /^00[1-9]/.test(digits) ? ` (did you mean +${digits.slice(2)}?)` : '';
		const orDefault =
			defaultCode === undefined
				? ''
				: `, or set ${defaultCodeOption} for numbers written the national way`;
		return {
			ok: false,
			reason: `has no country code${offered}: type it with "+" and the country code, e.g. +49 30 1234567${orDefault}`,
		};
	}
	const readWith = ` (read with Default Country Code ${code})`;
	const facts = CALLING_CODES[code];
	const prefix =
		facts[INTERNATIONAL_PREFIX] && new RegExp(`^(?:${facts[INTERNATIONAL_PREFIX]})`).exec(digits);
	if (prefix && prefix[0] !== '' && /^[1-9]/.test(digits.slice(prefix[0].length))) {
		const reading = international(digits.slice(prefix[0].length), readWith);
		// A prefix with a carrier's code (Brazil: 00 + 2 digits) may also be 00 and a calling code.
		const plain =
			prefix[0] !== '00' &&
			prefix[0] !== facts[PREFERRED_INTERNATIONAL_PREFIX] &&
			/^00[1-9]/.test(digits) &&
			international(digits.slice(2), '');
		if (!plain || !plain.ok || (reading.ok && plain.number === reading.number)) return reading;
		return {
			ok: false,
			reason: `is ambiguous for ${countryOf(code)}${readWith}: its international prefix ${prefix[0]} there carries a carrier's code${reading.ok ? ` (read so, it is ${reading.number})` : ''}. Type it with "+" and the country code (did you mean ${plain.number}?)`,
		};
	}
	if (/^00[1-9]/.test(digits)) {
		// 00 is not this country's international prefix (Australia: 0011), nor the start of a national number.
		return {
			ok: false,
			reason: `is ambiguous for ${countryOf(code)}${readWith}: its 00 is not the international prefix there. Type it with "+" and the country code (did you mean +${digits.slice(2)}?)`,
		};
	}
	if (digits.startsWith(code)) {
		// The calling code typed without "+" (e.g. 49 30 1234567), where the whole cannot be a national number.
		const shorter = digits.slice(code.length);
		const whole = withoutNationalPrefix(code, digits);
		if (
			(!matchesWhole(whole, facts[NATIONAL_PATTERN]) &&
				matchesWhole(withoutNationalPrefix(code, shorter), facts[NATIONAL_PATTERN])) ||
			lengthVerdict(code, whole) === 'too long'
		) {
			return numberOf(code, shorter, readWith);
		}
	}
	return numberOf(code, digits, readWith);
}

/** A list or text split at commas or newlines: each number once, in order, or the first refused. */
export function readPhoneNumbers(
	input: string | string[] | undefined | null,
	defaultCode?: string,
	defaultCodeOption?: string,
): NumbersResult {
	const list = Array.isArray(input) ? input : `${input ?? ''}`.replaceAll('\n', ',').split(',');
	const numbers: string[] = [];
	for (const entry of list.map((each) => String(each).trim()).filter((each) => each !== '')) {
		const reading = readPhoneNumber(entry, defaultCode, defaultCodeOption);
		if (!reading.ok) return { ok: false, invalid: entry, reason: reading.reason };
		numbers.push(reading.number);
	}
	return { ok: true, numbers: [...new Set(numbers)] };
}

/** Why a Default Country Code is no calling code the metadata knows, with or without "+"; undefined when it is one. */
export function countryCodeProblem(code: string): string | undefined {
	if (/^\+?[1-9][0-9]{0,2}$/.test(code) && Object.hasOwn(CALLING_CODES, code.replace(/^\+/, '')))
		return undefined;
	return `must be a country calling code, e.g. 49 for Germany or 1 for the US and Canada, not "${code}"`;
}
