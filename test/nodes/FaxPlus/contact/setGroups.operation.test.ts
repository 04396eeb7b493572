import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Contact → Set Groups', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'contact', operation: 'setGroups' };
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });
	const fromList = (value: string) => ({
		__rl: true,
		mode: 'list',
		value,
		cachedResultName: 'Paris Office',
	});
	const groupsOf = (contactId: string) =>
		Object.values(server().state.contactGroups)
			.filter((group) => group.contact_ids.includes(contactId))
			.map((group) => group.id);

	it.each<AuthKind>(['pat', 'oauth'])(
		"sends the reference's body {contact_id, group_ids} (%s)",
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, contactId: fromList('contact_3'), groupIds: 'group_1, group_2' },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/accounts/self/contacts/assign-groups');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({ contact_id: 'contact_3', group_ids: ['group_1', 'group_2'] });
			expectAuthHeaders(server(), request, auth);
			expect(groupsOf('contact_3')).toEqual(['group_1', 'group_2']);
			expect(server().state.contactGroups.group_1.contacts_count).toBe(3);
			expect(items).toEqual([
				{
					json: { assigned: true, contactId: 'contact_3', groupIds: ['group_1', 'group_2'] },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('leaves the groups not listed, as Fax.Plus documents, which the panel says', async () => {
		expect(groupsOf('contact_1')).toEqual(['group_1']);
		await runOk(server(), { ...base, contactId: byId('contact_1'), groupIds: 'group_2' });
		expect(groupsOf('contact_1')).toEqual(['group_2']);
		const { FaxPlus } = await import('../../../../nodes/FaxPlus/FaxPlus.node');
		const notice = new FaxPlus().description.properties.find((p) => p.name === 'replacesNotice');
		expect(notice?.displayName).toMatch(/out of every group not listed/);
		expect(notice?.displayOptions?.show).toMatchObject({
			resource: ['contact'],
			operation: ['setGroups'],
		});
	});

	it('takes the group IDs from an expression list, per item', async () => {
		await runOk(
			server(),
			{ ...base, contactId: byId('={{ $json.contact }}'), groupIds: '={{ $json.groups }}' },
			{
				items: [
					{ json: { contact: 'contact_1', groups: ['group_1', 'group_2'] } },
					{ json: { contact: 'contact_2', groups: ['group_2'] } },
				],
			},
		);
		expect(apiRequests(server()).map((r) => r.body)).toEqual([
			{ contact_id: 'contact_1', group_ids: ['group_1', 'group_2'] },
			{ contact_id: 'contact_2', group_ids: ['group_2'] },
		]);
	});

	it("maps another user's contact or an unknown group to the bad_request error", async () => {
		const theirs = await runOperation(server(), {
			...base,
			contactId: byId('contact_4'),
			groupIds: 'group_1',
		});
		expect(theirs.error?.httpCode).toBe('400');
		expect(theirs.error?.message).toMatch(/bad_request: Requested resource was not found/);
		const unknown = await runOperation(server(), {
			...base,
			contactId: byId('contact_1'),
			groupIds: 'group_404',
		});
		expect(unknown.error?.httpCode).toBe('400');
		expect(groupsOf('contact_1')).toEqual(['group_1']);
	});

	it('maps a read-only token to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, contactId: byId('contact_1'), groupIds: 'group_2' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(groupsOf('contact_1')).toEqual(['group_1']);
	});

	it.each([
		[
			'no contact',
			{ contactId: byId('={{ $json.missing }}'), groupIds: 'group_1' },
			/^Contact is required$/,
		],
		[
			'no group',
			{ contactId: byId('contact_1'), groupIds: ' , ' },
			/^Group IDs needs at least one ID$/,
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as an AI tool, is refused before any request unless its author lets agents change data', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, contactId: byId('contact_1'), groupIds: 'group_2' },
			{ asTool: true },
		);
		expect(error?.message).toMatch(/^This tool may not set the groups of a contact .* is off$/);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
