import {
	clockSkewSeconds,
	REFUSAL_CAUSES,
	refusalMessage,
} from '../../../nodes/FaxPlusTrigger/refusalLog';
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
		];
		for (const reason of reasons) {
			expect(REFUSAL_CAUSES[reason]?.what).toBeTruthy();
			expect(REFUSAL_CAUSES[reason]?.todo).toBeTruthy();
		}
		const result = verifyWebhookDelivery({ secret: '', headers: {}, rawBody: Buffer.from('') });
		expect(result.ok || REFUSAL_CAUSES[result.reason]).toBeTruthy();
	});

	it('says how far the clocks differ, and which way', () => {
		expect(clockSkewSeconds('1000', 1_360_000)).toBe(360);
		expect(clockSkewSeconds('1360', 1_000_000)).toBe(-360);
		expect(clockSkewSeconds('soon', 0)).toBeUndefined();
		expect(refusalMessage(401, 'timestamp_out_of_window', 360)).toContain(
			"this host's clock is 360 seconds ahead of the delivery's timestamp",
		);
		expect(refusalMessage(401, 'timestamp_out_of_window', -400)).toContain(
			"this host's clock is 400 seconds behind the delivery's timestamp",
		);
	});

	it('an unknown cause reads as an unexpected error', () => {
		expect(refusalMessage(500, 'whatever')).toBe(
			`delivery refused (500): ${REFUSAL_CAUSES.error.what}. ${REFUSAL_CAUSES.error.todo}.`,
		);
	});
});
