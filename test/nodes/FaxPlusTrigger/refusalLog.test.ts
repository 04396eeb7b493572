import { REFUSAL_CAUSES } from '../../../nodes/FaxPlusTrigger/webhook';
import { verifyWebhookDelivery } from '../../../nodes/FaxPlusTrigger/signature';

describe('refusal messages', () => {
	it('has words and a remedy for every reason the signature check can give', () => {
		// Every VerificationFailure the module can return, by its messages table.
		const reasons = [
			'no_secret',
			'invalid_secret',
			'missing_webhook_id',
			'missing_timestamp',
			'missing_signature',
			'invalid_timestamp',
			'timestamp_out_of_window',
			'no_v1_signature',
			'signature_mismatch',
			'no_raw_body',
			'internal_error',
		] as const;
		for (const reason of reasons) {
			expect(REFUSAL_CAUSES[reason]?.what).toBeTruthy();
			expect(REFUSAL_CAUSES[reason]?.todo).toBeTruthy();
		}
		const result = verifyWebhookDelivery({ secret: '', headers: {}, rawBody: Buffer.from('') });
		expect(result.ok || REFUSAL_CAUSES[result.reason]).toBeTruthy();
	});
});
