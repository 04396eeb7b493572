// The refusal run's marker item and a payload's times (output.ts). The marker's hour per endpoint:
// logging/throttle.test.ts; the run it starts: FaxPlusTrigger/webhook.refusalRun.test.ts.
import {
	refusalOfItem,
	refusalRunItem,
	withIsoTimeValues,
} from '../../../../nodes/shared/triggers/output';

describe('the refusal marker', () => {
	it('reads back what it carries, and nothing from a delivery or a malformed marker', () => {
		const refusal = { message: 'm', description: 'd' };
		expect(refusalOfItem(refusalRunItem(refusal).json)).toEqual(refusal);
		expect(refusalOfItem({ event: 'fax_received', webhookId: 'msg_1' })).toBeUndefined();
		expect(refusalOfItem({ signatureRefusal: 'm' })).toBeUndefined();
		expect(refusalOfItem({ signatureRefusal: [] })).toBeUndefined();
		expect(refusalOfItem({ signatureRefusal: { message: 'm' } })).toBeUndefined();
	});
});

describe('a trigger payload', () => {
	it("keeps a trigger payload's names and turns only its times into ISO 8601 UTC", () => {
		const payload = JSON.parse(
			'{"event_time":"2024-09-09 10:44:39","start_time":"not a time","file_name":"2024-09-09 10:44:39",' +
				'"last_update":null,"__proto__":{"start_time":"x"}}',
		);
		const read = withIsoTimeValues(payload);
		expect(read).toEqual({
			event_time: '2024-09-09T10:44:39Z',
			start_time: 'not a time',
			// Not one of Fax.Plus's time fields: as it came.
			file_name: '2024-09-09 10:44:39',
			last_update: null,
			['__proto__']: { start_time: 'x' },
		});
		expect(Object.getPrototypeOf(read)).toBe(Object.prototype);
		expect(Object.keys(read)).toEqual(Object.keys(payload));
	});
});
