/* eslint-disable @n8n/community-nodes/no-deprecated-workflow-functions, @n8n/community-nodes/node-usable-as-tool, @n8n/community-nodes/no-hardcoded-secrets -- test code, not node code: a node that asks as n8n's HTTP Request node does (the legacy helper, IRequestOptions), with a made-up token */
// The personal access token credential's Authorization header (its authenticate function, as n8n
// calls it) and its test request as n8n's expression engine resolves it: the token goes only below
// a safe Base URL (https://, or http:// to a loopback host), whichever node asks; an unsafe Base URL
// fails every request, the credential test's included, before anything is sent. Through n8n-core's
// real request helpers: a node that asks as n8n's HTTP Request node does (`uri`, legacy helper) and
// the credential test as n8n runs it (RoutingNode), against a counting server on loopback.
// The real credential test and a shared credential in n8n: test/n8n/e2e/hostile.e2e.js,
// test/n8n/e2e/credential-sharing.e2e.js.
import {
	NodeConnectionTypes,
	Workflow,
	type IExecuteFunctions,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type IRequestOptions,
} from 'n8n-workflow';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { FaxPlusWebhookSecretApi } from '../../credentials/FaxPlusWebhookSecretApi.credentials';
import { NO_REDIRECTS } from '../../nodes/shared/n8n/requestHelpers';
import { close, jsonAnswer, listen, type LoopbackServer } from '../support/loopback-server';
import {
	executeNodeFirst,
	initBinaryData,
	TestCredentialsHelper,
	TestNodeTypes,
	testAdditionalData,
} from '../support/n8n-harness';

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

const authorizationOf = async (
	baseUrl: string,
	options: IHttpRequestOptions | IRequestOptions = {
		url: '/auth/token',
		headers: { Accept: 'application/json' },
	},
) => {
	const passed = structuredClone(options);
	const authenticated = await new FaxPlusApi().authenticate(
		{ accessToken: 'pat_x', baseUrl },
		// n8n passes its legacy helper's options (uri) to authenticate too.
		passed as IHttpRequestOptions,
	);
	// The request n8n passes in keeps its own headers.
	expect(authenticated).toMatchObject(options);
	expect(passed).toEqual(options);
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
			expect(await authorizationOf(baseUrl, { ...request, baseURL: baseUrl })).toBe('Bearer pat_x');
			expect(resolved(request.baseURL, baseUrl)).toBe(expected);
			expect(request).toMatchObject({ url: '/auth/token', ...NO_REDIRECTS });
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
		'http://169.254.169.254/latest/meta-data/x?',
	])(
		'an unsafe Base URL fails every request before it is sent, saying why: %s',
		async (baseUrl) => {
			const refused = new FaxPlusApi().authenticate(
				{ accessToken: 'pat_x', baseUrl },
				{ baseURL: baseUrl, url: '/auth/token' },
			);
			await expect(refused).rejects.toThrow(/^The credential's Base URL .+, so nothing was sent/);
			await refused.catch((error: Error) => expect(error.message).not.toContain('s3cret'));
		},
	);

	const base = 'https://restapi.fax.plus/v3';
	it.each([
		['another host', { url: 'https://collector.example/x' }],
		['a look-alike host', { url: 'https://restapi.fax.plus.evil.example/v3/accounts/self' }],
		['http where the Base URL is https', { url: 'http://restapi.fax.plus/v3/accounts/self' }],
		['another port', { url: 'https://restapi.fax.plus:8443/v3/accounts/self' }],
		['a foreign baseURL with a relative url', { baseURL: 'https://evil.example', url: '/v3/x' }],
		['user-info in the URL', { url: 'https://user:pw@restapi.fax.plus/v3/accounts/self' }],
		['a uri to a private address', { uri: 'http://10.0.0.5/v3/accounts/self' }],
		['a path that climbs out (..)', { url: `${base}/../x` }],
		['a path that climbs out (%2e%2e)', { url: `${base}/%2e%2e/x` }],
		['a path that climbs out (backslashes)', { url: `${base}/..\\..\\x` }],
		['a sibling of the Base URL (/v3x)', { url: 'https://restapi.fax.plus/v3x/accounts/self' }],
	])('no token for %s', async (_name, request) => {
		expect(await authorizationOf(base, request)).toBeUndefined();
	});

	it.each([
		['a path below the Base URL', { url: `${base}/accounts/self`, ...NO_REDIRECTS }],
		["the legacy helper's uri", { uri: `${base}/accounts/self/faxes`, followRedirect: false }],
		['baseURL and a relative url', { baseURL: base, url: '/auth/token', ...NO_REDIRECTS }],
	])('the token for %s', async (_name, request) => {
		expect(await authorizationOf(base, request)).toBe('Bearer pat_x');
	});

	it('reads no more of a Base URL than the transport does (2,048 characters and one)', () => {
		const { request } = new FaxPlusApi().test;
		const long = `https://api.example/${'v'.repeat(100_000)}`;
		expect(resolved(request.baseURL, long)).toBe(long.slice(0, 2049));
	});

	it('says in its 401 rule that Fax.Plus refused the token', () => {
		const rule = new FaxPlusApi().test.rules?.find(
			(each) => each.type === 'responseCode' && each.properties.value === 401,
		);
		expect(rule?.properties.message).toMatch(/^Fax\.Plus refused the token \(HTTP 401\)/);
	});
});

