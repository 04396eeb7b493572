// The Retry-After reading of transport.ts (its 429 retries run against the server in
// test/nodes/FaxPlus/router.test.ts). Beside transport.test.ts so the two change apart.
import { retryAfterMs } from '../../../nodes/api/rateLimit';

describe('retryAfterMs', () => {
	const now = Date.parse('2026-11-22T10:00:00Z');

	it('reads delay-seconds', () => {
		expect(retryAfterMs('7', now)).toBe(7000);
		expect(retryAfterMs(' 0 ', now)).toBe(0);
		expect(retryAfterMs(['2', '9'], now)).toBe(2000);
	});

	it('reads an HTTP date as the time left until then (never negative)', () => {
		expect(retryAfterMs('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
		expect(retryAfterMs('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
	});

	it('answers undefined for what it cannot read', () => {
		for (const value of [undefined, '', '-1', '1.5', 'soon', 3])
			expect(retryAfterMs(value, now)).toBeUndefined();
	});
});
