// Which request options would let n8n's helpers carry a credential's header past the request's URL
// or open it on the way (nodes/shared/n8n/credentialRequests.ts), read as either helper would. Through
// n8n-core's real helpers against loopback servers: test/credentials/FaxPlusApi.credentials.test.ts.
import { NO_REDIRECTS } from '../../../../nodes/shared/n8n/requestHelpers';
import { credentialSideDoor } from '../../../../nodes/shared/n8n/credentialRequests';

const url = 'https://restapi.fax.plus/v3/accounts/self';

describe('credentialSideDoor', () => {
	it.each<[string, object, string]>([
		['httpRequest with its defaults', { url }, 'follows redirects'],
		[
			'httpRequest without redirects, but the legacy helper would follow them (url)',
			{ url, disableFollowRedirect: true },
			'follows redirects',
		],
		[
			'maxRedirects 0 alone (1.123.81 and 2.0.3 ignore it in httpRequest)',
			{ url, maxRedirects: 0 },
			'follows redirects',
		],
		['the legacy helper with its defaults (GET)', { uri: url }, 'follows redirects'],
		['the legacy helper, HEAD', { uri: url, method: 'HEAD' }, 'follows redirects'],
		['the legacy helper, get in lower case', { uri: url, method: 'get' }, 'follows redirects'],
		[
			'the legacy helper, POST with followAllRedirects',
			{ uri: url, method: 'POST', followAllRedirects: true },
			'follows redirects',
		],
		[
			"n8n's HTTP Request node with Follow Redirects on",
			{ uri: url, method: 'GET', followRedirect: true, followAllRedirects: true },
			'follows redirects',
		],
		[
			'a uri with a baseURL: httpRequest would send it to the baseURL, following redirects',
			{ uri: url, baseURL: 'https://restapi.fax.plus/v3', followRedirect: false },
			'follows redirects',
		],
		[
			'a proxy object',
			{ url, ...NO_REDIRECTS, proxy: { host: '127.0.0.1', port: 1 } },
			'goes through a proxy',
		],
		[
			'a proxy URL',
			{ uri: url, followRedirect: false, proxy: 'http://127.0.0.1:1' },
			'goes through a proxy',
		],
		[
			'skipSslCertificateValidation',
			{ url, ...NO_REDIRECTS, skipSslCertificateValidation: true },
			'turns TLS certificate checks off',
		],
		[
			'rejectUnauthorized false',
			{ uri: url, followRedirect: false, rejectUnauthorized: false },
			'turns TLS certificate checks off',
		],
		[
			'agentOptions rejectUnauthorized false',
			{ url, ...NO_REDIRECTS, agentOptions: { rejectUnauthorized: false } },
			'turns TLS certificate checks off',
		],
		[
			'agentOptions with a CA of its own',
			{ url, ...NO_REDIRECTS, agentOptions: { ca: 'PEM' } },
			'turns TLS certificate checks off',
		],
	])('%s: %s', (_name, options, reason) => {
		expect(credentialSideDoor(options)).toBe(reason);
	});

	it.each<[string, object]>([
		["the package's own requests (transport, credential test)", { url, ...NO_REDIRECTS }],
		['the legacy helper, followRedirect false', { uri: url, followRedirect: false }],
		['the legacy helper, maxRedirects 0', { uri: url, maxRedirects: 0 }],
		[
			"n8n's HTTP Request node with Follow Redirects off (POST)",
			{
				uri: url,
				method: 'POST',
				rejectUnauthorized: true,
				followRedirect: false,
				followAllRedirects: false,
			},
		],
		[
			'TLS checks said on',
			{ url, ...NO_REDIRECTS, rejectUnauthorized: true, skipSslCertificateValidation: false },
		],
		['a client certificate', { url, ...NO_REDIRECTS, agentOptions: { cert: 'PEM', key: 'PEM' } }],
	])('none for %s', (_name, options) => {
		expect(credentialSideDoor(options)).toBeUndefined();
	});
});
