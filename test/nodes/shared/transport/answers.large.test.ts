// A list whose pages each fit the 16 MB cap but add up past the list's 128 MB: about 130 MB read
// and parsed, so it runs in `npm test` (jest.config.js: HEAVY), not in the loop.
import { apiRequests, runOperation, useFaxPlusServer } from '../../../support/faxplus';

/** The most characters of one list docs/security.md states. */
const MAX_LIST_CHARS = 128 * 2 ** 20;

const contactGetMany = {
	resource: 'contact',
	operation: 'getAll',
	userId: 'self',
	returnAll: true,
};

describe('Paging that would never end', () => {
	const server = useFaxPlusServer();

	it(`stops a list whose pages, each under the 16 MB cap, add up to more than ${MAX_LIST_CHARS / 2 ** 20} MB`, async () => {
		// Every contact carries 3 MB: a page of the seeded contacts is about 10 MB.
		server().misbehave({ kind: 'endlessList', path: '/accounts/self/contacts', bytes: 3_000_000 });
		const { error } = await runOperation(server(), contactGetMany);
		const [, pages, entries] =
			/^The API answered (\d+) pages \((\d+) entries\) and the list did not end within 1000 pages or 128 MB/.exec(
				error?.message ?? '',
			) ?? [];
		expect(Number(entries) * 3_000_000).toBeGreaterThan(MAX_LIST_CHARS);
		expect(Number(pages)).toBeLessThan(20);
		expect(apiRequests(server())).toHaveLength(Number(pages));
	});
});
