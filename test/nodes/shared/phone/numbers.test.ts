import {
	countryCodeProblem,
	readPhoneNumber,
	readPhoneNumbers,
} from '../../../../nodes/shared/phone/numbers';

const read = (typed: string, code?: string) => {
	const reading = readPhoneNumber(typed, code);
	return reading.ok ? reading.number : `refused: ${reading.reason}`;
};

describe('api/numbers readPhoneNumber: the forms of issue 54', () => {
	it.each([
		// The letterhead: the national prefix in brackets after the calling code.
		['+49 (0)30 123456', undefined, '+4930123456'],
		['+44 (0)20 7946 0958', undefined, '+442079460958'],
		['+61 (0)2 1234 5678', undefined, '+61212345678'],
		['0049 (0)30 123456', '49', '+4930123456'],
		// North America with Default Country Code 1.
		['(201) 555-0123', '1', '+12015550123'],
		['201-555-0123', '1', '+12015550123'],
		['1-201-555-0123', '1', '+12015550123'],
		['1 201 555 0123', '1', '+12015550123'],
		['011 49 30 123456', '1', '+4930123456'],
		// Countries without a national prefix.
		['612 34 56 78', '34', '+34612345678'],
		['12 345 67 89', '48', '+48123456789'],
		['55 1234 5678', '52', '+525512345678'],
		['312 345 6789', '39', '+393123456789'],
		// Other national prefixes: 8 (Russia), 06 (Hungary); Brazil's area code in brackets.
		['8 (301) 123-45-67', '7', '+73011234567'],
		['(06 1) 234 5678', '36', '+3612345678'],
		['(11) 2345-6789', '55', '+551123456789'],
		// A leading 0 that is part of the number: Gabon, Côte d'Ivoire, Italy.
		['06 03 12 34', '241', '+24106031234'],
		['01 23 45 67 89', '225', '+2250123456789'],
		['06 1234 5678', '39', '+390612345678'],
		['+39 06 1234 5678', undefined, '+390612345678'],
		// National numbers of countries with a 0 prefix, and 00.
		['030 123456', '49', '+4930123456'],
		['030/123456', '49', '+4930123456'],
		['0049 30 123456', '49', '+4930123456'],
		['01 44 55 66 77', '33', '+33144556677'],
		['(+49) 30 123456', undefined, '+4930123456'],
	])('reads "%s" (Default Country Code %s) as %s', (typed, code, expected) => {
		expect(read(typed, code)).toBe(expected);
	});

	it.each([
		['+33 12345678', 'is too short for +33 (FR): read as +3312345678'],
		['+44 12123456781', 'is too long for +44 (GB, GG, IM, …): read as +4412123456781'],
		['+1 201 555 012', 'is too short for +1 (US, AG, AI, …): read as +1201555012'],
	])('refuses "%s", a digit too few or too many, with the number as read', (typed, reason) => {
		const reading = readPhoneNumber(typed);
		expect(reading).toEqual({ ok: false, reason: expect.stringContaining(reason) });
		expect(reading.ok || reading.reason).toContain('Check the digits');
	});

	it('names the Default Country Code a national number was read with', () => {
		expect(readPhoneNumber('0612 3456 7890', '33')).toEqual({
			ok: false,
			reason:
				'is too long for +33 (FR) (read with Default Country Code 33): read as +3361234567890, but numbers there have 9 digits after +33. Check the digits, then type it with "+" and the country code',
		});
		// Too short once the national prefix is gone: libphonenumber leaves it in, the package refuses.
		expect(read('030 1', '49')).toBe(
			'refused: is too short for +49 (DE) (read with Default Country Code 49): read as +490301, which keeps the national prefix. Check the digits, then type it with "+" and the country code',
		);
	});

	it('refuses a number without "+" when no Default Country Code is set, offering the "+" form of 00', () => {
		expect(readPhoneNumber('0049 30 1234567', '')).toEqual({
			ok: false,
			reason:
				'has no country code (did you mean +49301234567?): type it with "+" and the country code, e.g. +49 30 1234567, or set Default Country Code for numbers written the national way',
		});
		expect(readPhoneNumber('030 1234567')).toEqual({
			ok: false,
			reason: 'has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		});
		// Where a node offers it, the hint says where it is.
		expect(readPhoneNumber('030 1234567', '', 'Default Country Code (Options → X)')).toEqual({
			ok: false,
			reason:
				'has no country code: type it with "+" and the country code, e.g. +49 30 1234567, or set Default Country Code (Options → X) for numbers written the national way',
		});
	});

	it('refuses 00 where it is not plainly the international prefix (Australia: 0011; Brazil: 00 and a carrier)', () => {
		expect(read('00 49 30 123456', '61')).toBe(
			'refused: is ambiguous for +61 (AU, CC, CX) (read with Default Country Code 61): its 00 is not the international prefix there. Type it with "+" and the country code (did you mean +4930123456?)',
		);
		expect(read('0011 49 30 123456', '61')).toBe('+4930123456');
		expect(read('00 55 11 96123 4567', '55')).toMatch(
			/^refused: is ambiguous for \+55 \(BR\) .*did you mean \+5511961234567\?\)$/,
		);
	});

	it.each([
		'+49 30 abc',
		'+49+30123',
		'++4930123456',
		'+49 30 123456 ext 12',
		`+49 ${'1'.repeat(80)}`,
	])('refuses "%s", which is not a phone number', (typed) => {
		expect(read(typed)).toMatch(
			/^refused: (is not a phone number|has too many digits|is too long for a phone number$)/,
		);
	});

	it('says what is wrong with a long typed text: other characters than digits, else its length', () => {
		expect(read(`+1 555 123 4567 (the office line, ${'call first '.repeat(9)})`)).toMatch(
			/^refused: is not a phone number: only digits/,
		);
		expect(read(`+1 ${'5'.repeat(80)}`)).toBe('refused: is too long for a phone number');
	});

	it('takes no name of an object property for a Default Country Code', () => {
		expect(read('030 123456', 'constructor')).toMatch(/^refused: has no country code/);
	});

	it('refuses a "+" number that begins with no calling code', () => {
		expect(read('+0 30 123456')).toMatch(/^refused: does not begin with a country calling code/);
		expect(read('+999 123456')).toMatch(/^refused: does not begin with a country calling code/);
	});
});

describe('api/numbers readPhoneNumbers', () => {
	it('splits one string on commas and new lines, keeps each number once, in order', () => {
		expect(readPhoneNumbers(' +1 555 123 0001 ,, +49 (0)30 123456\n\n+49 30 123456 ,', '')).toEqual(
			{ ok: true, numbers: ['+15551230001', '+4930123456'] },
		);
	});

	it.each([[undefined], [null], [''], ['  '], [[]], [[' ', '']]])(
		'gives no number for %p',
		(input) => {
			expect(readPhoneNumbers(input as string | string[] | null | undefined)).toEqual({
				ok: true,
				numbers: [],
			});
		},
	);

	it('refuses the first entry it cannot read, naming it as typed', () => {
		expect(readPhoneNumbers('+15551230001, 49 30 123456, 1555')).toEqual({
			ok: false,
			invalid: '49 30 123456',
			reason: 'has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		});
	});
});

describe('api/numbers countryCodeProblem (Default Country Code)', () => {
	it.each(['0', '49abc', '1234', '+', '00 49', '-49', '999', '28', 'constructor'])(
		'refuses "%s"',
		(code) => {
			expect(countryCodeProblem(code)).toBe(
				`must be a country calling code, e.g. 49 for Germany or 1 for the US and Canada, not "${code}"`,
			);
		},
	);

	it.each(['1', '49', '+49', '378', '7', '241'])('takes "%s"', (code) => {
		expect(countryCodeProblem(code)).toBeUndefined();
	});
});
