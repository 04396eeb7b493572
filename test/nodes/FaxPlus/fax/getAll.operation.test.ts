import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
} from '../../../support/faxplus';

/** Adds `count` received faxes of owner_1, one minute apart, older than every seeded fax. */
function addFaxes(server: FaxPlusServer, count: number): void {
	for (let i = 0; i < count; i++) {
		const id = `fax_bulk_${String(i).padStart(3, '0')}`;
		const minute = String(i % 60).padStart(2, '0');
		const hour = String(Math.floor(i / 60)).padStart(2, '0');
		server.state.faxes[id] = {
			...server.state.faxes.fax_2,
			id,
			start_time: `2024-12-01 ${hour}:${minute}:00`,
		};
	}
}

/** Adds `count` received faxes of owner_1, `perSecond` to a second, the seconds 17 s apart, older than every seeded fax. */
function addFaxesSharingSeconds(server: FaxPlusServer, count: number, perSecond: number): void {
	for (let i = 0; i < count; i++) {
		const id = `fax_read_${String(i).padStart(3, '0')}`;
		const at = new Date(Date.UTC(2024, 11, 31, 23, 0, 0) - Math.floor(i / perSecond) * 17000);
		server.state.faxes[id] = {
			...server.state.faxes.fax_2,
			id,
			start_time: at.toISOString().replace('T', ' ').slice(0, 19),
		};
	}
}

