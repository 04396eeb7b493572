// A Fax.Plus Trigger and a Fax.Plus Polling Trigger in one workflow: both record each fax event
// in the workflow's record in n8n's processed-data store (one store, one workflow id), so each
// fax event reaches the workflow once, whichever trigger brings it first.
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, useFaxPlusServer } from '../../support/faxplus';
import { TRIGGER_WORKFLOW_ID, useTriggerHarnesses } from '../../support/trigger-harness';
import { usePollHarnesses, activateOk, addFax } from '../FaxPlusPollTrigger/helpers';
import { activateWithSecret, runsOf } from '../FaxPlusTrigger/helpers';

describe('Fax.Plus Trigger beside the Fax.Plus Polling Trigger → each fax event once', () => {
	const server = useFaxPlusServer();
	const startTrigger = useTriggerHarnesses();
	const startPoller = usePollHarnesses();

	async function pair(options: IDataObject = {}) {
		const events = ['fax_received', 'fax_sent'];
		const trigger = await startTrigger({ server: server(), parameters: { events, options } });
		await activateWithSecret(trigger, server());
		const poller = await startPoller({
			server: server(),
			parameters: { events, channels: '', options },
			processedData: trigger.processedData,
			workflowId: TRIGGER_WORKFLOW_ID,
		});
		await activateOk(poller);
		/** What reached the workflow: each item either trigger passed on, as event:faxId. */
		const reached = async () => {
			const fromWebhook = (await runsOf(trigger)).flatMap((run) => run.items);
			return [...fromWebhook, ...poller.emitted].map(
				({ json }: { json: IDataObject }) => `${String(json.event)}:${String(json.faxId)}`,
			);
		};
		return { trigger, poller, reached };
	}

	it('a delivery that arrived: the poll that lists the fax passes nothing on', async () => {
		const { poller, reached } = await pair();
		await server().deliver({ event: 'fax_received', data: { id: 'fax_delivered' } });
		await poller.poll();
		await poller.poll();
		expect(await reached()).toEqual(['fax_received:fax_delivered']);
		// The poll started a run; it ended at the trigger, saying why.
		expect(poller.executions.map((run) => run.items.length)).toEqual([0]);
		expect(poller.executions[0].hints[0].message).toMatch(
			/fax_delivered was passed on by an earlier run/,
		);
	});

	it('a delivery that was lost: the poll passes the fax on, and a late copy of the delivery is held back', async () => {
		const { trigger, poller, reached } = await pair();
		await addFax(server(), { id: 'fax_lost' });
		await poller.poll();
		expect(await reached()).toEqual(['fax_received:fax_lost']);
		// Fax.Plus's delivery comes after all (a retry once the endpoint answers again).
		const [late] = await server().deliver({ event: 'fax_received', data: { id: 'fax_lost' } });
		expect(late.attempts[0].status).toBe(200);
		expect(await reached()).toEqual(['fax_received:fax_lost']);
		const held = trigger.executions.find((run) => run.webhookId === late.webhookId);
		expect(held?.items).toEqual([]);
		expect(held?.hints?.map((hint) => hint.message)).toEqual([
			"This fax event (fax_received, fax fax_lost) reached the workflow before, through another delivery or the Fax.Plus Polling Trigger (n8n's processed-data store), so no item was passed on",
		]);
	});

	it('a delivery sent twice: one item, and the poll passes nothing on', async () => {
		const { poller, reached } = await pair();
		const [first] = await server().deliver({ event: 'fax_sent', data: { id: 'fax_twice' } });
		await server().replay(first.webhookId!);
		await server().deliver({ event: 'fax_sent', data: { id: 'fax_twice' } });
		await poller.poll();
		expect(await reached()).toEqual(['fax_sent:fax_twice']);
	});

	it("a fax Fax.Plus retried: an attempt's delivery stands for the fax, so the poll passes nothing on", async () => {
		const { poller, reached } = await pair();
		await addFax(server(), { id: 'fax_retried', direction: 'outgoing' });
		// The first attempt's delivery was lost; the retry's arrived.
		await server().deliver({
			event: 'fax_sent',
			hookId: 'fax_retried',
			data: { id: 'fax_retried_try_2' },
		});
		await poller.poll();
		// Whether the list shows the fax under hook.id or the attempt's data.id, the poll holds it back.
		expect(await reached()).toEqual(['fax_sent:fax_retried']);
	});

	it('with Download Fax Document, each fax document is downloaded once: the poll downloads only what it passes on', async () => {
		const { poller, reached } = await pair({ downloadDocument: true });
		await server().deliver({ event: 'fax_received', data: { id: 'fax_dl_delivered' } });
		await addFax(server(), { id: 'fax_dl_lost' });
		await poller.poll();
		expect((await reached()).sort()).toEqual([
			'fax_received:fax_dl_delivered',
			'fax_received:fax_dl_lost',
		]);
		const downloads = apiRequests(server())
			.filter((request) => request.path.includes('/files/'))
			.map((request) => request.path.split('/').pop());
		expect(downloads.sort()).toEqual(['fax_dl_delivered', 'fax_dl_lost']);
		expect(poller.emitted[0].binary?.data).toBeDefined();
	});
});