const LOOPBACK_TOKEN = 'pat_loopback_0123456789';

/** Sends each item's request as n8n's HTTP Request node does with a Predefined Credential Type: through n8n-core's helpers, `uri` through the legacy one. */
class RequestNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Request',
		name: 'request',
		group: ['transform'],
		version: 1,
		description: 'Sends requests with the Fax.Plus API credential',
		defaults: { name: 'Request' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'faxPlusApi', required: true }],
		properties: [],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const sent: INodeExecutionData[] = [];
		for (const [index, { json }] of this.getInputData().entries()) {
			try {
				if ('uri' in json)
					await this.helpers.requestWithAuthentication.call(
						this,
						'faxPlusApi',
						json as IRequestOptions,
						undefined,
						index,
					);
				else
					await this.helpers.httpRequestWithAuthentication.call(this, 'faxPlusApi', {
						...json,
						url: String(json.url ?? ''),
					} as IHttpRequestOptions);
				sent.push({ json: {} });
			} catch (error) {
				sent.push({ json: { error: (error as Error).message } });
			}
		}
		return [sent];
	}
}

/** The credential test as n8n's credential tester runs it: a declarative node with its request. */
const credentialTestNode: INodeType = {
	description: {
		...new RequestNode().description,
		name: 'credentialTest',
		properties: [
			{
				displayName: 'Temp',
				name: 'temp',
				type: 'string',
				routing: { request: new FaxPlusApi().test.request },
				default: '',
			},
		],
	},
};

/** Runs `type` once with the credential's Base URL on `items`: its output items or its error. */
async function runWith(type: 'request' | 'credentialTest', baseUrl: string, items: object[]) {
	await initBinaryData();
	const node: INode = {
		id: 'n1',
		name: 'Request',
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { faxPlusApi: { id: '1', name: 'Fax.Plus' } },
	};
	const workflow = new Workflow({
		id: 'w1',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new TestNodeTypes({
			request: new RequestNode(),
			credentialTest: credentialTestNode,
		}),
	});
	const credentialsHelper = new TestCredentialsHelper({
		faxPlusApi: { accessToken: LOOPBACK_TOKEN, baseUrl },
	});
	const { run, taskData } = await executeNodeFirst({
		workflow,
		node,
		mode: 'manual',
		items: items.map((json) => ({ json: json as INodeExecutionData['json'] })),
		executionId: 'e1',
		additionalData: (extra) => testAdditionalData(credentialsHelper, undefined, extra),
	});
	return {
		outputs: (taskData?.data?.main?.[0] ?? []).map((item) => item.json),
		error: taskData?.error ?? run.data.resultData.error,
	};
}

