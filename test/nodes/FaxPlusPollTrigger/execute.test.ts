// What happens to a poll's faxes when n8n cannot start the run (its database or Redis
// unreachable), in n8n 2.41.1's two poll paths (see test/support/poll-harness.ts and docs/guarantees.md,
// "The polling trigger").
import { sleep } from 'n8n-workflow';
import { useFaxPlusServer } from '../../support/faxplus';
import { activateOk, addFax, emittedIds, usePollHarnesses } from './helpers';

/** Look Again After for the tests: 60 ms (the option takes minutes; users set a few). */
const LOOK_AGAIN_MINUTES = 0.001;

describe('Fax.Plus Polling Trigger → a run n8n cannot start', () => {
	const server = useFaxPlusServer();
	const startHarness = usePollHarnesses();
	const received = { events: ['fax_received'], channels: '', options: {} };

	it("with n8n's durable poll cursors: the cursor moves only with an execution, so the next poll emits the fax, once", async () => {
		const harness = await startHarness({
			server: server(),
			parameters: received,
			durableCursors: true,
		});
		await activateOk(harness);
		// The activation's poll commits nothing (n8n commits only scheduled polls): the first one sets the cursor.
		await harness.poll();
		const committed = harness.committedCursor;
		expect(committed).toHaveProperty('pollCursors.inbox');
		await addFax(server(), { id: 'fax_while_down' });

		harness.failRuns();
		await harness.poll();
		expect(harness.failedRuns).toBe(1);
		expect(harness.runs).toEqual([]);
		// Nothing was committed: the cursor is still the one of the activation.
		expect(harness.committedCursor).toEqual(committed);

		harness.allowRuns();
		await harness.poll();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_while_down']);
		expect(harness.committedCursor).not.toEqual(committed);
	});

	it('with durable cursors, a poll that emits nothing commits its cursor alone, and a failed commit is repeated by the next poll', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: received,
			durableCursors: true,
		});
		await activateOk(harness);
		await harness.poll();
		harness.failRuns();
		await harness.poll();
		// n8n logs a failed cursor-only commit; the poll itself did not fail.
		expect(harness.errors).toEqual([]);
		harness.allowRuns();
		await addFax(server(), { id: 'fax_after' });
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_after']);
	});

	it('by default n8n saves the cursor before it starts the run: a run that cannot start loses its faxes (the window docs/guarantees.md names)', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_lost' });

		harness.failRuns();
		await harness.poll();
		expect(harness.failedRuns).toBe(1);
		harness.allowRuns();
		await harness.poll();
		// The cursor moved on with the save n8n made before the run: the fax is not listed again.
		expect(emittedIds(harness)).toEqual([]);
	});

	it("after a restart with durable cursors, a fax both n8n's activation poll and a stale scheduled poll emit reaches the workflow once", async () => {
		const harness = await startHarness({
			server: server(),
			parameters: received,
			durableCursors: true,
		});
		await activateOk(harness);
		await harness.poll();
		await addFax(server(), { id: 'fax_at_restart' });

		await harness.restartWithStalePoll();
		// Two runs started with the fax; the second passes nothing on and says why.
		expect(harness.executions.map((run) => run.items.map((item) => item.json.faxId))).toEqual([
			['fax_at_restart'],
			[],
		]);
		expect(harness.executions[1].hints.map((hint) => hint.message)).toEqual([
			"Fax fax_at_restart was passed on by an earlier run (n8n's processed-data store), so no item was passed on",
		]);
		expect(harness.processedData.calls).toBe(2);
		// Alone, the polling trigger keeps its own record only: the workflow's is left to the user's nodes.
		expect(
			harness.processedData.recordedNodeValues('poll-workflow', 'faxplus-poll-trigger-node'),
		).toEqual(['fax:fax_received:fax_at_restart']);
		expect(harness.processedData.recordedValues('poll-workflow')).toEqual([]);
	});

	it("a poll's faxes are checked together: two calls of n8n's store for 40 faxes (each rewrites the whole record), not one per fax", async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await addFax(
			server(),
			Array.from({ length: 40 }, (_, i) => ({ id: `fax_batch_${i}` })),
		);
		const before = harness.processedData.calls;
		await harness.poll();
		expect(emittedIds(harness)).toHaveLength(40);
		expect(harness.processedData.calls - before).toBe(2);
	});

	it("a run that cannot use n8n's processed-data store fails, naming the fax, and passes nothing on", async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_store_down' });
		harness.processedData.fail();
		await harness.poll();
		expect(harness.executions).toHaveLength(1);
		expect(harness.executions[0].items).toEqual([]);
		expect(harness.executions[0].error?.message).toBe(
			"The duplicate check could not use n8n's processed-data store, so fax fax_store_down was not passed on",
		);
		expect(harness.executions[0].error?.description).toMatch(
			/^connect ECONNREFUSED 127\.0\.0\.1:5432\. The fax is kept in this failed execution/,
		);
	});

	describe('a run n8n creates and drops before it begins (a queue worker without its database)', () => {
		it('with durable cursors the cursor moved with the dropped run: without Look Again After the fax is lost', async () => {
			const harness = await startHarness({
				server: server(),
				parameters: received,
				durableCursors: true,
			});
			await activateOk(harness);
			await harness.poll();
			await addFax(server(), { id: 'fax_dropped' });
			harness.dropRuns();
			await harness.poll();
			expect(harness.droppedRuns).toBe(1);
			harness.allowRuns();
			await harness.poll();
			await harness.poll();
			expect(emittedIds(harness)).toEqual([]);
			expect(JSON.stringify(harness.committedCursor)).toContain('fax_dropped');
		});

		it('with Look Again After the next poll from then on emits it once more, and its run passes it on, once', async () => {
			const harness = await startHarness({
				server: server(),
				parameters: { ...received, options: { lookAgainMinutes: LOOK_AGAIN_MINUTES } },
				durableCursors: true,
			});
			await activateOk(harness);
			await harness.poll();
			await addFax(server(), { id: 'fax_dropped' });
			harness.dropRuns();
			await harness.poll();
			expect(harness.droppedRuns).toBe(1);
			// The cursor holds the second look due.
			expect(harness.committedCursor).toHaveProperty('pollCursors.inbox.again');
			harness.allowRuns();
			await sleep(100);
			await addFax(server(), { id: 'fax_next' });
			await harness.poll();
			// One run: the second look and the new fax, oldest first, the mark removed.
			expect(harness.executions.map((run) => run.items.map((item) => item.json.faxId))).toEqual([
				['fax_dropped', 'fax_next'],
			]);
			expect(harness.emitted[0].json).not.toHaveProperty('lookAgain');
			expect(harness.emitted[0].json).toMatchObject({ event: 'fax_received', statusFinal: true });
			await sleep(100);
			await harness.poll();
			await harness.poll();
			// fax_next's own second look: a run that passes nothing on, and says why.
			expect(emittedIds(harness)).toEqual(['fax_dropped', 'fax_next']);
			expect(harness.executions).toHaveLength(2);
			expect(harness.executions[1].items).toEqual([]);
			expect(harness.executions[1].hints.map((hint) => hint.message)).toEqual([
				"Fax fax_next was passed on by an earlier run (n8n's processed-data store), so no item was passed on (a second look: Look Again After)",
			]);
			expect(harness.committedCursor).not.toHaveProperty('pollCursors.inbox.again');
		});

		it("a second look while n8n's processed-data store is unreachable passes nothing on and says why (never twice)", async () => {
			const harness = await startHarness({
				server: server(),
				parameters: { ...received, options: { lookAgainMinutes: LOOK_AGAIN_MINUTES } },
				durableCursors: true,
			});
			await activateOk(harness);
			await harness.poll();
			await addFax(server(), { id: 'fax_first_run' });
			await harness.poll();
			expect(emittedIds(harness)).toEqual(['fax_first_run']);
			await sleep(100);
			harness.processedData.fail();
			await harness.poll();
			expect(harness.executions).toHaveLength(2);
			expect(harness.executions[1].items).toEqual([]);
			expect(harness.executions[1].error).toBeUndefined();
			expect(harness.executions[1].hints.map((hint) => hint.message)).toEqual([
				"Fax fax_first_run was not looked at again: n8n's processed-data store could not say whether an earlier run passed it on (connect ECONNREFUSED 127.0.0.1:5432)",
			]);
			expect(emittedIds(harness)).toEqual(['fax_first_run']);
		});

		it("without durable cursors (n8n's default) Look Again After also brings back a fax whose run could not start", async () => {
			const harness = await startHarness({
				server: server(),
				parameters: { ...received, options: { lookAgainMinutes: LOOK_AGAIN_MINUTES } },
			});
			await activateOk(harness);
			await addFax(server(), { id: 'fax_not_started' });
			harness.failRuns();
			await harness.poll();
			expect(harness.failedRuns).toBe(1);
			harness.allowRuns();
			await sleep(100);
			await harness.poll();
			await harness.poll();
			expect(emittedIds(harness)).toEqual(['fax_not_started']);
		});
	});
});
