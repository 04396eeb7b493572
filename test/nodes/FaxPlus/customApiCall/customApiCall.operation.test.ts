// Custom API Call: any request below the credential's Base URL, through the package's transport
// (its token, its error words), and nothing sent where the Path would leave the Base URL.
import { createHash } from 'node:crypto';
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import {
	apiRequests,
	bytesOf,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	served,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { close, jsonAnswer, listen, type LoopbackServer } from '../../../support/loopback-server';

const call = { resource: 'customApiCall', operation: 'customApiCall' };

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const withFile = (field = 'data'): INodeExecutionData[] => [
	{
		json: { kept: true },
		binary: {
			[field]: { data: pdf.toString('base64'), mimeType: 'application/pdf', fileName: 'memo.pdf' },
		},
	} as unknown as INodeExecutionData,
];

describe('Custom API Call', () => {
	const server = useFaxPlusServer();
	let elsewhere: LoopbackServer;
	beforeAll(async () => {
		elsewhere = await listen(() => jsonAnswer({ leaked: true }));
	});
	beforeEach(() => {
		elsewhere.seen.length = 0;
	});
	afterAll(async () => {
		await close(elsewhere);
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'GETs a path with its query and outputs the answer as it is (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{
					...call,
					method: 'GET',
					path: 'accounts/self/ai/custom-fields',
					queryParameters: { parameters: [{ name: 'limit', value: '5' }] },
				},
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/ai/custom-fields');
			expect(request.query).toEqual({ limit: '5' });
			expectAuthHeaders(server(), request, auth);
			const answer = JSON.parse(
				(await served(server(), '/accounts/self/ai/custom-fields')).toString(),
			) as IDataObject;
			expect(items).toEqual([{ json: answer, pairedItem: { item: 0 } }]);
		},
	);

	it('POSTs a JSON body: the server creates what it says', async () => {
		const items = await runOk(server(), {
			...call,
			method: 'POST',
			path: '/accounts/self/ai/custom-fields',
			jsonBody: '{"name": "Invoice total", "instructions": "The amount due"}',
		});
		const request = onlyApiRequest(server());
		expect(request.method).toBe('POST');
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(JSON.parse(request.rawBody.toString())).toEqual({
			name: 'Invoice total',
			instructions: 'The amount due',
		});
		const created = server().state.customFields[String(items[0].json.id)];
		expect(created).toMatchObject({ name: 'Invoice total', instructions: 'The amount due' });
		expect(items[0].json).toEqual(created);
	});

	it('uploads a file of the input item (a path no operation calls on its own): the server stores its bytes', async () => {
		const items = await runOk(
			server(),
			{
				...call,
				method: 'POST',
				path: '/accounts/self/files',
				queryParameters: { parameters: [{ name: 'format', value: 'pdf' }] },
				sendBinaryFile: true,
				inputBinaryField: 'scan',
			},
			{ items: withFile('scan') },
		);
		const request = onlyApiRequest(server());
		expect(request.path).toBe('/v3/accounts/self/files');
		expect(request.query).toEqual({ format: 'pdf' });
		const stored = server().state.files[String(items[0].json.path)];
		expect(stored).toMatchObject({ filename: 'memo.pdf', contentType: 'application/pdf' });
		expect(stored.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
	});

	it("gives a file named without an extension (as a webhook names a raw body) its type's extension", async () => {
		const items = withFile();
		items[0].binary!.data = { ...items[0].binary!.data, fileName: 'a1b2c3', fileExtension: 'pdf' };
		const [out] = await runOk(
			server(),
			{ ...call, method: 'POST', path: '/accounts/self/files', sendBinaryFile: true },
			{ items },
		);
		expect(server().state.files[String(out.json.path)]).toMatchObject({ filename: 'a1b2c3.pdf' });
	});

	it('puts a file answer in the output binary field, keeping the input files', async () => {
		const items = await runOk(
			server(),
			{
				...call,
				path: '/accounts/self/files/fax_1',
				responseAsFile: true,
				binaryPropertyName: 'document',
			},
			{ items: withFile() },
		);
		onlyApiRequest(server());
		const expected = await served(server(), '/accounts/self/files/fax_1');
		const { binary, json } = items[0];
		expect(await bytesOf(binary!.document)).toEqual(expected);
		expect(binary!.document.mimeType).toBe('application/pdf');
		expect(Object.keys(binary!)).toEqual(['data', 'document']);
		expect(json).toMatchObject({ method: 'GET', path: '/accounts/self/files/fax_1' });
	});

	it("says what Fax.Plus answered in the error catalogue's words", async () => {
		const { error } = await runOperation(server(), {
			...call,
			method: 'PATCH',
			path: '/accounts/self/ai/custom-fields/cf_missing',
			jsonBody: '{"name": "x"}',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(
			/^Fax\.Plus refused the request as invalid: 400 \(bad_request: Requested resource was not found/,
		);
		// Its words are the call's own fields, not an operation's IDs.
		expect(error?.message).toMatch(
			/Check Query Parameters and JSON Body against what Fax\.Plus's API reference \(https:\/\/apidoc\.fax\.plus\) lists for PATCH \/accounts\/self\/ai\/custom-fields\/cf_missing/,
		);
		expect(error?.message).not.toMatch(/\bID\b|Get Many/);
		expect(JSON.stringify(error)).not.toContain(server().tokens.pat);
	});

	it('names Method and Path and the API reference for a path Fax.Plus does not have, never an ID', async () => {
		const { error } = await runOperation(server(), {
			...call,
			method: 'GET',
			path: '/account/self',
		});
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toMatch(/^Fax\.Plus found nothing at this address: 404 /);
		expect(error?.message).toContain(
			"Check Method and Path (GET /account/self) against Fax.Plus's API reference (https://apidoc.fax.plus): Path is what follows the credential's Base URL, e.g. /accounts/self.",
		);
		expect(error?.message).not.toMatch(/\bID\b|Get Many/);
		// Positive control: an operation's refusal keeps its words about the ID it was given.
		const operation = await runOperation(server(), {
			resource: 'fax',
			operation: 'get',
			userId: 'self',
			faxId: 'fax_missing',
		});
		expect(operation.error?.message).toMatch(/an ID must be one Fax\.Plus gave/);
	});

	it("refuses n8n's own Custom API Call value, or the call under another resource, naming this one", async () => {
		for (const operation of ['__CUSTOM_API_CALL__', 'customApiCall']) {
			const { error } = await runOperation(server(), {
				resource: 'fax',
				operation,
				path: '/accounts/self',
			});
			expect(error?.message).toBe(
				`The operation "${operation}" is not known for the resource "fax"`,
			);
			expect(error?.description).toMatch(/Resource → Custom API Call/);
		}
		expect(server().requests).toEqual([]);
	});

	describe('sends nothing where the Path would leave the Base URL', () => {
		const cases: Array<[string, (origin: string) => string, RegExp]> = [
			['a full address', (o) => `${o}/v3/accounts/self`, /is a full address/],
			['another scheme', () => 'javascript:alert(1)', /is a full address/],
			['a host after "//"', (o) => `//${o.slice('http://'.length)}/x`, /starts with "\/\/"/],
			['"\\" as a separator', (o) => `\\\\${o.slice('http://'.length)}/x`, /starts with "\/\/"/],
			['a climb', () => '/accounts/../../x', /climbs/],
			['an encoded climb', () => '/%2e%2E/%2e%2e/x', /climbs/],
			['an encoded "/"', () => '/accounts%2f..%2f..%2fx', /encoded/],
			['";"', () => '/accounts;/self', /encoded/],
			['an empty segment', () => '/accounts//self', /empty segment/],
			['a query in the path', (o) => `/accounts?next=${o}`, /Query Parameters/],
			['a fragment', () => '/accounts#x', /Query Parameters/],
			['a control character', () => '/accounts/\r\nHost: evil', /control character/],
			['an empty path', () => '  ', /^Path is empty, so no request was sent$/],
			['an endless path', () => `/${'a/'.repeat(5000)}`, /characters, more than any API path/],
		];
		it.each(cases)('%s', async (_name, pathOf, problem) => {
			const { error } = await runOperation(server(), { ...call, path: pathOf(elsewhere.origin) });
			expect(error?.message).toMatch(/^Path /);
			expect(error?.message).toMatch(problem);
			expect(error?.message.length).toBeLessThan(300);
			expect(server().requests).toEqual([]);
			expect(elsewhere.seen).toEqual([]);
		});
	});

	it('refuses a JSON body that is not JSON, or a missing input file, before sending anything', async () => {
		const bad = await runOperation(server(), {
			...call,
			method: 'POST',
			path: '/accounts/self/ai/custom-fields',
			jsonBody: '{"name": ',
		});
		expect(bad.error?.message).toBe('JSON Body is not valid JSON, so no request was sent');
		const missing = await runOperation(
			server(),
			{ ...call, method: 'POST', path: '/accounts/self/files', sendBinaryFile: true },
			{ items: withFile('scan') },
		);
		expect(missing.error?.message).toBe(
			'Input Binary Field: the input item has no binary field "data"',
		);
		expect(missing.error?.description).toMatch(/are: scan\./);
		expect(server().requests).toEqual([]);
	});

	it('as an AI tool, runs only when its author turns on "Let an AI Agent Run This"', async () => {
		const create = {
			...call,
			method: 'POST',
			path: '/accounts/self/ai/custom-fields',
			jsonBody: '{"name": "Agent field"}',
		};
		const before = Object.keys(server().state.customFields).length;
		const { error } = await runOperation(server(), create, { asTool: true });
		expect(error?.message).toBe(
			'This tool may not make a custom API call for an AI agent: "Let an AI Agent Run This" is off',
		);
		expect(server().requests).toEqual([]);
		await runOk(server(), { ...create, agentMayRun: true }, { asTool: true });
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v3/accounts/self/ai/custom-fields',
		]);
		expect(Object.keys(server().state.customFields)).toHaveLength(before + 1);
	});
});
