import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('AI → Get Credits', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'ai', operation: 'getCredits' };

	it.each<AuthKind>(['pat', 'oauth'])('outputs the credit summary (%s)', async (auth) => {
		const items = await runOk(server(), base, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('GET');
		expect(request.path).toBe('/v3/accounts/self/ai/credits');
		expect(request.query).toEqual({});
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{
				json: {
					credits_remaining: 480,
					usage: [
						{ feature: 'ocr', credits_used: 12 },
						{ feature: 'field_extraction', credits_used: 8 },
					],
					reloadAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00Z$/),
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('outputs one summary per input item', async () => {
		const items = await runOk(server(), base, { items: [{ json: {} }, { json: {} }] });
		expect(apiRequests(server())).toHaveLength(2);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('says to reconnect the credential when the token is rejected', async () => {
		const { error } = await runOperation(server(), base, { token: 'alohi_pat_revoked' });
		expect(error?.message).toMatch(/401 unauthorized/);
		expect(error?.description).toMatch(/Reconnect the Fax\.Plus credential/);
	});
});
