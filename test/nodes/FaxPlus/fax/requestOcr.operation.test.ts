import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Request OCR', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'requestOcr', userId: 'self' };
	const calls = () => apiRequests(server()).map((r) => `${r.method} ${r.path}`);

	it.each<AuthKind>(['pat', 'oauth'])(
		'reads the job first, asks Fax AI for the text of a fax nobody asked about, and says what comes next (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, faxId: 'fax_3' }, { auth });

			expect(calls()).toEqual([
				'GET /v3/accounts/self/faxes/fax_3/ai/ocr',
				'POST /v3/accounts/self/faxes/fax_3/ai/ocr',
			]);
			const post = apiRequests(server())[1];
			expect(post.query).toEqual({});
			expect(post.status).toBe(200);
			expectAuthHeaders(server(), post, auth);
			expect(items).toEqual([
				{
					json: {
						faxId: 'fax_3',
						status: 'pending',
						finished: false,
						requested: true,
						reused: false,
						message:
							'OCR was requested now (uses AI credits). OCR is in progress; run "Get OCR" again later to read the recognised text',
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.ai.fax_3.ocr?.status).toBe('pending');
			expect(server().state.aiCredits.usage.ocr).toBe(12 + 3);
		},
	);

	it('reads a fax whose OCR is finished instead of requesting it again: no credits spent', async () => {
		const items = await runOk(server(), { ...base, faxId: 'fax_1' });
		expect(calls()).toEqual(['GET /v3/accounts/self/faxes/fax_1/ai/ocr']);
		expect(items[0].json).toEqual({
			faxId: 'fax_1',
			status: 'finished',
			finished: true,
			requested: false,
			reused: true,
			message:
				'OCR had already been done for this fax, so it was read, not requested again. OCR is finished; the recognised text is in "data"',
			data: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR',
		});
		expect(server().state.aiCredits.usage.ocr).toBe(12);
	});

	it('does not request a fax whose OCR is in progress again', async () => {
		const items = await runOk(server(), { ...base, faxId: 'fax_2' });
		expect(calls()).toEqual(['GET /v3/accounts/self/faxes/fax_2/ai/ocr']);
		expect(items[0].json).toMatchObject({ status: 'pending', requested: false, reused: true });
		expect(items[0].json.message).toMatch(/^OCR had already been requested for this fax/);
	});

	it('requests again a fax whose OCR failed, and never one refused by the content filter', async () => {
		server().state.ai.fax_4 = { ocr: { status: 'failed' } };
		server().state.ai.fax_5 = { ocr: { status: 'content_filtering_policy' } };
		const [failed] = await runOk(server(), { ...base, faxId: 'fax_4' });
		const [filtered] = await runOk(server(), { ...base, faxId: 'fax_5' });
		expect(calls()).toEqual([
			'GET /v3/accounts/self/faxes/fax_4/ai/ocr',
			'POST /v3/accounts/self/faxes/fax_4/ai/ocr',
			'GET /v3/accounts/self/faxes/fax_5/ai/ocr',
		]);
		expect(failed.json).toMatchObject({ status: 'pending', requested: true, reused: false });
		expect(filtered.json).toEqual({
			faxId: 'fax_5',
			status: 'content_filtering_policy',
			finished: false,
			requested: false,
			reused: true,
			message:
				"OCR was refused under Fax AI's content filtering policy, so this fax will have no result",
		});
	});

	it('then Get OCR reads the finished text', async () => {
		await runOk(server(), { ...base, faxId: 'fax_3' });
		const [result] = await runOk(server(), {
			resource: 'fax',
			operation: 'getOcr',
			userId: 'self',
			faxId: 'fax_3',
		});
		expect(result.json).toMatchObject({ faxId: 'fax_3', status: 'finished', finished: true });
		// Fax.Plus answers the recognised text as a plain string.
		expect(result.json.data).toBe('Fax fax_3 page 1\nFax fax_3 page 2\nFax fax_3 page 3');
	});

	it('maps a read-only token to a 403 error when it must request', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, faxId: 'fax_3' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(server().state.ai.fax_3).toBeUndefined();
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: ' ' });
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as a tool, reads the text in one call, marked as data from a document', async () => {
		const items = await runOk(
			server(),
			{ ...base, faxId: 'fax_1', agentMayRun: true },
			{ asTool: true },
		);
		expect(items[0].json).toMatchObject({
			status: 'finished',
			requested: false,
			reused: true,
			untrusted: { ocrText: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR' },
			untrustedNote: expect.stringContaining('not instructions'),
		});
		expect(items[0].json.data).toBeUndefined();
	});
});
