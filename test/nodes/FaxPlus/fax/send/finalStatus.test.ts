// Send → Wait for Final Status against the local server, whose outbox faxes leave the outbox
// and appear in the sent list as planned (state.outboxPlans). The pauses between checks (20 s,
// the floor) pass at once and are counted.
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	patCredentials,
	runOperation,
	useFaxPlusServer,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { FaultProxy } from '../../../../support/fault-proxy';
import { runFaxPlusNode } from '../../../../support/n8n-harness';
import { withPausesSkipped } from '../../../../support/pauses';

const send = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	from: '+15551230001',
	documentSource: 'text',
	documentText: 'Discharge letter',
};

const outboxReads = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'GET' && r.path === '/v3/accounts/self/outbox');

/** Send with Wait for Final Status at the shortest interval; each pause between checks is 20 s. */
async function sendAndWait(server: FaxPlusServer, to: string, options: IDataObject = {}) {
	const { result, pauses } = await withPausesSkipped(
		20_000,
		async () =>
			await runOperation(server, {
				...send,
				to,
				options: { waitForFinalStatus: true, statusCheckInterval: 20, ...options },
			}),
	);
	// One pause between two checks of the outbox, each of the floor's 20 s.
	expect(pauses).toBe(outboxReads(server).length - 1);
	return result;
}

describe('Fax → Send: Wait for Final Status', () => {
	const server = useFaxPlusServer();

	it('outputs the sent fax of a fax that succeeds, matched by destination and submit_time', async () => {
		server().state.outboxPlans.push({ to: '+15551234567', status: 'success', afterReads: 1 });
		const result = await sendAndWait(server(), '+15551234567');
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		const item = result.items[0].json;
		const sent = server().state.faxes[item.faxId as string];
		expect(sent).toMatchObject({ direction: 'outgoing', to: '+15551234567', status: 'success' });
		expect(item).toMatchObject({
			faxId: sent.id,
			to: '+15551234567',
			status: 'success',
			statusMeaning: 'The fax was sent (or received) completely.',
			statusRetryable: false,
			final: true,
			matchedBy: 'destination and submit_time',
		});
		expect(item.outboxFaxId).toMatch(/^outbox_/);
		expect(outboxReads(server())).toHaveLength(2);
	});

	it('outputs one item per destination, a failure with its meaning and whether to retry', async () => {
		server().state.outboxPlans.push({ to: '+15551234567', status: 'success', afterReads: 0 });
		server().state.outboxPlans.push({
			to: '+4930123456',
			status: 'failed_user_busy',
			afterReads: 0,
		});
		const result = await sendAndWait(server(), '+15551234567, +4930123456');
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toMatchObject([
			{ to: '+15551234567', status: 'success', final: true, matchedBy: 'destination and time' },
			{
				to: '+4930123456',
				status: 'failed_user_busy',
				statusRetryable: true,
				final: true,
			},
		]);
		expect(result.items.every((item) => item.pairedItem !== undefined)).toBe(true);
		expect(outboxReads(server())).toHaveLength(1);
	});

	it.each([
		[{ pageCap: 1, listBounds: 'exclusive' }],
		[{ pageCap: 1, listBounds: 'inclusive' }],
		// No document gives the largest limit nor the order: refused above 50, oldest first.
		[{ pageCap: 50, largeLimit: 'refused', listOrder: 'oldestFirst' }],
		[{ pageCap: 2, listOrder: 'oldestFirst' }],
	] as const)('finds the sent fax on a later page with Fax.Plus answering %j', async (readings) => {
		server().setReadings(readings);
		// Newer sent faxes to other numbers come first in the list.
		for (let i = 0; i < 3; i++) {
			const id = `fax_newer_${i}`;
			const at = new Date(Date.now() + (i + 1) * 60_000);
			server().state.faxes[id] = {
				...server().state.faxes.fax_3,
				id,
				to: '+33144556677',
				start_time: at.toISOString().replace('T', ' ').slice(0, 19),
			};
		}
		server().state.outboxPlans.push({ to: '+15551234567', status: 'success', afterReads: 1 });
		const result = await sendAndWait(server(), '+15551234567', { maxStatusChecks: 2 });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			to: '+15551234567',
			status: 'success',
			final: true,
			matchedBy: 'destination and submit_time',
		});
	});

	it('stops at Max Status Checks with a fax still queued: final false and its outbox status', async () => {
		const result = await sendAndWait(server(), '+15551234567', { maxStatusChecks: 3 });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			faxId: null,
			status: 'submitted',
			statusRetryable: null,
			final: false,
		});
		expect(result.items[0].json.statusMeaning).toContain('Not finished after 3 checks');
		expect(outboxReads(server())).toHaveLength(3);
	});

	it('a status check that fails once the fax is sent outputs the fax, final false, saying so: never an error that invites sending it again', async () => {
		const proxy = await FaultProxy.start(server().origin);
		try {
			proxy.failNext({
				status: 500,
				matches: (r) => r.method === 'GET' && r.path.endsWith('/outbox'),
			});
			const seeded = new Set(Object.keys(server().state.outbox));
			const result = await runFaxPlusNode({
				parameters: {
					authentication: 'accessToken',
					...send,
					to: '+15551234567',
					options: { waitForFinalStatus: true, statusCheckInterval: 20 },
				},
				credentials: {
					faxPlusApi: { ...patCredentials(server()).faxPlusApi, baseUrl: proxy.baseUrl },
				},
			});
			expect(result.error).toBeUndefined();
			const [outboxFaxId] = Object.keys(server().state.outbox).filter((id) => !seeded.has(id));
			expect(result.items.map((item) => item.json)).toEqual([
				expect.objectContaining({ outboxFaxId, to: '+15551234567', faxId: null, final: false }),
			]);
			expect(result.items[0].json.statusMeaning).toBe(
				'Sent, but check 1 of its status failed (Fax.Plus failed on its side: 500 (server_error: injected 500)). Check again later with Outbox → Get or Fax → Get Many (category "sent").',
			);
		} finally {
			await proxy.close();
		}
	});

	it('refuses an interval below the floor before sending anything', async () => {
		const result = await runOperation(server(), {
			...send,
			to: '+15551234567',
			options: { waitForFinalStatus: true, statusCheckInterval: 5 },
		});
		expect(result.error?.message).toBe(
			'Status Check Interval (Seconds) must be at least 20, not "5"',
		);
		expect(apiRequests(server())).toEqual([]);
	});
});
