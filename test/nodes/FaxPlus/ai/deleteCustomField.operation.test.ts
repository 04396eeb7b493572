import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('AI → Delete Custom Field', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'ai', operation: 'deleteCustomField' };
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const fromList = (value: string) => ({
		__rl: true,
		mode: 'list',
		value,
		cachedResultName: 'invoice_number',
	});

	it.each<AuthKind>(['pat', 'oauth'])('deletes the field and says so (%s)', async (auth) => {
		const items = await runOk(server(), { ...base, customField: fromList('cf_1') }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe('/v3/accounts/self/ai/custom-fields/cf_1');
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectAuthHeaders(server(), request, auth);
		expect(Object.keys(server().state.customFields)).toEqual(['cf_2']);
		expect(items).toEqual([
			{ json: { deleted: true, customFieldId: 'cf_1' }, pairedItem: { item: 0 } },
		]);
	});

	it('deletes the field each item names', async () => {
		const items = await runOk(
			server(),
			{ ...base, customField: byId('={{ $json.field }}') },
			{ items: [{ json: { field: 'cf_1' } }, { json: { field: 'cf_2' } }] },
		);
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'DELETE /v3/accounts/self/ai/custom-fields/cf_1',
			'DELETE /v3/accounts/self/ai/custom-fields/cf_2',
		]);
		expect(items.map((item) => item.json)).toEqual([
			{ deleted: true, customFieldId: 'cf_1' },
			{ deleted: true, customFieldId: 'cf_2' },
		]);
		expect(server().state.customFields).toEqual({});
	});

	it('maps an unknown field to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, customField: byId('cf_404') });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Requested resource was not found/);
	});

	it('maps a non-admin caller to the admin-only 403 error and keeps the field', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, customField: byId('cf_1') },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id: Only account admins/);
		expect(server().state.customFields.cf_1).toBeDefined();
	});

	it('maps a read-only token to a 403 error and keeps the field', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, customField: byId('cf_1') },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(server().state.customFields.cf_1).toBeDefined();
	});

	it.each([
		['no custom field', byId('={{ $json.missing }}'), /^Custom Field is required$/],
		['an id that leaves its path segment', byId('../../self'), /so no request was sent/],
	])('refuses %s before sending anything', async (_case, customField, message) => {
		const { error } = await runOperation(server(), { ...base, customField });
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
		expect(Object.keys(server().state.customFields)).toEqual(['cf_1', 'cf_2']);
	});

	it('as an AI tool, is refused before any request unless its author lets agents delete', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, customField: byId('cf_1') },
			{ asTool: true },
		);
		expect(error?.message).toBe(
			'This tool may not delete an AI custom field for an AI agent: "Let an AI Agent Run This" is off',
		);
		expect(error?.description).toMatch(/^It deletes, and cannot be undone/);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
