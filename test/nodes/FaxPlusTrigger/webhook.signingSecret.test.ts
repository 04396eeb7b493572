// The signing secret is read from its credential, and kept (up to a minute) while it verifies
// deliveries; one it does not verify reads the credential again, so a changed secret counts at once.
import { useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses } from '../../support/trigger-harness';
import { activateWithSecret, runJson, runsOf } from './helpers';

const otherSecret = () =>
	'whsec_' + Buffer.from('a rotated secret, 32 bytes long!').toString('base64');

describe('Fax.Plus Trigger → the signing secret', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	async function activeTrigger() {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		const endpointId = await activateWithSecret(harness, server());
		const reads = () => harness.credentialsHelper.reads.faxPlusWebhookSecretApi ?? 0;
		return { harness, secret: server().getEndpointSecret(endpointId)!, reads };
	}

	it('is read once, then kept for the deliveries it verifies, concurrent ones too', async () => {
		const { harness, reads } = await activeTrigger();
		const before = reads();
		for (let i = 0; i < 5; i++) {
			const [result] = await server().deliver({ event: 'fax_sent' });
			expect(result.attempts[0].status).toBe(200);
		}
		const results = await Promise.all(
			Array.from({ length: 20 }, async () => await server().deliver({ event: 'fax_sent' })),
		);
		for (const [result] of results) expect(result.attempts[0].status).toBe(200);
		expect(reads() - before).toBe(1);
		expect(await runsOf(harness)).toHaveLength(25);
	});

	it('a changed secret counts at once: the new one is accepted, the old one refused, without the secret in the answer', async () => {
		const { harness, secret } = await activeTrigger();
		await server().deliver({ event: 'fax_sent' });
		const rotated = otherSecret();
		harness.setSecret(rotated);
		const [withNew] = await server().deliver({ event: 'fax_sent', secret: rotated });
		expect(withNew.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
		const [withOld] = await server().deliver({ event: 'fax_sent', secret });
		expect(withOld.attempts[0].status).toBe(401);
		expect(JSON.parse(withOld.attempts[0].body)).toMatchObject({ reason: 'signature_mismatch' });
		expect(withOld.attempts[0].body).not.toContain(secret.slice(6));
		expect(withOld.attempts[0].body).not.toContain(rotated.slice(6));
		expect((await runJson(harness)).map((item) => item.signatureVerified)).toEqual([true, true]);
	});

	it('a secret made weak in the credential is refused from the first delivery the kept one does not verify', async () => {
		const { harness } = await activeTrigger();
		await server().deliver({ event: 'fax_sent' });
		harness.setSecret('not a secret!');
		// Kept for up to a minute: the endpoint's own secret still verifies its deliveries.
		const [kept] = await server().deliver({ event: 'fax_sent' });
		expect(kept.attempts[0].status).toBe(200);
		const [other] = await server().deliver({ event: 'fax_sent', secret: otherSecret() });
		expect(other.attempts[0].status).toBe(401);
		expect(JSON.parse(other.attempts[0].body)).toMatchObject({ reason: 'invalid_secret' });
		expect(await runsOf(harness)).toHaveLength(2);
	});

	it('100 well-formed forgeries cost one read each and start nothing; a genuine delivery right after runs', async () => {
		const { harness, reads } = await activeTrigger();
		const before = reads();
		for (let wave = 0; wave < 2; wave++) {
			const results = await Promise.all(
				Array.from(
					{ length: 50 },
					async () => await server().deliver({ event: 'fax_sent', secret: otherSecret() }),
				),
			);
			for (const [result] of results) expect(result.attempts[0].status).toBe(401);
		}
		expect(reads() - before).toBe(100);
		expect(await runsOf(harness)).toHaveLength(0);
		const [genuine] = await server().deliver({ event: 'fax_sent' });
		expect(genuine.attempts[0].status).toBe(200);
		expect(await runsOf(harness)).toHaveLength(1);
	});

	it('an unreadable credential: 503, and the re-send reads it again and runs', async () => {
		const { harness, reads } = await activeTrigger();
		harness.credentialsHelper.unreadable.add('faxPlusWebhookSecretApi');
		const before = reads();
		const [first] = await server().deliver({ event: 'fax_sent' });
		expect(first.attempts[0].status).toBe(503);
		expect(reads() - before).toBe(1);
		harness.credentialsHelper.unreadable.clear();
		const [resent] = await server().replay(first.webhookId!);
		expect(resent.attempts[0].status).toBe(200);
		expect(reads() - before).toBe(2);
		expect(await runsOf(harness)).toHaveLength(1);
	});
});
