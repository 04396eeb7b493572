// Fax → Send in a manual run: the editor runs Send again when a later step runs after Send was
// edited; without an Idempotency Key, the first item asks Fax.Plus whether the fax just went out.
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../../support/faxplus';
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

	it('is refused when a fax to the number was queued minutes ago, asking for the Idempotency Key', async () => {
		// Positive control: the first manual run sends.
		const [first] = await runOk(server(), send, { mode: 'manual' });
		expect(first.json.outboxFaxId).toBeDefined();
		const queued = outboxFaxes();

		const { error } = await runOperation(server(), send, { mode: 'manual' });
		expect(error?.message).toBe(
			"Held back: a fax to +15551234567 was queued less than 5 minutes ago, so this manual run did not send it again; pin Send's output to run the steps after it",
		);
		expect(error?.description).toMatch(/^Nothing was sent/);
		expect(error?.description).toContain(
			'To send it again now, set Options → Idempotency Key to a new value',
		);
		// How the editor's later steps get Send's item without a second fax.
		expect(error?.description).toContain("pin Send's output once it has run");
		expect(outboxFaxes()).toBe(queued);
	});

	it('finds it among the sent faxes once it has left the outbox', async () => {
		const [first] = await runOk(server(), send, { mode: 'manual' });
		const id = String(first.json.outboxFaxId);
		await fetch(`${server().origin}/_control/outbox/finish`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id }),
		});
		expect(server().state.outbox[id]).toBeUndefined();
		const { error } = await runOperation(server(), send, { mode: 'manual' });
		expect(error?.message).toMatch(
			/^Held back: a fax to \+15551234567 was queued less than 5 minutes ago/,
		);
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
