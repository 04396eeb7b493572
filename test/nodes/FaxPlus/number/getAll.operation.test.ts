import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Number → Get Many', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'number', operation: 'getAll', userId: 'self' };
	const numbers = (items: Array<{ json: { number?: unknown } }>) =>
		items.map((item) => item.json.number);

	it.each<AuthKind>(['pat', 'oauth'])(
		"lists the account's fax numbers, one item each (%s)",
		async (auth) => {
			const items = await runOk(server(), { ...base, output: 'raw' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/numbers');
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items.map((item) => item.json)).toEqual(Object.values(server().state.numbers));
			expect(numbers(items)).toEqual(['+15551230001', '+15551230002', '+15551230003']);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 0 }, { item: 0 }]);
		},
	);

	it('lists only the numbers assigned to a member', async () => {
		const items = await runOk(server(), base, { token: server().tokens.patMember });
		expect(numbers(items)).toEqual(['+15551230003']);
	});

	it('returns only up to Limit', async () => {
		expect(numbers(await runOk(server(), { ...base, limit: 2 }))).toEqual([
			'+15551230001',
			'+15551230002',
		]);
		expect(numbers(await runOk(server(), { ...base, returnAll: true, limit: 1 }))).toHaveLength(3);
	});

	it('refuses an empty user ID before sending anything', async () => {
		const { error } = await runOperation(server(), {
			...base,
			forCorporateMember: true,
			userId: '={{ "" }}',
		});
		expect(error?.message).toBe('User ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
