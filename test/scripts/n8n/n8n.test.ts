/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The e2e client (scripts/n8n/n8n.js) survives a kept-alive connection that the server
// closed while the client was idle: n8n closes idle connections after 5 s, and a runner
// whose event loop was blocked meanwhile (a spawnSync installing Chromium) may only learn it
// when its next request fails with `fetch failed` (UND_ERR_SOCKET "other side closed"). A POST,
// which cannot be sent again, never takes a kept-alive connection.
import { spawn, type ChildProcess } from 'node:child_process';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { runInThisContext } from 'node:vm';

const { fetchRetrying, freePort, httpJson } = require('../../../scripts/n8n/n8n.js');

/** fetch's dispatcher (undici's Agent): its connection pools by origin. */
interface Dispatcher {
	stats: Record<string, { free: number }>;
}

// A server in its own process that plays that race: it closes a connection, without an
// answer, when a second request arrives on it, as a server does with a connection it has
// already timed out. It answers with the requests it has processed; /drop is never answered.
const SERVER = `
const http = require('node:http');
const processed = [];
http.createServer((req, res) => {
	req.socket.requests = (req.socket.requests || 0) + 1;
	if (req.socket.requests > 1 || req.url === '/drop') return req.socket.destroy();
	let body = '';
	req.on('data', (chunk) => (body += chunk));
	req.on('end', () => {
		processed.push(req.method + ' ' + (body || req.url));
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(processed));
	});
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });
`;

describe('scripts/n8n/n8n.js → the HTTP client', () => {
	let server: ChildProcess;
	let url: string;

	beforeAll(async () => {
		server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
		const port = await new Promise<string>((resolve) =>
			server.stdout!.once('data', (chunk) => resolve(String(chunk).trim())),
		);
		url = `http://127.0.0.1:${port}/`;
	});

	afterAll(() => {
		server.kill();
	});

	afterEach(() => jest.restoreAllMocks());

	/** What the client logged about sending a request again. */
	function watchResends(): () => string[] {
		const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
		return () =>
			logged.mock.calls
				.map((args) => args.join(' '))
				.filter((line) => /sending it again/.test(line));
	}

	/**
	 * Answers once fetch's connection pool (in Node's own context, outside jest's) holds an idle
	 * kept-alive connection to `origin`'s server.
	 */
	async function connectionKeptAlive(origin: string) {
		const node = runInThisContext('globalThis') as Record<symbol, Dispatcher | undefined>;
		const pool = () => node[Symbol.for('undici.globalDispatcher.1')]?.stats[new URL(origin).origin];
		while (!((pool()?.free ?? 0) > 0)) await nextTurn();
	}

	it('sends an idempotent request again, once, on a new connection when the kept-alive one turns out closed', async () => {
		const resends = watchResends();
		await httpJson('GET', `${url}?first`);
		await connectionKeptAlive(url);
		const { body } = await httpJson('GET', `${url}?second`);
		// Processed once: the attempt on the closed connection never reached the server's handler.
		expect(body).toEqual(['GET /?first', 'GET /?second']);
		expect(resends()).toEqual([
			expect.stringMatching(
				/^\[n8n\] GET http:.+ closed the connection \(UND_ERR_SOCKET\); sending it again$/,
			),
		]);
	});

	it('sends it again only once', async () => {
		const resends = watchResends();
		await expect(fetchRetrying(`${url}drop`)).rejects.toMatchObject({
			cause: { code: 'UND_ERR_SOCKET' },
		});
		expect(resends()).toHaveLength(1);
	});

	it('sends a POST on a connection of its own, where the server cannot have closed it', async () => {
		const resends = watchResends();
		await httpJson('GET', `${url}?before-post`);
		await connectionKeptAlive(url);
		const { body } = await httpJson('POST', url, { body: 'fax' });
		expect(body.slice(-2)).toEqual(['GET /?before-post', 'POST fax']);
		expect(resends()).toEqual([]);
	});

	it('never sends a POST again', async () => {
		const resends = watchResends();
		await expect(
			fetchRetrying(`${url}drop`, { method: 'POST', body: 'fax' }),
		).rejects.toMatchObject({
			message: expect.stringContaining('fetch failed (ECONNRESET socket hang up)'),
		});
		expect(resends()).toEqual([]);
	});

	it('throws other errors at once, naming the request and the cause', async () => {
		const resends = watchResends();
		const closedPort = await freePort();
		const url = `http://127.0.0.1:${closedPort}/`;
		await expect(httpJson('GET', url)).rejects.toMatchObject({
			cause: { code: 'ECONNREFUSED' },
			message: expect.stringContaining(`GET ${url}: fetch failed (ECONNREFUSED`),
		});
		expect(resends()).toEqual([]);
	});
});
