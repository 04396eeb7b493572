import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';

describe('Contact → Get Many', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'contact', operation: 'getAll', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'lists the contacts, one item each, read from { contacts } (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, limit: 10 }, { auth });
			// Three of ten asked for do not end the list: the next page, empty, does.
			const [request, next] = apiRequests(server());
			expect(apiRequests(server())).toHaveLength(2);
			expect(`${request.method} ${request.path}`).toBe('GET /v3/accounts/self/contacts');
			expect(request.query).toEqual({ offset: '0', limit: '10' });
			expect(next.query).toEqual({ offset: '3', limit: '7' });
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);
			expect(items.map((item) => item.json)).toEqual([
				{
					id: 'contact_1',
					name: 'Berlin Clinic',
					company: 'Klinik Berlin GmbH',
					numbers: ['+4930123456'],
				},
				{
					id: 'contact_2',
					name: 'Dr. Jane Smith',
					company: 'Smith Cardiology',
					numbers: ['+12125550199', '+12125550198'],
				},
				{ id: 'contact_3', name: 'Paris Office', company: 'Alohi SA', numbers: ['+33144556677'] },
			]);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		},
	);

	it('searches, and asks for specific contacts by ID', async () => {
		const found = await runOk(server(), {
			...base,
			returnAll: true,
			filters: { search: ' smith ', ids: 'contact_2, contact_3,contact_2' },
		});
		const [request] = apiRequests(server());
		expect(request.query).toEqual({
			offset: '0',
			limit: '50',
			search: 'smith',
			ids: 'contact_2,contact_3',
		});
		expect(found.map((item) => item.json.id)).toEqual(['contact_2']);
	});

	const addContacts = (count: number) => {
		for (let i = 0; i < count; i++) {
			const id = `bulk_${String(i).padStart(3, '0')}`;
			server().state.contacts[id] = {
				id,
				uid: 'owner_1',
				name: `Bulk ${String(i).padStart(3, '0')}`,
				company: '',
				numbers: ['+15550000000'],
			};
		}
	};

	it('pages with offset and limit until a page brings nothing (Return All), or the Limit is reached', async () => {
		addContacts(120);
		const all = await runOk(server(), { ...base, returnAll: true });
		expect(apiRequests(server()).map((r) => r.query)).toEqual([
			{ offset: '0', limit: '50' },
			{ offset: '50', limit: '50' },
			{ offset: '100', limit: '50' },
			{ offset: '123', limit: '50' },
		]);
		expect(all).toHaveLength(123);
		expect(new Set(all.map((item) => item.json.id)).size).toBe(123);
		server().clearRequests();
		const some = await runOk(server(), { ...base, limit: 70 });
		expect(apiRequests(server()).map((r) => r.query)).toEqual([
			{ offset: '0', limit: '50' },
			{ offset: '50', limit: '20' },
		]);
		expect(some).toHaveLength(70);
	});

	it.each([50, 1])(
		'lists every contact once with Fax.Plus answering at most %i a page',
		async (pageCap) => {
			server().setReadings({ pageCap });
			addContacts(120);
			const all = await runOk(server(), { ...base, returnAll: true });
			const names = Object.values(server().state.contacts)
				.filter((contact) => contact.uid === 'owner_1')
				.map((contact) => contact.name)
				.sort((a, b) => a.localeCompare(b));
			expect(all.map((item) => item.json.name)).toEqual(names);
			expect(all).toHaveLength(123);
		},
	);

	it("lists a member's contacts for an admin, and passes on the refusal of another user's to a member", async () => {
		const items = await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			returnAll: true,
		});
		expect(items.map((item) => item.json.id)).toEqual(['contact_4']);
		const { error } = await runOperation(
			server(),
			{ ...base, forCorporateMember: true, userId: 'owner_1', returnAll: true },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
	});

	it('refuses a Limit of 0 before any request', async () => {
		const { error } = await runOperation(server(), { ...base, limit: 0 });
		expect(error?.message).toBe('Limit must be a whole number of 1 or more, not "0"');
		expect(server().requests).toHaveLength(0);
	});

	it('the Contact picker searches with what is typed and pages with an offset', async () => {
		const result = await runListSearch(server(), 'searchContacts', { filter: 'clinic' });
		expect(onlyApiRequest(server()).query).toEqual({ offset: '0', limit: '50', search: 'clinic' });
		expect(result.results).toEqual([
			{ name: 'Berlin Clinic (Klinik Berlin GmbH) – +4930123456', value: 'contact_1' },
		]);
		// One of 50 asked for does not end the list: the next call, with nothing new, does.
		const more = await runListSearch(server(), 'searchContacts', {
			filter: 'clinic',
			paginationToken: result.paginationToken as string,
		});
		expect(apiRequests(server()).at(-1)!.query).toEqual({
			offset: '1',
			limit: '50',
			search: 'clinic',
		});
		expect(more).toEqual({ results: [] });
	});

	it('the Contact picker offers every contact once with Fax.Plus answering at most one a page', async () => {
		server().setReadings({ pageCap: 1 });
		const values: unknown[] = [];
		let paginationToken: string | undefined;
		do {
			const answer = await runListSearch(server(), 'searchContacts', { paginationToken });
			values.push(...answer.results.map((result) => result.value));
			paginationToken = answer.paginationToken as string | undefined;
		} while (paginationToken && values.length < 50);
		expect(values).toEqual(['contact_1', 'contact_2', 'contact_3']);
	});
});
