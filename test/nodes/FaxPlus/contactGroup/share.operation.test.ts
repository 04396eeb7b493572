import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Contact Group → Share', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'contactGroup', operation: 'share' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'shares groups with members and says so (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, groupIds: 'group_1, group_2', memberIds: 'member_1,\nmember_2' },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/accounts/self/contact-groups/share');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({
				group_ids: ['group_1', 'group_2'],
				member_ids: ['member_1', 'member_2'],
			});
			expectAuthHeaders(server(), request, auth);
			expect(server().state.contactGroups.group_1.shared_with).toEqual(['member_1', 'member_2']);
			expect(items).toEqual([
				{
					json: {
						shared: true,
						groupIds: ['group_1', 'group_2'],
						memberIds: ['member_1', 'member_2'],
					},
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('takes lists from expressions, per item, without duplicates or blanks', async () => {
		const items = await runOk(
			server(),
			{ ...base, groupIds: '={{ $json.groups }}', memberIds: '={{ $json.members }}' },
			{
				items: [
					{ json: { groups: ['group_1', ' group_1 ', ''], members: ['member_1'] } },
					{ json: { groups: ['group_2'], members: ['member_1', 'member_2'] } },
				],
			},
		);
		expect(apiRequests(server()).map((r) => r.body)).toEqual([
			{ group_ids: ['group_1'], member_ids: ['member_1'] },
			{ group_ids: ['group_2'], member_ids: ['member_1', 'member_2'] },
		]);
		expect(items.map((item) => item.json.groupIds)).toEqual([['group_1'], ['group_2']]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
	});

	it('maps an unknown group to the bad_request error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			groupIds: 'group_404',
			memberIds: 'member_1',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
		expect(error?.message).toMatch(/not found/);
	});

	it('maps an unknown member to the invalid_user_id error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			groupIds: 'group_1',
			memberIds: 'nobody',
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/invalid_user_id/);
	});

	it('maps a read-only token to a 403 error and changes nothing', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, groupIds: 'group_1', memberIds: 'member_1' },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
		expect(server().state.contactGroups.group_1.shared_with).toEqual([]);
	});

	it.each([
		['no group ids', { groupIds: ' , ', memberIds: 'member_1' }, 'Group IDs needs at least one ID'],
		['no member ids', { groupIds: 'group_1', memberIds: ' ' }, 'Member IDs needs at least one ID'],
		[
			'an empty list from an expression',
			{ groupIds: '={{ [] }}', memberIds: 'member_1' },
			'Group IDs needs at least one ID',
		],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
