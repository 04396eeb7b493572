'use strict';
// A TCP proxy the fault suite controls, between n8n and Redis or Postgres. `setCut(true)` destroys
// every open connection and stops listening, so new connections are refused (ECONNREFUSED), as
// when the service is down; its data is kept. `setCut(false)` listens again on the same port.
// (Accepting and then closing at once is not the same: Redis's client counts a connection that
// opened as recovered, and n8n never reaches its QUEUE_BULL_REDIS_TIMEOUT_THRESHOLD.)
// `holdNext(text)` holds the next client bytes that contain `text` (e.g. one SQL statement) and
// whatever follows on that connection, until the caller releases them: a write held between its
// read and its write, as long as the test needs, without a timer.
const net = require('node:net');

async function startTcpProxy(targetPort, { name = 'proxy' } = {}) {
	const open = new Set();
	const proxy = { name, cut: false, port: 0, connections: 0 };
	const server = net.createServer((client) => {
		proxy.connections += 1;
		const upstream = net.connect(targetPort, '127.0.0.1');
		const pair = { client, upstream };
		open.add(pair);
		const close = () => {
			open.delete(pair);
			client.destroy();
			upstream.destroy();
		};
		client.on('error', close).on('close', close);
		upstream.on('error', close).on('close', close);
		let queued = null;
		client.on('data', (chunk) => {
			if (queued) return void queued.push(chunk);
			const hold = proxy.holding;
			if (hold && chunk.includes(hold.text)) {
				proxy.holding = null;
				queued = [chunk];
				hold.resolve(() => {
					for (const bytes of queued) upstream.write(bytes);
					queued = null;
				});
			} else if (!upstream.write(chunk)) client.pause();
		});
		upstream.on('drain', () => client.resume());
		client.on('end', () => upstream.end());
		upstream.pipe(client);
	});
	/** Resolves, once such bytes are held, with the function that lets them (and what followed) go. */
	proxy.holdNext = (text) =>
		new Promise((resolve) => {
			proxy.holding = { text, resolve };
		});
	const listen = (port) =>
		new Promise((resolve, reject) =>
			server.once('error', reject).listen(port, '127.0.0.1', () => resolve()),
		);
	const destroyOpen = () => {
		for (const { client, upstream } of [...open]) {
			client.destroy();
			upstream.destroy();
		}
	};
	await listen(0);
	proxy.port = server.address().port;
	proxy.setCut = async (cut) => {
		if (cut === proxy.cut) return;
		proxy.cut = cut;
		if (cut) {
			const closed = new Promise((resolve) => server.close(() => resolve()));
			destroyOpen();
			await closed;
		} else {
			await listen(proxy.port);
		}
	};
	proxy.stop = async () => {
		destroyOpen();
		if (!proxy.cut) await new Promise((resolve) => server.close(() => resolve()));
		proxy.cut = true;
	};
	return proxy;
}

module.exports = { startTcpProxy };
