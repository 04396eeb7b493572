// The oracle for phone numbers, which nobody here wrote: Google's libphonenumber
// (google-libphonenumber) for its example numbers of every region and type and the forms people
// write them in, and libphonenumber-js (max metadata: every type's pattern) for how a typed
// number is read with a region's rules and whether it is possible.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';

interface GooglePhoneNumber {
	getCountryCode(): number;
	getNationalNumber(): number;
}
interface GoogleUtil {
	getSupportedRegions(): string[];
	getExampleNumberForType(region: string, type: number): GooglePhoneNumber | null;
	format(number: GooglePhoneNumber, format: number): string;
	getRegionCodeForCountryCode(code: number): string;
	getNddPrefixForRegion(region: string, stripNonDigits: boolean): string | null;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- google-libphonenumber ships no types
const google = require('google-libphonenumber') as {
	PhoneNumberUtil: { getInstance(): GoogleUtil };
	PhoneNumberFormat: { E164: number; INTERNATIONAL: number; NATIONAL: number };
	PhoneNumberType: Record<string, number>;
};
const util = google.PhoneNumberUtil.getInstance();
const FORMAT = google.PhoneNumberFormat;

/** An example number of a region and type, in the forms its people write it. */
export interface Example {
	region: string;
	type: string;
	/** The calling code, without "+". */
	code: string;
	e164: string;
	international: string;
	national: string;
	/** "+49 (0)30 123456": where the national form begins with the national prefix. */
	letterhead?: string;
}

const TYPES = ['FIXED_LINE', 'MOBILE', 'TOLL_FREE', 'VOIP'];

/** The oracle's example fixed-line, mobile, toll-free and VoIP numbers of every region. */
export function examples(): Example[] {
	const all: Example[] = [];
	for (const region of util.getSupportedRegions()) {
		for (const type of TYPES) {
			const example = util.getExampleNumberForType(region, google.PhoneNumberType[type]);
			if (!example) continue;
			const code = String(example.getCountryCode());
			const international = util.format(example, FORMAT.INTERNATIONAL);
			const national = util.format(example, FORMAT.NATIONAL);
			const prefix = util.getNddPrefixForRegion(region, true);
			const nationalDigits = national.replace(/[^0-9]/g, '');
			const significant = String(example.getNationalNumber());
			// The national form's prefix in brackets after the calling code, e.g. +49 (0)30 123456.
			const letterhead =
				prefix && nationalDigits === `${prefix}${significant}` && !significant.startsWith('0')
					? `+${code} (${prefix})${international.slice(code.length + 2)}`
					: undefined;
			const e164 = util.format(example, FORMAT.E164);
			// Only numbers libphonenumber-js's newer metadata still calls possible (Benin's 8-digit ones are not).
			if (!parsePhoneNumberFromString(e164)?.isPossible()) continue;
			all.push({
				region,
				type,
				code,
				e164,
				international,
				national,
				letterhead,
			});
		}
	}
	return all;
}

/** The main region of a calling code: the one libphonenumber reads its numbers with. */
export const mainRegion = (code: string) => util.getRegionCodeForCountryCode(Number(code));

/** How the oracle reads a typed number (with the calling code's main region for national forms). */
export function oracleRead(
	typed: string,
	defaultCode?: string,
): { number: string; possible: boolean } | undefined {
	const region = defaultCode ? (mainRegion(defaultCode) as CountryCode) : undefined;
	const parsed = parsePhoneNumberFromString(typed, region ? { defaultCountry: region } : {});
	return parsed && { number: parsed.number, possible: parsed.isPossible() };
}
