// What the trigger tells the operator through n8n's log (this.logger) and the execution's custom
// data: README's set-up with the secret left empty, each refusal cause once (throttled), the
// lifecycle, and never a secret. Through n8n-core's real contexts (trigger-harness.ts) with
// n8n's container logger replaced by one that keeps the lines (log-capture.ts).
import { useFaxPlusServer } from '../../support/faxplus';
import { useCapturedLogs, type LogLine } from '../../support/log-capture';
import {
	TRIGGER_NODE_NAME,
	TRIGGER_WORKFLOW_ID,
	useTriggerHarnesses,
} from '../../support/trigger-harness';
import { activateOk, activateWithSecret, onlyEndpoint, runsOf } from './helpers';

/** The largest body the trigger takes: 1 MiB (Fax.Plus's events are a few KB). */
const MAX_BODY_BYTES = 1024 * 1024;

const BODY = '{"hook":{"id":"fax_1","event":"fax_sent"},"data":{"id":"fax_1","status":"success"}}';
const wellFormed = `v1,${'A'.repeat(43)}=`;
const now = () => Math.floor(Date.now() / 1000);

async function post(url: string, body: string | Buffer, headers: Record<string, string> = {}) {
	const res = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body,
	});
	await res.text();
	return res.status;
}

/** Every value a line could leak: message and metadata as text. */
const textOf = (lines: LogLine[]) => JSON.stringify(lines);

