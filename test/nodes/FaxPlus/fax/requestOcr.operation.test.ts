import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Request OCR', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'requestOcr', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'asks Fax AI for the text of the fax and says what comes next (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, faxId: 'fax_3' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/accounts/self/faxes/fax_3/ai/ocr');
			expect(request.query).toEqual({});
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						faxId: 'fax_3',
						requested: true,
						status: 'pending',
						message: 'OCR is in progress; run "Get OCR" again later to read the recognised text',
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.ai.fax_3.ocr?.status).toBe('pending');
			expect(server().state.aiCredits.usage.ocr).toBe(12 + 3);
		},
	);

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

	it('maps an unknown fax to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: 'fax_404' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
	});

	it('maps a read-only token to a 403 error', async () => {
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
});
