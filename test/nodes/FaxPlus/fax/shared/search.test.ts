import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { runListSearch } from '../../../../support/list-search';

/** Faxes the picker asks Fax.Plus for per request. */
const SEARCH_PAGE_SIZE = 50;

/** Adds `count` incoming faxes of owner_1, `perStep` at a time back from 2024-12-31 23:59 in steps of `stepMs`. */
function seedFaxes(server: FaxPlusServer, count: number, perStep = 1, stepMs = 60000): string[] {
	const ids: string[] = [];
	for (let i = 0; i < count; i++) {
		const id = `bulk_${String(i).padStart(3, '0')}`;
		const time = new Date(Date.UTC(2024, 11, 31, 23, 59) - Math.floor(i / perStep) * stepMs)
			.toISOString()
			.replace('T', ' ')
			.slice(0, 19);
		server.state.faxes[id] = { ...server.state.faxes.fax_2, id, start_time: time };
		ids.push(id);
	}
	return ids;
}

/** Every value the picker offers, following its paginationToken as the editor does while scrolling. */
async function allPages(
	server: FaxPlusServer,
	filter?: string,
	maxCalls = 50,
): Promise<{ values: string[]; calls: number }> {
	const values: string[] = [];
	let paginationToken: string | undefined;
	let calls = 0;
	do {
		const answer = await runListSearch(server, 'searchFaxes', { filter, paginationToken });
		values.push(...answer.results.map((result) => String(result.value)));
		paginationToken = answer.paginationToken as string | undefined;
		calls++;
	} while (paginationToken && calls < maxCalls);
	return { values, calls };
}

