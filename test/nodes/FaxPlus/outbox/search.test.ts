import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';

describe('Outbox Fax picker (searchOutboxFaxes)', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		"lists the user's outbox, labelled by recipients, status, send time and pages (%s)",
		async (auth) => {
			const { results, paginationToken } = await runListSearch(server(), 'searchOutboxFaxes', {
				auth,
			});

			const requests = apiRequests(server());
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'GET /v3/accounts/self/outbox',
			]);
			expectAuthHeaders(server(), requests[0], auth);
			expect(paginationToken).toBeUndefined();
			expect(results).toEqual([
				{
					name: 'to +4930123456 · scheduled for 2030-01-15 09:00:00 +0000 · 2 pages',
					value: 'outbox_1',
					description: 'Quarterly report',
				},
			]);
		},
	);

	it('lists the outbox of the User chosen above and filters by what the user types', async () => {
		server().state.outbox.outbox_2 = {
			...server().state.outbox.outbox_1,
			id: 'outbox_2',
			to: ['+33144556677'],
			comment: { text: 'Offer', tags: [] },
		};
		const search = async (filter: string) =>
			(
				await runListSearch(server(), 'searchOutboxFaxes', {
					filter,
					parameters: { userId: { __rl: true, mode: 'id', value: 'self' } },
				})
			).results.map((result) => result.value);
		expect(await search('+3314')).toEqual(['outbox_2']);
		expect(await search('QUARTERLY')).toEqual(['outbox_1']);
		expect(await search('')).toEqual(['outbox_1', 'outbox_2']);

		server().clearRequests();
		const member = await runListSearch(server(), 'searchOutboxFaxes', {
			parameters: { forCorporateMember: true, userId: 'member_1' },
		});
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/accounts/member_1/outbox',
		]);
		expect(member.results).toEqual([]);
	});
});
