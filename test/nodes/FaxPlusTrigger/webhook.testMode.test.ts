import { apiRequests, useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses } from '../../support/trigger-harness';
import { activateWithSecret, onlyEndpoint, registerEndpoint, runJson, runsOf } from './helpers';

describe('Fax.Plus Trigger → "Listen for test event"', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	it('accepts a delivery it cannot verify (the test endpoint’s secret is unknown), flagged unverified', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_received'] } });
		expect((await harness.listenForTestEvent()).error).toBeUndefined();
		const test = onlyEndpoint(server(), harness.testUrl);

		const [result] = await server().deliver({ event: 'fax_received', onlyEndpointId: test.id });
		expect(result.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
		expect((await runsOf(harness)).map((run) => run.mode)).toEqual(['test']);
		expect((await runJson(harness))[0]).toMatchObject({
			event: 'fax_received',
			webhookId: result.webhookId,
			signatureVerified: false,
			// Why, in the item: the editor shows no other word of it.
			signatureNote:
				"A test event from the editor (Listen for test event) is not verified: n8n cannot know its temporary endpoint's signing secret. Published, the trigger runs only verified deliveries.",
		});
		// n8n ends the session after the run; the temporary endpoint is deleted.
		await harness.testSessionEnded();
		expect(server().state.webhooks[test.id]).toBeUndefined();
	});

	it('still flags unverified when the credential holds the production endpoint’s secret', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		await harness.listenForTestEvent();
		const test = onlyEndpoint(server(), harness.testUrl);

		await server().deliver({ event: 'fax_sent', onlyEndpointId: test.id });
		expect(await runJson(harness)).toEqual([expect.objectContaining({ signatureVerified: false })]);
	});

	it('reports verified when the credential holds the test endpoint’s secret (an adopted endpoint)', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		const leftover = await registerEndpoint(server(), harness.testUrl, ['fax_sent']);
		harness.setSecret(server().getEndpointSecret(leftover.id));
		await harness.listenForTestEvent();
		expect(onlyEndpoint(server(), harness.testUrl).id).toBe(leftover.id);

		await server().deliver({ event: 'fax_sent', onlyEndpointId: leftover.id });
		const [item] = await runJson(harness);
		expect(item).toMatchObject({ signatureVerified: true });
		expect(item).not.toHaveProperty('signatureNote');
	});

	it('with Download Fax Document, an unverified test delivery comes without the document, saying why; nothing is fetched', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'], options: { downloadDocument: true } },
		});
		await activateWithSecret(harness, server());
		await harness.listenForTestEvent();
		const test = onlyEndpoint(server(), harness.testUrl);
		server().clearRequests();

		// Names another member's fax, as a forged payload would.
		await server().deliver({
			event: 'fax_received',
			onlyEndpointId: test.id,
			data: { id: 'fax_new_1', uid: 'owner_1' },
		});
		const [item] = (await runsOf(harness))[0].items;
		expect(item.json).toMatchObject({ signatureVerified: false, faxId: 'fax_new_1' });
		expect(item.json.documentSkipped).toMatch(
			/^Not downloaded: this delivery's signature was not verified/,
		);
		expect(item.binary).toBeUndefined();
		expect(apiRequests(server()).filter((request) => request.path.includes('/files/'))).toEqual([]);
	});

	it('with Download Fax Document, a verified test delivery (the test endpoint’s secret in the credential) gets its document', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'], options: { downloadDocument: true } },
		});
		const leftover = await registerEndpoint(server(), harness.testUrl, ['fax_received']);
		harness.setSecret(server().getEndpointSecret(leftover.id));
		await harness.listenForTestEvent();

		await server().deliver({
			event: 'fax_received',
			onlyEndpointId: leftover.id,
			data: { id: 'fax_new_1', uid: 'owner_1' },
		});
		const [item] = (await runsOf(harness))[0].items;
		expect(item.json).toMatchObject({ signatureVerified: true });
		expect(item.json.documentSkipped).toBeUndefined();
		expect(item.binary?.data?.mimeType).toBe('application/pdf');
	});

	it('accepts a request without signature headers, with no webhook-id', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await harness.listenForTestEvent();
		const res = await fetch(harness.testUrl, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				hook: { id: 'fax_t', event: 'fax_sent', target: '' },
				data: { id: 'fax_t', status: 'success' },
			}),
		});
		expect(res.status).toBe(200);
		expect(await runJson(harness)).toEqual([
			expect.objectContaining({ webhookId: null, signatureVerified: false, faxId: 'fax_t' }),
		]);
	});

	it('in production the same unverifiable delivery is refused', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		const [result] = await server().deliver({
			event: 'fax_sent',
			secret: 'whsec_' + Buffer.from('a secret n8n cannot know yet').toString('base64'),
		});
		expect(result.attempts[0].status).toBe(401);
		expect(await runsOf(harness)).toEqual([]);
	});

	it('keeps its records apart from production: a test delivery is not a production duplicate', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		await harness.listenForTestEvent();

		// Fax.Plus sends one event to every matching endpoint under the same webhook-id.
		const results = await server().deliver({ event: 'fax_sent' });
		expect(results).toHaveLength(2);
		expect(results.map((result) => result.attempts[0].status)).toEqual([200, 200]);
		expect((await runsOf(harness)).map((run) => run.mode).sort()).toEqual(['production', 'test']);
		expect(new Set((await runJson(harness)).map((item) => item.webhookId)).size).toBe(1);
	});

	it('still refuses bad input before any request', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], channels: '0301234' },
		});
		const outcome = await harness.listenForTestEvent();
		expect(outcome.error?.message).toMatch(/Numbers Filter: the entry "0301234"/);
		expect(server().requests.filter((request) => request.path.startsWith('/v3/'))).toEqual([]);
	});
});
