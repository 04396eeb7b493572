// A poll against a counterpart that misbehaves fails (nothing emitted, its cursor kept) within its
// budget, and the next poll, answered as Fax.Plus answers, catches up. Date runs on the test's
// clock, so the budget a request is given is the poll's whole budget on any machine.
import { useTestClock } from '../../support/clock';
import { useFaxPlusServer } from '../../support/faxplus';
import { activateOk, addFax, emittedIds, usePollHarnesses } from './helpers';

/** n8n's budget for a poll where it gives none. */
const N8N_POLL_BUDGET_MS = 5 * 60_000;

describe('Fax.Plus Polling Trigger → a misbehaving counterpart', () => {
	useTestClock();
	const server = useFaxPlusServer();
	const startHarness = usePollHarnesses();
	const received = { events: ['fax_received'], channels: '', options: {} };

	it.each([
		// A budget the page meets first, also on a busy machine.
		['an HTML page answered 200', { kind: 'html' as const }, /is not JSON/, 60_000],
		[
			'a list answer that drips past the poll budget',
			{ kind: 'drip' as const, intervalMs: 200 },
			/did not answer GET \/accounts\/self\/faxes within 2 seconds/,
			2000,
		],
		// A budget the size cap meets first, also on a busy machine.
		['an endless list answer', { kind: 'endless' as const }, /larger than 16 MB/, 60_000],
	])(
		'%s fails the poll, keeps its cursor, and the next poll emits the fax',
		async (_case, rule, message, pollBudgetMs) => {
			const harness = await startHarness({
				server: server(),
				parameters: received,
				pollBudgetMs: N8N_POLL_BUDGET_MS,
			});
			await activateOk(harness);
			await addFax(server(), { id: 'fax_during_outage' });
			// Only the poll against the misbehaving counterpart has this budget.
			harness.pollBudgetMs = pollBudgetMs;
			server().misbehave({ ...rule, path: '/accounts/self/faxes' });
			await harness.poll();
			harness.pollBudgetMs = N8N_POLL_BUDGET_MS;
			expect(harness.runs).toEqual([]);
			expect(harness.errors).toHaveLength(1);
			expect(String((harness.errors[0] as Error).message)).toMatch(message);
			// Positive control: answered as Fax.Plus answers, the same fax is emitted once.
			server().behave();
			await harness.poll();
			expect(emittedIds(harness)).toEqual(['fax_during_outage']);
		},
	);
});
