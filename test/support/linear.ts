/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Whether a function over outside text is linear, measured as a ratio, never a wall-clock bound:
// the time for ten times the input is at most twenty times the time for the input (a quadratic
// pattern gives about a hundred). Each size is timed a few times and its fastest run kept.
import { performance } from 'node:perf_hooks';

function fastest(run: () => unknown, repeats: number): number {
	let best = Infinity;
	for (let index = 0; index < repeats; index++) {
		const started = performance.now();
		run();
		best = Math.min(best, performance.now() - started);
	}
	return best;
}

/** Expects `work(input(n))` to take at most ~20× as long for 10n as for n. */
export function expectLinear<T>(
	input: (size: number) => T,
	work: (value: T) => unknown,
	size: number,
): void {
	const small = input(size);
	const large = input(size * 10);
	work(small); // warm up
	const smallMs = Math.max(
		fastest(() => work(small), 5),
		0.05,
	);
	const largeMs = fastest(() => work(large), 3);
	expect(largeMs / smallMs).toBeLessThanOrEqual(20);
}

/** The same for async work (e.g. a run of the node), after a warm-up. */
export async function expectLinearAsync<T>(
	input: (size: number) => T,
	work: (value: T) => Promise<unknown>,
	size: number,
): Promise<void> {
	const small = input(size);
	const large = input(size * 10);
	await work(small);
	let smallMs = Infinity;
	for (let index = 0; index < 3; index++) {
		const started = performance.now();
		await work(small);
		smallMs = Math.min(smallMs, performance.now() - started);
	}
	let largeMs = Infinity;
	for (let index = 0; index < 2; index++) {
		const started = performance.now();
		await work(large);
		largeMs = Math.min(largeMs, performance.now() - started);
	}
	// A run of the node costs a few ms whatever its input: below 5 ms it is noise.
	expect(largeMs / Math.max(smallMs, 5)).toBeLessThanOrEqual(20);
}
