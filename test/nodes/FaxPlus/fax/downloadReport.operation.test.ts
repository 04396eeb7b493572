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

describe('Fax → Download Report', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'downloadReport', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'puts the confirmation report PDF in the "data" binary field (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, faxId: 'fax_3' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/report/fax_3');
			expect(request.query).toEqual({});
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);

			expect(items[0].json).toEqual({ faxId: 'fax_3', userId: 'self' });
			const binary = items[0].binary!.data;
			expect(binary.mimeType).toBe('application/pdf');
			expect(binary.fileName).toBe('report-fax_3.pdf');
			const expected = await served(server(), '/accounts/self/report/fax_3');
			expect(expected.toString('latin1')).toContain('Transmission report fax_3');
			expect((await bytesOf(binary)).equals(expected)).toBe(true);
		},
	);

	it("downloads a member's report into the chosen field", async () => {
		const items = await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			faxId: 'fax_6',
			binaryPropertyName: 'report',
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/report/fax_6');
		expect(items[0].binary!.report.fileName).toBe('report-fax_6.pdf');
	});

	it.each([
		['an empty fax id', { faxId: ' ' }, 'Fax ID is required'],
		[
			'an empty output field',
			{ faxId: 'fax_1', binaryPropertyName: '={{ "" }}' },
			'Put Output File in Field is required',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
