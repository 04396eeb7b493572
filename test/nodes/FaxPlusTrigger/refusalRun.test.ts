// The refusal run's marker (refusalRun.ts); its hour per endpoint is Throttle's (logging/throttle.test.ts).
import { refusalOfItem, refusalRunItem } from '../../../nodes/FaxPlusTrigger/refusalRun';

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
