import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type INode,
	type INodeListSearchResult,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import {
	apiRequests,
	expectAuthHeaders,
	oauthCredentials,
	onlyApiRequest,
	patCredentials,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
} from '../../../support/faxplus';
import {
	FAX_PLUS_NODE_TYPE,
	TestCredentialsHelper,
	TestNodeTypes,
} from '../../../support/n8n-harness';

/** Runs the node's `searchCustomFields` list search in n8n-core's real load-options context. */
async function searchCustomFields(
	server: FaxPlusServer,
	auth: AuthKind,
	filter?: string,
): Promise<INodeListSearchResult> {
	const parameters = {
		authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken',
		resource: 'ai',
		operation: 'updateCustomField',
	};
	const credentialType = auth === 'oauth' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
	const node: INode = {
		id: 'faxplus-node',
		name: 'Fax.Plus',
		type: FAX_PLUS_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { [credentialType]: { id: '1', name: 'Test credential' } },
	};
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		nodeTypes: new TestNodeTypes(),
		active: false,
	});
	const credentials = auth === 'oauth' ? oauthCredentials(server) : patCredentials(server);
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(credentials),
		currentNodeParameters: parameters,
		restApiUrl: 'http://127.0.0.1:1/rest',
		instanceBaseUrl: 'http://127.0.0.1:1/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters.customField');
	return await new FaxPlus().methods.listSearch.searchCustomFields.call(context, filter);
}

describe('AI → Update Custom Field', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'ai', operation: 'updateCustomField' };
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const fromList = (value: string) => ({
		__rl: true,
		mode: 'list',
		value,
		cachedResultName: 'invoice_number',
	});

	it.each<AuthKind>(['pat', 'oauth'])('sends only the fields that are set (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{
				...base,
				customField: fromList('cf_1'),
				updateFields: { instructions: 'Top right corner', enabled: false },
			},
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('PATCH');
		expect(request.path).toBe('/v3/accounts/self/ai/custom-fields/cf_1');
		expect(request.query).toEqual({});
		expect(request.headers['content-type']).toMatch(/^application\/json/);
		expect(request.body).toEqual({ instructions: 'Top right corner', enabled: false });
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{
				json: {
					id: 'cf_1',
					name: 'invoice_number',
					instructions: 'Top right corner',
					enabled: false,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	it('renames a field chosen by id, sending only the name', async () => {
		const items = await runOk(server(), {
			...base,
			customField: byId('cf_2'),
			updateFields: { name: ' patient ' },
		});
		expect(onlyApiRequest(server()).body).toEqual({ name: 'patient' });
		expect(items[0].json).toEqual({ ...server().state.customFields.cf_2, name: 'patient' });
		expect(server().state.customFields.cf_2.enabled).toBe(false);
	});

	it('sends enabled: true when that is what is set', async () => {
		await runOk(server(), { ...base, customField: byId('cf_2'), updateFields: { enabled: true } });
		expect(onlyApiRequest(server()).body).toEqual({ enabled: true });
		expect(server().state.customFields.cf_2.enabled).toBe(true);
	});

	it('updates the field each item names', async () => {
		await runOk(
			server(),
			{
				...base,
				customField: byId('={{ $json.field }}'),
				updateFields: { enabled: '={{ $json.on }}' },
			},
			{ items: [{ json: { field: 'cf_1', on: false } }, { json: { field: 'cf_2', on: true } }] },
		);
		expect(apiRequests(server()).map((r) => [r.path, r.body])).toEqual([
			['/v3/accounts/self/ai/custom-fields/cf_1', { enabled: false }],
			['/v3/accounts/self/ai/custom-fields/cf_2', { enabled: true }],
		]);
	});

	it('maps an unknown field to the bad_request error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			customField: byId('cf_404'),
			updateFields: { name: 'x' },
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Requested resource was not found/);
	});

	it('maps a non-admin caller to the admin-only 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, customField: byId('cf_1'), updateFields: { name: 'x' } },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id: Only account admins/);
		expect(server().state.customFields.cf_1.name).toBe('invoice_number');
	});

	it('maps a read-only token to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, customField: byId('cf_1'), updateFields: { name: 'x' } },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
	});

	it.each([
		['an empty update', { customField: byId('cf_1'), updateFields: {} }, /^Nothing to update/],
		[
			'an empty name',
			{ customField: byId('cf_1'), updateFields: { name: ' ' } },
			/^Name cannot be empty$/,
		],
		[
			'no custom field',
			{ customField: byId('={{ $json.missing }}'), updateFields: { name: 'x' } },
			/^Custom Field is required$/,
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
	});

	describe('custom field list search', () => {
		it.each<AuthKind>(['pat', 'oauth'])(
			'lists the fields from the API by name (%s)',
			async (auth) => {
				const { results } = await searchCustomFields(server(), auth);

				const request = onlyApiRequest(server());
				expect(request.method).toBe('GET');
				expect(request.path).toBe('/v3/accounts/self/ai/custom-fields');
				expectAuthHeaders(server(), request, auth);
				expect(results).toEqual([
					{
						name: 'invoice_number',
						value: 'cf_1',
						description: server().state.customFields.cf_1.instructions,
					},
					{
						name: 'patient_name (disabled)',
						value: 'cf_2',
						description: server().state.customFields.cf_2.instructions,
					},
				]);
			},
		);

		it('filters by name, ignoring case', async () => {
			const { results } = await searchCustomFields(server(), 'pat', 'PATIENT');
			expect(results.map((result) => result.value)).toEqual(['cf_2']);
			expect((await searchCustomFields(server(), 'pat', 'nothing')).results).toEqual([]);
		});
	});
});
