// The refusal run's marker item (output.ts). Its hour per endpoint: logging/throttle.test.ts; the
// run it starts: FaxPlusTrigger/webhook.refusalRun.test.ts.
import { refusalOfItem, refusalRunItem } from '../../../../nodes/shared/triggers/output';

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
