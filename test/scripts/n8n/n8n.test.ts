// The e2e client (scripts/n8n/n8n.js) survives a keep-alive connection the server closed
// while this process's event loop was blocked, as a spawnSync installing Chromium does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

const { fetchRetrying, httpJson } = require('../../../scripts/n8n/n8n.js');

// A server in another process (so that blocking this one does not stop it), with Node's
// default 5 s keep-alive timeout as n8n has. It answers with what it has received so far;
// /drop closes the connection without an answer.
const SERVER = `
const http = require('node:http');
const received = [];
http.createServer((req, res) => {
	if (req.url === '/drop') {
		received.push('dropped');
		return req.socket.destroy();
	}
	let body = '';
	req.on('data', (chunk) => (body += chunk));
	req.on('end', () => {
		received.push(req.method + ' ' + body);
		res.setHeader('content-type', 'application/json');
		res.end(JSON.stringify(received));
	});
}).listen(0, '127.0.0.1', function () { console.log(this.address().port); });
`;

describe('scripts/n8n/n8n.js → the HTTP client', () => {
	let server: ChildProcess;
	let url: string;

	beforeAll(async () => {
		server = spawn(process.execPath, ['-e', SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
		const port = await new Promise<string>((resolve) => server.stdout!.once('data', (chunk) => resolve(String(chunk).trim())));
		url = `http://127.0.0.1:${port}/`;
	});

	afterAll(() => {
		server.kill();
	});

	it('sends a request again, once, when the server closed the kept-alive connection while this process was blocked', async () => {
		// Two requests at once: two kept-alive connections in the pool.
		await Promise.all([httpJson('GET', url), httpJson('GET', url)]);
		spawnSync('sleep', ['12']); // the server closes both after 5 s; this process cannot notice

		// A plain fetch takes one closed connection and fails before any response.
		await expect(fetch(url)).rejects.toMatchObject({ cause: { code: expect.stringMatching(/^(UND_ERR_SOCKET|ECONNRESET|EPIPE)$/) } });
		// The client takes the other one, fails the same way, and sends the request again.
		const res = await fetchRetrying(url, { method: 'POST', body: 'fax' });
		expect(res.status).toBe(200);
		// The server got the POST once: the failed attempt never reached it.
		expect(await res.json()).toEqual(['GET ', 'GET ', 'POST fax']);
	}, 30000);

	it('sends it again only once', async () => {
		await expect(fetchRetrying(`${url}drop`)).rejects.toMatchObject({ cause: { code: 'UND_ERR_SOCKET' } });
		const received = await (await fetch(url)).json();
		expect(received.filter((entry: string) => entry === 'dropped')).toHaveLength(2);
	});
});
