import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Request Field Extraction', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'requestFieldExtraction', userId: 'self' };
	const calls = () => apiRequests(server()).map((r) => `${r.method} ${r.path}`);

	it.each<AuthKind>(['pat', 'oauth'])(
		'asks Fax AI again to extract the fields of a fax whose extraction failed, and says what comes next (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, faxId: 'fax_4' }, { auth });

			expect(calls()).toEqual([
				'GET /v3/accounts/self/faxes/fax_4/ai/field-extraction',
				'POST /v3/accounts/self/faxes/fax_4/ai/field-extraction',
			]);
			expectAuthHeaders(server(), apiRequests(server())[1], auth);
			expect(items).toEqual([
				{
					json: {
						faxId: 'fax_4',
						status: 'pending',
						finished: false,
						requested: true,
						reused: false,
						message:
							'Field extraction was requested now (uses AI credits). Field extraction is in progress; run "Get Field Extraction" again later to read the extracted fields',
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.ai.fax_4.field_extraction?.status).toBe('pending');
		},
	);

	it('reads a finished extraction instead of requesting it again: no credits spent', async () => {
		const items = await runOk(server(), { ...base, faxId: 'fax_1' });
		expect(calls()).toEqual(['GET /v3/accounts/self/faxes/fax_1/ai/field-extraction']);
		expect(items[0].json).toMatchObject({
			status: 'finished',
			requested: false,
			reused: true,
			data: { invoice_number: 'INV-2025-0042' },
		});
		expect(server().state.aiCredits.usage.field_extraction).toBe(8);
	});

	it('then Get Field Extraction reads the extracted fields', async () => {
		await runOk(server(), { ...base, faxId: 'fax_4' });
		const [result] = await runOk(server(), {
			resource: 'fax',
			operation: 'getFieldExtraction',
			userId: 'self',
			faxId: 'fax_4',
		});
		expect(result.json).toMatchObject({ faxId: 'fax_4', status: 'finished', finished: true });
		expect(result.json.data).toMatchObject({
			sender_fax: '+15551230001',
			invoice_number: 'invoice_number of fax_4',
		});
	});

	it("requests extraction for a member's fax by user ID", async () => {
		await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			faxId: 'fax_6',
		});
		expect(calls()).toEqual([
			'GET /v3/accounts/member_1/faxes/fax_6/ai/field-extraction',
			'POST /v3/accounts/member_1/faxes/fax_6/ai/field-extraction',
		]);
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: '={{ "" }}' });
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
