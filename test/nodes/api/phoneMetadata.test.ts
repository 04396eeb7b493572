// The shipped table of calling codes still agrees with libphonenumber-js, the package it is
// generated from (node scripts/phone-metadata.js after updating the package).
import { CALLING_CODES } from '../../../nodes/api/phoneMetadata';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator is a plain script
const { phoneMetadata } = require('../../../scripts/phone-metadata') as {
	phoneMetadata: () => Record<string, unknown>;
};

describe('api/phoneMetadata', () => {
	it('is what scripts/phone-metadata.js generates from the installed libphonenumber-js', () => {
		expect(CALLING_CODES).toEqual(phoneMetadata());
	});

	it('has every calling code of the metadata, each with its possible lengths (positive control)', () => {
		expect(Object.keys(CALLING_CODES).length).toBeGreaterThan(210);
		expect(CALLING_CODES['49'].slice(0, 2)).toEqual(['DE', '00']);
		for (const facts of Object.values(CALLING_CODES)) expect(facts[3].length).toBeGreaterThan(0);
	});
});
