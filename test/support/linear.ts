/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Whether a function over outside text is linear, measured as a ratio, never a wall-clock bound:
// the time for ten times the input is at most twenty times the time for the input (a quadratic
// pattern gives about a hundred). Time is this process's CPU time, so other processes keeping the
// cores busy do not count; each size is run a few times, in turns, and its fastest run kept.
import { cpuUsage } from 'node:process';

/** This process's CPU time in ms (user and system). */
function cpuMs(): number {
	const { user, system } = cpuUsage();
	return (user + system) / 1000;
}

async function fastestOfTurns(runs: Array<() => unknown>, turns: number): Promise<number[]> {
	const best = runs.map(() => Infinity);
	for (let turn = 0; turn < turns; turn++) {
		for (const [index, run] of runs.entries()) {
			const started = cpuMs();
			await run();
			best[index] = Math.min(best[index], cpuMs() - started);
		}
	}
	return best;
}

/** Expects `work(input(n))` to take at most ~20× as long for 10n as for n. */
export async function expectLinear<T>(
	input: (size: number) => T,
	work: (value: T) => unknown,
	size: number,
	/** Below this a measurement is noise (a run of the node costs a few ms whatever its input). */
	floorMs = 0.05,
): Promise<void> {
	const small = input(size);
	const large = input(size * 10);
	await work(small); // warm up
	const [smallMs, largeMs] = await fastestOfTurns([() => work(small), () => work(large)], 4);
	expect(largeMs / Math.max(smallMs, floorMs)).toBeLessThanOrEqual(20);
}

/** The same for a run of the node, whose fixed cost is a few ms. */
export async function expectLinearAsync<T>(
	input: (size: number) => T,
	work: (value: T) => Promise<unknown>,
	size: number,
): Promise<void> {
	await expectLinear(input, work, size, 5);
}