describe('Fax → Get Many', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'getAll', userId: 'self' };
	const ids = (items: Array<{ json: { id?: unknown } }>) => items.map((item) => item.json.id);
	const queries = () => apiRequests(server()).map((r) => r.query);
	/** Every fax of the owner's list, newest first, as the server holds them. */
	const everyFax = () =>
		Object.values(server().state.faxes)
			.filter((fax) => fax.uid === 'owner_1')
			.sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0))
			.map((fax) => fax.id);

	it.each<AuthKind>(['pat', 'oauth'])(
		'lists the faxes, newest first, up to the default limit (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, output: 'raw' }, { auth });

			const requests = apiRequests(server());
			expect(requests[0].method).toBe('GET');
			expect(requests[0].path).toBe('/v3/accounts/self/faxes');
			expect(requests[0].query).toEqual({ limit: '50' });
			for (const request of requests) expectAuthHeaders(server(), request, auth);
			expect(ids(items)).toEqual(['fax_1', 'fax_2', 'fax_3', 'fax_4', 'fax_5']);
			expect(items[0].json).toEqual({
				...server().state.faxes.fax_1,
				statusMeaning: 'The fax was sent (or received) completely.',
				statusRetryable: false,
			});
			expect(items[3].json).toMatchObject({ status: 'failed', statusRetryable: true });
			expect(items.map((item) => item.pairedItem)).toEqual(items.map(() => ({ item: 0 })));
		},
	);

	it('reads on after a page shorter than asked, until a page brings nothing new', async () => {
		await runOk(server(), base);
		// Five faxes of 50 asked for do not say the list ends: Fax.Plus may answer fewer a page.
		expect(queries()).toEqual([
			{ limit: '50' },
			// One second after the oldest fax read, so the faxes of its second come again (and the one read).
			{ limit: '46', before: '2025-01-10 07:30:01' },
			// Nothing new: one second back, where nothing is left.
			{ limit: '46', before: '2025-01-10 07:30:00' },
		]);
	});

	it('filters by category and dates, sending the dates in the API format (UTC)', async () => {
		const items = await runOk(server(), {
			...base,
			filters: {
				category: 'inbox',
				after: '2025-01-11T00:00:00Z',
				before: '2025-01-14T02:00:00+02:00',
			},
		});
		expect(queries()[0]).toEqual({
			category: 'inbox',
			after: '2025-01-11 00:00:00',
			before: '2025-01-14 00:00:00',
			limit: '50',
		});
		for (const query of queries()) {
			expect(query).toMatchObject({ category: 'inbox', after: '2025-01-11 00:00:00' });
			expect(query.before <= '2025-01-14 00:00:00').toBe(true);
		}
		expect(ids(items)).toEqual(['fax_2']);
	});

	it.each([
		['sent', ['fax_3', 'fax_4']],
		['spam', ['fax_5']],
	])('lists the %s category', async (category, expected) => {
		expect(ids(await runOk(server(), { ...base, filters: { category } }))).toEqual(expected);
	});

	it("lists a member's faxes by user ID", async () => {
		const items = await runOk(server(), { ...base, forCorporateMember: true, userId: 'member_1' });
		expect(apiRequests(server()).every((r) => r.path === '/v3/accounts/member_1/faxes')).toBe(true);
		expect(ids(items)).toEqual(['fax_6']);
	});

	it('returns all faxes over several pages, paging with before (the server ignores skip)', async () => {
		addFaxes(server(), 230);
		const items = await runOk(server(), { ...base, returnAll: true });

		// Each next page ends one second after the oldest fax of the page before (fax_bulk_135 at
		// 02:15:00, then fax_bulk_036 at 00:36:00): that fax comes again and is dropped.
		expect(queries()).toEqual([
			{ limit: '100' },
			{ limit: '100', before: '2024-12-01 02:15:01' },
			{ limit: '100', before: '2024-12-01 00:36:01' },
			{ limit: '100', before: '2024-12-01 00:00:01' },
			{ limit: '100', before: '2024-12-01 00:00:00' },
		]);
		expect(queries().every((query) => !('skip' in query))).toBe(true);
		expect(items).toHaveLength(235);
		expect(ids(items)).toEqual(everyFax());
		expect(ids(items).at(-1)).toBe('fax_bulk_000');
	});

	it('keeps every fax that shares the second at a page boundary, once', async () => {
		// 180 faxes in three seconds, 60 per second: each page ends inside a second, whose other
		// faxes must come on the next page (an exclusive `before` of that very second would lose them).
		for (let i = 0; i < 180; i++) {
			const id = `fax_same_${String(i).padStart(3, '0')}`;
			server().state.faxes[id] = {
				...server().state.faxes.fax_2,
				id,
				start_time: `2024-12-01 10:00:0${Math.floor(i / 60)}`,
			};
		}
		const items = await runOk(server(), {
			...base,
			returnAll: true,
			filters: { before: '2025-01-01T00:00:00Z' },
		});

		expect(queries().map((query) => query.before)).toEqual([
			'2025-01-01 00:00:00',
			'2024-12-01 10:00:02',
			'2024-12-01 10:00:01',
			'2024-12-01 10:00:01',
			'2024-12-01 10:00:00',
		]);
		expect(items).toHaveLength(180);
		expect(new Set(ids(items))).toEqual(
			new Set(Object.keys(server().state.faxes).filter((id) => id.startsWith('fax_same_'))),
		);
	});

	it.each<[number, 'exclusive' | 'inclusive', number]>([
		[50, 'exclusive', 3],
		[50, 'inclusive', 3],
		[1, 'exclusive', 1],
		[1, 'inclusive', 1],
	])(
		'lists every fax once with Fax.Plus answering at most %i a page, `before` %s (%i a second)',
		async (pageCap, listBounds, perSecond) => {
			server().setReadings({ pageCap, listBounds });
			addFaxesSharingSeconds(server(), 122, perSecond);
			const items = await runOk(server(), { ...base, returnAll: true });
			expect(ids(items)).toEqual(everyFax());
			expect(items).toHaveLength(127);
			expect(apiRequests(server()).every((r) => r.status === 200)).toBe(true);
			expect(apiRequests(server()).length).toBeGreaterThan(127 / pageCap);
		},
	);

	it("starts at the user's Before and never pages past it", async () => {
		addFaxes(server(), 230);
		const items = await runOk(server(), {
			...base,
			returnAll: true,
			filters: { after: '2024-12-01T00:30:00Z', before: '2024-12-01T03:00:00Z' },
		});
		expect(queries()).toEqual([
			{ after: '2024-12-01 00:30:00', before: '2024-12-01 03:00:00', limit: '100' },
			{ after: '2024-12-01 00:30:00', before: '2024-12-01 01:20:01', limit: '100' },
			{ after: '2024-12-01 00:30:00', before: '2024-12-01 00:31:01', limit: '100' },
			{ after: '2024-12-01 00:30:00', before: '2024-12-01 00:31:00', limit: '100' },
		]);
		// 00:31 … 02:59: fax_bulk_031 … fax_bulk_179, newest first.
		expect(ids(items)).toEqual(
			Array.from({ length: 149 }, (_, i) => `fax_bulk_${String(179 - i).padStart(3, '0')}`),
		);
	});

	it('ends where a full page brings nothing new and the second before it nothing at all', async () => {
		for (let i = 0; i < 100; i++) {
			const id = `fax_same_${String(i).padStart(3, '0')}`;
			server().state.faxes[id] = {
				...server().state.faxes.fax_2,
				id,
				start_time: '2024-12-01 10:00:00',
			};
		}
		const items = await runOk(server(), {
			...base,
			returnAll: true,
			filters: { before: '2025-01-01T00:00:00Z' },
		});
		expect(queries()).toEqual([
			{ limit: '100', before: '2025-01-01 00:00:00' },
			{ limit: '100', before: '2024-12-01 10:00:01' },
			{ limit: '100', before: '2024-12-01 10:00:00' },
		]);
		expect(items).toHaveLength(100);
	});

	it('returns only up to Limit, paging when Limit is more than a page', async () => {
		addFaxes(server(), 230);
		const all = ids(await runOk(server(), { ...base, returnAll: true }));
		server().clearRequests();

		const items = await runOk(server(), { ...base, returnAll: false, limit: 150 });
		// The second page also asks for the one fax at the boundary that comes again.
		expect(queries()).toEqual([{ limit: '100' }, { limit: '51', before: '2024-12-01 02:15:01' }]);
		expect(ids(items)).toEqual(all.slice(0, 150));

		server().clearRequests();
		const three = await runOk(server(), { ...base, limit: 3 });
		expect(queries()).toEqual([{ limit: '3' }]);
		expect(ids(three)).toEqual(['fax_1', 'fax_2', 'fax_3']);
	});

	it('returns up to Limit with Fax.Plus answering at most one fax a page', async () => {
		server().setReadings({ pageCap: 1 });
		const items = await runOk(server(), { ...base, limit: 3 });
		expect(ids(items)).toEqual(['fax_1', 'fax_2', 'fax_3']);
	});

	it('says so when a full page has no start_time to page from', async () => {
		addFaxes(server(), 230);
		for (const fax of Object.values(server().state.faxes))
			delete (fax as { start_time?: string }).start_time;
		const { error } = await runOperation(server(), { ...base, returnAll: true });
		expect(error?.message).toBe(
			'Fax.Plus answered fax records without a start_time, so the next page cannot be asked for',
		);
		expect(apiRequests(server())).toHaveLength(1);
	});

	it('outputs nothing when there is no fax', async () => {
		const items = await runOk(server(), { ...base, filters: { after: '2031-01-01T00:00:00Z' } });
		expect(items).toEqual([]);
		expect(apiRequests(server())).toHaveLength(1);
	});

	it('maps a user the member may not read to the invalid_user_id error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, forCorporateMember: true, userId: 'owner_1' },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id/);
	});

	it.each([
		[
			'a date that is not a date',
			{ filters: { after: 'last week' } },
			'After is not a date and time: "last week"',
		],
		[
			'After not before Before',
			{ filters: { after: '2025-01-14T00:00:00Z', before: '2025-01-13T00:00:00Z' } },
			'After must be earlier than Before',
		],
		[
			'a category that is not one',
			{ filters: { category: '={{ "archive" }}' } },
			'Category must be one of inbox, sent, spam, not "archive"',
		],
		['a limit of 0', { limit: 0 }, 'Limit must be a whole number of 1 or more, not "0"'],
		['an empty user ID', { forCorporateMember: true, userId: '={{ "" }}' }, 'User ID is required'],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
