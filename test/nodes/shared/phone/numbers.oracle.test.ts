// The package's reading of phone numbers against an oracle nobody here wrote: libphonenumber.
// Every region's example fixed-line, mobile, toll-free and VoIP numbers in the forms people write
// them (national with the country's calling code as Default Country Code, international, "00",
// the letterhead "(0)"), random spellings of them, and the numbers the oracle calls impossible.
import fc from 'fast-check';
import { readPhoneNumber } from '../../../../nodes/shared/phone/numbers';
import { CALLING_CODES } from '../../../../nodes/shared/phone/phoneMetadata.generated';
import { examples, oracleRead, type Example } from '../../../support/phone-oracle';

const EXAMPLES = examples();
const readNumber = (typed: string, code?: string) => {
	const reading = readPhoneNumber(typed, code);
	return reading.ok ? reading.number : undefined;
};

/** For each example and form: the number the package reads, where it is not the example's. */
function misreadings(form: (example: Example) => string | undefined, withCode: boolean) {
	const wrong: string[] = [];
	let cases = 0;
	for (const example of EXAMPLES) {
		const typed = form(example);
		if (typed === undefined) continue;
		cases++;
		const read = readNumber(typed, withCode ? example.code : undefined);
		if (read !== example.e164) wrong.push(`${example.region} ${typed} → ${read} (${example.e164})`);
	}
	return { cases, wrong };
}

describe('api/numbers against libphonenumber: every region example in every form', () => {
	it("has the oracle's examples of every region (positive control)", () => {
		expect(new Set(EXAMPLES.map((example) => example.region)).size).toBeGreaterThanOrEqual(240);
		expect(EXAMPLES.length).toBeGreaterThan(700);
	});

	it('reads each example written the national way, with its calling code as Default Country Code, as the oracle', () => {
		// The oracle reads them so too (libphonenumber with the calling code's main region).
		for (const example of EXAMPLES)
			expect(oracleRead(example.national, example.code)?.number).toBe(example.e164);
		const { cases, wrong } = misreadings((example) => example.national, true);
		expect({ cases, wrong }).toEqual({ cases: EXAMPLES.length, wrong: [] });
	});

	it('reads each example written the international way, with or without a Default Country Code', () => {
		expect(misreadings((example) => example.international, false).wrong).toEqual([]);
		expect(misreadings((example) => example.international, true).wrong).toEqual([]);
		expect(misreadings((example) => `+${example.e164.slice(1)}`, false).wrong).toEqual([]);
	});

	it('reads each example after the international prefix 00 (011 in North America) with its Default Country Code, or refuses it where 00 is not plainly that prefix', () => {
		// The country's own prefix where it is plainly 00 or 011, else 00.
		const plainPrefix = (code: string) => /^(00|011)$/.test(CALLING_CODES[code][1]);
		const { cases, wrong } = misreadings(
			(example) =>
				`${plainPrefix(example.code) ? CALLING_CODES[example.code][1] : '00'} ${example.international.slice(1)}`,
			true,
		);
		// Refused only where the prefix is another (Russia 810, Australia 0011) or carries a carrier's
		// code (Brazil: 00 55 is carrier 55, or Brazil); never a different number.
		for (const line of wrong) expect(line).toMatch(/→ undefined/);
		const refusedWithPlainPrefix = wrong.filter((line) =>
			plainPrefix(EXAMPLES.find((example) => line.startsWith(`${example.region} `))!.code),
		);
		expect({ cases, refusedWithPlainPrefix }).toEqual({
			cases: EXAMPLES.length,
			refusedWithPlainPrefix: [],
		});
	});

	it('reads each example in the letterhead form "+49 (0)30 123456" as the oracle', () => {
		const letterheads = EXAMPLES.filter((example) => example.letterhead !== undefined);
		expect(letterheads.length).toBeGreaterThan(300);
		for (const example of letterheads)
			expect(oracleRead(example.letterhead!)?.number).toBe(example.e164);
		expect(misreadings((example) => example.letterhead, false).wrong).toEqual([]);
	});
});

/** A number's digits split into groups by separators, as people write them. */
const spelled = (digits: string) =>
	fc
		.array(fc.constantFrom(' ', '-', '.', '/', '', '', ''), {
			minLength: digits.length,
			maxLength: digits.length,
		})
		.map((separators) =>
			[...digits]
				.map((digit, index) => `${digit}${separators[index]}`)
				.join('')
				.trim()
				.replace(/[-./]$/, ''),
		);

describe('api/numbers against libphonenumber: random spellings (property-based)', () => {
	const example = fc.constantFrom(...EXAMPLES);

	it('reads any spelling of an example, national or international, as the oracle reads it, or refuses it', () => {
		fc.assert(
			fc.property(
				example.chain((chosen) =>
					fc.tuple(
						fc.constant(chosen),
						fc.boolean(),
						spelled(chosen.national.replace(/[^0-9]/g, '')),
						spelled(chosen.e164.slice(1)),
					),
				),
				(value) => {
					const [chosen, national, nationalSpelling, internationalSpelling] = value;
					const typed = national ? nationalSpelling : `+${internationalSpelling}`;
					const oracle = oracleRead(typed, chosen.code);
					expect(readNumber(typed, chosen.code)).toBe(oracle?.number);
				},
			),
			{ numRuns: 2000 },
		);
	});

	it('never reads a number other than the oracle: random digits after "+" or with a Default Country Code', () => {
		fc.assert(
			fc.property(
				example,
				fc.boolean(),
				fc.stringMatching(/^[0-9]{4,15}$/),
				(chosen, plus, digits) => {
					const typed = plus ? `+${digits}` : digits;
					const read = readNumber(typed, plus ? undefined : chosen.code);
					if (read === undefined) return;
					const oracle = oracleRead(typed, chosen.code);
					expect(oracle?.number).toBe(read);
				},
			),
			{ numRuns: 5000 },
		);
	});
});

describe('api/numbers against libphonenumber: impossible numbers', () => {
	/** Each example with a digit added or removed at the end, where the oracle calls it impossible. */
	const impossible = EXAMPLES.flatMap((example) =>
		[`${example.e164}5`, example.e164.slice(0, -1)].filter(
			(typed) => oracleRead(typed)?.possible === false,
		),
	);

	it('refuses at least 99% of the numbers the oracle calls impossible, and reads the rest as the oracle', () => {
		expect(impossible.length).toBeGreaterThan(400);
		const passed = impossible.filter((typed) => readNumber(typed) !== undefined);
		for (const typed of passed) expect(readNumber(typed)).toBe(oracleRead(typed)?.number);
		// 4 of 1041: lengths of another region sharing the calling code (+44 Isle of Man, +599 Bonaire).
		expect(passed.length / impossible.length).toBeLessThan(0.01);
	});
});
