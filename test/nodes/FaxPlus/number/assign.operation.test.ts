import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Number → Assign', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'number', operation: 'assign', userId: 'self', number: '+15551230002' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'sends { assigned_to } (PayloadNumberModification) and says what happened on the empty answer (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, memberUserId: { __rl: true, mode: 'list', value: 'member_2' } },
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(`${request.method} ${request.path} ${request.status}`).toBe(
				'PUT /v3/accounts/self/numbers/%2B15551230002 204',
			);
			expect(request.query).toEqual({});
			expect(request.body).toEqual({ assigned_to: 'member_2' });
			expectAuthHeaders(server(), request, auth);
			expect(server().state.numbers['+15551230002'].assigned_to).toEqual(['owner_1', 'member_2']);
			expect(items).toEqual([
				{
					json: { assigned: true, number: '+15551230002', assignedTo: 'member_2' },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('passes on the refusal to a member (admins only) and of an unknown user', async () => {
		const member = await runOperation(
			server(),
			{ ...base, number: '+15551230003', memberUserId: 'member_2' },
			{ token: server().tokens.patMember },
		);
		expect(member.error?.httpCode).toBe('403');
		const unknown = await runOperation(server(), { ...base, memberUserId: 'nobody' });
		expect(unknown.error?.message).toMatch(/invalid_user_id/);
	});

	it('refuses an empty member before any request', async () => {
		const { error } = await runOperation(server(), {
			...base,
			memberUserId: { __rl: true, mode: 'id', value: '={{ "" }}' },
		});
		expect(error?.message).toBe('Member is required');
		expect(server().requests).toHaveLength(0);
	});
});
