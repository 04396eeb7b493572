// Fax → Send in a manual run: the editor runs Send again when a later step runs after Send was
// edited; without an Idempotency Key, the first item asks Fax.Plus whether the fax just went out,
// and answers that fax as the first send did.
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	finishOutboxFax,
	runOk,
	runOperation,
	useFaxPlusServer,
} from '../../../../support/faxplus';
import { useProcessedDataStore } from '../../../../support/processed-data';

describe('Fax → Send: a manual run that would send the same fax again', () => {
	const server = useFaxPlusServer();
	beforeEach(() => useProcessedDataStore());
	const send: IDataObject = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
		documentSource: 'text',
		documentText: 'Hello',
	};
	const outboxFaxes = () => Object.keys(server().state.outbox).length;

	const outboxPosts = () =>
		apiRequests(server()).filter((r) => r.method === 'POST' && r.path.endsWith('/outbox'));

	it('answers the fax queued minutes ago, as the first send did, and faxes nothing again', async () => {
		// Positive control: the first manual run sends.
		const [first] = await runOk(server(), send, { mode: 'manual' });
		expect(first.json.outboxFaxId).toBeDefined();
		const queued = outboxFaxes();

		const items = await runOk(server(), send, { mode: 'manual' });
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			outboxFaxId: first.json.outboxFaxId,
			to: '+15551234567',
			from: '+15551230001',
			queuedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
			where: 'outbox',
			status: expect.any(String),
			statusMeaning: expect.any(String),
			statusRetryable: false,
			duplicate: true,
			message: expect.stringMatching(
				/^Not sent again: a fax to this number was queued less than 5 minutes ago.*Idempotency Key/,
			),
		});
		expect(outboxPosts()).toHaveLength(1);
		expect(outboxFaxes()).toBe(queued);
	});

	it('answers it among the sent faxes once it has left the outbox, by its fax ID', async () => {
		const [first] = await runOk(server(), send, { mode: 'manual' });
		const id = String(first.json.outboxFaxId);
		await fetch(`${server().origin}/_control/outbox/finish`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id }),
		});
		expect(server().state.outbox[id]).toBeUndefined();
		const [again] = await runOk(server(), send, { mode: 'manual' });
		expect(again.json).toMatchObject({
			outboxFaxId: null,
			faxId: expect.any(String),
			to: '+15551234567',
			where: 'sent',
			duplicate: true,
		});
		expect(again.json.faxId).not.toBe(id);
		expect(outboxPosts()).toHaveLength(1);
	});

	it('answers a fax that has left the outbox so that Get Status on its item finds it among the sent faxes', async () => {
		const [first] = await runOk(server(), send, { mode: 'manual' });
		const id = String(first.json.outboxFaxId);
		await finishOutboxFax(server(), id, 'success');
		const [again] = await runOk(server(), send, { mode: 'manual' });
		expect(again.json).toMatchObject({ outboxFaxId: null, where: 'sent', duplicate: true });
		// Send's own queuedAt is the node's clock as it asks; the repeat's is Fax.Plus's submit time,
		// a moment later on a busy machine: within the minute Get Status looks around it.
		const later = Date.parse(String(again.json.queuedAt)) - Date.parse(String(first.json.queuedAt));
		expect({ later: later >= 0 && later < 60_000 }).toEqual({ later: true });

		// Get Status after Send, its fields left as they come: it reads the repeat's item.
		const getStatus = { resource: 'fax', operation: 'getStatus' };
		const [status] = await runOk(server(), getStatus, { items: [{ json: again.json }] });
		expect(status.json).toMatchObject({
			outboxFaxId: null,
			to: '+15551234567',
			where: 'sent',
			faxId: again.json.faxId,
			status: 'success',
			final: true,
		});
	});

	it('answers each number with its own fax', async () => {
		const [first] = await runOk(server(), send, { mode: 'manual' });
		const [berlin] = await runOk(server(), { ...send, to: '+4930123456' }, { mode: 'manual' });
		const both = { ...send, to: '+15551234567, +4930123456' };
		const items = await runOk(server(), both, { mode: 'manual' });
		expect(items.map(({ json }) => [json.to, json.outboxFaxId, json.duplicate])).toEqual([
			['+15551234567', first.json.outboxFaxId, true],
			['+4930123456', berlin.json.outboxFaxId, true],
		]);
		expect(outboxPosts()).toHaveLength(2);
	});

	it('where one of its numbers has no fax before, sends nothing, and the first line says the way on', async () => {
		await runOk(server(), send, { mode: 'manual' });
		const { error } = await runOperation(
			server(),
			{ ...send, to: '+15551234567, +4930123456' },
			{ mode: 'manual' },
		);
		expect(error?.message).toBe(
			'Held back: a fax to +15551234567 was queued less than 5 minutes ago; set Options → Idempotency Key to send again',
		);
		expect(error?.description).toMatch(
			/^Nothing was sent.*no fax queued before answers for \+4930123456/,
		);
		expect(outboxPosts()).toHaveLength(1);
	});

	it('lets another number, a run from the trigger and a run with an Idempotency Key through', async () => {
		await runOk(server(), send, { mode: 'manual' });
		const other = await runOk(server(), { ...send, to: '+4930123456' }, { mode: 'manual' });
		expect(other[0].json.to).toBe('+4930123456');
		const fromTrigger = await runOk(server(), send);
		expect(fromTrigger[0].json.outboxFaxId).toBeDefined();
		const keyed = await runOperation(
			server(),
			{ ...send, options: { idempotencyKey: 'order-42' } },
			{ mode: 'manual' },
		);
		expect(keyed.error).toBeUndefined();
	});

	it('asks Fax.Plus only on a manual run', async () => {
		await runOk(server(), send);
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v3/accounts/self/files',
			'POST /v3/accounts/self/outbox',
		]);
	});
});
