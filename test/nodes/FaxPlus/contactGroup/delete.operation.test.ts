import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Contact Group → Delete', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'contactGroup', operation: 'delete' };

	it.each<AuthKind>(['pat', 'oauth'])('deletes the group and says so (%s)', async (auth) => {
		const items = await runOk(server(), { ...base, groupId: 'group_2' }, { auth });

		const request = onlyApiRequest(server());
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe('/v3/accounts/self/contact-groups/group_2');
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectAuthHeaders(server(), request, auth);
		expect(Object.keys(server().state.contactGroups)).toEqual(['group_1']);
		expect(items).toEqual([
			{ json: { deleted: true, groupId: 'group_2' }, pairedItem: { item: 0 } },
		]);
	});

	it('deletes the group each item names', async () => {
		const items = await runOk(
			server(),
			{ ...base, groupId: '={{ $json.group }}' },
			{ items: [{ json: { group: 'group_1' } }, { json: { group: 'group_2' } }] },
		);
		expect(apiRequests(server()).map((r) => r.path)).toEqual([
			'/v3/accounts/self/contact-groups/group_1',
			'/v3/accounts/self/contact-groups/group_2',
		]);
		expect(items.map((item) => item.json)).toEqual([
			{ deleted: true, groupId: 'group_1' },
			{ deleted: true, groupId: 'group_2' },
		]);
	});

	it('refuses an id that would leave its path segment, sending nothing', async () => {
		const { error } = await runOperation(server(), { ...base, groupId: '../outbox/outbox_1' });
		expect(error?.message).toContain('is "../outbox/outbox_1", so no request was sent');
		expect(apiRequests(server())).toHaveLength(0);
		expect(server().state.outbox.outbox_1).toBeDefined();
	});

	it('maps an unknown group to the bad_request error', async () => {
		const { error } = await runOperation(server(), { ...base, groupId: 'group_404' });
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Requested resource was not found/);
	});

	it('maps a read-only token to a 403 error and keeps the group', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, groupId: 'group_1' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(server().state.contactGroups.group_1).toBeDefined();
	});

	it('refuses an empty group id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, groupId: '={{ $json.missing }}' });
		expect(error?.message).toBe('Group ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