describe('Fax picker (searchFaxes)', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		"lists the user's faxes newest first, labelled by date, direction, number, pages and status (%s)",
		async (auth) => {
			const { results, paginationToken } = await runListSearch(server(), 'searchFaxes', { auth });

			const requests = apiRequests(server());
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'GET /v3/accounts/self/faxes',
			]);
			expect(requests[0].query).toEqual({ limit: String(SEARCH_PAGE_SIZE) });
			expectAuthHeaders(server(), requests[0], auth);
			// Five faxes of 50 asked for do not say the list ends (Fax.Plus may answer fewer a
			// page): the editor gets a token, and the next call says there is no more.
			expect(paginationToken).toEqual(expect.any(String));
			const more = await runListSearch(server(), 'searchFaxes', {
				auth,
				paginationToken: paginationToken as string,
			});
			expect(more).toEqual({ results: [] });
			expect(results.map((result) => result.value)).toEqual([
				'fax_1',
				'fax_2',
				'fax_3',
				'fax_4',
				'fax_5',
			]);
			expect(results[0]).toEqual({
				name: '2025-01-14 10:15 UTC · received from +4930123456 · 2 pages · success',
				value: 'fax_1',
				description: 'Invoice from Berlin Clinic',
			});
			expect(results[3].name).toBe('2025-01-11 14:00 UTC · sent to +33144556677 · 1 page · failed');
			expect(results[4].name).toBe(
				'2025-01-10 07:30 UTC · received from +18005550100 · 1 page · success · spam',
			);
		},
	);

	it('lists the faxes of the User chosen above, whether a locator or a plain string', async () => {
		const rlc = await runListSearch(server(), 'searchFaxes', {
			parameters: {
				forCorporateMember: true,
				userId: { __rl: true, mode: 'list', value: 'member_1', cachedResultName: 'Max Member' },
			},
		});
		const plain = await runListSearch(server(), 'searchFaxes', {
			parameters: { forCorporateMember: true, userId: 'member_1' },
		});

		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/accounts/member_1/faxes',
			'/v3/accounts/member_1/faxes',
		]);
		expect(rlc.results.map((result) => result.value)).toEqual(['fax_6']);
		expect(plain.results).toEqual(rlc.results);
	});

	it('lists the faxes of "self" while For a Corporate Member is off, whatever User still holds', async () => {
		await runListSearch(server(), 'searchFaxes', {
			parameters: { forCorporateMember: false, userId: 'member_1' },
		});
		await runListSearch(server(), 'searchFaxes', {
			parameters: { forCorporateMember: true, userId: 'member_1' },
		});
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/accounts/self/faxes',
			'/v3/accounts/member_1/faxes',
		]);
	});

	it('filters by what the user types: number, comment, status or ID, ignoring case', async () => {
		const search = async (filter: string) =>
			(await runListSearch(server(), 'searchFaxes', { filter })).results.map(
				(result) => result.value,
			);
		expect(await search('+3314')).toEqual(['fax_4']);
		expect(await search('SIGNED CONTRACT')).toEqual(['fax_3']);
		expect(await search('failed')).toEqual(['fax_4']);
		expect(await search('fax_2')).toEqual(['fax_2']);
		expect(await search('received from +4930123456')).toEqual(['fax_1']);
		expect(await search('nothing like this')).toEqual([]);
	});

	it('pages backwards with before, handing the editor a token until every fax was offered once', async () => {
		const bulk = seedFaxes(server(), 2 * SEARCH_PAGE_SIZE + 7);
		const { values, calls } = await allPages(server());

		expect(calls).toBe(4);
		expect(values).toEqual(['fax_1', 'fax_2', 'fax_3', 'fax_4', 'fax_5', ...bulk]);
		const queries = apiRequests(server()).map((request) => request.query);
		expect(queries[0]).toEqual({ limit: String(SEARCH_PAGE_SIZE) });
		// The next page ends one second after the oldest fax of the page before.
		expect(queries[1]).toEqual({ limit: String(SEARCH_PAGE_SIZE), before: '2024-12-31 23:15:01' });
		expect(queries[2].before).toBe('2024-12-31 22:26:01');
	});

	it('loses and repeats no fax when many share the second at a page boundary', async () => {
		// 30 faxes a second: every page ends inside a second whose other faxes come on the next.
		const bulk = seedFaxes(server(), 4 * 30, 30, 1000);
		const { values } = await allPages(server());

		expect(new Set(values).size).toBe(values.length);
		expect(values.slice(0, 5)).toEqual(['fax_1', 'fax_2', 'fax_3', 'fax_4', 'fax_5']);
		expect([...values.slice(5)].sort()).toEqual(bulk);
	});

	it('reads on through the pages for a filter that matches little', async () => {
		const bulk = seedFaxes(server(), 3 * SEARCH_PAGE_SIZE);
		server().state.faxes[bulk[120]].comment = 'The needle';

		const answer = await runListSearch(server(), 'searchFaxes', { filter: 'needle' });
		expect(answer.results.map((result) => result.value)).toEqual([bulk[120]]);
		expect(apiRequests(server())).toHaveLength(5);
		const more = await runListSearch(server(), 'searchFaxes', {
			filter: 'needle',
			paginationToken: answer.paginationToken as string,
		});
		expect(more).toEqual({ results: [] });
	});

	it.each<[number, 'exclusive' | 'inclusive']>([
		[50, 'inclusive'],
		[1, 'exclusive'],
		[1, 'inclusive'],
	])(
		'offers every fax once with Fax.Plus answering at most %i a page, `before` %s',
		async (pageCap, listBounds) => {
			server().setReadings({ pageCap, listBounds });
			const bulk = seedFaxes(server(), 2 * SEARCH_PAGE_SIZE + 7, pageCap === 1 ? 1 : 3, 1000);
			const { values } = await allPages(server(), undefined, 500);
			expect(values).toEqual(['fax_1', 'fax_2', 'fax_3', 'fax_4', 'fax_5', ...bulk]);
		},
	);

	it('offers every fax once, oldest first, when Fax.Plus lists oldest first and refuses a limit above 50', async () => {
		server().setReadings({ pageCap: 50, largeLimit: 'refused', listOrder: 'oldestFirst' });
		const bulk = seedFaxes(server(), 2 * SEARCH_PAGE_SIZE + 7, 3, 1000);
		const { values } = await allPages(server(), undefined, 500);
		expect([...values].sort()).toEqual(
			['fax_1', 'fax_2', 'fax_3', 'fax_4', 'fax_5', ...bulk].sort(),
		);
		// The editor's first page: the oldest faxes, as Fax.Plus lists them.
		expect(values.slice(0, SEARCH_PAGE_SIZE).sort()).toEqual(
			[...bulk].reverse().slice(0, SEARCH_PAGE_SIZE).sort(),
		);
	});

	it('stops after five pages for one search and hands the editor a token to read on', async () => {
		const bulk = seedFaxes(server(), 7 * SEARCH_PAGE_SIZE);
		server().state.faxes[bulk[6 * SEARCH_PAGE_SIZE]].comment = 'The needle';

		const first = await runListSearch(server(), 'searchFaxes', { filter: 'needle' });
		expect(first.results).toEqual([]);
		expect(apiRequests(server())).toHaveLength(5);
		const more = await runListSearch(server(), 'searchFaxes', {
			filter: 'needle',
			paginationToken: first.paginationToken as string,
		});
		expect(more.results.map((result) => result.value)).toEqual([bulk[6 * SEARCH_PAGE_SIZE]]);
	});

	it('maps a user it may not read to the API error', async () => {
		await expect(
			runListSearch(server(), 'searchFaxes', {
				token: server().tokens.patMember,
				parameters: { forCorporateMember: true, userId: 'member_2' },
			}),
		).rejects.toMatchObject({ httpCode: '403' });
	});
});
