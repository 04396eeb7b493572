// The personal access token credential's Authorization header (its authenticate function, as n8n
// calls it) and its test request as n8n's expression engine resolves it: the token goes only to a
// safe Base URL (https://, or http:// to a loopback host), the credential test's request included.
// The real credential test in n8n 2.41.1 and 1.123.81: test/e2e/hostile.e2e.js.
import { Workflow, type INodeTypes } from 'n8n-workflow';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { FaxPlusWebhookSecretApi } from '../../credentials/FaxPlusWebhookSecretApi.credentials';

const nodeTypes = {
	getByName: () => ({ description: { properties: [] } }),
	getByNameAndVersion: () => ({ description: { properties: [] } }),
	getKnownTypes: () => ({}),
} as unknown as INodeTypes;
const workflow = new Workflow({
	nodes: [
		{ id: '1', name: 'Temp-Node', type: 'noOp', typeVersion: 1, position: [0, 0], parameters: {} },
	],
	connections: {},
	active: false,
	nodeTypes,
});

/** A credential expression as n8n's expression engine resolves it, with `$credentials` set. */
function resolved(value: unknown, baseUrl: string) {
	return workflow.expression.getParameterValue(
		value as string,
		null,
		0,
		0,
		'Temp-Node',
		[],
		'internal',
		{ $credentials: { accessToken: 'pat_x', baseUrl } },
	);
}

const authorizationOf = async (baseUrl: string) => {
	const options = { url: '/auth/token', headers: { Accept: 'application/json' } };
	const authenticated = await new FaxPlusApi().authenticate(
		{ accessToken: 'pat_x', baseUrl },
		options,
	);
	// The request n8n passes in keeps its own headers.
	expect(authenticated).toMatchObject(options);
	expect(options.headers).toEqual({ Accept: 'application/json' });
	return authenticated.headers?.Authorization;
};

describe('Fax.Plus API credential: where the token goes', () => {
	it.each([
		['https://restapi.fax.plus/v3', 'https://restapi.fax.plus/v3'],
		['https://restapi.fax.plus/v3/ ', 'https://restapi.fax.plus/v3'],
		['HTTPS://gateway.example/fax/v3', 'HTTPS://gateway.example/fax/v3'],
		['http://127.0.0.1:8080/v3', 'http://127.0.0.1:8080/v3'],
		['http://localhost:8080/v3/', 'http://localhost:8080/v3'],
		['http://[::1]:8080/v3', 'http://[::1]:8080/v3'],
		// The node's own check reads it as the URL parser does: 127.0.0.1.
		['http://127.1:8080/v3', 'http://127.1:8080/v3'],
	])(
		'a safe Base URL gets the token, and the test asks GET /auth/token: %s',
		async (baseUrl, expected) => {
			const { request } = new FaxPlusApi().test;
			expect(await authorizationOf(baseUrl)).toBe('Bearer pat_x');
			expect(resolved(request.baseURL, baseUrl)).toBe(expected);
			expect(request).toMatchObject({ url: '/auth/token', disableFollowRedirect: true });
			expect(request.method).toBeUndefined();
		},
	);

	it.each([
		'http://restapi.fax.plus/v3',
		'http://10.0.0.5/v3',
		'http://127.0.0.1.evil.example/v3',
		'http://127.0.0.1@evil.example/v3',
		'http://localhost.evil.example/v3',
		// Names a resolver may send to DNS.
		'http://faxplus.localhost/v3',
		'http://localhost./v3',
		'http://0.0.0.0:8080/v3',
		'ftp://restapi.fax.plus/v3',
		'restapi.fax.plus/v3',
		'https://user:s3cret@restapi.fax.plus/v3',
		'https://restapi.fax.plus/v3?key=s3cret',
		'https://restapi.fax.plus/v3#s3cret',
		// Longer than any API address: not read.
		`https://restapi.fax.plus/${'v'.repeat(2048)}`,
	])('an unsafe Base URL gets no token, the test request included: %s', async (baseUrl) => {
		expect(await authorizationOf(baseUrl)).toBeUndefined();
	});

	it('reads no more of a Base URL than the transport does (2,048 characters and one)', () => {
		const { request } = new FaxPlusApi().test;
		const long = `https://api.example/${'v'.repeat(100_000)}`;
		expect(resolved(request.baseURL, long)).toBe(long.slice(0, 2049));
	});

	it('says in its 401 rule where the token is sent', () => {
		const rule = new FaxPlusApi().test.rules?.find(
			(each) => each.type === 'responseCode' && each.properties.value === 401,
		);
		expect(rule?.properties.message).toMatch(/^Fax\.Plus refused the token \(HTTP 401\)/);
		expect(rule?.properties.message).toMatch(/starting with https:\/\//);
	});
});

// n8n 2.x then refuses them to its HTTP Request node at save and at run (test/e2e/credential-sharing.e2e.js).
it("the three credentials serve only this package's nodes and their tools", () => {
	for (const type of [new FaxPlusApi(), new FaxPlusOAuth2Api(), new FaxPlusWebhookSecretApi()])
		expect(type.restrictToSupportedNodes).toBe(true);
});
