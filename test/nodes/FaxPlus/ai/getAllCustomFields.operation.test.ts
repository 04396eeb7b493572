import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('AI → Get Many Custom Fields', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'ai', operation: 'getAllCustomFields' };

	it.each<AuthKind>(['pat', 'oauth'])('outputs one item per custom field (%s)', async (auth) => {
		const items = await runOk(server(), base, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/accounts/self/ai/custom-fields');
		expect(request.query).toEqual({});
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{ json: server().state.customFields.cf_1, pairedItem: { item: 0 } },
			{ json: server().state.customFields.cf_2, pairedItem: { item: 0 } },
		]);
		expect(items.map((item) => item.json.name)).toEqual(['invoice_number', 'patient_name']);
	});

	it('returns only "Limit" custom fields unless "Return All" is on', async () => {
		const limited = await runOk(server(), { ...base, returnAll: false, limit: 1 });
		expect(limited.map((item) => item.json.name)).toEqual(['invoice_number']);
		expect(await runOk(server(), { ...base, returnAll: true, limit: 1 })).toHaveLength(2);
	});

	it('outputs no items when there are no custom fields', async () => {
		server().state.customFields = {};
		const items = await runOk(server(), base);
		expect(apiRequests(server())).toHaveLength(1);
		expect(items).toEqual([]);
	});

	it('pairs each record with the input item it came from', async () => {
		const items = await runOk(server(), base, { items: [{ json: {} }, { json: {} }] });
		expect(items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 0 },
			{ item: 1 },
			{ item: 1 },
		]);
	});
});
