// A Fax.Plus Trigger and a Fax.Plus Polling Trigger in one workflow, both feeding one node: both
// record each fax event in the workflow's shared record in n8n's processed-data store (one
// store, one workflow id), so each fax event reaches the workflow once, whichever trigger
// brings it first. The shared entries are sealed with the workflow's ID: a value another node
// writes there never holds a signed fax back.
import type { IDataObject, INode } from 'n8n-workflow';
import { createHmac } from 'node:crypto';
import { apiRequests, useFaxPlusServer } from '../../../support/faxplus';
import type { ProcessedDataStore } from '../../../support/processed-data';
import {
	TRIGGER_NODE_ID,
	TRIGGER_WORKFLOW_ID,
	useTriggerHarnesses,
} from '../../../support/trigger-harness';
import { usePollHarnesses, activateOk, addFax } from '../../FaxPlusPollTrigger/helpers';
import { activateWithSecret, runsOf } from '../../FaxPlusTrigger/helpers';

/** A shared entry: an HMAC-SHA256 of the fax's key under the workflow's ID, so no other node's value matches it. */
const sealed = (workflowId: string, key: string) =>
	createHmac('sha256', `n8n-nodes-faxplus:${workflowId}`).update(key).digest('base64url');

describe('Fax.Plus Trigger beside the Fax.Plus Polling Trigger → each fax event once', () => {
	const server = useFaxPlusServer();
	const startTrigger = useTriggerHarnesses();
	const startPoller = usePollHarnesses();

	async function pair(options: IDataObject = {}, triggerEvents = ['fax_received', 'fax_sent']) {
		const events = ['fax_received', 'fax_sent'];
		const trigger = await startTrigger({
			server: server(),
			parameters: { events: triggerEvents, options },
			paired: true,
		});
		await activateWithSecret(trigger, server());
		const poller = await startPoller({
			server: server(),
			parameters: { events, channels: '', options },
			processedData: trigger.processedData,
			workflowId: TRIGGER_WORKFLOW_ID,
			paired: true,
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

	/** Another node of the workflow (Remove Duplicates, Scope "Workflow") writes values to the workflow's record. */
	async function writtenByAnotherNode(store: ProcessedDataStore, values: string[]) {
		await store.checkProcessedAndRecord(
			values,
			'workflow',
			{
				workflow: { id: TRIGGER_WORKFLOW_ID } as never,
				node: { id: 'remove-duplicates' } as INode,
			},
			{ mode: 'entries', maxEntries: 10_000 },
		);
	}

	it('a delivery that arrived: the poll that lists the fax passes nothing on', async () => {
		const { poller, reached } = await pair();
		await server().deliver({ event: 'fax_received', data: { id: 'fax_delivered' } });
		await poller.poll();
		await poller.poll();
		expect(await reached()).toEqual(['fax_received:fax_delivered']);
		// The poll started a run; it ended at the trigger, saying why.
		expect(poller.executions.map((run) => run.items.length)).toEqual([0]);
		expect(poller.executions[0].hints.map((hint) => hint.message)).toEqual([
			expect.stringMatching(/fax_delivered was passed on by an earlier run/),
		]);
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
			"This fax event (fax_received, fax fax_lost) reached the workflow before, through the Fax.Plus Polling Trigger or another delivery (n8n's processed-data store), so no item was passed on",
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

	it("keeps one entry per fax in the workflow's shared record, sealed with the workflow's ID, beside each trigger's own record", async () => {
		const { trigger, poller } = await pair();
		await server().deliver({ event: 'fax_received', data: { id: 'fax_one' } });
		await server().deliver({ event: 'fax_received', data: { id: 'fax_two' } });
		await addFax(server(), { id: 'fax_three' });
		await poller.poll();
		await trigger.settled();
		const store = trigger.processedData;
		expect(store.recordedValues(TRIGGER_WORKFLOW_ID)).toEqual(
			['fax_one', 'fax_two', 'fax_three'].map((id) =>
				sealed(TRIGGER_WORKFLOW_ID, `fax:fax_received:${id}`),
			),
		);
		// The trigger's own record: each delivery's webhook-id.
		expect(store.recordedNodeValues(TRIGGER_WORKFLOW_ID, TRIGGER_NODE_ID)).toEqual([
			expect.stringMatching(/^id:msg_/),
			expect.stringMatching(/^id:msg_/),
		]);
		// The poll lists all three; it passes one on, and records each.
		expect(store.recordedNodeValues(TRIGGER_WORKFLOW_ID, 'faxplus-poll-trigger-node')).toEqual([
			'fax:fax_received:fax_one',
			'fax:fax_received:fax_two',
			'fax:fax_received:fax_three',
		]);
	});

	it("a value another node writes to the workflow's record (the key, the fax ID, the webhook-id) never holds a signed fax back", async () => {
		const { trigger, poller, reached } = await pair();
		await writtenByAnotherNode(trigger.processedData, [
			'fax:fax_received:fax_targeted',
			'fax_targeted',
			'id:msg_targeted',
			'fax:fax_sent:fax_polled',
		]);
		await server().deliver({
			event: 'fax_received',
			webhookId: 'msg_targeted',
			data: { id: 'fax_targeted' },
		});
		await addFax(server(), { id: 'fax_polled', direction: 'outgoing' });
		await poller.poll();
		expect((await reached()).sort()).toEqual(['fax_received:fax_targeted', 'fax_sent:fax_polled']);
		// The shared record still works: the fax delivered again under another webhook-id is held back.
		await server().deliver({ event: 'fax_received', data: { id: 'fax_targeted' } });
		expect((await reached()).sort()).toEqual(['fax_received:fax_targeted', 'fax_sent:fax_polled']);
	});

	it('after the polling trigger joins, a repeat of a delivery passed on while the trigger was alone is still held back (its own record)', async () => {
		const trigger = await startTrigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(trigger, server());
		const [first] = await server().deliver({ event: 'fax_sent', data: { id: 'fax_before' } });
		await trigger.settled();
		expect(trigger.processedData.recordedValues(TRIGGER_WORKFLOW_ID)).toEqual([]);

		trigger.setPaired(true);
		trigger.restart();
		const [again] = await server().replay(first.webhookId!);
		expect(again.attempts[0].status).toBe(200);
		expect((await runsOf(trigger)).map((run) => run.items[0].json.faxId)).toEqual(['fax_before']);
	});

	it("a Remove Duplicates node keeping the workflow's record in a 'latest' mode: the run fails saying which setting to change, nothing is passed on unchecked", async () => {
		const { trigger } = await pair();
		trigger.processedData.rows.set(`${TRIGGER_WORKFLOW_ID}|`, {
			mode: 'latestIncrementalKey',
			data: '42' as never,
		});
		await server().deliver({ event: 'fax_received', data: { id: 'fax_conflict' } });
		await trigger.settled();
		const [execution] = trigger.executions;
		expect(execution.items).toEqual([]);
		expect(execution.error?.message).toMatch(/could not use n8n's processed-data store/);
		expect((execution.error as { description?: string }).description).toMatch(
			/incompatible setting.*Remove Duplicates with Scope "Workflow".*set that node's Scope to "Node"/,
		);
	});

	it("beside the polling trigger, a page (the trigger's own business) still fails visibly when n8n's store is unreachable", async () => {
		const { trigger } = await pair({}, ['fax_page_received', 'fax_received']);
		trigger.processedData.fail();
		await server().deliver({ event: 'fax_page_received', data: { id: 'fax_pages', page: 1 } });
		await trigger.settled();
		const [execution] = trigger.executions;
		expect(execution.items).toEqual([]);
		expect(execution.error?.message).toMatch(/could not use n8n's processed-data store/);
	});
});
