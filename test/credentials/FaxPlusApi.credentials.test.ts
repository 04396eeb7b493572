// The personal access token credential's test request as n8n's expression engine resolves it:
// a safe Base URL (https://, or http:// to a loopback host) is asked GET /auth/token; any other is
// sent nowhere (OPTIONS of an empty data: URL answers 405 without a network) and the 405 rule
// says why. The real credential test in n8n 2.41.1 and 1.123.81: test/e2e/hostile.e2e.js.
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

/** The test request's fields as n8n's RoutingNode resolves them, with `$credentials` set. */
function resolvedTest(baseUrl: string) {
	const { request } = new FaxPlusApi().test;
	const resolve = (value: unknown) =>
		workflow.expression.getParameterValue(
			value as string,
			null,
			0,
			0,
			'Temp-Node',
			[],
			'internal',
			{ $credentials: { accessToken: 'pat_x', baseUrl } },
		);
	return {
		baseURL: resolve(request.baseURL),
		url: resolve(request.url),
		method: resolve(request.method),
	};
}

describe('Fax.Plus API credential: the test request', () => {
	it.each([
		['https://restapi.fax.plus/v3', 'https://restapi.fax.plus/v3'],
		['https://restapi.fax.plus/v3/ ', 'https://restapi.fax.plus/v3'],
		['HTTPS://gateway.example/fax/v3', 'HTTPS://gateway.example/fax/v3'],
		['http://127.0.0.1:8080/v3', 'http://127.0.0.1:8080/v3'],
		['http://localhost:8080/v3/', 'http://localhost:8080/v3'],
		['http://[::1]:8080/v3', 'http://[::1]:8080/v3'],
	])('asks GET /auth/token of a safe Base URL: %s', (baseUrl, expected) => {
		expect(resolvedTest(baseUrl)).toEqual({ baseURL: expected, url: '/auth/token', method: 'GET' });
	});

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
	])('sends an unsafe Base URL nowhere, so the 405 rule answers: %s', (baseUrl) => {
		expect(resolvedTest(baseUrl)).toEqual({ baseURL: '', url: 'data:,', method: 'OPTIONS' });
	});

	it('says why in its 405 rule', () => {
		const rule = new FaxPlusApi().test.rules?.find(
			(each) => each.type === 'responseCode' && each.properties.value === 405,
		);
		expect(rule?.properties.message).toMatch(/^The Base URL must start with https:\/\//);
	});
});

// n8n 2.x then refuses them to its HTTP Request node at save and at run (test/e2e/credential-sharing.e2e.js).
it("the three credentials serve only this package's nodes and their tools", () => {
	for (const type of [new FaxPlusApi(), new FaxPlusOAuth2Api(), new FaxPlusWebhookSecretApi()])
		expect(type.restrictToSupportedNodes).toBe(true);
});
