'use strict';
// A TCP proxy the fault suite controls, between n8n and Redis or Postgres: `cut()` destroys every
// open connection and every new one at once (the service looks unreachable, its data is kept);
// `restore()` lets connections through again.
const net = require('node:net');

async function startTcpProxy(targetPort, { name = 'proxy' } = {}) {
	const open = new Set();
	const proxy = { name, cut: false, port: 0, connections: 0 };
	const server = net.createServer((client) => {
		if (proxy.cut) {
			client.destroy();
			return;
		}
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
		client.pipe(upstream);
		upstream.pipe(client);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	proxy.port = server.address().port;
	proxy.setCut = (cut) => {
		proxy.cut = cut;
		if (cut) for (const { client, upstream } of [...open]) {
			client.destroy();
			upstream.destroy();
		}
	};
	proxy.stop = () =>
		new Promise((resolve) => {
			for (const { client, upstream } of [...open]) {
				client.destroy();
				upstream.destroy();
			}
			server.close(() => resolve());
		});
	return proxy;
}

module.exports = { startTcpProxy };
