import {
	countryCodeProblem,
	destinationNumbers,
	normalizeE164Numbers,
} from '../../../nodes/api/numbers';

describe('api/numbers normalizeE164Numbers', () => {
	it('removes spaces, dashes, dots and brackets from each number', () => {
		expect(
			normalizeE164Numbers(['+1 555 123 0001', '+49 (30) 123-456', '+33.1.44.55.66.77']),
		).toEqual({
			ok: true,
			numbers: ['+15551230001', '+4930123456', '+33144556677'],
		});
	});

	it('splits one string on commas and new lines, skipping empty entries', () => {
		expect(normalizeE164Numbers(' +15551230001 ,, +4930123456\n\n+33144556677 ,')).toEqual({
			ok: true,
			numbers: ['+15551230001', '+4930123456', '+33144556677'],
		});
	});

	it('keeps each number once, in the order given', () => {
		expect(normalizeE164Numbers('+4930123456, +1 555 123 0001, +49 30 123456')).toEqual({
			ok: true,
			numbers: ['+4930123456', '+15551230001'],
		});
	});

	it.each([[undefined], [null], [''], ['  '], [[]], [[' ', '']]])(
		'gives no number for %p',
		(input) => {
			expect(normalizeE164Numbers(input as string | string[] | null | undefined)).toEqual({
				ok: true,
				numbers: [],
			});
		},
	);

	it('refuses the first entry without a leading "+", naming it as typed', () => {
		expect(normalizeE164Numbers('+15551230001, 49 30 123456, 1555')).toEqual({
			ok: false,
			invalid: '49 30 123456',
			reason: 'must start with "+" and the country code (E.164, e.g. +15551234567)',
		});
		expect(normalizeE164Numbers(['00491701234567'])).toMatchObject({
			ok: false,
			invalid: '00491701234567',
		});
	});

	it.each(['+1', '+1234567890123456', '+49 30 abc', '+49+30123', '++4930123456'])(
		'refuses "%s", which is not "+" then 2 to 15 digits',
		(entry) => {
			expect(normalizeE164Numbers([entry])).toEqual({
				ok: false,
				invalid: entry,
				reason: 'is not an E.164 number: "+" then 2 to 15 digits',
			});
		},
	);

	it('accepts the shortest and longest E.164 numbers', () => {
		expect(normalizeE164Numbers(['+12', '+123456789012345'])).toEqual({
			ok: true,
			numbers: ['+12', '+123456789012345'],
		});
	});
});

describe('api/numbers destinationNumbers (Send → To)', () => {
	it('takes E.164 numbers as they are (positive control)', () => {
		expect(destinationNumbers('+1 555 123 4567, +49 30 1234567')).toEqual({
			ok: true,
			numbers: ['+15551234567', '+49301234567'],
		});
	});

	it('offers the "+" form of a 00 number when no country is set, and sends nothing', () => {
		expect(destinationNumbers('0049 30 1234567')).toEqual({
			ok: false,
			invalid: '0049 30 1234567',
			reason:
				'must start with "+" and the country code: did you mean +49301234567? (or set Default Country Code under Options)',
		});
	});

	it('turns 00 and the national 0 into "+" with the Default Country Code', () => {
		expect(destinationNumbers('0049 30 1234567, 030 1234567, 0033 1 44 55 66 77', '+49')).toEqual({
			ok: true,
			numbers: ['+49301234567', '+33144556677'],
		});
		expect(destinationNumbers('030/1234567', '49')).toEqual({
			ok: true,
			numbers: ['+49301234567'],
		});
	});

	it("keeps Italy's leading 0 after the country code (San Marino's too), and drops it elsewhere", () => {
		expect(destinationNumbers('06 1234 5678, 0039 06 1234 5678', '39')).toEqual({
			ok: true,
			numbers: ['+390612345678'],
		});
		expect(destinationNumbers('0549 123456', '378')).toEqual({
			ok: true,
			numbers: ['+3780549123456'],
		});
		expect(destinationNumbers('01 44 55 66 77', '33')).toEqual({
			ok: true,
			numbers: ['+33144556677'],
		});
	});

	it.each(['0', '49abc', '1234', '+', '00 49', '-49'])(
		'names what a country calling code is when the Default Country Code is "%s"',
		(code) => {
			expect(countryCodeProblem(code)).toBe(
				`must be a country calling code of 1 to 3 digits, e.g. 49 for Germany or 1 for the US and Canada, not "${code}"`,
			);
		},
	);

	it.each(['1', '49', '+49', '378'])('takes "%s" as a country calling code', (code) => {
		expect(countryCodeProblem(code)).toBeUndefined();
	});

	it('refuses clearly too short or too long numbers, showing the number as read', () => {
		expect(destinationNumbers('+1 555')).toMatchObject({
			ok: false,
			reason: 'is too short for a fax number (read as +1555)',
		});
		expect(destinationNumbers('+1 555 123 456')).toMatchObject({
			reason: 'is too short for a fax number (read as +1555123456)',
		});
		expect(destinationNumbers('+1 555 123 45678')).toMatchObject({
			reason: 'is too long for a fax number (read as +155512345678)',
		});
		expect(destinationNumbers('+49 30 1234567 8901234')).toMatchObject({
			reason: 'is too long for a fax number (read as +493012345678901234)',
		});
		expect(destinationNumbers('+49 30 12')).toMatchObject({
			reason: expect.stringMatching(/too short/),
		});
	});
});
