import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Update Field Extraction', () => {
	const server = useFaxPlusServer();
	const base = {
		resource: 'fax',
		operation: 'updateFieldExtraction',
		userId: 'self',
		faxId: 'fax_1',
	};
	const fields = (...pairs: Array<[string, string]>) => ({
		field: pairs.map(([name, value]) => ({ name, value })),
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'PATCHes the corrections as { data } and outputs the corrected extraction (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, fields: fields(['total_amount', '1350.00'], [' due_date ', '2025-02-28']) },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('PATCH');
			expect(request.path).toBe('/v3/accounts/self/faxes/fax_1/ai/field-extraction');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({ data: { total_amount: '1350.00', due_date: '2025-02-28' } });
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						faxId: 'fax_1',
						status: 'finished',
						finished: true,
						message: 'Field extraction is finished; the extracted fields are in "data"',
						data: {
							document_type: 'invoice',
							sender_name: 'Berlin Clinic',
							sender_fax: '+4930123456',
							invoice_number: 'INV-2025-0042',
							total_amount: '1350.00',
							currency: 'EUR',
							due_date: '2025-02-28',
						},
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.ai.fax_1.field_extraction?.data).toMatchObject({
				total_amount: '1350.00',
			});
		},
	);

	it('takes the corrections as JSON, with plain values kept as they are', async () => {
		await runOk(server(), {
			...base,
			specifyFields: 'json',
			jsonFields: '{"total_amount": 1350, "paid": true, "po": null}',
		});
		expect(onlyApiRequest(server()).body).toEqual({
			data: { total_amount: 1350, paid: true, po: null },
		});
	});

	it("corrects each item's fax", async () => {
		const items = await runOk(
			server(),
			{
				...base,
				faxId: '={{ $json.fax }}',
				fields: fields(['invoice_number', '={{ $json.invoice }}']),
			},
			{
				items: [
					{ json: { fax: 'fax_1', invoice: 'INV-1' } },
					{ json: { fax: 'fax_1', invoice: 'INV-2' } },
				],
			},
		);
		expect(apiRequests(server()).map((r) => r.body)).toEqual([
			{ data: { invoice_number: 'INV-1' } },
			{ data: { invoice_number: 'INV-2' } },
		]);
		expect(
			items.map((item) => [
				(item.json.data as Record<string, string>).invoice_number,
				item.pairedItem,
			]),
		).toEqual([
			['INV-1', { item: 0 }],
			['INV-2', { item: 1 }],
		]);
	});

	it('maps a fax whose extraction is not finished to the bad_request error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			faxId: 'fax_2',
			fields: fields(['a', 'b']),
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request.*not finished/);
	});

	it.each([
		[
			'no field',
			{ fields: {} },
			'Nothing to update: add at least one field and its corrected value',
		],
		[
			'a field without a name',
			{ fields: fields(['total_amount', '1'], [' ', '2']) },
			'Fields: field 2 has no name',
		],
		[
			'a field given twice',
			{ fields: fields(['a', '1'], ['a', '2']) },
			'Fields: "a" is given twice',
		],
		[
			'JSON that does not parse',
			{ specifyFields: 'json', jsonFields: '{nope' },
			'JSON is not valid JSON',
		],
		[
			'JSON that is a list',
			{ specifyFields: 'json', jsonFields: '[1]' },
			'JSON must be an object of field names and values',
		],
		[
			'a JSON value that is an object',
			{ specifyFields: 'json', jsonFields: '{"a": {"b": 1}}' },
			'JSON: the value of "a" must be text, a number, true/false or null',
		],
		[
			'an empty JSON object',
			{ specifyFields: 'json', jsonFields: '{}' },
			'Nothing to update: add at least one field and its corrected value',
		],
		['an empty fax id', { faxId: ' ', fields: fields(['a', 'b']) }, 'Fax ID is required'],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
