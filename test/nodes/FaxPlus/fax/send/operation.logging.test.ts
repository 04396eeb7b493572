// What Send tells the operator (n8n's log, through n8n-core's real execute context) and saves
// with the execution (custom data): uploads and outbox IDs at debug, a duplicate answered by
// its key or a manual run's repeat, a 429 that used up its retries and an Idempotency Key that
// could not be recorded as warnings.
import type { IDataObject } from 'n8n-workflow';
import {
	patCredentials,
	runOperation,
	useFaxPlusServer,
	type RunOptions,
} from '../../../../support/faxplus';
import { FaultProxy } from '../../../../support/fault-proxy';
import { useCapturedLogs } from '../../../../support/log-capture';
import { runFaxPlusNode } from '../../../../support/n8n-harness';
import { useProcessedDataStore, type ProcessedDataStore } from '../../../../support/processed-data';

const send = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	from: '+15551230001',
	to: '+15551234567, +4930123456',
	documentSource: 'text',
	documentText: 'Lab results for order 42',
};

describe('Fax → Send: what it logs and saves with the execution', () => {
	const server = useFaxPlusServer();
	const logs = useCapturedLogs();
	let store: ProcessedDataStore;
	beforeEach(() => {
		store = useProcessedDataStore();
	});

	const sendOk = async (parameters: IDataObject = {}, options: RunOptions = {}) => {
		const result = await runOperation(server(), { ...send, ...parameters }, options);
		if (result.error)
			throw new Error(`${result.error.message} (${result.error.description ?? ''})`);
		return result;
	};

	it('says at debug what it uploaded and which outbox faxes it created; the execution carries them', async () => {
		const result = await sendOk();
		const ids = result.items.map((item) => item.json.outboxFaxId as string);
		expect(ids).toHaveLength(2);
		expect(logs.ours().map((line) => [line.level, line.meta.event])).toEqual([
			['debug', 'send_uploaded'],
			['debug', 'send_created'],
		]);
		expect(logs.ours('debug')[1].message).toContain(
			`Send created outbox fax(es) ${ids.join(', ')}`,
		);
		// By default the IDs only: custom data is beyond n8n's execution data redaction.
		expect(result.run.data.resultData.metadata).toEqual({ faxOutboxIds: ids.join(', ') });
		expect(JSON.stringify(logs.lines)).not.toContain(server().tokens.pat);
		expect(JSON.stringify(logs.lines)).not.toContain('Lab results');
	});

	it('with Save Numbers in Custom Data on, also the numbers', async () => {
		const result = await sendOk({ options: { saveNumbersInCustomData: true } });
		expect(result.run.data.resultData.metadata).toEqual({
			faxOutboxIds: expect.any(String),
			faxFrom: '+15551230001',
			faxTo: '+15551234567, +4930123456',
		});
	});

	it('a duplicate answered by its Idempotency Key is a debug line, never the key', async () => {
		await sendOk({ options: { idempotencyKey: 'order-4242' } });
		logs.clear();
		const repeat = await sendOk({ options: { idempotencyKey: 'order-4242' } });
		expect(repeat.items[0].json).toMatchObject({ duplicate: true });
		expect(logs.ours().map((line) => [line.level, line.meta.event])).toEqual([
			['debug', 'send_duplicate'],
		]);
		expect(JSON.stringify(logs.lines)).not.toContain('order-4242');
	});

	it("a manual run's repeat, answered with the fax queued before, is the same debug line", async () => {
		await sendOk({}, { mode: 'manual' });
		logs.clear();
		const repeat = await sendOk({}, { mode: 'manual' });
		expect(repeat.items[0].json).toMatchObject({ duplicate: true });
		expect(logs.ours().map((line) => [line.level, line.meta.event])).toEqual([
			['debug', 'send_duplicate'],
		]);
	});

	describe('through a proxy that fails requests', () => {
		let proxy: FaultProxy;
		beforeEach(async () => {
			proxy = await FaultProxy.start(server().origin);
		});
		afterEach(async () => await proxy.close());

		const viaProxy = async (parameters: IDataObject = {}) =>
			await runFaxPlusNode({
				parameters: { authentication: 'accessToken', ...send, ...parameters },
				credentials: {
					faxPlusApi: { ...patCredentials(server()).faxPlusApi, baseUrl: proxy.baseUrl },
				},
			});

		it('a 429 that outlasts its three retries is a warning naming the request; the waits are debug', async () => {
			proxy.failNext({ status: 429, headers: { 'retry-after': '0' } }, 4);
			const result = await viaProxy();
			expect(result.error).toBeDefined();
			expect(
				logs.ours('debug').filter((line) => line.meta.event === 'rate_limit_wait'),
			).toHaveLength(3);
			expect(logs.ours('warn').map((line) => line.message)).toEqual([
				expect.stringMatching(
					new RegExp(
						`^Fax\\.Plus: Fax\\.Plus answered 429 \\(rate limit\\) to POST ${proxy.baseUrl.replace(/\./g, '\\.')}/accounts/self/files after 3 retries; the request failed\\. Lower Items at Once`,
					),
				),
			]);
		});

		it("an Idempotency Key's in-flight mark that could not be cleared once the fax was sent: sent, nothing to warn (Fax.Plus holds the key)", async () => {
			proxy.failNext({
				matches: (request) => {
					// The store becomes unreachable while Fax.Plus creates the fax.
					if (request.method === 'POST' && request.path.endsWith('/outbox')) store.fail();
					return false;
				},
			});
			const result = await viaProxy({ options: { idempotencyKey: 'order-7' } });
			expect(result.error).toBeUndefined();
			expect(logs.ours('warn')).toEqual([]);
			expect(JSON.stringify(logs.lines)).not.toContain('order-7');
		});
	});
});
