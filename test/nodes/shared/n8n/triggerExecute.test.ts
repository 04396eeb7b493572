// Where n8n would pass a trigger's items on without its execute() (the duplicate check),
// triggerExecute.ts says so: n8n 2.41's Engine 2.0 is refused, never passed on unchecked.
import { useFaxPlusServer } from '../../../support/faxplus';
import { useCapturedLogs } from '../../../support/log-capture';
import { useTriggerHarnesses } from '../../../support/trigger-harness';
import { activateWithSecret, endpointsWithUrl, runsOf } from '../../FaxPlusTrigger/helpers';
import {
	activateOk,
	addFax,
	emittedIds,
	listRequests,
	usePollHarnesses,
} from '../../FaxPlusPollTrigger/helpers';

describe("Fax.Plus Trigger → n8n's run of its execute()", () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	it('refuses to activate on Engine 2.0, naming the setting, and registers nothing', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		harness.settings = { engineType: 'v2' };
		const outcome = await harness.activate();
		expect(outcome.error?.message).toBe("The Fax.Plus Trigger cannot run on n8n's Engine 2.0");
		expect(outcome.error?.description).toMatch(/engine back to n8n's default in its settings/);
		expect(endpointsWithUrl(server(), harness.productionUrl)).toEqual([]);
	});

	it('answers a delivery 500 once the workflow is on Engine 2.0, starting nothing; back on the default engine the re-send runs once', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		harness.settings = { engineType: 'v2' };
		const [refused] = await server().deliver({ event: 'fax_sent' });
		expect(refused.attempts[0].status).toBe(500);
		expect(JSON.parse(refused.attempts[0].body)).toMatchObject({
			received: false,
			reason: 'duplicate_check_skipped',
		});
		expect(harness.executions).toEqual([]);

		harness.settings = { engineType: 'v1' };
		const [resent] = await server().replay(refused.webhookId!);
		expect(resent.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
		expect((await runsOf(harness)).map((run) => run.webhookId)).toEqual([refused.webhookId]);
	});
});

describe("Fax.Plus Polling Trigger → n8n's run of its execute()", () => {
	const server = useFaxPlusServer();
	const startHarness = usePollHarnesses();
	const logs = useCapturedLogs();
	const parameters = { events: ['fax_received'], channels: '', options: {} };

	it('refuses to activate on Engine 2.0, naming the setting, and lists nothing', async () => {
		const harness = await startHarness({ server: server(), parameters });
		harness.settings = { engineType: 'v2' };
		const outcome = await harness.activate();
		expect(outcome.error?.message).toBe(
			"The Fax.Plus Polling Trigger cannot run on n8n's Engine 2.0",
		);
		expect(outcome.error?.description).toMatch(/engine back to n8n's default in its settings/);
		expect(listRequests(server())).toEqual([]);
		expect(harness.runs).toEqual([]);
	});

	it('fails each poll once the workflow is on Engine 2.0, passing nothing on; back on the default engine the fax is passed on once', async () => {
		const harness = await startHarness({ server: server(), parameters });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_on_engine_2' });
		harness.settings = { engineType: 'v2' };
		const listed = listRequests(server()).length;
		await harness.poll();
		expect(harness.errors.map((error) => error.message)).toEqual([
			"The Fax.Plus Polling Trigger cannot run on n8n's Engine 2.0",
		]);
		expect(listRequests(server())).toHaveLength(listed);
		expect(harness.runs).toEqual([]);
		expect(logs.ours('warn').map((line) => line.message)).toEqual([
			expect.stringMatching(/^Fax\.Plus: poll failed, nothing was emitted; .*Engine 2\.0/),
		]);

		harness.settings = { engineType: 'v1' };
		await harness.poll();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_on_engine_2']);
	});
});