describe('Fax.Plus Trigger → what it logs and saves with the execution', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();
	const logs = useCapturedLogs();

	const warnings = () => logs.ours('warn');
	const infos = () => logs.ours('info').map((line) => line.message);

	describe("README's set-up: the signing secret credential created empty", () => {
		it('activation registers the endpoint and says the secret is missing; deliveries are refused 401 and logged until it is pasted; then a delivery runs once with the fax in custom data', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent', 'fax_received'] },
				secret: '',
			});
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			expect(infos()).toEqual([
				expect.stringMatching(/^Fax\.Plus: no signing secret is saved .* refused with 401/),
				expect.stringContaining(
					`registered webhook endpoint ${endpoint.id} at Fax.Plus for ${harness.productionUrl} (events fax_sent, fax_received; numbers all)`,
				),
			]);
			expect(infos()[1]).toContain(
				`(workflow "Fax.Plus trigger test" ID ${TRIGGER_WORKFLOW_ID}, node "${TRIGGER_NODE_NAME}")`,
			);

			const [refused] = await server().deliver({ event: 'fax_sent' });
			expect(refused.attempts.map((attempt) => attempt.status)).toEqual([401]);
			expect(warnings()).toHaveLength(1);
			expect(warnings()[0].message).toMatch(
				/^Fax\.Plus: delivery refused \(401\): no signing secret is saved in the trigger's signing secret credential yet \(signing secret credential "Signing secret"; webhook endpoint ep_\S+ at http:\/\/\S+\/webhook\)\. Copy the signing secret .* Fax\.Plus Polling Trigger/,
			);
			expect(warnings()[0].meta).toMatchObject({
				package: 'n8n-nodes-faxplus',
				workflowId: TRIGGER_WORKFLOW_ID,
				nodeName: TRIGGER_NODE_NAME,
				cause: 'no_secret',
				status: 401,
				deliveryId: refused.webhookId,
			});

			const secret = server().getEndpointSecret(endpoint.id)!;
			harness.setSecret(secret);
			const [accepted] = await server().deliver({
				event: 'fax_sent',
				data: { id: 'fax_logged', status: 'success', from: '+15551230001', to: '+4930123456' },
			});
			expect(accepted.attempts.map((attempt) => attempt.status)).toEqual([200]);
			const [run] = await runsOf(harness);
			expect(run.customData).toEqual({
				faxId: 'fax_logged',
				faxEvent: 'fax_sent',
				faxStatus: 'success',
				faxDeliveryId: accepted.webhookId,
			});
			// Nothing above info for a healthy delivery, and never the secret or the token.
			expect(warnings()).toHaveLength(1);
			expect(textOf(logs.lines)).not.toContain(secret.slice('whsec_'.length));
			expect(textOf(logs.lines)).not.toContain(server().tokens.pat);
		});

		it('a signing secret that is set but weak is still refused at activation, and the log says why', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'] },
				secret: 'whsec_c2hvcnQ=',
			});
			const outcome = await harness.activate();
			expect(outcome.error?.message).toBe('The signing secret credential is too weak');
			expect(Object.keys(server().state.webhooks)).toEqual([]);
			expect(warnings().map((line) => line.message)).toEqual([
				expect.stringMatching(
					/^Fax\.Plus: the trigger could not be activated, so no delivery reaches this workflow: The signing secret credential is too weak\. The signing secret must be .*whsec_/,
				),
			]);
			expect(textOf(logs.lines)).not.toContain('c2hvcnQ');
		});

		it("a secret saved before the trigger registered its endpoint is another endpoint's: activation says so, naming the credential; each refusal names it too", async () => {
			// Another trigger's endpoint and secret, as n8n's editor pre-selects the newest credential.
			const other = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(other);
			const otherSecret = server().getEndpointSecret(
				onlyEndpoint(server(), other.productionUrl).id,
			)!;
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'] },
				secret: otherSecret,
			});
			logs.clear();
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			expect(warnings().map((line) => line.message)).toEqual([
				expect.stringMatching(
					new RegExp(
						`^Fax\\.Plus: the signing secret credential "Signing secret" holds a secret saved before this trigger registered webhook endpoint ${endpoint.id}, so it is another endpoint's .* refused with 401 .* give this trigger a signing secret credential of its own`,
					),
				),
			]);
			expect(warnings()[0].meta).toMatchObject({
				event: 'signing_secret_of_another_endpoint',
				endpointId: endpoint.id,
			});

			const [refused] = await server().deliver({
				event: 'fax_sent',
				onlyEndpointId: endpoint.id,
			});
			expect(refused.attempts.map((attempt) => attempt.status)).toEqual([401]);
			// The refusal names the credential and the endpoint whose secret it must hold, never a secret.
			expect(warnings()[1].message).toContain(
				`delivery refused (401): the signature does not verify with the saved signing secret (signing secret credential "Signing secret"; webhook endpoint ${endpoint.id} at ${harness.productionUrl}). The credential holds another endpoint's secret`,
			);
			expect(warnings()[1].meta).toMatchObject({
				cause: 'signature_mismatch',
				endpointId: endpoint.id,
			});
			expect(textOf(logs.lines)).not.toContain(otherSecret.slice('whsec_'.length));
		});

		it('a secret pasted after the endpoint was registered raises no such warning when the trigger is activated again', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateWithSecret(harness, server());
			logs.clear();
			await activateOk(harness);
			expect(warnings()).toEqual([]);
		});

		it('with Save Numbers in Custom Data on, the execution carries the fax with its numbers', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'], options: { saveNumbersInCustomData: true } },
			});
			await activateWithSecret(harness, server());
			await server().deliver({
				event: 'fax_sent',
				data: { id: 'fax_numbers', from: '+15551230001', to: '+4930123456' },
			});
			const [run] = await runsOf(harness);
			expect(run.customData).toEqual({
				faxId: 'fax_numbers',
				faxEvent: 'fax_sent',
				faxStatus: expect.any(String),
				faxDeliveryId: expect.any(String),
				faxFrom: '+15551230001',
				faxTo: '+4930123456',
			});
		});
	});

	describe('each refusal cause, once', () => {
		async function activeTrigger(parameters: Record<string, unknown> = {}) {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'], ...parameters },
			});
			await activateWithSecret(harness, server());
			logs.clear();
			return harness;
		}

		it.each<[string, () => Record<string, string>, RegExp]>([
			[
				'no signature headers',
				() => ({}),
				/\(401\): the svix-id \(or webhook-id\) header is missing\. If a proxy/,
			],
			[
				'no webhook-timestamp',
				() => ({ 'webhook-id': 'msg_1', 'webhook-signature': wellFormed }),
				/\(401\): the svix-timestamp \(or webhook-timestamp\) header is missing/,
			],
			[
				'no webhook-signature',
				() => ({ 'webhook-id': 'msg_1', 'webhook-timestamp': String(now()) }),
				/\(401\): the svix-signature \(or webhook-signature\) header is missing/,
			],
			[
				'a timestamp that is no number',
				() => ({
					'webhook-id': 'msg_1',
					'webhook-timestamp': 'soon',
					'webhook-signature': wellFormed,
				}),
				/\(401\): the timestamp header is not a Unix time/,
			],
			[
				'a sender clock 6 minutes behind',
				() => ({
					'webhook-id': 'msg_1',
					'webhook-timestamp': String(now() - 360),
					'webhook-signature': wellFormed,
				}),
				/\(401\): the delivery's timestamp is more than 300 seconds away from this host's clock \(this host's clock is 36\d seconds ahead of the delivery's timestamp\)\. If this host's clock is wrong, synchronise it/,
			],
			[
				'a sender clock 6 minutes ahead',
				() => ({
					'webhook-id': 'msg_1',
					'webhook-timestamp': String(now() + 360),
					'webhook-signature': wellFormed,
				}),
				/\(this host's clock is 3(5\d|60) seconds behind the delivery's timestamp\)/,
			],
			[
				'no well-formed v1 signature',
				() => ({
					'webhook-id': 'msg_1',
					'webhook-timestamp': String(now()),
					'webhook-signature': 'v1,AAAA',
				}),
				/\(401\): the signature header has no well-formed v1 signature/,
			],
			[
				'a forged signature',
				() => ({
					'webhook-id': 'msg_1',
					'webhook-timestamp': String(now()),
					'webhook-signature': wellFormed,
				}),
				/\(401\): the signature does not verify with the saved signing secret \(signing secret credential "Signing secret"; webhook endpoint ep_\S+ at http:\/\/\S+\/webhook\)\. The credential holds another endpoint's secret/,
			],
		])('%s: one warning with the cause and what to do', async (_name, headers, expected) => {
			const harness = await activeTrigger();
			expect(await post(harness.productionUrl, BODY, headers())).toBe(401);
			expect(warnings()).toHaveLength(1);
			expect(warnings()[0].message).toMatch(/^Fax\.Plus: delivery refused /);
			expect(warnings()[0].message).toMatch(expected);
			expect(warnings()[0].message).toMatch(
				new RegExp(`\\(workflow ".*" ID ${TRIGGER_WORKFLOW_ID}, node "${TRIGGER_NODE_NAME}"\\)$`),
			);
			// The request's signature is never repeated.
			expect(textOf(logs.lines)).not.toContain('A'.repeat(43));
		});

		it('a body over 1 MiB: 413 and its warning', async () => {
			const harness = await activeTrigger();
			expect(await post(harness.productionUrl, Buffer.alloc(MAX_BODY_BYTES + 1, 0x20))).toBe(413);
			expect(warnings().map((line) => line.message)).toEqual([
				expect.stringMatching(
					/^Fax\.Plus: delivery refused \(413\): the body is larger than 1 MiB/,
				),
			]);
		});

		it('a signed body that is no JSON object: 400 and its warning, without the body', async () => {
			const harness = await activeTrigger();
			const [result] = await server().deliver({ event: 'fax_sent', rawBody: '["secret body"]' });
			expect(result.attempts.map((attempt) => attempt.status)).toEqual([400]);
			expect(warnings().map((line) => line.message)).toEqual([
				expect.stringMatching(
					/^Fax\.Plus: delivery refused \(400\): the body is not a JSON object/,
				),
			]);
			expect(textOf(logs.lines)).not.toContain('secret body');
			void harness;
		});

		it('1,000 forgeries of one cause cost one line; another cause gets its own', async () => {
			const harness = await activeTrigger();
			const forged = () => ({
				'webhook-id': 'msg_forged',
				'webhook-timestamp': String(now()),
				'webhook-signature': wellFormed,
			});
			for (let sent = 0; sent < 1000; sent += 50)
				await Promise.all(
					Array.from({ length: 50 }, () => post(harness.productionUrl, BODY, forged())),
				);
			expect(warnings()).toHaveLength(1);
			expect(await post(harness.productionUrl, BODY, {})).toBe(401);
			expect(warnings()).toHaveLength(2);
			expect(warnings().map((line) => line.meta.cause)).toEqual([
				'signature_mismatch',
				'missing_webhook_id',
			]);
		});

		it('says nothing above debug for repeats and filtered events', async () => {
			const harness = await activeTrigger({ options: { statuses: ['success'] } });
			const [first] = await server().deliver({
				event: 'fax_sent',
				data: { id: 'fax_once', status: 'success' },
			});
			await server().replay(first.webhookId!);
			await server().deliver({ event: 'fax_sent', data: { id: 'fax_failed', status: 'failed' } });
			expect(await runsOf(harness)).toHaveLength(1);
			expect(logs.ours().filter((line) => line.level !== 'debug')).toEqual([]);
			expect(logs.ours('debug').map((line) => line.meta.event)).toEqual(
				expect.arrayContaining(['delivery_repeat', 'delivery_skipped']),
			);
		});
	});

	describe('the lifecycle', () => {
		it('logs an endpoint adopted (its record in static data lost) and deleted on deactivation', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const endpointId = await activateWithSecret(harness, server());
			harness.overwriteSavedStaticData({});
			logs.clear();
			await activateOk(harness);
			expect(infos()).toEqual([
				expect.stringMatching(
					new RegExp(
						`^Fax\\.Plus: kept webhook endpoint ${endpointId} at Fax\\.Plus, registered earlier for .*, with its signing secret`,
					),
				),
			]);
			logs.clear();
			await harness.deactivate();
			expect(infos()).toEqual([
				expect.stringMatching(
					new RegExp(
						`^Fax\\.Plus: deleted webhook endpoint ${endpointId} at Fax\\.Plus \\(no longer used by this trigger\\)`,
					),
				),
			]);
		});

		it('a deletion Fax.Plus refuses is a warning that says what is left and how to remove it', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const endpointId = await activateWithSecret(harness, server());
			logs.clear();
			server().setWebhooksFeature(false);
			const outcome = await harness.deactivate();
			expect(outcome.error).toBeDefined();
			expect(warnings().map((line) => line.message)).toEqual([
				expect.stringMatching(
					new RegExp(
						`^Fax\\.Plus: could not delete the trigger's registration at Fax\\.Plus: .*Left at Fax\\.Plus: webhook endpoint ${endpointId}, still delivering .*\\(Webhook → Delete\\)`,
					),
				),
			]);
		});

		it('an activation error names what to fix', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'], channels: '15551230001' },
			});
			const outcome = await harness.activate();
			expect(outcome.error).toBeDefined();
			expect(warnings().map((line) => line.message)).toEqual([
				expect.stringMatching(
					/could not be activated.*Numbers Filter: the entry "15551230001" .*Fax\.Plus refuses a number without a leading "\+"/,
				),
			]);
		});
	});
});
