// Fax → Get Status: where a fax from Send is now, from Send's own output fields.
import type { INodeExecutionData } from 'n8n-workflow';
import {
	apiRequests,
	finishOutboxFax,
	runOk,
	runOperation,
	useFaxPlusServer,
} from '../../../support/faxplus';

describe('Fax → Get Status', () => {
	const server = useFaxPlusServer();
	const send = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567, +4930123456',
		documentSource: 'text',
		documentText: 'Lab results',
	};
	/** Get Status after Send, its fields left as they come: it reads Send's item. */
	const statusOf = async (sent: INodeExecutionData[]) =>
		await runOk(
			server(),
			{ resource: 'fax', operation: 'getStatus' },
			{ items: sent.map(({ json }) => ({ json })) },
		);

	it('finds each fax in the outbox while it waits, then among the sent faxes with how it ended', async () => {
		const sent = await runOk(server(), send);
		expect(sent.map((item) => item.json.queuedAt)).toEqual([
			expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
			expect.stringMatching(/Z$/),
		]);

		const waiting = await statusOf(sent);
		expect(waiting.map((item) => item.json)).toEqual([
			{
				outboxFaxId: sent[0].json.outboxFaxId,
				to: '+15551234567',
				where: 'outbox',
				faxId: null,
				status: 'submitted',
				statusMeaning: expect.stringContaining('Queued in the outbox'),
				statusRetryable: false,
				final: false,
				pages: 1,
			},
			expect.objectContaining({ to: '+4930123456', where: 'outbox', status: 'submitted' }),
		]);

		const before = new Set(Object.keys(server().state.faxes));
		await finishOutboxFax(server(), String(sent[0].json.outboxFaxId), 'success');
		await finishOutboxFax(server(), String(sent[1].json.outboxFaxId), 'failed_user_busy');
		const ended = await statusOf(sent);
		const sentFaxes = Object.values(server().state.faxes).filter((fax) => !before.has(fax.id));
		expect(sentFaxes).toHaveLength(2);
		const faxTo = (number: string) => sentFaxes.find((fax) => fax.to === number)?.id;
		expect(ended.map((item) => item.json)).toEqual([
			expect.objectContaining({
				outboxFaxId: sent[0].json.outboxFaxId,
				to: '+15551234567',
				where: 'sent',
				faxId: faxTo('+15551234567'),
				status: 'success',
				statusRetryable: false,
				final: true,
			}),
			expect.objectContaining({
				to: '+4930123456',
				where: 'sent',
				faxId: faxTo('+4930123456'),
				status: 'failed_user_busy',
				statusMeaning: expect.stringMatching(/busy/i),
				statusRetryable: true,
				final: true,
			}),
		]);
		expect(ended.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it("reads Queued At from the input item's queuedAt as it comes", async () => {
		const sent = await runOk(server(), { ...send, to: '+15551234567' });
		await finishOutboxFax(server(), String(sent[0].json.outboxFaxId), 'success');
		const found = await statusOf(sent);
		expect(found[0].json).toMatchObject({ where: 'sent', status: 'success' });
		// Queued after the fax was sent: the default reads it, and looks from then on.
		const later = [{ ...sent[0], json: { ...sent[0].json, queuedAt: '2030-01-01T00:00:00Z' } }];
		const [item] = await statusOf(later);
		expect(item.json).toMatchObject({ where: 'unknown', status: 'unknown' });
		expect(item.json.statusMeaning).toContain('2030-01-01T00:00:00Z');
	});

	it('says when the fax is neither in the outbox nor listed as sent yet', async () => {
		const [item] = await runOk(server(), {
			resource: 'fax',
			operation: 'getStatus',
			userId: 'self',
			outboxFaxId: 'outbox_gone',
			to: '+33 (0)1 44 55 66 77',
			sentAt: '2030-01-01T00:00:00Z',
		});
		expect(item.json).toMatchObject({
			to: '+33144556677',
			where: 'unknown',
			status: 'unknown',
			final: false,
		});
		expect(item.json.statusMeaning).toContain('not in the outbox');
		expect(item.json.statusMeaning).toContain('Check again in a minute');
	});

	it('reads at most the newest 1,000 sent faxes, so a Sent At long ago (1970) does not page the whole history', async () => {
		const faxes = server().state.faxes;
		const base = faxes.fax_4;
		for (let i = 0; i < 2000; i++) {
			const time = new Date(Date.now() - (i + 1) * 60_000)
				.toISOString()
				.replace('T', ' ')
				.slice(0, 19);
			faxes[`bulk_${i}`] = {
				...base,
				id: `bulk_${i}`,
				to: '+4930999999',
				start_time: time,
				submit_time: time,
			};
		}
		const asked = () =>
			runOk(server(), {
				resource: 'fax',
				operation: 'getStatus',
				userId: 'self',
				outboxFaxId: 'outbox_gone',
				to: '+33144556677',
				sentAt: '1970-01-01T00:00:00Z',
			});
		const [item] = await asked();
		const pages = apiRequests(server()).filter((r) => r.path === '/v3/accounts/self/faxes');
		// 1,000 faxes in pages of 200 (a page's first fax may repeat the last one's): not the 10 of 2,000.
		expect(pages.length).toBeLessThanOrEqual(6);
		expect(item.json).toMatchObject({ where: 'unknown', status: 'unknown' });
		expect(item.json.statusMeaning).toContain('nor among the newest 1000 sent faxes');
		// Positive control: with a short history the old fax is found (fax_4, 2025).
		for (let i = 0; i < 2000; i++) delete faxes[`bulk_${i}`];
		const [found] = await asked();
		expect(found.json).toMatchObject({ where: 'sent', faxId: 'fax_4' });
	});

	it('with Outbox Fax empty, looks among the sent faxes by To and Queued At; with Queued At empty too, refuses before asking Fax.Plus', async () => {
		const [sent] = await runOk(server(), { ...send, to: '+15551234567' });
		await finishOutboxFax(server(), String(sent.json.outboxFaxId), 'success');
		const noOutboxId = { ...sent.json, outboxFaxId: null };
		const [found] = await statusOf([{ json: noOutboxId }]);
		expect(found.json).toMatchObject({ outboxFaxId: null, where: 'sent', status: 'success' });

		const before = apiRequests(server()).length;
		const { error } = await runOperation(
			server(),
			{ resource: 'fax', operation: 'getStatus' },
			{ items: [{ json: { ...noOutboxId, queuedAt: null } }] },
		);
		expect(error?.message).toBe(
			'Outbox Fax and Queued At are both empty: Get Status cannot tell which fax to look for',
		);
		expect(error?.description).toMatch(
			/^Map Send's "outboxFaxId" to Outbox Fax, or its "queuedAt"/,
		);
		expect(apiRequests(server())).toHaveLength(before);
	});

	it('refuses a list of numbers before asking Fax.Plus, naming To', async () => {
		const { error } = await runOperation(server(), {
			resource: 'fax',
			operation: 'getStatus',
			userId: 'self',
			outboxFaxId: 'outbox_1',
			to: '+15551234567, +4930123456',
		});
		expect(error?.message).toBe('To must be the one number the fax was sent to');
		expect(apiRequests(server())).toEqual([]);
	});
});

describe('Outbox → Get for a fax that has left the outbox', () => {
	const server = useFaxPlusServer();

	it('says it left the outbox and where to look instead of the generic 400', async () => {
		const [sent] = await runOk(server(), {
			resource: 'fax',
			operation: 'send',
			userId: 'self',
			from: '+15551230001',
			to: '+15551234567',
			documentSource: 'text',
			documentText: 'Hello',
		});
		const id = String(sent.json.outboxFaxId);
		// Positive control: while it waits, Outbox → Get reads it.
		const [waiting] = await runOk(server(), {
			resource: 'outbox',
			operation: 'get',
			userId: 'self',
			outboxFaxId: id,
		});
		expect(waiting.json).toMatchObject({ id, status: 'submitted' });

		await finishOutboxFax(server(), id);
		const { error } = await runOperation(server(), {
			resource: 'outbox',
			operation: 'get',
			userId: 'self',
			outboxFaxId: id,
		});
		expect(error?.message).toBe(
			`Outbox Fax "${id}" is not in the outbox: a fax leaves it once it is sent (or failed, or was deleted)`,
		);
		expect(error?.description).toContain('Fax → Get Status');
		expect(error?.description).toContain('Wait for Final Status');
	});
});
