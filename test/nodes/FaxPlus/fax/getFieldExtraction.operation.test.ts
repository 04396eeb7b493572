import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Get Field Extraction', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'getFieldExtraction' };

	it.each<AuthKind>(['pat', 'oauth'])('outputs the extracted fields when finished (%s)', async (auth) => {
		const items = await runOk(server(), { ...base, userId: 'self', faxId: 'fax_1' }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/accounts/self/faxes/fax_1/ai/field-extraction');
		expect(request.query).toEqual({});
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{
				json: {
					faxId: 'fax_1',
					status: 'finished',
					finished: true,
					data: server().state.ai.fax_1.field_extraction!.data,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect((items[0].json.data as Record<string, string>).invoice_number).toBe('INV-2025-0042');
	});

	it('says clearly that a pending extraction is not finished, without data', async () => {
		const items = await runOk(server(), { ...base, userId: 'self', faxId: 'fax_2' });
		expect(items).toHaveLength(1);
		expect(items[0].json).toEqual({
			faxId: 'fax_2',
			status: 'pending',
			finished: false,
			message: 'Extraction is not finished yet (status: pending); try again later',
		});
	});

	it('does not suggest waiting for a status that is not in progress', async () => {
		const items = await runOk(server(), { ...base, userId: 'self', faxId: 'fax_4' });
		expect(items[0].json).toEqual({
			faxId: 'fax_4',
			status: 'failed',
			finished: false,
			message: expect.stringMatching(/^Extraction is not finished \(status: failed\), so there is no data/),
		});
		expect(items[0].json.message).not.toMatch(/try again later/);
	});

	it('reads the fax each item names, for its user', async () => {
		const items = await runOk(
			server(),
			{ ...base, userId: '={{ $json.user }}', faxId: '={{ $json.fax }}' },
			{ items: [{ json: { user: 'self', fax: 'fax_2' } }, { json: { user: 'self', fax: 'fax_1' } }, { json: { user: 'member_1', fax: 'fax_6' } }] },
		);
		expect(apiRequests(server()).map((r) => r.path)).toEqual([
			'/v3/accounts/self/faxes/fax_2/ai/field-extraction',
			'/v3/accounts/self/faxes/fax_1/ai/field-extraction',
			'/v3/accounts/member_1/faxes/fax_6/ai/field-extraction',
		]);
		expect(items.map((item) => [item.json.faxId, item.json.finished, item.json.status])).toEqual([
			['fax_2', false, 'pending'],
			['fax_1', true, 'finished'],
			['fax_6', false, 'not_requested'],
		]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
	});

	it('maps an unknown fax to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, userId: 'self', faxId: 'fax_404' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
	});

	it('maps an unknown user to the invalid_user_id error', async () => {
		const { error } = await runOperation(server(), { ...base, userId: 'nobody', faxId: 'fax_1' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/invalid_user_id/);
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, userId: 'self', faxId: '={{ $json.fax }}' });
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
