import { MAX_VALUE_LENGTH, mergedValue } from '../../../nodes/logging/customData';

describe('custom data values', () => {
	it('joins entries with ", ", each once, one line each', () => {
		expect(mergedValue(undefined, 'fax_1')).toBe('fax_1');
		expect(mergedValue('fax_1', ['fax_2', 'fax_1', null, ''])).toBe('fax_1, fax_2');
		expect(mergedValue(undefined, 'a\nb')).toBe('a b');
		// A comma inside an entry would read as two.
		expect(mergedValue(undefined, 'a,b')).toBe('a b');
	});

	it("stays within n8n's 255 characters, counting what did not fit", () => {
		const ids = Array.from({ length: 40 }, (_, i) => `fax_${String(i).padStart(20, '0')}`);
		const value = mergedValue(undefined, ids);
		expect(value.length).toBeLessThanOrEqual(MAX_VALUE_LENGTH);
		const shown = value.split(', ');
		const more = Number(/^\+(\d+) more$/.exec(shown.pop()!)![1]);
		expect(shown).toEqual(ids.slice(0, shown.length));
		expect(shown.length + more).toBe(40);
		// Merged again, the count goes on.
		const again = mergedValue(value, ['fax_new']);
		expect(again.length).toBeLessThanOrEqual(MAX_VALUE_LENGTH);
		expect(again).toBe(value.replace(/\+\d+ more$/, `+${more + 1} more`));
	});
});
