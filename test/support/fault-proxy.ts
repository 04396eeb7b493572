/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// A small HTTP proxy on 127.0.0.1 in front of the local Fax.Plus server that fails chosen
// requests the way a real network and API do: an error status (429 with Retry-After, 500),
// a dropped connection, or no answer at all. Everything else is passed through unchanged.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Fault {
	/** Answer with this status and a Fax.Plus error body. */
	status?: number;
	headers?: Record<string, string>;
	/** Close the connection without an answer. */
	drop?: boolean;
	/** Never answer (until the proxy closes). */
	hang?: boolean;
	/** Pass the request on, then close the connection without its answer (a lost answer). */
	lose?: boolean;
	/** Pass the request on, then answer this status instead of the server's (taken, answered as refused). */
	answerStatus?: number;
	/** Pass the request on once this settles (an upload that takes as long as the test says). */
	until?: Promise<unknown>;
	/** Run this when the request arrives, then pass it on (another process acting at that moment). */
	before?: () => Promise<unknown>;
	/** Which requests the fault applies to (every one by default). */
	matches?: (request: { method: string; path: string; query: URLSearchParams }) => boolean;
}

export class FaultProxy {
	/** Requests that reached the proxy, failed or passed through. */
	readonly seen: Array<{ method: string; path: string; query: URLSearchParams; fault: boolean }> =
		[];

	private readonly faults: Fault[] = [];

	private everyRequest: (() => void) | undefined;

	private readonly hanging = new Set<ServerResponse>();

	private origin = '';

	private constructor(
		private readonly target: string,
		private readonly server: Server,
	) {}

	/** Starts a proxy for the server at `target` (its origin, e.g. http://127.0.0.1:1234). */
	static async start(target: string): Promise<FaultProxy> {
		const server = createServer((req, res) => {
			void proxy.handle(req, res).catch(() => res.destroy());
		});
		const proxy = new FaultProxy(target, server);
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
		proxy.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
		return proxy;
	}

	/** The API base URL through the proxy. */
	get baseUrl(): string {
		return `${this.origin}/v3`;
	}

	/** The next `count` matching requests get this fault. */
	failNext(fault: Fault, count = 1): void {
		for (let i = 0; i < count; i++) this.faults.push(fault);
	}

	/** Runs `hook` as each request arrives, before any fault (e.g. a test clock charging a request). */
	onEachRequest(hook: () => void): void {
		this.everyRequest = hook;
	}

	async close(): Promise<void> {
		for (const res of this.hanging) res.destroy();
		this.hanging.clear();
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const url = new URL(req.url ?? '/', this.origin);
		const request = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams };
		const index = this.faults.findIndex((fault) => !fault.matches || fault.matches(request));
		const fault = index >= 0 ? this.faults.splice(index, 1)[0] : undefined;
		this.seen.push({ ...request, fault: fault !== undefined });
		this.everyRequest?.();

		if (fault?.until) await fault.until;
		if (fault?.before) await fault.before();
		if (fault?.hang) {
			this.hanging.add(res);
			res.on('close', () => this.hanging.delete(res));
			return;
		}
		if (fault?.drop) {
			req.socket.destroy();
			return;
		}
		if (fault?.status !== undefined) {
			res.writeHead(fault.status, { 'content-type': 'application/json', ...fault.headers });
			res.end(
				JSON.stringify({
					error: fault.status === 429 ? 'too_many_requests' : 'server_error',
					description: `injected ${fault.status}`,
				}),
			);
			return;
		}

		const headers = Object.fromEntries(
			Object.entries(req.headers).filter(
				([name, value]) =>
					name !== 'host' && name !== 'content-length' && typeof value === 'string',
			),
		) as Record<string, string>;
		const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
		const answer = await fetch(`${this.target}${req.url}`, {
			method: request.method,
			headers,
			body,
		});
		const bytes = Buffer.from(await answer.arrayBuffer());
		if (fault?.lose) {
			req.socket.destroy();
			return;
		}
		if (fault?.answerStatus !== undefined) {
			res.writeHead(fault.answerStatus, { 'content-type': 'application/json' });
			res.end(JSON.stringify({ error: 'conflict', description: `injected ${fault.answerStatus}` }));
			return;
		}
		const type = answer.headers.get('content-type');
		res.writeHead(answer.status, type ? { 'content-type': type } : {});
		res.end(bytes);
	}
}
