// A URL document without Content-Length that grows past Send's 150 MB while it is read: 150 MB
// fetched and counted, so it runs in `npm test` (jest.config.js: HEAVY), not in the loop.
import { apiRequests, runOperation, useFaxPlusServer } from '../../../../support/faxplus';

// The local document host is on loopback, which Send refuses: allowed as a user would allow an internal server.
// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: n8n reads its allow list from the environment
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

describe('Fax → Send: document sources', () => {
	const server = useFaxPlusServer();
	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
	};

	describe('URLs', () => {
		const url = (name: string) => `${server().origin}/_documents/${name}`;

		describe('refuses, naming the URL without its query, and uploads nothing', () => {
			it('a document without Content-Length that grows past 150 MB while it is read', async () => {
				const { error } = await runOperation(server(), {
					...base,
					documentSource: 'url',
					documentUrls: url('endless.pdf'),
				});
				expect(error?.message).toMatch(
					/^Document URLs: the documents add up to more than 150 MB \(.*endless\.pdf: more than 150\.0 MB left\)$/,
				);
				expect(apiRequests(server())).toHaveLength(0);
			});
		});
	});
});
