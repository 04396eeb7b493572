import {
	bytesOf,
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

// The JPEG the local server answers with.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { THUMBNAIL_JPEG } = require('../../../server/media') as { THUMBNAIL_JPEG: Buffer };

describe('Fax → Download Thumbnail', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'downloadThumbnail' };

	it('the server thumbnail is a real JPEG', () => {
		expect(THUMBNAIL_JPEG.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
		expect(THUMBNAIL_JPEG.length).toBeGreaterThan(100);
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'puts the JPEG in the "data" binary field (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, userId: 'self', faxId: 'fax_1' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/thumbnail/fax_1');
			expect(request.query).toEqual({});
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);

			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({ faxId: 'fax_1', userId: 'self' });
			expect(items[0].pairedItem).toEqual({ item: 0 });
			const binary = items[0].binary!.data;
			expect(binary.mimeType).toBe('image/jpeg');
			expect(binary.fileName).toBe('fax_1.jpg');
			expect(binary.fileExtension).toBe('jpg');
			expect(binary.bytes ?? THUMBNAIL_JPEG.length).toBe(THUMBNAIL_JPEG.length);
			expect((await bytesOf(binary)).equals(THUMBNAIL_JPEG)).toBe(true);
		},
	);

	it('uses the chosen binary field, keeps the input item, and downloads the fax each item names', async () => {
		const items = await runOk(
			server(),
			{
				...base,
				forCorporateMember: true,
				userId: '={{ $json.user }}',
				faxId: '={{ $json.fax }}',
				binaryPropertyName: 'thumbnail',
			},
			{
				items: [
					{
						json: { user: 'self', fax: 'fax_3' },
						binary: {
							original: {
								data: Buffer.from('pdf').toString('base64'),
								mimeType: 'application/pdf',
							},
						},
					},
					{ json: { user: 'member_1', fax: 'fax_6' } },
				],
			},
		);
		expect(apiRequests(server()).map((r) => r.path)).toEqual([
			'/v3/accounts/self/thumbnail/fax_3',
			'/v3/accounts/member_1/thumbnail/fax_6',
		]);
		expect(items.map((item) => item.json)).toEqual([
			{ user: 'self', fax: 'fax_3' },
			{ user: 'member_1', fax: 'fax_6' },
		]);
		expect(Object.keys(items[0].binary!).sort()).toEqual(['original', 'thumbnail']);
		expect(Object.keys(items[1].binary!)).toEqual(['thumbnail']);
		expect(items.map((item) => item.binary!.thumbnail.fileName)).toEqual([
			'fax_3.jpg',
			'fax_6.jpg',
		]);
		expect((await bytesOf(items[1].binary!.thumbnail)).equals(THUMBNAIL_JPEG)).toBe(true);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('maps a fax of a user the member may not read to the invalid_user_id error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, forCorporateMember: true, userId: 'owner_1', faxId: 'fax_1' },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id/);
	});

	it.each([
		['an empty fax id', { userId: 'self', faxId: ' ' }, 'Fax ID is required'],
		[
			'an empty output field',
			{ userId: 'self', faxId: 'fax_1', binaryPropertyName: '={{ "" }}' },
			'Put Output File in Field is required',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as a tool, describes the thumbnail instead of echoing the fax ID', async () => {
		const items = await runOk(server(), { ...base, faxId: 'fax_1' }, { asTool: true });
		expect(items[0].json).toMatchObject({
			faxId: 'fax_1',
			fileName: 'fax_1.jpg',
			mimeType: 'image/jpeg',
			binaryField: 'data',
		});
		expect(items[0].json.fileSizeBytes).toBe((await bytesOf(items[0].binary!.data)).length);
	});
});
