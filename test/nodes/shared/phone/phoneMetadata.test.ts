/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The shipped table of calling codes still agrees with libphonenumber-js, the package it is
// generated from (node scripts/phone-metadata.js after updating the package), and the package
// ships where it comes from with both licences.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CALLING_CODES } from '../../../../nodes/shared/phone/phoneMetadata.generated';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the generator is a plain script
const { phoneMetadata, notices } = require('../../../../scripts/phone-metadata') as {
	phoneMetadata: () => Record<string, unknown>;
	notices: () => string;
};
const ROOT = join(__dirname, '../../../..');

describe('api/phoneMetadata', () => {
	it('is what scripts/phone-metadata.js generates from the installed libphonenumber-js', () => {
		expect(CALLING_CODES).toEqual(phoneMetadata());
	});

	it("ships its origin and both licences' notices (THIRD-PARTY-NOTICES.txt, in package.json's files)", () => {
		const text = readFileSync(join(ROOT, 'THIRD-PARTY-NOTICES.txt'), 'utf8');
		expect(text).toBe(notices());
		expect(text).toContain('Permission is hereby granted, free of charge');
		expect(text).toContain('Apache License\n                           Version 2.0');
		const { files } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
		expect(files).toContain('THIRD-PARTY-NOTICES.txt');
		// The compiled table keeps its first line (tsconfig's removeComments spares /*! comments).
		expect(
			readFileSync(join(ROOT, 'nodes/shared/phone/phoneMetadata.generated.ts'), 'utf8'),
		).toMatch(
			/^\/\*! Derived from libphonenumber-js [\d.]+ \(MIT\) and Google's libphonenumber \(Apache-2\.0\): THIRD-PARTY-NOTICES\.txt \*\/\n/,
		);
	});

	it('has every calling code of the metadata, each with its possible lengths (positive control)', () => {
		expect(Object.keys(CALLING_CODES).length).toBeGreaterThan(210);
		expect(CALLING_CODES['49'].slice(0, 2)).toEqual(['DE', '00']);
		for (const facts of Object.values(CALLING_CODES)) expect(facts[3].length).toBeGreaterThan(0);
	});
});
