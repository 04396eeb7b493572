// A clock the test moves: only Date is faked, from the real time at each test's start; timers, I/O
// and n8n's own waits run as usual. A time budget in the code under test (Date.now() against a
// deadline) then spends only what the test charges (`advance`), never the machine's own slowness.
const REAL_TIMERS = [
	'hrtime',
	'nextTick',
	'performance',
	'queueMicrotask',
	'requestAnimationFrame',
	'cancelAnimationFrame',
	'requestIdleCallback',
	'cancelIdleCallback',
	'setImmediate',
	'clearImmediate',
	'setInterval',
	'clearInterval',
	'setTimeout',
	'clearTimeout',
] as const;

export interface TestClock {
	/** Moves Date.now() on by `ms`. */
	advance(ms: number): void;
}

/** Fakes Date in each test of the calling describe block; `advance` moves it. */
export function useTestClock(): TestClock {
	beforeEach(() => {
		jest.useFakeTimers({ doNotFake: [...REAL_TIMERS], now: Date.now() });
	});
	afterEach(() => {
		jest.useRealTimers();
	});
	return {
		advance(ms) {
			jest.setSystemTime(Date.now() + ms);
		},
	};
}
