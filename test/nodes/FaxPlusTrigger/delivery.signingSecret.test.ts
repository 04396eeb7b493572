import { useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses } from '../../support/trigger-harness';
import { activateWithSecret, runJson, runsOf } from './helpers';

/** How long the trigger reuses a secret it read. */
const REUSE_MS = 10_000;

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

	afterEach(() => jest.restoreAllMocks());

	it('is read from the credential once for a stream of deliveries, not once per delivery', async () => {
		const { harness, reads } = await activeTrigger();
		const before = reads();
		for (let i = 0; i < 20; i++) {
			const [result] = await server().deliver({ event: 'fax_sent' });
			expect(result.attempts[0].status).toBe(200);
		}
		expect(await runsOf(harness)).toHaveLength(20);
		expect(reads() - before).toBe(1);
	});

	it('a new secret counts at once: a signature the remembered secret does not verify is checked with the credential as it is now', async () => {
		const { harness, secret, reads } = await activeTrigger();
		await server().deliver({ event: 'fax_sent' });
		const rotated = otherSecret();
		harness.setSecret(rotated);
		const before = reads();
		const [withNew] = await server().deliver({ event: 'fax_sent', secret: rotated });
		expect(withNew.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
		expect(reads() - before).toBe(1);
		// From then on the old secret is refused: the fresh read replaced it.
		const [withOld] = await server().deliver({ event: 'fax_sent', secret });
		expect(withOld.attempts[0].status).toBe(401);
		expect(JSON.parse(withOld.attempts[0].body)).toMatchObject({ reason: 'signature_mismatch' });
		expect((await runJson(harness)).map((item) => item.signatureVerified)).toEqual([true, true]);
	});

	it(`an old secret is accepted at most ${REUSE_MS / 1000} s after the credential changed, then refused`, async () => {
		const { harness, reads } = await activeTrigger();
		await server().deliver({ event: 'fax_sent' });
		harness.setSecret('not a secret!');

		const [soon] = await server().deliver({ event: 'fax_sent' });
		expect(soon.attempts[0].status).toBe(200);

		const realNow = Date.now.bind(Date);
		jest.spyOn(Date, 'now').mockImplementation(() => realNow() + REUSE_MS + 1_000);
		const before = reads();
		const [later] = await server().deliver({ event: 'fax_sent' });
		expect(later.attempts[0].status).toBe(401);
		expect(JSON.parse(later.attempts[0].body)).toMatchObject({ reason: 'invalid_secret' });
		expect(reads() - before).toBe(1);
		expect(await runsOf(harness)).toHaveLength(2);
	});

	it(`a refused signature costs one fresh read per ${REUSE_MS / 1000} s, and is refused without the secret in the answer`, async () => {
		const { harness, secret, reads } = await activeTrigger();
		await server().deliver({ event: 'fax_sent' });
		const before = reads();
		for (let i = 0; i < 3; i++) {
			const [forged] = await server().deliver({ event: 'fax_sent', secret: otherSecret() });
			expect(forged.attempts[0].status).toBe(401);
			expect(forged.attempts[0].body).not.toContain(secret.slice(6));
		}
		expect(reads() - before).toBe(1);
		expect(await runsOf(harness)).toHaveLength(1);
	});

	it(`1,000 well-formed forgeries read the credential at most twice per ${REUSE_MS / 1000} s; a genuine delivery right after still runs`, async () => {
		const { harness, reads } = await activeTrigger();
		const before = reads();
		const started = Date.now();
		// In waves of 50 at once: the first wave meets no secret read yet (one read serves it).
		for (let wave = 0; wave < 20; wave++) {
			const results = await Promise.all(
				Array.from(
					{ length: 50 },
					async () => await server().deliver({ event: 'fax_sent', secret: otherSecret() }),
				),
			);
			for (const [result] of results) expect(result.attempts[0].status).toBe(401);
		}
		const windows = Math.ceil((Date.now() - started) / REUSE_MS);
		expect(reads() - before).toBeGreaterThanOrEqual(1);
		expect(reads() - before).toBeLessThanOrEqual(2 * windows);
		expect(await runsOf(harness)).toHaveLength(0);
		const [genuine] = await server().deliver({ event: 'fax_sent' });
		expect(genuine.attempts[0].status).toBe(200);
		expect(await runsOf(harness)).toHaveLength(1);
	});

	it('concurrent deliveries with nothing read yet share one read', async () => {
		const { harness, reads } = await activeTrigger();
		harness.restart();
		const before = reads();
		const results = await Promise.all(
			Array.from({ length: 20 }, async () => await server().deliver({ event: 'fax_sent' })),
		);
		for (const [result] of results) expect(result.attempts[0].status).toBe(200);
		expect(reads() - before).toBe(1);
	});

	it('an unreadable credential is not remembered: 503, and the next delivery reads it again', async () => {
		const { harness, reads } = await activeTrigger();
		harness.restart();
		harness.credentialsHelper.unreadable.add('faxPlusWebhookSecretApi');
		const before = reads();
		const [first] = await server().deliver({ event: 'fax_sent' });
		expect(first.attempts[0].status).toBe(503);
		expect(reads() - before).toBe(1);
		harness.credentialsHelper.unreadable.clear();
		const [resent] = await server().replay(first.webhookId!);
		expect(resent.attempts[0].status).toBe(200);
		expect(reads() - before).toBe(2);
	});

	it('a restarted process reads it again', async () => {
		const { harness, reads } = await activeTrigger();
		await server().deliver({ event: 'fax_sent' });
		harness.restart();
		const before = reads();
		await server().deliver({ event: 'fax_sent' });
		expect(reads() - before).toBe(1);
		expect(await runsOf(harness)).toHaveLength(2);
	});
});
