import { LogThrottle } from '../../../../nodes/shared/logging/throttle';

/** One line per key a minute at most. */
const WINDOW_MS = 60_000;

describe('LogThrottle', () => {
	it('writes the first at once, then at most one a window with how many were held back', () => {
		const throttle = new LogThrottle();
		const t0 = 1_000_000;
		expect(throttle.decide('a', t0)).toEqual({ write: true, heldBack: 0, since: t0 });
		for (let i = 1; i <= 999; i++)
			expect(throttle.decide('a', t0 + i * 50)).toEqual({ write: false });
		expect(throttle.decide('a', t0 + WINDOW_MS)).toEqual({
			write: true,
			heldBack: 999,
			since: t0,
		});
		expect(throttle.decide('a', t0 + WINDOW_MS + 1)).toEqual({ write: false });
	});

	it('keeps keys apart', () => {
		const throttle = new LogThrottle();
		expect(throttle.decide('a', 0).write).toBe(true);
		expect(throttle.decide('b', 1).write).toBe(true);
		expect(throttle.decide('a', 2).write).toBe(false);
	});

	it('counts a clock that went back as a new window, so nothing is held back for long', () => {
		const throttle = new LogThrottle();
		expect(throttle.decide('a', 100_000).write).toBe(true);
		expect(throttle.decide('a', 100_001).write).toBe(false);
		expect(throttle.decide('a', 50_000)).toEqual({ write: true, heldBack: 1, since: 100_000 });
	});

	it('forgets the oldest keys past its bound, never growing without limit', () => {
		const throttle = new LogThrottle();
		for (let i = 0; i < 1001; i++) throttle.decide(`k${i}`, 0);
		// k0 was forgotten: a line again at once.
		expect(throttle.decide('k0', 1).write).toBe(true);
		expect(throttle.decide('k1000', 1).write).toBe(false);
	});
});
