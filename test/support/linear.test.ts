// The linearity check's own controls (linear.ts): quadratic work fails it by a wide margin, and
// linear work passes it, also at sizes where one run costs a few microseconds.
import { costRatio, LIMIT, SPREAD } from './linear';

/** Compares every pair of characters: quadratic in the text's length. */
function equalPairs(text: string): number {
	let equal = 0;
	for (let i = 0; i < text.length; i++)
		for (let j = i + 1; j < text.length; j++)
			if (text.charCodeAt(i) === text.charCodeAt(j)) equal++;
	return equal;
}

/** Reads every character once: linear. */
function oddCodes(text: string): number {
	let odd = 0;
	for (let i = 0; i < text.length; i++) odd += text.charCodeAt(i) & 1;
	return odd;
}

const dots = (size: number) => `failed${'.'.repeat(size)}x`;

describe('expectLinear', () => {
	it('fails work that compares every pair of characters', async () => {
		expect(await costRatio((size) => 'ab'.repeat(size / 2), equalPairs, 60)).toBeGreaterThan(LIMIT);
	});

	it('fails a pattern that backtracks over a run of dots (as errorText once did)', async () => {
		expect(await costRatio(dots, (text) => text.replace(/\.+$/, ''), 60)).toBeGreaterThan(LIMIT);
	});

	it.each([
		['reading every character', (size: number) => 'ab'.repeat(size / 2), oddCodes],
		['a pattern anchored where the run ends', dots, (text: string) => text.replace(/\.+x$/, '')],
	])('passes %s (positive control)', async (_case, input, work) => {
		const ratio = await costRatio(input, work, 100_000 / SPREAD);
		expect(ratio).toBeLessThanOrEqual(LIMIT);
	});
});
