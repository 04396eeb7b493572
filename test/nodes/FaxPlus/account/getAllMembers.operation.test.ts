import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';

describe('Account → Get Many Members', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'getAllMembers' };
	const uids = (items: Array<{ json: { uid?: unknown } }>) => items.map((item) => item.json.uid);

	it.each<AuthKind>(['pat', 'oauth'])(
		'lists the members Fax.Plus answers under "members", for an admin (%s)',
		async (auth) => {
			const items = await runOk(server(), base, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts');
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(uids(items)).toEqual(['owner_1', 'member_1', 'member_2']);
			expect(items[1].json).toMatchObject({
				email: 'max.member@example.com',
				account_data: { role: 'member', quota: 200 },
			});
		},
	);

	it('says a member cannot list members (Fax.Plus answers 403), with no fallback', async () => {
		const { error, items } = await runOperation(server(), base, {
			token: server().tokens.patMember,
		});
		expect(onlyApiRequest(server()).status).toBe(403);
		expect(items).toEqual([]);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toBe(
			"Only an admin of the corporate account can list its members: Fax.Plus answered 403 (Only account admins can list the members of the corporate account). Use a credential of the account's admin.",
		);
		expect(error?.description).toMatch(/admin/);
	});

	it('says it is for admins in its description', () => {
		const notice = new FaxPlus().description.properties.find(
			(property) => property.name === 'adminOnlyNotice',
		);
		expect(notice?.displayName).toMatch(/Only an admin/);
	});

	it('returns only up to Limit', async () => {
		expect(uids(await runOk(server(), { ...base, limit: 2 }))).toEqual(['owner_1', 'member_1']);
	});

	it('maps a token without scopes to a 403 error about the scope, not the admin', async () => {
		const { error } = await runOperation(server(), base, { token: server().tokens.patNoScopes });
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/lacks the scope/);
	});

	it('refuses a limit of 0 before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, limit: 0 });
		expect(error?.message).toBe('Limit must be a whole number of 1 or more, not "0"');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
