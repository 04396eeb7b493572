// A delivery refused for its signature shows in n8n's Executions list (webhook.ts, the marker in
// triggers/output.ts): beside the 401, the first such refusal of an endpoint in an hour starts a
// run that fails naming the endpoint and the signing secret credential; later ones, and every
// refusal of headers that carry no signature, start none. The marker is never recorded as a
// delivery.
import { useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses, type TriggerHarness } from '../../support/trigger-harness';
import { activateOk, activateWithSecret, onlyEndpoint, recordedKeys, runJson } from './helpers';

const HOUR_MS = 60 * 60 * 1000;
const BODY = '{"hook":{"id":"fax_1","event":"fax_sent"},"data":{"id":"fax_1","status":"success"}}';
const anotherSecret = () =>
	'whsec_' + Buffer.from('another secret, 24+ bytes long').toString('base64');

/** The executions that failed: the refusal runs. */
async function failedRuns(harness: TriggerHarness) {
	await harness.settled();
	return harness.executions.filter((execution) => execution.error !== undefined);
}

describe('Fax.Plus Trigger → a refused signature as a failed execution', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	afterEach(() => jest.restoreAllMocks());

	it('fails one run per endpoint an hour naming the endpoint and the credential; a flood adds none; a signed delivery runs', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		const endpointId = await activateWithSecret(harness, server());
		const [first] = await server().deliver({ event: 'fax_sent', secret: anotherSecret() });
		expect(first.attempts.map((attempt) => attempt.status)).toEqual([401]);

		const [refusal] = await failedRuns(harness);
		expect(refusal.error?.message).toBe(
			'Fax.Plus delivery refused (401): the signature does not verify with the saved signing secret',
		);
		const description = (refusal.error as { description?: string }).description ?? '';
		const url = harness.productionUrl.split('?')[0];
		expect(description).toContain(`Webhook endpoint ${endpointId} at ${url}`);
		expect(description).toContain('signing secret credential "Signing secret"');
		expect(description).toContain("Copy that endpoint's signing secret (whsec_…)");
		expect(description).toContain('deactivate and publish the workflow again');
		expect(description).not.toContain(server().getEndpointSecret(endpointId)!.slice(6));
		expect(refusal.items).toEqual([]);

		// A flood: forged, unsigned and badly signed, all answered 401, none a run.
		for (let i = 0; i < 40; i++) {
			const [forged] = await server().deliver({ event: 'fax_sent', secret: anotherSecret() });
			expect(forged.attempts[0].status).toBe(401);
			const unsigned = await fetch(harness.productionUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: BODY,
			});
			expect(unsigned.status).toBe(401);
			await unsigned.arrayBuffer();
		}
		expect(await failedRuns(harness)).toHaveLength(1);
		// The marker is no delivery: nothing was recorded, nothing passed on.
		expect(recordedKeys(harness)).toEqual([]);
		expect(await runJson(harness)).toEqual([]);

		// Positive control: a delivery signed with the endpoint's secret runs and is recorded.
		const [genuine] = await server().deliver({ event: 'fax_sent' });
		expect(genuine.attempts[0].status).toBe(200);
		expect((await runJson(harness)).map((item) => item.webhookId)).toEqual([genuine.webhookId]);
		expect(recordedKeys(harness)).toHaveLength(1);
		expect(await failedRuns(harness)).toHaveLength(1);

		// An hour later the next refusal shows again.
		const now = Date.now();
		jest.spyOn(Date, 'now').mockImplementation(() => now + HOUR_MS);
		const [later] = await server().deliver({
			event: 'fax_sent',
			secret: anotherSecret(),
			timestamp: Math.floor((now + HOUR_MS) / 1000),
		});
		expect(later.attempts[0].status).toBe(401);
		expect(await failedRuns(harness)).toHaveLength(2);
	});

	it('starts none for headers that carry no signature (not Fax.Plus, or a proxy)', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		for (let i = 0; i < 5; i++) {
			const res = await fetch(harness.productionUrl, {
				method: 'POST',
				headers: { 'content-type': 'application/json', 'webhook-id': `msg_${i}` },
				body: BODY,
			});
			expect(res.status).toBe(401);
			await res.arrayBuffer();
		}
		expect(await failedRuns(harness)).toEqual([]);
		expect(harness.executions).toEqual([]);
	});

	it('names the credential while no secret is pasted, and the one run per endpoint holds across causes', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateOk(harness);
		const endpoint = onlyEndpoint(server(), harness.productionUrl);
		const [result] = await server().deliver({ event: 'fax_sent', retries: 2 });
		expect(result.attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401]);
		const [refusal] = await failedRuns(harness);
		expect(refusal.error?.message).toBe(
			"Fax.Plus delivery refused (401): no signing secret is saved in the trigger's signing secret credential yet",
		);
		expect((refusal.error as { description?: string }).description).toContain(
			`Webhook endpoint ${endpoint.id} at `,
		);
		harness.setSecret(anotherSecret());
		const [mismatch] = await server().deliver({ event: 'fax_sent' });
		expect(mismatch.attempts[0].status).toBe(401);
		expect(await failedRuns(harness)).toHaveLength(1);
	});

	it('a test event is not refused for its signature, so it starts no refusal run', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		expect((await harness.listenForTestEvent()).error).toBeUndefined();
		const test = onlyEndpoint(server(), harness.testUrl);
		const [result] = await server().deliver({ event: 'fax_sent', onlyEndpointId: test.id });
		expect(result.attempts.map((attempt) => attempt.status)).toEqual([200]);
		await harness.testSessionEnded();
		expect(await failedRuns(harness)).toEqual([]);
		expect(harness.executions).toHaveLength(1);
	});
});
