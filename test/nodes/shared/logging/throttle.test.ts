// Throttle: at most one per key in its window (a minute for log lines, an hour for the webhook
// trigger's refusal runs), a key's replaced generation starting afresh, in a bounded map.
import { LOG_WINDOW_MS, Throttle } from '../../../../nodes/shared/logging/throttle';

/** One line per key a minute at most. */
const WINDOW_MS = 60_000;
const HOUR_MS = 60 * 60 * 1000;

describe('Throttle, as the log lines use it', () => {
	it('writes the first at once, then at most one a window with how many were held back', () => {
		const throttle = new Throttle(LOG_WINDOW_MS);
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
		const throttle = new Throttle(LOG_WINDOW_MS);
		expect(throttle.decide('a', 0).write).toBe(true);
		expect(throttle.decide('b', 1).write).toBe(true);
		expect(throttle.decide('a', 2).write).toBe(false);
	});

	it('counts a clock that went back as a new window, so nothing is held back for long', () => {
		const throttle = new Throttle(LOG_WINDOW_MS);
		expect(throttle.decide('a', 100_000).write).toBe(true);
		expect(throttle.decide('a', 100_001).write).toBe(false);
		expect(throttle.decide('a', 50_000)).toEqual({ write: true, heldBack: 1, since: 100_000 });
	});

	it('forgets the oldest keys past its bound, never growing without limit', () => {
		const throttle = new Throttle(LOG_WINDOW_MS);
		for (let i = 0; i < 1001; i++) throttle.decide(`k${i}`, 0);
		// k0 was forgotten: a line again at once.
		expect(throttle.decide('k0', 1).write).toBe(true);
		expect(throttle.decide('k1000', 1).write).toBe(false);
	});
});

describe('Throttle, as the refusal runs use it (an hour per webhook, its endpoint the generation)', () => {
	it('admits the first refusal of a webhook, then none for an hour, whatever the flood', () => {
		const gate = new Throttle(HOUR_MS);
		expect(gate.decide('wf:node', 0, 'ep_1').write).toBe(true);
		for (let i = 1; i <= 10_000; i++)
			expect(gate.decide('wf:node', i * 300, 'ep_1').write).toBe(false);
		expect(gate.decide('wf:node', HOUR_MS - 1, 'ep_1').write).toBe(false);
		expect(gate.decide('wf:node', HOUR_MS, 'ep_1').write).toBe(true);
	});

	it('counts an endpoint activation has not recorded yet as the same endpoint', () => {
		const gate = new Throttle(HOUR_MS);
		expect(gate.decide('wf:node', 0, undefined).write).toBe(true);
		expect(gate.decide('wf:node', 1, 'ep_1').write).toBe(false);
		expect(gate.decide('wf:node', 2, undefined).write).toBe(false);
		// The endpoint it stood for is now known: another one is a replacement.
		expect(gate.decide('wf:node', 3, 'ep_2').write).toBe(true);
	});

	it('admits a replaced endpoint at once, and keeps webhooks apart', () => {
		const gate = new Throttle(HOUR_MS);
		expect(gate.decide('wf:node', 0, 'ep_1').write).toBe(true);
		expect(gate.decide('wf:node', 1, 'ep_2').write).toBe(true);
		expect(gate.decide('wf:node', 2, 'ep_2').write).toBe(false);
		expect(gate.decide('wf:other', 3, 'ep_3').write).toBe(true);
	});

	it('counts a clock that went back as a new window', () => {
		const gate = new Throttle(HOUR_MS);
		expect(gate.decide('wf:node', 100_000, 'ep_1').write).toBe(true);
		expect(gate.decide('wf:node', 50_000, 'ep_1').write).toBe(true);
		expect(gate.decide('wf:node', 50_001, 'ep_1').write).toBe(false);
	});

	it('forgets the oldest webhooks past its bound, never growing without limit', () => {
		const gate = new Throttle(HOUR_MS);
		for (let i = 0; i < 1001; i++) gate.decide(`wf:${i}`, 0, 'ep');
		expect(gate.decide('wf:0', 1, 'ep').write).toBe(true);
		expect(gate.decide('wf:1000', 1, 'ep').write).toBe(false);
	});
});
