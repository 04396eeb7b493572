#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Starts the local Fax.Plus server and prints one JSON line
 * {"origin","baseUrl","authUrl","tokens"} to stdout; stops on SIGINT/SIGTERM.
 *
 *   node test/server/cli.js [--port N] [--host 127.0.0.1] [--latency-ms N] [--rate-limit N] [--retry-after S]
 *
 * --latency-ms delays every API answer; --rate-limit answers 429 past N API requests per
 * second, with Retry-After S (default: until the next second).
 */
const { startFaxPlusServer } = require('./index');

/** @param {string} name */
function arg(name) {
	const argv = process.argv.slice(2);
	const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
	if (i < 0) return undefined;
	return argv[i].includes('=') ? argv[i].slice(argv[i].indexOf('=') + 1) : argv[i + 1];
}

async function main() {
	const port = Number(arg('port') ?? 0);
	if (!Number.isInteger(port) || port < 0 || port > 65535)
		throw new Error(`Invalid --port ${arg('port')}`);
	/** @type {import('./index').FaxPlusServer | undefined} */
	let server;
	let stopping = false;
	const stop = async () => {
		if (stopping) return;
		stopping = true;
		await server?.close();
		process.exit(0);
	};
	// Installed before the line is printed: a parent may signal as soon as it reads it.
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
	const rateLimit = arg('rate-limit');
	const retryAfter = arg('retry-after');
	const network = {
		latencyMs: Number(arg('latency-ms') ?? 0),
		rateLimit:
			rateLimit === undefined
				? null
				: {
						requestsPerSecond: Number(rateLimit),
						...(retryAfter === undefined ? {} : { retryAfterSeconds: Number(retryAfter) }),
					},
	};
	server = await startFaxPlusServer({ port, host: arg('host') ?? '127.0.0.1', network });
	process.stdout.write(
		`${JSON.stringify({ origin: server.origin, baseUrl: server.baseUrl, authUrl: server.authUrl, tokens: server.tokens })}\n`,
	);
}

main().catch((err) => {
	process.stderr.write(`${err?.stack ?? err}\n`);
	process.exit(1);
});
