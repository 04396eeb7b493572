import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
} from '../../../support/faxplus';

/** Adds scheduled outbox faxes of owner_1 after the seeded one. */
function addOutboxFaxes(server: FaxPlusServer, count: number): void {
	for (let i = 2; i < 2 + count; i++) {
		server.state.outbox[`outbox_${i}`] = { ...server.state.outbox.outbox_1, id: `outbox_${i}` };
	}
}

describe('Outbox → Get Many', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'outbox', operation: 'getAll', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'lists the outgoing faxes, one item each (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, output: 'raw' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/outbox');
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						...server().state.outbox.outbox_1,
						statusMeaning: 'Waiting in the outbox until its Send At time.',
						statusRetryable: false,
					},
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('returns all, or only up to Limit', async () => {
		addOutboxFaxes(server(), 4);
		const all = await runOk(server(), { ...base, returnAll: true });
		expect(all.map((item) => item.json.id)).toEqual([
			'outbox_1',
			'outbox_2',
			'outbox_3',
			'outbox_4',
			'outbox_5',
		]);
		const two = await runOk(server(), { ...base, limit: 2 });
		expect(two.map((item) => item.json.id)).toEqual(['outbox_1', 'outbox_2']);
		expect(apiRequests(server()).map((r) => r.query)).toEqual([{}, {}]);
	});

	it('outputs nothing when the outbox is empty', async () => {
		const items = await runOk(server(), { ...base, forCorporateMember: true, userId: 'member_1' });
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/outbox');
		expect(items).toEqual([]);
	});

	it('refuses a limit of 0 before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, limit: 0 });
		expect(error?.message).toBe('Limit must be a whole number of 1 or more, not "0"');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
