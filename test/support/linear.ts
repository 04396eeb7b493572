/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Whether a function over outside text is linear, shown by inputs far enough apart that noise
// cannot cross the line: for a hundred times the input, linear work takes about a hundred times as
// long and quadratic work about ten thousand times; the limit, a thousand, is a factor of ten from
// either. Time is this process's CPU time (other processes keeping the cores busy do not count);
// the small input is run until the runs add up to a few ms (a shorter time is noise), and its
// fastest of three such batches is kept. Two things still move a ratio: a large input that outgrows
// the processor's caches costs several times more per character (V8's replace and trim, 5x at
// 200k characters), so callers keep the large input under about 100k characters; and a busy
// machine or a collection now and then, so a round over the limit is measured again, up to three
// rounds, and the lowest ratio counts: noise does not repeat three times, quadratic work never passes.
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

/** Rounds measured at most: one when within LIMIT, as linear work is. */
const ROUNDS = 3;

/**
 * How many times the small input's time `work(input(SPREAD · size))` takes, the lowest of up to
 * ROUNDS rounds: a round times the small input (fastest of three batches, the first warms up) and
 * the large input once.
 */
export async function costRatio<T>(
	input: (size: number) => T,
	work: (value: T) => unknown,
	size: number,
): Promise<number> {
	const small = input(size);
	const large = input(size * SPREAD);
	let ratio = Infinity;
	for (let round = 0; round < ROUNDS && ratio > LIMIT; round++) {
		let smallMs = Infinity;
		for (let batch = 0; batch < 3; batch++)
			smallMs = Math.min(smallMs, await perRunMs(() => work(small)));
		ratio = Math.min(ratio, (await perRunMs(() => work(large))) / smallMs);
	}
	return ratio;
}

/** Expects `work(input(100n))` to cost at most 1,000 times `work(input(n))` (a run of the node too). */
export async function expectLinear<T>(
	input: (size: number) => T,
	work: (value: T) => unknown,
	size: number,
): Promise<void> {
	expect(await costRatio(input, work, size)).toBeLessThanOrEqual(LIMIT);
}
