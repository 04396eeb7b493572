import { apiRequests, bytesOf, expectAuthHeaders, useFaxPlusServer } from '../../support/faxplus';
import { useTestClock } from '../../support/clock';
import { FaultProxy } from '../../support/fault-proxy';
import { POLL_NODE_NAME, type PollHarness } from '../../support/poll-harness';
import {
	activateOk,
	addFax,
	emittedIds,
	faxTimeAgo,
	listRequests,
	usePollHarnesses,
} from './helpers';

/** Faxes the trigger asks for per request: the limit Fax.Plus documents as its default. */
const PAGE_SIZE = 50;
/** n8n's budget for a poll where it gives none: a request's own deadline is the budget left. */
const N8N_POLL_BUDGET_MS = 5 * 60_000;

// Date runs on the test's clock: a poll spends only the time a test charges (a page, a slow
// answer), so what it reads within its budget is the same on any machine, and a request's deadline
// (the budget left) is never spent by the machine's own slowness.
describe('Fax.Plus Polling Trigger → polls', () => {
	const clock = useTestClock();
	const server = useFaxPlusServer();
	const startHarness = usePollHarnesses();
	const received = { events: ['fax_received'], channels: '', options: {} };

	/** Polls until `done`: a poll whose time ran out before a backlog's part was read whole emits nothing, so a busy machine needs more. */
	const pollUntil = async (harness: PollHarness, done: () => boolean) => {
		for (let poll = 0; poll < 40 && !done(); poll++) await harness.poll();
	};

	/** n8n stopped 3 hours ago: the trigger's place is then, a poll has 60 s, and `count` faxes came since, one every `every` s, 5 a page. */
	const startAfterStop = async (
		count: number,
		every: number,
		options: { lookAgainMinutes?: number; baseUrl?: string },
	) => {
		const stoppedAt = Date.now() - 3 * 3600_000;
		const cursor = { v: 1, cursor: stoppedAt, floor: stoppedAt - 600_000, handled: [] };
		const { lookAgainMinutes, baseUrl } = options;
		const harness = await startHarness({
			server: server(),
			parameters: {
				...received,
				options: { overlapMinutes: 10, ...(lookAgainMinutes && { lookAgainMinutes }) },
			},
			baseUrl,
			pollBudgetMs: 60_000,
			durableCursors: true,
			staticData: { [`node:${POLL_NODE_NAME}`]: { pollCursors: { inbox: cursor } } },
		});
		const ids = Array.from(
			{ length: count },
			(_, i) => `fax_stopped_${String(i).padStart(3, '0')}`,
		);
		await addFax(
			server(),
			ids.map((id, i) => ({ id, start_time: faxTimeAgo(3 * 3600 - 20 - every * i) })),
		);
		server().setReadings({ pageCap: 5 });
		return { harness, ids };
	};

	let proxy: FaultProxy | undefined;
	afterEach(async () => {
		await proxy?.close();
		proxy = undefined;
	});

	it('first activation emits no history: a fax already listed never starts the workflow', async () => {
		await addFax(server(), { id: 'fax_before', start_time: faxTimeAgo(120) });
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await harness.poll();
		await harness.poll();
		expect(harness.runs).toEqual([]);
		expect(harness.errors).toEqual([]);

		// The activation listed the inbox of the last hour (the overlap window) with the documented query.
		const [first] = listRequests(server());
		expect(first.query).toEqual({
			category: 'inbox',
			after: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
			limit: String(PAGE_SIZE),
		});
		const after = Date.parse(`${first.query.after.replace(' ', 'T')}Z`);
		expect(Date.now() - after).toBeGreaterThanOrEqual(60 * 60_000);
		expect(Date.now() - after).toBeLessThan(62 * 60_000);
		expectAuthHeaders(server(), first, 'pat');
	});

	it("a fax that appears between polls starts exactly one run, with the webhook trigger's fields", async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		const fax = await addFax(server(), {
			id: 'fax_new_1',
			from: '+4930123456',
			to: '+15551230001',
			status: 'success',
		});
		await harness.poll();
		expect(harness.runs).toHaveLength(1);
		const [item] = harness.runs[0];
		expect(item.json).toEqual({
			event: 'fax_received',
			status: 'success',
			statusMeaning: 'The fax was sent (or received) completely.',
			statusRetryable: false,
			from: '+4930123456',
			to: '+15551230001',
			// The fax list's start_time, in ISO 8601 UTC.
			startTime: `${String(fax.start_time).replace(' ', 'T')}Z`,
			faxId: 'fax_new_1',
			statusFinal: true,
			polledAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
			// The fax list's record, its times in ISO 8601 UTC as startTime is.
			data: {
				...fax,
				start_time: `${String(fax.start_time).replace(' ', 'T')}Z`,
				submit_time: `${String(fax.submit_time).replace(' ', 'T')}Z`,
				last_update: `${String(fax.last_update).replace(' ', 'T')}Z`,
			},
		});
		await harness.poll();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_new_1']);
	});

	it('several new faxes in one poll are one run, oldest first; received and sent both, each with its event', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, events: ['fax_received', 'fax_sent'] },
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_in_b', start_time: faxTimeAgo(20) });
		await addFax(server(), { id: 'fax_out_a', direction: 'outgoing', start_time: faxTimeAgo(30) });
		await addFax(server(), { id: 'fax_in_c', start_time: faxTimeAgo(10) });
		await addFax(server(), { id: 'fax_spam', is_spam: true, start_time: faxTimeAgo(5) });
		server().clearRequests();
		await harness.poll();
		expect(harness.runs).toHaveLength(1);
		expect(emittedIds(harness)).toEqual(['fax_out_a', 'fax_in_b', 'fax_in_c']);
		expect(harness.emitted.map((item) => item.json.event)).toEqual([
			'fax_sent',
			'fax_received',
			'fax_received',
		]);
		// Each category from its newest page back, until a page brings nothing new.
		const firstPages = listRequests(server()).filter((request) => !request.query.before);
		expect(firstPages.map((request) => request.query.category)).toEqual(['inbox', 'sent']);
	});

	it('a poll without new faxes costs one list request per selected event with an empty window, three with faxes in it', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, events: ['fax_received', 'fax_sent'] },
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_within_window', start_time: faxTimeAgo(30) });
		await harness.poll();
		server().clearRequests();
		await harness.poll();
		// A page shorter than asked for does not end the list (Fax.Plus may answer fewer a page):
		// the page one second after its oldest fax brings nothing new, the second before it nothing.
		expect(
			apiRequests(server()).map(
				(request) => `${request.method} ${request.path} ${request.query.category}`,
			),
		).toEqual([
			'GET /v3/accounts/self/faxes inbox',
			'GET /v3/accounts/self/faxes inbox',
			'GET /v3/accounts/self/faxes inbox',
			'GET /v3/accounts/self/faxes sent',
		]);
	});

	it.each<[number, 'exclusive' | 'inclusive']>([
		[1, 'exclusive'],
		[1, 'inclusive'],
		[50, 'inclusive'],
	])(
		'a burst is emitted whole, once, with Fax.Plus answering at most %i a page, `before` %s',
		async (pageCap, listBounds) => {
			server().setReadings({ pageCap, listBounds });
			const harness = await startHarness({ server: server(), parameters: received });
			await activateOk(harness);
			const count = 60;
			for (let i = 0; i < count; i++)
				await addFax(server(), {
					id: `fax_burst_${String(i).padStart(3, '0')}`,
					start_time: faxTimeAgo(600 - i),
				});
			await harness.poll();
			expect(harness.runs).toHaveLength(1);
			expect(emittedIds(harness)).toEqual(
				Array.from({ length: count }, (_, i) => `fax_burst_${String(i).padStart(3, '0')}`),
			);
			await harness.poll();
			expect(harness.runs).toHaveLength(1);
		},
	);

	it('the list calls of a poll (docs/never-miss-a-fax.md, "The cost"): one with no fax in the window, three with one', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		server().clearRequests();
		await harness.poll();
		expect(listRequests(server())).toHaveLength(1);
		await addFax(server(), { id: 'fax_in_window', start_time: faxTimeAgo(600) });
		server().clearRequests();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_in_window']);
		expect(listRequests(server())).toHaveLength(3);
		server().clearRequests();
		await harness.poll();
		expect(listRequests(server())).toHaveLength(3);
	});

	it('a burst larger than a page is emitted whole, once, oldest first (paging back with before)', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		const count = 2 * PAGE_SIZE + 7;
		// Three faxes share each second, so page boundaries fall inside a second.
		await addFax(
			server(),
			Array.from({ length: count }, (_, i) => ({
				id: `fax_burst_${String(i).padStart(3, '0')}`,
				start_time: faxTimeAgo(600 - Math.floor(i / 3)),
			})),
		);
		server().clearRequests();
		await harness.poll();
		expect(harness.runs).toHaveLength(1);
		const ids = emittedIds(harness);
		expect(ids).toHaveLength(count);
		expect(new Set(ids).size).toBe(count);
		const times = harness.emitted.map(
			(item) => (item.json.data as { start_time: string }).start_time,
		);
		expect([...times].sort()).toEqual(times);

		const requests = listRequests(server());
		expect(requests.length).toBeGreaterThanOrEqual(3);
		expect(requests[0].query.before).toBeUndefined();
		for (const request of requests.slice(1))
			expect(request.query.before).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

		await harness.poll();
		expect(harness.runs).toHaveLength(1);
	});

	it('a backlog from before the Late Fax Window that one poll cannot read in time (n8n stopped 3 hours) comes in parts, oldest first; Look Again After brings a dropped part back', async () => {
		// One fax every 45 s since n8n stopped, 5 a page, each list answer 1.5 s on the test's clock:
		// 72 s, more than the poll's 60 s.
		proxy = await FaultProxy.start(server().origin);
		const { harness, ids } = await startAfterStop(240, 45, {
			lookAgainMinutes: 0.001,
			baseUrl: proxy.baseUrl,
		});
		proxy.onEachRequest(() => clock.advance(1500));
		await activateOk(harness);
		await pollUntil(harness, () => harness.runs.length > 0);
		const first = emittedIds(harness);
		expect(first.length).toBeGreaterThan(0);
		expect(first.length).toBeLessThan(ids.length);
		expect(first).toEqual(ids.slice(0, first.length));
		// n8n drops the next part's run after it committed the place: only the second look brings it.
		harness.dropRuns();
		await pollUntil(harness, () => harness.droppedRuns > 0);
		expect(harness.droppedRuns).toBe(1);
		harness.allowRuns();
		await pollUntil(harness, () => emittedIds(harness).length >= ids.length);
		expect(harness.errors).toEqual([]);
		expect([...(emittedIds(harness) as string[])].sort()).toEqual(ids);
	});

	it('a list that slows down while a backlog is read stops in time: the poll emits nothing and fails nothing, the next one goes on', async () => {
		proxy = await FaultProxy.start(server().origin);
		// One fax every 30 s since n8n stopped, until 80 minutes ago: all before the window.
		const { harness, ids } = await startAfterStop(200, 30, { baseUrl: proxy.baseUrl });
		// The activation's poll: each of its first three list answers comes after 21 s. The first
		// read is cut after a third of the 60 s, the first part after half the time left; a part read
		// again would outlast the poll.
		let slow = true;
		const slowAnswer = async () => clock.advance(21_000);
		proxy.failNext({ before: slowAnswer, matches: () => slow }, 3);
		await activateOk(harness);
		slow = false;
		expect(harness.errors).toEqual([]);
		expect(harness.runs).toEqual([]);
		await pollUntil(harness, () => harness.runs.length > 0);
		expect(harness.errors).toEqual([]);
		const next = emittedIds(harness);
		expect(next.length).toBeGreaterThan(0);
		expect(next).toEqual(ids.slice(0, next.length));
	});

	it('a Late Fax Window full of faxes already handled is read whole, in one pass, however long it takes within the budget', async () => {
		proxy = await FaultProxy.start(server().origin);
		const harness = await startHarness({
			server: server(),
			parameters: received,
			baseUrl: proxy.baseUrl,
			pollBudgetMs: 60_000,
		});
		// 250 faxes (5 pages) in the window: history at activation.
		await addFax(
			server(),
			Array.from({ length: 250 }, (_, i) => ({
				id: `fax_old_${i}`,
				start_time: faxTimeAgo(3000 - i),
			})),
		);
		await activateOk(harness);
		await addFax(server(), { id: 'fax_new', start_time: faxTimeAgo(5) });
		// The first page comes after a third of the budget (20 s): still inside the window, so read on.
		proxy.failNext({ before: async () => clock.advance(21_000) });
		const seen = proxy.seen.length;
		await harness.poll();
		expect(harness.errors).toEqual([]);
		expect(emittedIds(harness)).toEqual(['fax_new']);
		const requests = proxy.seen.slice(seen);
		expect(requests.length).toBeLessThanOrEqual(8);
		expect(new Set(requests.map((request) => request.query.get('after'))).size).toBe(1);
	});

	it('a record that appears late, inside the overlap window, is still emitted once; one older than the window is not', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, options: { overlapMinutes: 30 } },
		});
		await activateOk(harness);
		await harness.poll();
		// Both started before the last poll and are listed only now (a long fax).
		await addFax(server(), { id: 'fax_late', start_time: faxTimeAgo(20 * 60) });
		await addFax(server(), { id: 'fax_too_late', start_time: faxTimeAgo(45 * 60) });
		await harness.poll();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_late']);
		const last = listRequests(server()).at(-1)!;
		const after = Date.parse(`${last.query.after.replace(' ', 'T')}Z`);
		expect(Date.now() - after).toBeGreaterThanOrEqual(30 * 60_000);
		expect(Date.now() - after).toBeLessThan(32 * 60_000);
	});

	it('without a Late Fax Window set, each poll looks back 60 minutes', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await harness.poll();
		const last = listRequests(server()).at(-1)!;
		const after = Date.parse(`${last.query.after.replace(' ', 'T')}Z`);
		expect(Date.now() - after).toBeGreaterThanOrEqual(60 * 60_000);
		expect(Date.now() - after).toBeLessThan(62 * 60_000);
	});

	it.each([
		['429 with Retry-After', { status: 429, headers: { 'retry-after': '30' } }],
		['500', { status: 500 }],
		['a dropped connection', { drop: true }],
	])(
		'a poll that fails (%s) emits nothing and keeps its cursor; the next one catches up',
		async (_name, fault) => {
			proxy = await FaultProxy.start(server().origin);
			const harness = await startHarness({
				server: server(),
				parameters: received,
				baseUrl: proxy.baseUrl,
			});
			await activateOk(harness);
			await addFax(server(), { id: 'fax_missed_1' });
			const saved = JSON.stringify(harness.savedStaticData);
			const live = JSON.stringify(harness.liveNodeStaticData);

			proxy.failNext(fault);
			await harness.poll();
			expect(harness.runs).toEqual([]);
			expect(harness.errors).toHaveLength(1);
			if ('status' in fault) expect(harness.errors[0].message).toContain(String(fault.status));
			expect(JSON.stringify(harness.savedStaticData)).toBe(saved);
			expect(JSON.stringify(harness.liveNodeStaticData)).toBe(live);

			await addFax(server(), { id: 'fax_missed_2' });
			await harness.poll();
			expect(harness.errors).toHaveLength(1);
			expect(emittedIds(harness)).toEqual(['fax_missed_1', 'fax_missed_2']);
		},
	);

	it('a poll whose answer does not come in time (its budget) fails and the next one catches up', async () => {
		proxy = await FaultProxy.start(server().origin);
		const harness = await startHarness({
			server: server(),
			parameters: received,
			baseUrl: proxy.baseUrl,
			pollBudgetMs: N8N_POLL_BUDGET_MS,
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_after_timeout' });
		// Only the poll whose answer never comes has a short budget.
		harness.pollBudgetMs = 1500;
		proxy.failNext({ hang: true });
		await harness.poll();
		harness.pollBudgetMs = N8N_POLL_BUDGET_MS;
		expect(harness.runs).toEqual([]);
		expect(harness.errors).toHaveLength(1);
		expect(String(harness.errors[0].message)).toMatch(/within 2 seconds/);
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_after_timeout']);
	});

	it('a failure on a later page of a burst emits none of it; the next poll emits all of it once', async () => {
		proxy = await FaultProxy.start(server().origin);
		const harness = await startHarness({
			server: server(),
			parameters: received,
			baseUrl: proxy.baseUrl,
		});
		await activateOk(harness);
		await addFax(
			server(),
			Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
				id: `fax_page_${i}`,
				start_time: faxTimeAgo(300 - i),
			})),
		);
		proxy.failNext({ status: 503, matches: ({ query }) => query.has('before') });
		await harness.poll();
		expect(harness.runs).toEqual([]);
		expect(harness.errors).toHaveLength(1);
		await harness.poll();
		expect(harness.runs).toHaveLength(1);
		expect(emittedIds(harness)).toEqual(
			Array.from({ length: PAGE_SIZE + 5 }, (_, i) => `fax_page_${i}`),
		);
	});

	it('a 401 is reported as a clear error without the token, and nothing is emitted', async () => {
		proxy = await FaultProxy.start(server().origin);
		const harness = await startHarness({
			server: server(),
			parameters: received,
			baseUrl: proxy.baseUrl,
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_during_401' });
		// n8n itself tries a 401 once more (token refresh) before it gives up.
		proxy.failNext({ status: 401 }, 2);
		await harness.poll();
		expect(harness.runs).toEqual([]);
		expect(harness.errors).toHaveLength(1);
		expect(harness.errors[0]?.message).toMatch(/rejected the credential: 401/);
		expect(JSON.stringify(harness.errors[0])).not.toContain(server().tokens.pat);
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_during_401']);
	});

	it('restart between polls (static data round-tripped as JSON): nothing twice, nothing missed', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_r1' });
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_r1']);

		// A poll that emits nothing is not saved by n8n; a fax arrives right before n8n stops.
		await harness.poll();
		await addFax(server(), { id: 'fax_r2' });
		const restarted = await harness.restart();
		expect(restarted.ok).toBe(true);
		// The activation after the restart polls at once: it catches up fax_r2, and only it.
		expect(emittedIds(harness)).toEqual(['fax_r1', 'fax_r2']);
		await harness.poll();
		await harness.restart();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_r1', 'fax_r2']);
	});

	it('two polls at once (one outlasting the interval) emit a new fax once', async () => {
		const harness = await startHarness({ server: server(), parameters: received });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_concurrent' });
		await harness.pollTwiceAtOnce();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_concurrent']);
	});

	it.each([
		['without a status filter', {}],
		['with Only Fax Statuses = Success', { statuses: 'success' }],
	])(
		'a fax listed in_progress, then success, is emitted once with its final status (%s)',
		async (_name, options) => {
			const harness = await startHarness({
				server: server(),
				parameters: { ...received, options },
			});
			await activateOk(harness);
			const startTime = faxTimeAgo(5);
			await addFax(server(), { id: 'fax_arriving', status: 'in_progress', start_time: startTime });
			await harness.poll();
			await harness.poll();
			expect(harness.runs).toEqual([]);
			await addFax(server(), { id: 'fax_arriving', status: 'success', start_time: startTime });
			await harness.poll();
			await harness.poll();
			expect(harness.emitted.map((item) => [item.json.faxId, item.json.status])).toEqual([
				['fax_arriving', 'success'],
			]);
			expect(harness.emitted[0].json.statusFinal).toBe(true);
		},
	);

	it('a fax still in_progress after the Late Fax Window is emitted once, with statusFinal false, whatever the status filter', async () => {
		// The last poll ran 90 s ago; the window is one minute: a fax started 100 s ago and still
		// in progress is listed for the last time now.
		const lastPoll = Date.now() - 90_000;
		const cursor = { v: 1, cursor: lastPoll, floor: lastPoll - 60_000, handled: [] };
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, options: { statuses: 'success', overlapMinutes: 1 } },
			staticData: { [`node:${POLL_NODE_NAME}`]: { pollCursors: { inbox: cursor } } },
		});
		await addFax(server(), {
			id: 'fax_stuck',
			status: 'in_progress',
			start_time: faxTimeAgo(100),
		});
		await activateOk(harness);
		await harness.poll();
		expect(harness.emitted.map((item) => [item.json.faxId, item.json.status])).toEqual([
			['fax_stuck', 'in_progress'],
		]);
		expect(harness.emitted[0].json.statusFinal).toBe(false);
	});

	it('applies the numbers filter and the status filter to the listed faxes', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: {
				events: ['fax_received'],
				channels: '+1 (555) 123-0002',
				options: { statuses: 'success, partially_received' },
			},
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_other_number', to: '+15551230001' });
		await addFax(server(), { id: 'fax_failed', to: '+15551230002', status: 'failed' });
		await addFax(server(), { id: 'fax_match', to: '+15551230002', status: 'success' });
		await addFax(server(), {
			id: 'fax_match_partial',
			to: '+15551230002',
			status: 'partially_received',
			start_time: faxTimeAgo(1),
		});
		await harness.poll();
		expect(emittedIds(harness).sort()).toEqual(['fax_match', 'fax_match_partial']);
	});

	it('Download Fax Document attaches the document; a failed download still emits the fax with documentError', async () => {
		proxy = await FaultProxy.start(server().origin);
		const harness = await startHarness({
			server: server(),
			parameters: {
				...received,
				options: { downloadDocument: true, documentFormat: 'tiff', binaryPropertyName: 'fax' },
			},
			baseUrl: proxy.baseUrl,
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_doc', start_time: faxTimeAgo(2) });
		await harness.poll();
		const [item] = harness.emitted;
		expect(item.binary?.fax).toMatchObject({ fileName: 'fax_doc.tiff', mimeType: 'image/tiff' });
		expect((await bytesOf(item.binary!.fax)).length).toBeGreaterThan(0);
		const download = apiRequests(server()).find((request) => request.path.includes('/files/'))!;
		expect(download.path).toBe('/v3/accounts/self/files/fax_doc');
		expect(download.query).toEqual({ format: 'tiff' });

		// The download fails: the fax still starts the workflow, once.
		await addFax(server(), { id: 'fax_no_doc' });
		proxy.failNext({ status: 500, matches: ({ path }) => path.includes('/files/') });
		await harness.poll();
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_doc', 'fax_no_doc']);
		expect(harness.emitted[1].binary).toBeUndefined();
		expect(harness.emitted[1].json.documentError).toEqual(expect.any(String));
	});

	it('"Fetch Test Event" returns the most recent fax and leaves the cursor alone', async () => {
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, events: ['fax_received', 'fax_sent'] },
		});
		await addFax(server(), { id: 'fax_sample_old', start_time: faxTimeAgo(100) });
		await addFax(server(), {
			id: 'fax_sample_sent',
			direction: 'outgoing',
			start_time: faxTimeAgo(50),
		});
		const result = await harness.fetchTestEvent();
		expect(result.error).toBeUndefined();
		expect(result.items?.map((item) => [item.json.faxId, item.json.event])).toEqual([
			['fax_sample_sent', 'fax_sent'],
		]);
		expect(result.staticData).toEqual({});

		// Activation afterwards still starts from now.
		await activateOk(harness);
		await harness.poll();
		expect(harness.runs).toEqual([]);
	});

	it('works with OAuth2 (x-fax-clientid on every call)', async () => {
		const harness = await startHarness({ server: server(), parameters: received, auth: 'oauth' });
		await activateOk(harness);
		await addFax(server(), { id: 'fax_oauth' });
		await harness.poll();
		expect(emittedIds(harness)).toEqual(['fax_oauth']);
		for (const request of listRequests(server())) expectAuthHeaders(server(), request, 'oauth');
	});

	it.each([
		[{ events: [] }, /Trigger On: choose at least one event/],
		[{ events: ['fax_page_received'] }, /"fax_page_received" cannot be polled/],
		[{ events: ['fax_recieved'] }, /"fax_recieved" is not a Fax.Plus event/],
		[{ channels: '4930123456' }, /Numbers Filter: the entry "4930123456" has no country code/],
		[
			{ channels: '+33 12345678' },
			/Numbers Filter: the entry "\+33 12345678" is too short for \+33 \(FR\)/,
		],
		[{ options: { overlapMinutes: -5 } }, /Late Fax Window \(Minutes\) must be 0 or more/],
		[
			{ options: { downloadDocument: true, documentFormat: 'png' } },
			/Document Format must be "pdf" or "tiff"/,
		],
	])('refuses bad input on activation before any request (%j)', async (parameters, message) => {
		const harness = await startHarness({
			server: server(),
			parameters: { ...received, ...parameters },
		});
		const outcome = await harness.activate();
		expect(outcome.ok).toBe(false);
		expect(outcome.error?.message).toMatch(message);
		expect(apiRequests(server())).toEqual([]);
	});
});
