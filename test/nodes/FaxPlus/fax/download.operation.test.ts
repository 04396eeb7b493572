import {
	served,
	bytesOf,
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Download', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'download', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'puts the fax as a PDF in the "data" binary field (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, faxId: 'fax_1' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/files/fax_1');
			expect(request.query).toEqual({ format: 'pdf' });
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);

			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({ faxId: 'fax_1', userId: 'self' });
			expect(items[0].pairedItem).toEqual({ item: 0 });
			const binary = items[0].binary!.data;
			expect(binary.mimeType).toBe('application/pdf');
			expect(binary.fileName).toBe('fax_1.pdf');
			expect(binary.fileExtension).toBe('pdf');
			const expected = await served(server(), '/accounts/self/files/fax_1?format=pdf');
			expect(expected.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect((await bytesOf(binary)).equals(expected)).toBe(true);
		},
	);

	it('downloads a TIFF into the chosen field, keeping the input item', async () => {
		const items = await runOk(
			server(),
			{ ...base, faxId: '={{ $json.fax }}', format: 'tiff', binaryPropertyName: 'document' },
			{
				items: [
					{
						json: { fax: 'fax_3' },
						binary: {
							original: { data: Buffer.from('x').toString('base64'), mimeType: 'text/plain' },
						},
					},
				],
			},
		);
		expect(onlyApiRequest(server()).query).toEqual({ format: 'tiff' });
		expect(items[0].json).toEqual({ fax: 'fax_3' });
		expect(Object.keys(items[0].binary!).sort()).toEqual(['document', 'original']);
		const binary = items[0].binary!.document;
		expect(binary.mimeType).toBe('image/tiff');
		expect(binary.fileName).toBe('fax_3.tiff');
		const expected = await served(server(), '/accounts/self/files/fax_3?format=tiff');
		expect(expected.subarray(0, 4).toString('latin1')).toBe('II*\u0000');
		expect((await bytesOf(binary)).equals(expected)).toBe(true);
	});

	it.each([
		['an empty fax id', { faxId: ' ' }, 'Fax ID is required'],
		[
			'an empty output field',
			{ faxId: 'fax_1', binaryPropertyName: '={{ "" }}' },
			'Put Output File in Field is required',
		],
		[
			'an unknown format',
			{ faxId: 'fax_1', format: '={{ "png" }}' },
			'Format must be one of pdf, tiff, not "png"',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as a tool, describes the file (n8n gives an agent only the JSON) and still outputs it', async () => {
		const items = await runOk(server(), { ...base, faxId: 'fax_1' }, { asTool: true });
		const binary = items[0].binary!.data;
		const size = (await bytesOf(binary)).length;
		expect(size).toBeGreaterThan(0);
		expect(items[0].json).toEqual({
			faxId: 'fax_1',
			userId: 'self',
			fileName: 'fax_1.pdf',
			mimeType: 'application/pdf',
			fileSizeBytes: size,
			binaryField: 'data',
			message: `Downloaded fax_1.pdf (application/pdf, ${size} bytes). The file itself is kept in this tool run's output, binary field "data", in n8n's execution data; an agent receives only this text. To read what a fax says, use the Get OCR operation with the same fax ID.`,
		});
	});
});
