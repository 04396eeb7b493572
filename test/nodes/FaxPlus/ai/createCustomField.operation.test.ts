import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('AI → Create Custom Field', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'ai', operation: 'createCustomField' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'creates the field and outputs it with its id (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{
					...base,
					name: 'policy_number',
					instructions: 'The insurance policy number',
					enabled: false,
				},
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/accounts/self/ai/custom-fields');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({
				name: 'policy_number',
				instructions: 'The insurance policy number',
				enabled: false,
			});
			expectAuthHeaders(server(), request, auth);
			expect(items).toHaveLength(1);
			expect(items[0].json).toEqual({
				id: expect.stringMatching(/^cf_/),
				name: 'policy_number',
				instructions: 'The insurance policy number',
				enabled: false,
			});
			expect(server().state.customFields[items[0].json.id as string]).toEqual(items[0].json);
		},
	);

	it('sends the defaults: no instructions, enabled', async () => {
		await runOk(server(), { ...base, name: ' claim_id ' });
		expect(onlyApiRequest(server()).body).toEqual({
			name: 'claim_id',
			instructions: '',
			enabled: true,
		});
	});

	it('creates one field per item from expressions', async () => {
		const items = await runOk(
			server(),
			{ ...base, name: '={{ $json.name }}', instructions: '={{ $json.how }}' },
			{ items: [{ json: { name: 'a', how: 'first' } }, { json: { name: 'b', how: 'second' } }] },
		);
		expect(apiRequests(server()).map((r) => r.body)).toEqual([
			{ name: 'a', instructions: 'first', enabled: true },
			{ name: 'b', instructions: 'second', enabled: true },
		]);
		expect(items.map((item) => item.json.name)).toEqual(['a', 'b']);
	});

	it('maps a non-admin caller to the admin-only 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, name: 'x' },
			{ token: server().tokens.patMember },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/invalid_user_id: Only account admins/);
		expect(Object.keys(server().state.customFields)).toEqual(['cf_1', 'cf_2']);
	});

	it('maps a read-only token to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, name: 'x' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(Object.keys(server().state.customFields)).toEqual(['cf_1', 'cf_2']);
	});

	it('refuses an Enabled that is not true or false before sending anything, as Update does', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, name: 'po_number', enabled: '={{ $json.flag }}' },
			{ items: [{ json: { flag: 'sometimes' } }] },
		);
		expect(error?.message).toBe('Enabled must be true or false, not "sometimes"');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('refuses an empty name before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, name: '  ' });
		expect(error?.message).toBe('Name is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
