/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Whether a function over outside text is linear, shown by inputs far enough apart that noise
// cannot cross the line: for a hundred times the input, linear work takes about a hundred times as
// long and quadratic work about ten thousand times; the limit, a thousand, is a factor of ten from
// either. Time is this process's CPU time (other processes keeping the cores busy do not count);
// the small input is run until the runs add up to a few ms (a shorter time is noise), and its
// fastest of three such batches is kept. Two things still move a ratio: a large input that outgrows
// the processor's caches costs several times more per character (V8's replace and trim, 5x at
// 200k characters), so callers keep the large input under about 100k characters; and a busy
// machine or a collection now and then, in either direction, so the verdict is that of two rounds
// that agree (the median of up to three): one noisy round neither passes quadratic work nor fails
// linear work (CI saw one of each: a linear round at 1,028, a quadratic one at 458).
import { cpuUsage } from 'node:process';

/** How much larger the large input is. */
export const SPREAD = 100;
/** The most the large input may cost, in times the small one's (linear ≈ 100, quadratic ≈ 10,000). */
export const LIMIT = 1000;

/** This process's CPU time in ms (user and system). */
function cpuMs(): number {
	const { user, system } = cpuUsage();
	return (user + system) / 1000;
}

/** Batches shorter than this are not measured: timers, the compiler and the collector blur them. */
const BATCH_MS = 5;

/** The CPU time of one run, from a batch of runs doubled until it takes BATCH_MS. */
async function perRunMs(run: () => unknown): Promise<number> {
	for (let runs = 1; ; runs *= 2) {
		const started = cpuMs();
		for (let index = 0; index < runs; index++) await run();
		const spent = cpuMs() - started;
		if (spent >= BATCH_MS) return spent / runs;
	}
}

/** One round: the small input timed (fastest of three batches, the first warms up), the large in `largeBatches`. */
async function roundRatio<T>(
	work: (value: T) => unknown,
	small: T,
	large: T,
	largeBatches = 1,
): Promise<number> {
	let smallMs = Infinity;
	for (let batch = 0; batch < 3; batch++)
		smallMs = Math.min(smallMs, await perRunMs(() => work(small)));
	let largeMs = Infinity;
	for (let batch = 0; batch < largeBatches; batch++)
		largeMs = Math.min(largeMs, await perRunMs(() => work(large)));
	return largeMs / smallMs;
}

/**
 * How many times the small input's time `work(input(SPREAD · size))` takes, from two rounds, or
 * three when the first two fall on different sides of LIMIT.
 */
export async function costRatio<T>(
	input: (size: number) => T,
	work: (value: T) => unknown,
	size: number,
): Promise<number> {
	const small = input(size);
	const large = input(size * SPREAD);
	const ratios = [await roundRatio(work, small, large), await roundRatio(work, small, large)];
	if (ratios[0] <= LIMIT !== ratios[1] <= LIMIT) ratios.push(await roundRatio(work, small, large));
	return ratios.sort((a, b) => a - b)[1]; // the median of three, or the higher of two that agree
}

/** Expects `work(input(100n))` to cost at most 1,000 times `work(input(n))` (a run of the node too). */
export async function expectLinear<T>(
	input: (size: number) => T,
	work: (value: T) => unknown,
	size: number,
): Promise<void> {
	expect(await costRatio(input, work, size)).toBeLessThanOrEqual(LIMIT);
}
