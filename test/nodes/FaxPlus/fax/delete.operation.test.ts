import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Delete', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'delete', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])('deletes the fax record and says so (%s)', async (auth) => {
		const items = await runOk(server(), { ...base, faxId: 'fax_4' }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe('/v3/accounts/self/faxes/fax_4');
		expect(request.query).toEqual({});
		expect(request.status).toBe(204);
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{ json: { deleted: true, faxId: 'fax_4', userId: 'self' }, pairedItem: { item: 0 } },
		]);
		expect(server().state.faxes.fax_4).toBeUndefined();
	});

	it("deletes a member's fax by user ID", async () => {
		await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			faxId: 'fax_6',
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/faxes/fax_6');
		expect(server().state.faxes.fax_6).toBeUndefined();
	});

	it('maps a fax that is already gone to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: 'fax_404' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Requested resource was not found/);
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: '={{ "" }}' });
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
