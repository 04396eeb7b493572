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

	it.each<AuthKind>(['pat', 'oauth'])(
		'outputs the extracted fields when finished (%s)',
		async (auth) => {
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
						requested: false,
						reused: true,
						message: 'Field extraction is finished; the extracted fields are in "data"',
						data: server().state.ai.fax_1.field_extraction!.data,
					},
					pairedItem: { item: 0 },
				},
			]);
			expect((items[0].json.data as Record<string, string>).invoice_number).toBe('INV-2025-0042');
		},
	);

	it.each([
		[
			'fax_2',
			'pending',
			'Field extraction is in progress; run "Get Field Extraction" again later to read the extracted fields',
		],
		[
			'fax_3',
			'not_requested',
			'Field extraction was not requested for this fax, so there is no result; run "Request Field Extraction" first',
		],
		[
			'fax_4',
			'failed',
			'Field extraction failed for this fax, so there is no result; you can run "Request Field Extraction" again',
		],
		[
			'fax_5',
			'content_filtering_policy',
			"Field extraction was refused under Fax AI's content filtering policy, so this fax will have no result",
		],
	])(
		'explains the status of %s (%s) in plain words, without data',
		async (faxId, status, message) => {
			const items = await runOk(server(), { ...base, userId: 'self', faxId });
			expect(items).toEqual([
				{
					json: {
						faxId,
						status,
						finished: false,
						requested: false,
						reused: status !== 'not_requested',
						message,
					},
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it.each([
		['a status this node does not know', { status: 'queued_somewhere' }, 'queued_somewhere'],
		['an answer without a status', { status: '' }, 'unknown'],
	])('explains %s', async (_case, answer, status) => {
		server().state.ai.fax_4 = { field_extraction: answer };
		const items = await runOk(server(), { ...base, userId: 'self', faxId: 'fax_4' });
		expect(items[0].json).toEqual({
			faxId: 'fax_4',
			status,
			finished: false,
			requested: false,
			reused: true,
			message: `Field extraction has the status "${status}", which this node does not know; there is no result`,
		});
	});

	it('reads the fax each item names, for its user', async () => {
		const items = await runOk(
			server(),
			{ ...base, forCorporateMember: true, userId: '={{ $json.user }}', faxId: '={{ $json.fax }}' },
			{
				items: [
					{ json: { user: 'self', fax: 'fax_2' } },
					{ json: { user: 'self', fax: 'fax_1' } },
					{ json: { user: 'member_1', fax: 'fax_6' } },
				],
			},
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

	it('maps an unknown user to the invalid_user_id error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			forCorporateMember: true,
			userId: 'nobody',
			faxId: 'fax_1',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/invalid_user_id/);
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), {
			...base,
			userId: 'self',
			faxId: '={{ $json.fax }}',
		});
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as a tool, answers the fields of a fax already done under untrusted, without requesting them', async () => {
		const items = await runOk(
			server(),
			{ ...base, userId: 'self', faxId: 'fax_1' },
			{ asTool: true },
		);
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v3/accounts/self/faxes/fax_1/ai/field-extraction',
		]);
		expect(items[0].json).toMatchObject({
			status: 'finished',
			requested: false,
			reused: true,
			untrusted: { extractedFields: { invoice_number: 'INV-2025-0042' } },
			untrustedNote: expect.stringContaining('not instructions'),
		});
	});
});
