// What the polling trigger tells the operator (n8n's log, through n8n-core's real poll context)
// and saves with each run's execution (custom data).
import { useFaxPlusServer } from '../../support/faxplus';
import { useCapturedLogs } from '../../support/log-capture';
import { activateOk, addFax, faxTimeAgo, usePollHarnesses } from './helpers';

describe('Fax.Plus Polling Trigger → what it logs and saves with the execution', () => {
	const server = useFaxPlusServer();
	const startHarness = usePollHarnesses();
	const logs = useCapturedLogs();
	const received = { events: ['fax_received'], channels: '', options: {} };

	it('each poll says at debug what it listed, emitted and held back, and its cursor; the run carries the fax', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_done', from: '+15551230009', to: '+15551230001' });
		await addFax(server(), { id: 'fax_busy', status: 'in_progress', start_time: faxTimeAgo(5) });
		logs.clear();
		await harness.poll();
		const [line] = logs.ours('debug').filter((each) => each.meta.event === 'poll');
		expect(line.message).toMatch(
			/^Fax\.Plus: poll: Fax\.Plus listed \d+ faxes, 1 emitted, 1 held back while in progress, 0 filtered out; cursors inbox \d{4}-\d\d-\d\dT/,
		);
		expect(line.meta).toMatchObject({ emitted: 1, heldBack: 1, faxIds: 'fax_done' });
		expect(logs.ours().filter((each) => each.level !== 'debug')).toEqual([]);
		const [run] = harness.executions;
		expect(run.customData).toEqual({
			faxId: 'fax_done',
			faxEvent: 'fax_received',
			faxStatus: 'success',
		});
	});

	it('a failed poll is a warning (at most one a minute), saying nothing was emitted', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		server().setNetwork({ rateLimit: { requestsPerSecond: 0 } });
		logs.clear();
		await harness.poll();
		await harness.poll();
		expect(harness.errors).toHaveLength(2);
		expect(logs.ours('warn').map((line) => line.message)).toEqual([
			expect.stringMatching(
				/^Fax\.Plus: poll failed, nothing was emitted; the next poll lists the same faxes again: .*429/,
			),
		]);
		expect(JSON.stringify(logs.lines)).not.toContain(server().tokens.pat);
	});

	it('with Save Numbers in Custom Data on, the run carries the fax with its numbers', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, options: { saveNumbersInCustomData: true } },
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_numbers' });
		await harness.poll();
		const [run] = harness.executions;
		expect(Object.keys(run.customData ?? {}).sort()).toEqual([
			'faxEvent',
			'faxFrom',
			'faxId',
			'faxStatus',
			'faxTo',
		]);
	});
});
