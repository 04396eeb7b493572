// The OAuth2 credential as n8n-core uses it: on a 401 n8n refreshes the token at
// the credential's token URL, authenticating the client the way Fax.Plus documents
// (HTTP Basic base64(client_id:client_secret), nothing secret in the body).
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { oauthCredentials, useFaxPlusServer } from '../support/faxplus';
import { runFaxPlusNode } from '../support/n8n-harness';

describe('Fax.Plus OAuth2 API credential', () => {
	const server = useFaxPlusServer();

	it("fills in Fax.Plus's authorization and token URLs, scope all and Basic client authentication", () => {
		const defaults = Object.fromEntries(
			new FaxPlusOAuth2Api().properties.map((p) => [p.name, p.default]),
		);
		expect(defaults).toMatchObject({
			grantType: 'authorizationCode',
			authUrl: 'https://accounts.fax.plus/login',
			accessTokenUrl: 'https://accounts.fax.plus/token',
			scope: 'all',
			authentication: 'header',
			baseUrl: 'https://restapi.fax.plus/v3',
		});
	});

	it('refreshes an expired access token with HTTP Basic client authentication and retries the call', async () => {
		const { clientId, clientSecret, oauthExpiredAccessToken, oauthRefreshToken } = server().tokens;
		const result = await runFaxPlusNode({
			parameters: { authentication: 'oAuth2', resource: 'shop', operation: 'getBalance' },
			credentials: oauthCredentials(server(), oauthExpiredAccessToken),
		});
		expect(result.error).toBeUndefined();
		expect(server().requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /v3/shop/balance 401',
			'POST /oauth/token 200',
			'GET /v3/shop/balance 200',
		]);

		const refresh = server().requests[1];
		expect(refresh.headers.authorization).toBe(
			`Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
		);
		expect(refresh.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		expect(refresh.body).toEqual({ grant_type: 'refresh_token', refresh_token: oauthRefreshToken });
		expect(refresh.rawBody.toString()).not.toContain(clientSecret);

		const retried = server().requests[2];
		const saved = result.credentialsHelper.savedOauthTokenData.faxPlusOAuth2Api;
		expect(saved.access_token).not.toBe(oauthExpiredAccessToken);
		expect(retried.headers.authorization).toBe(`Bearer ${saved.access_token}`);
		expect(retried.headers['x-fax-clientid']).toBe(clientId);
		expect(result.items.map((i) => i.json)).toEqual([
			{ amount: expect.any(Number), currency: expect.any(String) },
		]);
	});

	it('fails with a clear error when the token endpoint refuses the client, sending the secret nowhere but the header', async () => {
		const credentials = oauthCredentials(server(), server().tokens.oauthExpiredAccessToken);
		credentials.faxPlusOAuth2Api.clientSecret = 'not-the-secret';
		const result = await runFaxPlusNode({
			parameters: { authentication: 'oAuth2', resource: 'shop', operation: 'getBalance' },
			credentials,
		});
		expect(result.error).toBeDefined();
		const refresh = server().requests.find((r) => r.path === '/oauth/token');
		expect(refresh?.status).toBe(401);
		expect(refresh?.rawBody.toString()).not.toContain('not-the-secret');
		expect(JSON.stringify(result.error)).not.toContain('not-the-secret');
		expect(result.credentialsHelper.savedOauthTokenData.faxPlusOAuth2Api).toBeUndefined();
	});
});
