import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Token → Get Information', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'token', operation: 'getInformation' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'reads the information of the token in use (%s)',
		async (auth) => {
			const items = await runOk(server(), base, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/auth/token');
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items).toHaveLength(1);
			expect(items[0].pairedItem).toEqual({ item: 0 });
			if (auth === 'oauth') {
				expect(items[0].json).toEqual({ token_type: 'oauth', scopes: ['all'] });
			} else {
				expect(items[0].json).toEqual({
					token_type: 'pat',
					scopes: ['fax:all:read', 'fax:all:edit'],
					id: expect.stringMatching(/^pat_/),
					name: 'n8n full access',
					preview: expect.stringMatching(/^alohi_pat_\.\.\./),
					createdDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/),
					expirationDate: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/),
					lastUsed: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/),
				});
			}
			expect(JSON.stringify(items)).not.toContain(
				auth === 'oauth' ? server().tokens.oauthAccessToken : server().tokens.pat,
			);
		},
	);

	it('shows the scopes of a read-only token', async () => {
		const items = await runOk(server(), base, { token: server().tokens.patReadOnly });
		expect(items[0].json).toMatchObject({
			token_type: 'pat',
			scopes: ['fax:all:read'],
			name: 'n8n read only',
		});
	});

	it('says to reconnect the credential when the token is rejected, without showing it', async () => {
		const { error } = await runOperation(server(), base, { token: 'alohi_pat_revoked' });
		expect(error?.httpCode).toBe('401');
		expect(error?.message).toMatch(/401 unauthorized/);
		expect(error?.description).toMatch(/Reconnect the Fax\.Plus credential/);
		expect(JSON.stringify(error)).not.toContain('alohi_pat_revoked');
	});
});
