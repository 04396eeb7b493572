import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Get', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'get', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])('outputs the fax record, Raw (%s)', async (auth) => {
		const items = await runOk(server(), { ...base, faxId: 'fax_1', output: 'raw' }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/accounts/self/faxes/fax_1');
		expect(request.query).toEqual({});
		expect(request.body).toBeUndefined();
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{
				json: {
					...server().state.faxes.fax_1,
					statusMeaning: 'The fax was sent (or received) completely.',
					statusRetryable: false,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	// apidoc's example answers ("Get a fax record") name the sender from_number; the SDK says from.
	it('shows the sender as from in Simplified when Fax.Plus names it from_number; Raw as answered', async () => {
		server().setReadings({ faxSender: 'from_number' });
		const { from } = server().state.faxes.fax_1;
		const [simplified] = await runOk(server(), { ...base, faxId: 'fax_1' });
		expect(simplified.json.from).toBe(from);
		expect(simplified.json).not.toHaveProperty('from_number');
		const [raw] = await runOk(server(), { ...base, faxId: 'fax_1', output: 'raw' });
		expect(raw.json.from_number).toBe(from);
		expect(raw.json).not.toHaveProperty('from');
	});

	it("reads a member's fax", async () => {
		await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			faxId: 'fax_6',
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/faxes/fax_6');
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: ' ' });
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
