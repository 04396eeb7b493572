/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: a raw HTTP request sends a header twice, which fetch cannot */
import { request as httpRequest } from 'node:http';
import { signWebhook } from '../../server';
import { useFaxPlusServer } from '../../support/faxplus';
import {
	TRIGGER_WORKFLOW_ID,
	useTriggerHarnesses,
	type TriggerHarness,
} from '../../support/trigger-harness';
import {
	activateWithSecret,
	callApi,
	onlyEndpoint,
	recordedKeys,
	runJson,
	runsOf,
	storedKeyOf,
} from './helpers';
import { ProcessedDataStore } from '../../support/processed-data';

/** POSTs to a URL directly (a request Fax.Plus did not send). */
async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body,
	});
	return { status: res.status, body: await res.text(), retryAfter: res.headers.get('retry-after') };
}

describe('Fax.Plus Trigger → deliveries (current webhook API)', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	async function activeTrigger(parameters: Record<string, unknown> = {}) {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent', 'fax_received'], ...parameters },
		});
		const endpointId = await activateWithSecret(harness, server());
		return { harness, endpointId, secret: server().getEndpointSecret(endpointId)! };
	}

	describe('a verified delivery', () => {
		it('starts one run with the documented fields, answered 200 by n8n once it holds the run', async () => {
			const { harness } = await activeTrigger();
			const [result] = await server().deliver({
				event: 'fax_sent',
				data: { id: 'fax_abc', status: 'success' },
			});

			expect(result.attempts).toEqual([{ status: 200, body: '{"received":true}' }]);
			// Not answered by the node: n8n answers webhookResponse after WorkflowRunner.run().
			expect(harness.answers[0].result).toEqual({
				workflowData: expect.any(Array),
				webhookResponse: { received: true },
			});
			const [item] = await runJson(harness);
			expect(item).toEqual({
				event: 'fax_sent',
				webhookId: result.webhookId,
				isRetry: false,
				signatureVerified: true,
				receivedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
				status: 'success',
				statusMeaning: 'The fax was sent (or received) completely.',
				statusRetryable: false,
				from: '+15551230001',
				to: '+4930123456',
				startTime: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
				faxId: 'fax_abc',
				faxSessionId: 'fax_abc',
				hook: { id: 'fax_abc', event: 'fax_sent', event_time: expect.any(String), target: '' },
				data: expect.objectContaining({ id: 'fax_abc', status: 'success', direction: 'outgoing' }),
			});
		});

		// apidoc's webhook example (concepts/webhook) writes numbers like +1 334-304-1234.
		it("outputs from and to in E.164 from apidoc's documented body; the data as sent", async () => {
			const { harness } = await activeTrigger({
				events: ['fax_sent', 'fax_received', 'fax_page_received'],
			});
			server().setReadings({ webhookBody: 'documented', signatureHeaders: 'svix' });
			await server().deliver({
				event: 'fax_received',
				data: { id: 'fax_doc', from: '+13343041234', to: '+4930123456' },
			});
			await server().deliver({ event: 'fax_page_received', data: { id: 'fax_doc_page' } });
			const [received, page] = await runJson(harness);
			expect(received).toMatchObject({
				from: '+13343041234',
				to: '+4930123456',
				data: { from: '+1 334-304-1234', to: '+49 30123456' },
			});
			expect(received.data).not.toHaveProperty('direction');
			// A page of a fax still being received: not its final status.
			expect(page).toMatchObject({
				status: 'in_progress',
				statusMeaning: expect.stringMatching(/still being received/),
			});
		});

		it("keeps a free account's user ID in from as it came (not a number)", async () => {
			const { harness } = await activeTrigger();
			await server().deliver({
				event: 'fax_received',
				data: { id: 'fax_free', from: 'user_4711', to: '+1 (555) 123-0001' },
			});
			const [item] = await runJson(harness);
			expect(item).toMatchObject({ from: 'user_4711', to: '+15551230001' });
		});

		it('keeps a from or to longer than 100 characters as it came, even padding round a number', async () => {
			const { harness } = await activeTrigger();
			const from = `+1 334-304-1234${' '.repeat(100)}`;
			const to = `${'\t'.repeat(90)}+49 30123456${'\r'.repeat(10)}`;
			await server().deliver({ event: 'fax_received', data: { id: 'fax_long', from, to } });
			const [item] = await runJson(harness);
			expect(item).toMatchObject({ from, to, data: { from, to } });
		});

		it("flags a retried fax (hook.id differs from data.id): faxId is hook.id, the fax ID; data.id is the session's", async () => {
			const { harness } = await activeTrigger();
			await server().deliver({
				event: 'fax_sent',
				hookId: 'fax_retry_2',
				data: { id: 'fax_first', status: 'failed' },
			});
			expect((await runJson(harness))[0]).toMatchObject({
				isRetry: true,
				faxId: 'fax_retry_2',
				faxSessionId: 'fax_first',
				status: 'failed',
			});
		});

		it('reads from_number / to_number when from / to are absent', async () => {
			const { harness } = await activeTrigger();
			const body = JSON.stringify({
				hook: { id: 'fax_n', event: 'fax_received', target: '' },
				data: {
					id: 'fax_n',
					status: 'success',
					from_number: '+4930123456',
					to_number: '+15551230001',
				},
			});
			await server().deliver({ event: 'fax_received', rawBody: body });
			expect((await runJson(harness))[0]).toMatchObject({
				from: '+4930123456',
				to: '+15551230001',
				event: 'fax_received',
			});
		});

		it("records the delivery in n8n's processed-data store from its run, never in static data", async () => {
			const { harness } = await activeTrigger();
			const activated = harness.savedStaticData;
			const [result] = await server().deliver({ event: 'fax_sent' });
			await runsOf(harness);
			expect(recordedKeys(harness)).toEqual([storedKeyOf(result.webhookId!)]);
			expect(harness.savedStaticData).toEqual(activated);
			expect(harness.staticDataSavedByRuns).toBe(0);
		});

		it('accepts a delivery with several signatures when one is valid', async () => {
			const { harness, secret } = await activeTrigger();
			const body = Buffer.from(
				JSON.stringify({
					hook: { id: 'f', event: 'fax_sent' },
					data: { id: 'f', status: 'success' },
				}),
			);
			const now = Math.floor(Date.now() / 1000);
			const valid = signWebhook(secret, 'msg_multi', now, body);
			const [result] = await server().deliver({
				event: 'fax_sent',
				rawBody: body,
				webhookId: 'msg_multi',
				timestamp: now,
				signatureHeader: `v1,${Buffer.alloc(32).toString('base64')} v2,${valid} v1,${valid}`,
			});
			expect(result.attempts[0].status).toBe(200);
			expect(await runJson(harness)).toHaveLength(1);
		});
	});

	describe('refused deliveries: 401 by the node, no run', () => {
		async function expectRefused(
			harness: TriggerHarness,
			status: number,
			body: string,
			reason: string,
		) {
			expect(status).toBe(401);
			expect(JSON.parse(body)).toEqual({ received: false, reason, message: expect.any(String) });
			expect(await runsOf(harness)).toHaveLength(0);
			const { noWebhookResponse, workflowData } = harness.answers.at(-1)?.result ?? {};
			expect(noWebhookResponse).toBe(true);
			// At most the refusal run's marker (webhook.refusalRun.test.ts), never the delivery.
			for (const item of workflowData?.flat() ?? [])
				expect(Object.keys(item.json)).toEqual(['signatureRefusal']);
			expect(recordedKeys(harness)).toEqual([]);
		}

		it('refuses every delivery until the secret is in the credential; one retried or replayed after it is pasted runs', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const outcome = await harness.activate();
			expect(outcome.error).toBeUndefined();
			const [result] = await server().deliver({ event: 'fax_sent', retries: 2 });
			expect(result.attempts.map((attempt) => attempt.status)).toEqual([401, 401, 401]);
			await expectRefused(harness, 401, result.attempts[0].body, 'no_secret');

			// The user pastes the secret; editing a credential does not republish the workflow.
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			harness.setSecret(server().getEndpointSecret(endpoint.id));
			const [replayed] = await server().replay(result.webhookId!);
			expect(replayed.attempts[0].status).toBe(200);
			expect(await runJson(harness)).toEqual([
				expect.objectContaining({ webhookId: result.webhookId, signatureVerified: true }),
			]);
		});

		it('answers 503 with Retry-After, not 401, while n8n cannot read the signing secret; the re-send is accepted', async () => {
			const { harness, secret } = await activeTrigger();
			harness.credentialsHelper.unreadable.add('faxPlusWebhookSecretApi');
			const [result] = await server().deliver({ event: 'fax_sent' });
			expect(result.attempts[0].status).toBe(503);
			expect(JSON.parse(result.attempts[0].body)).toEqual({
				received: false,
				reason: 'secret_unavailable',
				message: expect.any(String),
			});
			const body = '{"hook":{"id":"f","event":"fax_sent"},"data":{"id":"f"}}';
			const now = Math.floor(Date.now() / 1000);
			const direct = await post(harness.productionUrl, body, {
				'webhook-id': 'msg_direct',
				'webhook-timestamp': String(now),
				'webhook-signature': `v1,${signWebhook(secret, 'msg_direct', now, Buffer.from(body))}`,
			});
			expect([direct.status, direct.retryAfter]).toEqual([503, '5']);
			expect(await runsOf(harness)).toHaveLength(0);

			harness.credentialsHelper.unreadable.clear();
			const [resent] = await server().replay(result.webhookId!);
			expect(resent.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			expect((await runJson(harness)).map((item) => item.webhookId)).toEqual([result.webhookId]);
		});

		it('refuses a signature made with another secret, without echoing the secret', async () => {
			const { harness, secret } = await activeTrigger();
			const [result] = await server().deliver({
				event: 'fax_sent',
				secret: 'whsec_' + Buffer.from('another secret, 24+ bytes').toString('base64'),
			});
			await expectRefused(
				harness,
				result.attempts[0].status,
				result.attempts[0].body,
				'signature_mismatch',
			);
			expect(result.attempts[0].body).not.toContain(secret.slice(6));
		});

		it('refuses a secret in the credential that is not a whsec_ secret', async () => {
			const { harness } = await activeTrigger();
			harness.setSecret('not a secret!');
			const [result] = await server().deliver({ event: 'fax_sent' });
			await expectRefused(
				harness,
				result.attempts[0].status,
				result.attempts[0].body,
				'invalid_secret',
			);
		});

		it.each([
			// Offsets from the clock when the delivery is sent, with a margin for a slow machine.
			['a timestamp 310 s old', { timestamp: -310 }, 'timestamp_out_of_window'],
			['a timestamp 310 s ahead', { timestamp: 310 }, 'timestamp_out_of_window'],
			['an empty signature header', { signatureHeader: '' }, 'missing_signature'],
			['"v1," alone', { signatureHeader: 'v1,' }, 'no_v1_signature'],
			['only a v2 signature', { signatureHeader: 'v2,abc' }, 'no_v1_signature'],
			['an empty webhook-id', { headers: { 'webhook-id': '' } }, 'missing_webhook_id'],
			['a changed webhook-id', { headers: { 'webhook-id': 'msg_changed' } }, 'signature_mismatch'],
			[
				'a timestamp with letters',
				{ headers: { 'webhook-timestamp': '1700000000abc' } },
				'invalid_timestamp',
			],
		])('refuses %s', async (_case, options, reason) => {
			const { harness } = await activeTrigger();
			const timestamp =
				'timestamp' in options ? Math.floor(Date.now() / 1000) + options.timestamp : undefined;
			const [result] = await server().deliver({ event: 'fax_sent', ...options, timestamp });
			await expectRefused(harness, result.attempts[0].status, result.attempts[0].body, reason);
		});

		it('refuses a body changed after signing (whitespace)', async () => {
			const { harness, secret } = await activeTrigger();
			const signed = Buffer.from('{"hook":{"id":"f","event":"fax_sent"},"data":{"id":"f"}}');
			const sent = Buffer.from('{"hook": {"id":"f","event":"fax_sent"},"data":{"id":"f"}}');
			const now = Math.floor(Date.now() / 1000);
			const [result] = await server().deliver({
				event: 'fax_sent',
				rawBody: sent,
				webhookId: 'msg_body',
				timestamp: now,
				signatureHeader: `v1,${signWebhook(secret, 'msg_body', now, signed)}`,
			});
			await expectRefused(
				harness,
				result.attempts[0].status,
				result.attempts[0].body,
				'signature_mismatch',
			);
		});

		it('refuses a webhook-id sent twice (Node joins the two lines into one value, which the signature does not cover)', async () => {
			const { harness, secret } = await activeTrigger();
			const body = Buffer.from('{"hook":{"id":"f","event":"fax_sent"},"data":{"id":"f"}}');
			const now = Math.floor(Date.now() / 1000);
			const signature = `v1,${signWebhook(secret, 'msg_first', now, body)}`;
			const { status, text } = await new Promise<{ status: number; text: string }>(
				(resolve, reject) => {
					const request = httpRequest(
						harness.productionUrl,
						{
							method: 'POST',
							headers: {
								'content-type': 'application/json',
								// Two header lines, as a sender repeating the header sends them.
								'webhook-id': ['msg_first', 'msg_second'],
								'webhook-timestamp': String(now),
								'webhook-signature': signature,
							},
						},
						(res) => {
							const chunks: Buffer[] = [];
							res.on('data', (chunk: Buffer) => chunks.push(chunk));
							res.on('end', () =>
								resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }),
							);
						},
					);
					request.on('error', reject);
					request.end(body);
				},
			);
			await expectRefused(harness, status, text, 'signature_mismatch');
			expect(harness.answers.at(-1)?.headers['webhook-id']).toBe('msg_first, msg_second');
		});

		it('refuses a request without any signature headers', async () => {
			const { harness } = await activeTrigger();
			const { status, body } = await post(
				harness.productionUrl,
				'{"hook":{"event":"fax_sent"},"data":{}}',
			);
			await expectRefused(harness, status, body, 'missing_webhook_id');
		});
	});

	describe('duplicates', () => {
		it('answers a repeated webhook-id 200; its run ends at the trigger without an item (replay, sequential)', async () => {
			const { harness } = await activeTrigger();
			const [first] = await server().deliver({ event: 'fax_sent' });
			const [replayed] = await server().replay(first.webhookId!);
			const [again] = await server().deliver({ event: 'fax_sent', webhookId: first.webhookId! });

			for (const repeat of [replayed, again])
				expect(repeat.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			expect(await runsOf(harness)).toHaveLength(1);
			expect(harness.executions.map((run) => run.items.length)).toEqual([1, 0, 0]);
		});

		it("passes each webhook-id on once, keeping one entry per delivery: a fax event under a second webhook-id is a delivery of its own (Fax.Plus's retries and replays keep theirs)", async () => {
			const { harness } = await activeTrigger();
			const sent = (webhookId: string, more: object) =>
				server().deliver({ event: 'fax_sent', webhookId, ...more });
			await sent('msg_1', { data: { id: 'fax_same' } });
			await sent('msg_2', { data: { id: 'fax_same' } });
			// Retries of fax_same: hook.id is the fax, data.id the attempt.
			await sent('msg_3', { hookId: 'fax_same', data: { id: 'fax_try_2' } });
			await server().replay('msg_3');
			await server().deliver({
				event: 'fax_received',
				webhookId: 'msg_4',
				data: { id: 'fax_same' },
			});
			const runs = await runsOf(harness);
			expect(
				runs.map(({ items: [item] }) => [
					item.json.webhookId,
					item.json.event,
					item.json.faxSessionId,
				]),
			).toEqual([
				['msg_1', 'fax_sent', 'fax_same'],
				['msg_2', 'fax_sent', 'fax_same'],
				['msg_3', 'fax_sent', 'fax_try_2'],
				['msg_4', 'fax_received', 'fax_same'],
			]);
			// One entry per delivery, in the trigger's own record (n8n records the repeat's key
			// again); nothing in the workflow's record.
			expect(recordedKeys(harness)).toEqual(['id:msg_1', 'id:msg_2', 'id:msg_3', 'id:msg_4']);
			expect(harness.processedData.recordedValues(TRIGGER_WORKFLOW_ID)).toEqual([]);
		});

		it('passes 50 concurrent copies of one delivery on once, answering each 200 once n8n holds its run', async () => {
			const { harness } = await activeTrigger();
			const results = await Promise.all(
				Array.from(
					{ length: 50 },
					async () => await server().deliver({ event: 'fax_sent', webhookId: 'msg_concurrent' }),
				),
			);
			for (const [result] of results)
				expect(result.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			// Each copy is a run; the record passes one on, the others end at the trigger.
			expect(await runsOf(harness)).toHaveLength(1);
			expect(harness.executions).toHaveLength(50);
			expect(recordedKeys(harness)).toEqual(['id:msg_concurrent']);
			const [resent] = await server().replay('msg_concurrent');
			expect(resent.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			expect(await runsOf(harness)).toHaveLength(1);
		});

		it('records nothing when n8n cannot start the run (500): the re-send is accepted and runs once', async () => {
			const { harness } = await activeTrigger();
			harness.failRuns();
			const [refused] = await server().deliver({ event: 'fax_sent', retries: 1 });
			expect(refused.attempts.map((attempt) => attempt.status)).toEqual([500, 500]);
			expect(await runsOf(harness)).toHaveLength(0);
			expect(recordedKeys(harness)).toEqual([]);

			harness.allowRuns();
			const [resent] = await server().replay(refused.webhookId!);
			expect(resent.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			expect((await runJson(harness)).map((item) => item.webhookId)).toEqual([refused.webhookId]);
		});

		it('loses no record in a burst of 50 distinct concurrent deliveries', async () => {
			const { harness } = await activeTrigger();
			const results = await Promise.all(
				Array.from(
					{ length: 50 },
					async (_, i) =>
						await server().deliver({ event: 'fax_sent', webhookId: `msg_burst_${i}` }),
				),
			);
			expect(await runsOf(harness)).toHaveLength(50);
			expect(new Set(recordedKeys(harness))).toEqual(
				new Set(results.flat().map((result) => storedKeyOf(result.webhookId!))),
			);
			// Runs that wait while another's check is under way are checked together: fewer
			// reads and writes of n8n's record than deliveries.
			const callsForFifty = harness.processedData.calls;
			expect(callsForFifty).toBeLessThan(50);

			// After a restart too, each re-send starts a run that n8n's store recognises: no
			// output item, no second fax.
			harness.restart();
			const replays = await Promise.all(
				results.flat().map(async (result) => await server().replay(result.webhookId!)),
			);
			expect(replays.flat().map((replay) => replay.attempts[0].status)).toEqual(
				Array(50).fill(200),
			);
			expect(await runsOf(harness)).toHaveLength(50);
			expect(harness.executions).toHaveLength(100);
			expect(harness.executions.slice(50).every((run) => run.items.length === 0)).toBe(true);
		});

		it('recognises a repeat after a restart from the store: a run without an output item', async () => {
			const { harness } = await activeTrigger();
			const [first] = await server().deliver({ event: 'fax_sent' });
			await runsOf(harness);
			harness.restart();
			const [replayed] = await server().replay(first.webhookId!);
			expect(replayed.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			expect(await runsOf(harness)).toHaveLength(1);
			expect(harness.executions.map((run) => [run.webhookId, run.items.length])).toEqual([
				[first.webhookId, 1],
				[first.webhookId, 0],
			]);
			// The repeat's execution says why it passed nothing on, naming the delivery; the first
			// has nothing to say.
			expect(harness.executions[1].hints).toEqual([
				expect.objectContaining({
					message: expect.stringMatching(
						new RegExp(
							`^Delivery ${first.webhookId} was processed before \\(n8n's processed-data store\\), so no item was passed on$`,
						),
					),
				}),
			]);
			expect(harness.executions[0].hints).toEqual([]);
		});

		it('recognises a repeat that reached another process (a second webhook processor, a worker with empty static data)', async () => {
			const store = new ProcessedDataStore();
			const one = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'] },
				processedData: store,
				worker: true,
			});
			await activateWithSecret(one, server());
			const activated = one.savedStaticData;
			const [first] = await server().deliver({ event: 'fax_sent' });
			expect(await runsOf(one)).toHaveLength(1);

			// Another n8n process with the same database, as a load balancer picks it.
			one.restart();
			const [again] = await server().replay(first.webhookId!);
			expect(again.attempts[0].status).toBe(200);
			expect(await runsOf(one)).toHaveLength(1);
			expect(one.executions.at(-1)?.items).toEqual([]);
			expect(one.staticDataSavedByRuns).toBe(0);
			expect(one.savedStaticData).toEqual(activated);
		});

		it('a run whose store is unreachable fails visibly (an error execution to retry), it never passes the fax on unchecked', async () => {
			const { harness } = await activeTrigger();
			harness.processedData.fail();
			const [result] = await server().deliver({ event: 'fax_sent' });
			expect(result.attempts[0].status).toBe(200);
			expect(await runsOf(harness)).toHaveLength(0);
			expect(harness.executions).toHaveLength(1);
			const error = harness.executions[0].error as Error & { description?: string };
			expect(error.message).toBe(
				`The duplicate check could not use n8n's processed-data store, so delivery ${result.webhookId} was not passed on`,
			);
			expect(error.description).toMatch(
				/^connect ECONNREFUSED 127\.0\.0\.1:5432\. The delivery is kept in this failed execution/,
			);
		});

		it('stays within the configured count over many deliveries', async () => {
			const { harness } = await activeTrigger({ options: { deduplicationMaxEntries: 20 } });
			for (let batch = 0; batch < 10; batch++) {
				await Promise.all(
					Array.from(
						{ length: 15 },
						async (_, i) =>
							await server().deliver({ event: 'fax_sent', webhookId: `msg_${batch}_${i}` }),
					),
				);
			}
			expect(await runsOf(harness)).toHaveLength(150);
			// One entry per delivery (its webhook-id), in the trigger's own record.
			expect(recordedKeys(harness)).toHaveLength(20);
			expect(recordedKeys(harness).filter((key) => !/^id:msg_\d+_\d+$/.test(key))).toEqual([]);
			expect(harness.processedData.entries(TRIGGER_WORKFLOW_ID)).toEqual([]);
		});
	});

	describe('filters', () => {
		it('keeps only the chosen fax statuses: others are answered 200 and start no run', async () => {
			const { harness } = await activeTrigger({ options: { statuses: 'success, partially_sent' } });
			const [failed] = await server().deliver({ event: 'fax_sent', data: { status: 'failed' } });
			const [ok] = await server().deliver({ event: 'fax_sent', data: { status: 'success' } });
			const [partial] = await server().deliver({
				event: 'fax_sent',
				data: { status: 'Partially_Sent' },
			});

			expect(failed.attempts[0]).toEqual({
				status: 200,
				body: '{"received":true,"skipped":"status"}',
			});
			expect((await runJson(harness)).map((item) => item.webhookId)).toEqual([
				ok.webhookId,
				partial.webhookId,
			]);
			// Filtered out in webhook(), so no run and nothing in the store; a replay alike.
			expect(recordedKeys(harness)).not.toContain(storedKeyOf(failed.webhookId!));
			const [replayed] = await server().replay(failed.webhookId!);
			expect(replayed.attempts[0].body).toBe('{"received":true,"skipped":"status"}');
			expect(await runsOf(harness)).toHaveLength(2);
		});

		it('takes the statuses picked from the list (an array) as well as the comma-separated text older workflows saved', async () => {
			const { harness } = await activeTrigger({
				options: { statuses: ['failed_user_busy', 'failed_no_answer'] },
			});
			await server().deliver({ event: 'fax_sent', data: { status: 'success' } });
			const [busy] = await server().deliver({
				event: 'fax_sent',
				data: { status: 'failed_user_busy' },
			});
			expect(
				(await runJson(harness)).map((item) => [item.webhookId, item.statusRetryable]),
			).toEqual([[busy.webhookId, true]]);
		});

		it('skips events the node does not listen to (an endpoint changed in Fax.Plus to more events)', async () => {
			const { harness } = await activeTrigger({ events: ['fax_sent'] });
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			await callApi(server(), 'PATCH', `/webhooks/${endpoint.id}`, {
				filter_types: ['fax_sent', 'fax_received'],
			});

			const [received] = await server().deliver({ event: 'fax_received' });
			await server().deliver({ event: 'fax_sent' });
			expect(received.attempts[0].body).toBe('{"received":true,"skipped":"event"}');
			expect((await runJson(harness)).map((item) => item.event)).toEqual(['fax_sent']);
		});

		it('delivers only faxes of the numbers filter (Fax.Plus filters; the node registered it)', async () => {
			const { harness } = await activeTrigger({ channels: '+15551230001' });
			await server().deliver({
				event: 'fax_received',
				data: { from: '+4930123456', to: '+15551230001' },
			});
			const none = await server().deliver({
				event: 'fax_received',
				data: { from: '+4930123456', to: '+15550000000' },
			});
			expect(none).toEqual([]);
			expect(await runsOf(harness)).toHaveLength(1);
		});
	});

	it('answers 404 once the workflow is deactivated', async () => {
		const { harness } = await activeTrigger();
		await harness.deactivate();
		const { status } = await post(harness.productionUrl, '{}');
		expect(status).toBe(404);
		expect(harness.unanswered).toEqual([]);
	});
});