describe("through n8n-core's request helpers, against a counting server on loopback", () => {
	let api: LoopbackServer;
	let other: LoopbackServer;

	beforeAll(async () => {
		api = await listen(() => jsonAnswer({ ok: true }));
		other = await listen(() => jsonAnswer({ ok: true }));
	});
	beforeEach(() => {
		api.seen.length = 0;
		other.seen.length = 0;
	});
	afterAll(async () => {
		for (const each of [api, other]) await close(each);
	});

	/** Each request that arrived, and whether it carried the token (user-info travels as Basic). */
	const seen = () =>
		[...api.seen, ...other.seen].map((each) => [
			each.url,
			String(each.headers.authorization).includes(LOOPBACK_TOKEN),
		]);

	it("a node that asks as n8n's HTTP Request node does gets the token only below the Base URL", async () => {
		const base = `${api.origin}/v3`;
		const port = new URL(api.origin).port;
		const { outputs } = await runWith('request', base, [
			{ uri: `${other.origin}/v3/collect` }, // another port
			{ uri: `http://localhost:${port}/v3/look-alike` }, // another name for the same server
			{ uri: `http://user:pw@127.0.0.1:${port}/v3/user-info` },
			{ uri: `${base}/../climbs` },
			{ uri: `${base}/%2e%2e/encoded` },
			{ uri: `${base}/..\\backslash` },
			{ uri: `${api.origin}/v3x/sibling` },
			{ baseURL: `${other.origin}/v3`, url: '/foreign-base' },
			{ baseURL: base, url: `${other.origin}/absolute` },
			{ uri: `${base}/accounts/self`, followRedirect: false },
			{ url: `${base}/accounts/self/faxes`, ...NO_REDIRECTS },
			{ baseURL: base, url: '/auth/token', ...NO_REDIRECTS },
		]);
		expect(outputs.filter((each) => each.error)).toEqual([]);
		// localhost may resolve to ::1 first, where nothing listens: its request may not arrive.
		expect(seen().filter(([url]) => url !== '/v3/look-alike')).toEqual(
			expect.arrayContaining([
				['/v3/collect', false],
				['/v3/user-info', false],
				['/climbs', false],
				['/encoded', false],
				['/backslash', false],
				['/v3x/sibling', false],
				['/v3/foreign-base', false],
				['/absolute', false],
				['/v3/accounts/self', true],
				['/v3/accounts/self/faxes', true],
				['/v3/auth/token', true],
			]),
		);
		expect(seen().filter(([, token]) => token)).toHaveLength(3);
	});

	it.each([
		['a query', (origin: string) => `${origin}/v3?`],
		['a fragment', (origin: string) => `${origin}/v3#`],
		['user-info', (origin: string) => origin.replace('//', '//user:s3cret@') + '/v3'],
	])(
		'the credential test of a Base URL with %s fails with the reason, and nothing is sent',
		async (_name, baseUrlOf) => {
			const { error } = await runWith('credentialTest', baseUrlOf(api.origin), [{}]);
			expect(error?.message).toMatch(/^The credential's Base URL .+, so nothing was sent/);
			expect(error?.message).not.toContain('s3cret');
			expect(seen()).toEqual([]);
		},
	);

	it('positive control: the credential test of a safe Base URL asks GET /auth/token with the token', async () => {
		const { error } = await runWith('credentialTest', `${api.origin}/v3`, [{}]);
		expect(error).toBeUndefined();
		expect(seen()).toEqual([['/v3/auth/token', true]]);
	});
});

describe("no side door: through n8n-core's request helpers, a redirect, a proxy or TLS checks turned off get no token", () => {
	let api: LoopbackServer; // the Base URL's server, answering each request with a redirect to `other`
	let other: LoopbackServer;
	let proxy: LoopbackServer; // a forward proxy: counts what arrives, answers as the API would
	let base: string;

	beforeAll(async () => {
		other = await listen(() => jsonAnswer({ ok: true }));
		api = await listen(() => ({
			status: 302,
			headers: { location: `${other.origin}/v3/collect` },
		}));
		proxy = await listen(() => jsonAnswer({ ok: true }));
		base = `${api.origin}/v3`;
	});
	beforeEach(() => {
		for (const each of [api, other, proxy]) each.seen.length = 0;
	});
	afterAll(async () => {
		for (const each of [api, other, proxy]) await close(each);
	});

	/** Where each request arrived, and whether it carried the token. */
	const arrived = () =>
		[
			...api.seen.map((each) => ['api', each]),
			...other.seen.map((each) => ['other', each]),
			...proxy.seen.map((each) => ['proxy', each]),
		].map(([where, each]) => {
			const seen = each as (typeof api.seen)[number];
			return [where, String(seen.headers.authorization).includes(LOOPBACK_TOKEN)];
		});
	const refusal = (why: string) =>
		new RegExp(
			`adds its token only to requests that follow no redirect.+; this request ${why}, so nothing was sent`,
		);

	// As n8n's HTTP Request node (4.x) builds its request, Options → Redirects → Follow Redirects on.
	const httpRequestNode = (uri: string, followRedirects: boolean) => ({
		headers: {},
		method: 'GET',
		uri,
		gzip: true,
		rejectUnauthorized: true,
		followRedirect: followRedirects,
		...(followRedirects && { followAllRedirects: true }),
		resolveWithFullResponse: true,
		sendCredentialsOnCrossOriginRedirect: false,
	});

	it('a 302 from below a loopback Base URL to another loopback server: each request that would follow it fails before it is sent, saying why', async () => {
		const { outputs } = await runWith('request', base, [
			{ url: `${base}/accounts/self` },
			{ url: `${base}/accounts/self`, disableFollowRedirect: true }, // the legacy helper follows
			{ uri: `${base}/accounts/self` },
			{ uri: `${base}/accounts/self`, method: 'POST', followAllRedirects: true },
			httpRequestNode(`${base}/accounts/self`, true),
		]);
		expect(outputs).toHaveLength(5);
		for (const output of outputs) expect(output.error).toMatch(refusal('follows redirects'));
		expect(outputs[4].error).toContain('turn off Options → Redirects → Follow Redirects');
		expect(arrived()).toEqual([]);
	});

	it("positive control: the same requests without redirects carry the token to the Base URL's server, and the 302 goes no further", async () => {
		const { outputs } = await runWith('request', base, [
			{ url: `${base}/accounts/self`, disableFollowRedirect: true, maxRedirects: 0 },
			{ uri: `${base}/accounts/self`, followRedirect: false },
			httpRequestNode(`${base}/accounts/self`, false),
		]);
		for (const output of outputs) expect(output.error ?? '').not.toMatch(/nothing was sent/);
		expect(arrived()).toEqual([
			['api', true],
			['api', true],
			['api', true],
		]);
	});

	it('a request through a proxy on loopback fails before it is sent: the proxy reads nothing', async () => {
		const { port } = new URL(proxy.origin);
		const { outputs } = await runWith('request', base, [
			{
				url: `${base}/accounts/self`,
				disableFollowRedirect: true,
				maxRedirects: 0,
				proxy: { host: '127.0.0.1', port: Number(port), protocol: 'http' },
			},
			{ ...httpRequestNode(`${base}/accounts/self`, false), proxy: proxy.origin },
		]);
		for (const output of outputs) expect(output.error).toMatch(refusal('goes through a proxy'));
		expect(arrived()).toEqual([]);
	});

	it('a request with TLS checks off fails before it is sent', async () => {
		const noRedirects = {
			url: `${base}/accounts/self`,
			disableFollowRedirect: true,
			maxRedirects: 0,
		};
		const { outputs } = await runWith('request', base, [
			{ ...noRedirects, skipSslCertificateValidation: true },
			{ ...noRedirects, agentOptions: { rejectUnauthorized: false } },
			{ ...httpRequestNode(`${base}/accounts/self`, false), rejectUnauthorized: false },
		]);
		for (const output of outputs)
			expect(output.error).toMatch(refusal('turns TLS certificate checks off'));
		expect(arrived()).toEqual([]);
	});

	it("n8n's credential test of a Base URL that redirects asks it alone, follows nothing and says why", async () => {
		const { error } = await runWith('credentialTest', base, [{}]);
		expect(error?.message ?? '').not.toMatch(/nothing was sent/);
		expect(arrived()).toEqual([['api', true]]);
	});
});

// n8n 2.24 and later then refuse them to its HTTP Request node at save and at run (test/n8n/e2e/credential-sharing.e2e.js).
it("the three credentials serve only this package's nodes and their tools", () => {
	for (const type of [new FaxPlusApi(), new FaxPlusOAuth2Api(), new FaxPlusWebhookSecretApi()])
		expect(type.restrictToSupportedNodes).toBe(true);
});
