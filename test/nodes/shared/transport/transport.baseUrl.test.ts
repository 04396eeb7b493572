/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-hardcoded-secrets -- test code, not node code: servers on loopback, a made-up token, n8n's proxy settings */
// The credential's Base URL is safe by construction (transport.ts): https://, or http:// to a
// loopback host. Anything else is refused before any request, saying why, for both credentials.
// The counting target stands where the token would travel in clear: an HTTP proxy on loopback
// that n8n's real request helpers use for every host but loopback (HTTP_PROXY / NO_PROXY), so a
// request to http://faxplus.example would reach it with the token. An https:// Base URL goes to
// the proxy as a CONNECT (positive control: it is let through); loopback stays direct.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { oauthCredentials, useFaxPlusServer, type FaxPlusServer } from '../../../support/faxplus';
import { runFaxPlusNode } from '../../../support/n8n-harness';

const TOKEN = 'pat_base_url_test_0123456789abcdef';

/** A proxy that records what reaches it and forwards nothing. */
async function countingProxy() {
	const seen: string[] = [];
	const server: Server = createServer((request, response) => {
		seen.push(`${request.method} ${request.url} ${request.headers.authorization ?? ''}`.trim());
		response.writeHead(502).end();
	});
	server.on('connect', (request, socket) => {
		seen.push(`CONNECT ${request.url}`);
		socket.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		seen,
		url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
		close: async () => {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}

describe("the credential's Base URL", () => {
	const faxPlus = useFaxPlusServer();
	let proxy: Awaited<ReturnType<typeof countingProxy>>;
	beforeAll(async () => {
		proxy = await countingProxy();
		process.env.HTTP_PROXY = proxy.url;
		process.env.HTTPS_PROXY = proxy.url;
		process.env.NO_PROXY = '127.0.0.1,localhost,::1';
	});
	beforeEach(() => {
		proxy.seen.length = 0;
	});
	afterAll(async () => {
		delete process.env.HTTP_PROXY;
		delete process.env.HTTPS_PROXY;
		delete process.env.NO_PROXY;
		await proxy?.close();
	});

	const accountGet: IDataObject = {
		resource: 'account',
		operation: 'get',
		userId: { __rl: true, mode: 'id', value: 'self' },
	};

	function credentials(auth: 'pat' | 'oauth', baseUrl: string, token: string) {
		if (auth === 'pat')
			return { faxPlusApi: { accessToken: token, baseUrl } as ICredentialDataDecryptedObject };
		const local = { ...faxPlus(), baseUrl } as FaxPlusServer;
		return oauthCredentials(local, token);
	}

	async function run(auth: 'pat' | 'oauth', baseUrl: string, token = TOKEN) {
		return await runFaxPlusNode({
			parameters: { authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken', ...accountGet },
			credentials: credentials(auth, baseUrl, token),
		});
	}

	it.each<['pat' | 'oauth', string, string]>([
		[
			'pat',
			'http://faxplus.example/v3',
			"The credential's Base URL (http://faxplus.example/v3) uses http://, which would send the token unencrypted",
		],
		[
			'oauth',
			'http://faxplus.example/v3',
			"The credential's Base URL (http://faxplus.example/v3) uses http://, which would send the token unencrypted",
		],
		[
			'pat',
			'http://admin:s3cret@10.0.0.5/v3?key=s3cret#s3cret',
			"The credential's Base URL (http://10.0.0.5/v3) uses http://, which would send the token unencrypted",
		],
		[
			'pat',
			'http://0.0.0.0:8080/v3',
			"The credential's Base URL (http://0.0.0.0:8080/v3) uses http://, which would send the token unencrypted",
		],
		// Names the system resolver may send to DNS: whatever answers would get the token.
		[
			'pat',
			'http://localhost./v3',
			"The credential's Base URL (http://localhost./v3) uses http://, which would send the token unencrypted",
		],
		[
			'oauth',
			'http://faxplus.localhost:8080/v3',
			"The credential's Base URL (http://faxplus.localhost:8080/v3) uses http://, which would send the token unencrypted",
		],
		[
			'pat',
			'ftp://faxplus.example/v3',
			"The credential's Base URL (ftp://faxplus.example/v3) must start with https://",
		],
		[
			'pat',
			'restapi.fax.plus/v3',
			"The credential's Base URL (not a URL) must start with https://",
		],
		[
			'pat',
			'https://admin:s3cret@faxplus.example/v3',
			"The credential's Base URL (https://faxplus.example/v3) must not carry a user name, password, query or fragment",
		],
		[
			'oauth',
			'https://faxplus.example/v3?key=s3cret#s3cret',
			"The credential's Base URL (https://faxplus.example/v3) must not carry a user name, password, query or fragment",
		],
	])('refuses %s %s before any request, saying why', async (auth, baseUrl, message) => {
		const { error } = await run(auth, baseUrl);
		expect(proxy.seen).toEqual([]);
		expect(faxPlus().requests).toEqual([]);
		expect(error?.message).toBe(message);
		expect(error?.description).toContain('http:// is accepted only for a loopback host');
		expect(`${error?.message} ${error?.description}`).not.toContain('s3cret');
	});

	it('positive control: an https:// Base URL is let through (to the proxy, as a CONNECT)', async () => {
		const { error } = await run('pat', 'https://faxplus.example/v3');
		expect(error).toBeDefined();
		expect(proxy.seen).toEqual(['CONNECT faxplus.example:443']);
	});

	it.each<['pat' | 'oauth', (server: FaxPlusServer) => string]>([
		['pat', (server) => server.baseUrl],
		['oauth', (server) => server.baseUrl],
		['pat', (server) => server.baseUrl.replace('127.0.0.1', 'localhost')],
		['pat', (server) => server.baseUrl.replace('127.0.0.1', '127.1')],
		// The URL parser reads it as 127.0.0.1: the credential adds its token there too.
		['pat', (server) => server.baseUrl.replace('127.0.0.1', '0x7f.1')],
	])('positive control: http:// to a loopback host works (%s)', async (auth, baseUrl) => {
		const { tokens } = faxPlus();
		const token = auth === 'pat' ? tokens.pat : tokens.oauthAccessToken;
		const { error, items } = await run(auth, baseUrl(faxPlus()), token);
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		expect(proxy.seen).toEqual([]);
	});
});
