/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: a server on loopback */
// A server on loopback that answers each request as the test's handler says and keeps what
// reached it: for answers the local Fax.Plus server has no misbehaviour for.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';

export interface Seen {
	method: string;
	url: string;
	headers: IncomingHttpHeaders;
}

export interface Answer {
	status: number;
	headers?: IDataObject;
	body?: string;
}

export interface LoopbackServer {
	server: Server;
	origin: string;
	seen: Seen[];
}

export async function listen(
	handler: (url: URL, method: string) => Answer,
): Promise<LoopbackServer> {
	const seen: Seen[] = [];
	const server = createServer((request, response) => {
		seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
		request.resume();
		request.on('end', () => {
			const answer = handler(new URL(request.url ?? '/', 'http://x'), request.method ?? '');
			response.writeHead(answer.status, answer.headers as Record<string, string>);
			response.end(answer.body ?? '');
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return { server, origin: `http://127.0.0.1:${port}`, seen };
}

export async function close(each: LoopbackServer | undefined): Promise<void> {
	await new Promise((resolve) => (each ? each.server.close(resolve) : resolve(undefined)));
}

export const jsonAnswer = (body: unknown, status = 200): Answer => ({
	status,
	headers: { 'content-type': 'application/json' },
	body: JSON.stringify(body),
});
