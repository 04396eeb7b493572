import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';

const SELF = { name: 'Me (self)', value: 'self' };
const MAX = { name: 'Max Member (max.member@example.com)', value: 'member_1' };
const MIA = { name: 'Mia Member (mia.member@example.com)', value: 'member_2' };
const ADA = { name: 'Ada Admin (ada.admin@example.com)', value: 'owner_1' };

describe('User and Member pickers (searchUsers, searchMembers)', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		'offers "Me (self)" first, then the corporate members, for an admin (%s)',
		async (auth) => {
			const { results, paginationToken } = await runListSearch(server(), 'searchUsers', { auth });

			const requests = apiRequests(server());
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'GET /v3/accounts',
			]);
			expectAuthHeaders(server(), requests[0], auth);
			expect(results).toEqual([SELF, ADA, MAX, MIA]);
			expect(paginationToken).toBeUndefined();
		},
	);

	it('offers only "Me (self)" to a member, whom Fax.Plus refuses the member list (403), and to a token without the scope', async () => {
		// GET /accounts is admin-only; a refusal leaves "self", and By ID still works.
		const member = await runListSearch(server(), 'searchUsers', {
			token: server().tokens.patMember,
		});
		expect(member.results).toEqual([SELF]);
		expect(server().requests.at(-1)).toMatchObject({ path: '/v3/accounts', status: 403 });
		const refused = await runListSearch(server(), 'searchUsers', {
			token: server().tokens.patNoScopes,
		});
		expect(refused.results).toEqual([SELF]);
		expect(apiRequests(server()).at(-1)?.path).toBe('/v3/accounts');
	});

	it('keeps "Me (self)" pickable when the list cannot load, saying why (a credential the API rejects)', async () => {
		const { results } = await runListSearch(server(), 'searchUsers', {
			token: 'alohi_pat_not_a_token',
		});
		expect(results).toEqual([
			{
				...SELF,
				description: expect.stringMatching(/^The members could not be loaded: .*401|unauthori/i),
			},
		]);
		expect(JSON.stringify(results)).not.toContain('alohi_pat_not_a_token');
		// The Member picker, where "self" is no answer, still reports it.
		await expect(
			runListSearch(server(), 'searchMembers', { token: 'alohi_pat_not_a_token' }),
		).rejects.toMatchObject({ httpCode: '401' });
	});

	it('filters by name, email or ID, ignoring case', async () => {
		const search = async (filter: string) =>
			(await runListSearch(server(), 'searchUsers', { filter })).results.map(
				(result) => result.value,
			);
		expect(await search('MIA')).toEqual(['member_2']);
		expect(await search('max.member@')).toEqual(['member_1']);
		expect(await search('member_1')).toEqual(['member_1']);
		expect(await search('self')).toEqual(['self']);
		expect(await search('member')).toEqual(['member_1', 'member_2']);
	});

	it('offers the members, without "self", for Update Member, filtered too', async () => {
		expect((await runListSearch(server(), 'searchMembers')).results).toEqual([ADA, MAX, MIA]);
		expect((await runListSearch(server(), 'searchMembers', { filter: 'mia' })).results).toEqual([
			MIA,
		]);
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/accounts',
			'/v3/accounts',
		]);
	});
});
