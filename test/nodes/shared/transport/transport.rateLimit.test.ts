/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: a server on loopback */
// How a 429's Retry-After is read (transport.ts): delay-seconds or an HTTP date, waited before
// the same request is sent again; unreadable, the default second. Real n8n-core request helpers
// against a loopback server that answers each path's first request 429. The bounds are lower
// bounds only: a slower machine waits longer, never shorter. (Retries, their limit and the
// longest wait run against the local Fax.Plus server in test/nodes/FaxPlus/router.test.ts.)
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useCapturedLogs } from '../../../support/log-capture';
import { runFaxPlusNode } from '../../../support/n8n-harness';

/** Timer rounding: a wait may end a millisecond before the clock says so. */
const CLOCK_SLACK_MS = 10;

describe('Retry-After of a 429', () => {
	let server: Server;
	let origin: string;
	const retryAfter = new Map<string, string>();
	const arrivals = new Map<string, number[]>();
	const logs = useCapturedLogs();
	/** The waits the node announced at debug before sending again. */
	const waits = () =>
		logs
			.ours('debug')
			.filter((line) => line.meta.event === 'rate_limit_wait')
			.map((line) => line.meta.waitMs);

	beforeAll(async () => {
		server = createServer((request, response) => {
			const mode = (request.url ?? '').split('/')[1];
			const times = arrivals.get(mode) ?? [];
			arrivals.set(mode, [...times, Date.now()]);
			if (times.length === 0) {
				response.writeHead(429, { 'retry-after': retryAfter.get(mode) ?? '' });
				response.end('{"error":"too_many_requests"}');
				return;
			}
			response.writeHead(200, { 'content-type': 'application/json' });
			response.end('{"uid":"owner_1"}');
		});
		await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	});
	afterAll(async () => await new Promise((resolve) => server.close(resolve)));

	/** Runs Account → Get against the mode's path; answers when each request arrived. */
	async function run(mode: string, header: string): Promise<number[]> {
		retryAfter.set(mode, header);
		const { error, items } = await runFaxPlusNode({
			parameters: {
				resource: 'account',
				operation: 'get',
				userId: { __rl: true, mode: 'id', value: 'self' },
			},
			credentials: {
				faxPlusApi: { accessToken: 'pat_rate_limit_test', baseUrl: `${origin}/${mode}/v3` },
			},
		});
		expect(error).toBeUndefined();
		expect(items).toHaveLength(1);
		const times = arrivals.get(mode) ?? [];
		expect(times).toHaveLength(2);
		return times;
	}

	it('waits the delay-seconds it names', async () => {
		const [first, second] = await run('seconds', '1');
		expect(second - first).toBeGreaterThanOrEqual(1000 - CLOCK_SLACK_MS);
	});

	it('waits until the HTTP date it names (further off than the default second)', async () => {
		const until = Math.ceil(Date.now() / 1000) * 1000 + 2000;
		const [, second] = await run('date', new Date(until).toUTCString());
		expect(second).toBeGreaterThanOrEqual(until - CLOCK_SLACK_MS);
	});

	it('sends again at once for an HTTP date already past, never a negative wait', async () => {
		await run('past', new Date(Date.now() - 60_000).toUTCString());
		expect(waits()).toEqual([0]);
	});

	it.each(['soon', '-1', '1.5'])('waits the default second for "%s"', async (header) => {
		const [first, second] = await run(`unreadable${header}`, header);
		expect(waits()).toEqual([1000]);
		expect(second - first).toBeGreaterThanOrEqual(1000 - CLOCK_SLACK_MS);
	});
});
