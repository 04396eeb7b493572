// n8n passes a date (`$now`, a Date & Time field's expression) as a Luxon DateTime: the Luxon
// n8n-workflow itself loads, read here from where n8n-workflow finds it.
import { fromLuxon } from '../../../../nodes/shared/n8n/executeContext';

const luxonPath = require.resolve('luxon', { paths: [require.resolve('n8n-workflow')] });
// eslint-disable-next-line @typescript-eslint/no-require-imports -- n8n-workflow's own Luxon, not a dependency of ours
const { DateTime } = require(luxonPath) as typeof import('luxon');

describe('n8n/executeContext', () => {
	it("reads n8n-workflow's Luxon DateTime as the instant it holds", () => {
		const value = DateTime.fromISO('2030-01-15T10:00:00+01:00', { setZone: true });
		const read = fromLuxon(value);
		expect(read).toBeInstanceOf(Date);
		expect((read as Date).toISOString()).toBe('2030-01-15T09:00:00.000Z');
	});

	it('passes anything else on as it is (positive control)', () => {
		const date = new Date('2030-01-15T09:00:00Z');
		for (const value of [date, '2030-01-15', 5, undefined, null, {}])
			expect(fromLuxon(value)).toBe(value);
	});
});
