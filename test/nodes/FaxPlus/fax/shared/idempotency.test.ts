// Send → Idempotency Key, through n8n-core's real processed-data service (an in-memory database).
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	patCredentials,
	runOperation,
	useFaxPlusServer,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { runFaxPlusNode } from '../../../../support/n8n-harness';
import { FaultProxy } from '../../../../support/fault-proxy';
import { useProcessedDataStore, type ProcessedDataStore } from '../../../../support/processed-data';
import { KEY_TAG_PREFIX } from '../../../../../nodes/FaxPlus/fax/shared/idempotency';

const send = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	from: '+15551230001',
	to: '+15551234567, +4930123456',
	documentSource: 'text',
	documentText: 'Lab results for order 42',
};

const outboxPosts = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox');
const uploads = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/files');

async function sendOk(server: FaxPlusServer, parameters: IDataObject, asTool = false) {
	const result = await runOperation(server, { ...send, ...parameters }, { asTool });
	if (result.error) throw new Error(`${result.error.message} (${result.error.description ?? ''})`);
	return result.items.map((item) => item.json);
}

describe('Fax → Send: Idempotency Key', () => {
	const server = useFaxPlusServer();
	let store: ProcessedDataStore;
	beforeEach(() => {
		store = useProcessedDataStore();
	});

	it('sends a key once: the repeat makes no upload and no outbox request and answers the first outbox IDs', async () => {
		const [first] = await sendOk(server(), { options: { idempotencyKey: 'order-42' } });
		const [second] = await sendOk(server(), { options: { idempotencyKey: 'order-42' } });

		expect(outboxPosts(server())).toHaveLength(1);
		expect(uploads(server())).toHaveLength(1);
		expect(first.duplicate).toBeUndefined();
		expect(Object.keys(first.ids as IDataObject)).toEqual(['+15551234567', '+4930123456']);
		const tag = first.commentTag as string;
		expect(tag.startsWith(KEY_TAG_PREFIX)).toBe(true);
		expect(outboxPosts(server())[0].body.comment).toEqual({ tags: [tag] });
		expect(second).toMatchObject({
			duplicate: true,
			idempotencyKey: 'order-42',
			ids: first.ids,
			commentTag: tag,
		});
		// The key itself never reaches Fax.Plus, only a hash of it.
		expect(JSON.stringify(server().requests.map((r) => r.body))).not.toContain('order-42');
	});

	it('keeps the comment and its tags beside the key tag; another key sends again', async () => {
		await sendOk(server(), {
			options: { idempotencyKey: 'a', comment: 'Results', commentTags: 'lab' },
		});
		await sendOk(server(), { options: { idempotencyKey: 'b' } });
		const [firstPost, secondPost] = outboxPosts(server());
		expect(firstPost.body.comment.text).toBe('Results');
		expect(firstPost.body.comment.tags[0]).toBe('lab');
		expect(firstPost.body.comment.tags[1]).toMatch(new RegExp(`^${KEY_TAG_PREFIX}`));
		expect(secondPost).toBeDefined();
	});

	it('says duplicate with the fax gone from the outbox, pointing at the sent list', async () => {
		const [first] = await sendOk(server(), { options: { idempotencyKey: 'k' } });
		for (const id of Object.values(first.ids as Record<string, string>))
			await fetch(`${server().origin}/_control/outbox/finish`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ id }),
			});
		const [second] = await sendOk(server(), { options: { idempotencyKey: 'k' } });
		expect(second).toMatchObject({ duplicate: true, ids: {} });
		expect(second.message).toContain('category "sent"');
		expect(outboxPosts(server())).toHaveLength(1);
	});

	it('sends once when two executions with the same key run at the same time', async () => {
		const results = await Promise.all([
			sendOk(server(), { options: { idempotencyKey: 'together' } }),
			sendOk(server(), { options: { idempotencyKey: 'together' } }),
		]);
		expect(outboxPosts(server())).toHaveLength(1);
		expect(results.map(([item]) => item.duplicate === true).sort()).toEqual([false, true]);
	});

	it('sends once for two items of one execution with the same key', async () => {
		const result = await runOperation(
			server(),
			{ ...send, options: { idempotencyKey: '={{ $json.orderId }}' } },
			{ items: [{ json: { orderId: 7 } }, { json: { orderId: 7 } }, { json: { orderId: 8 } }] },
		);
		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.duplicate === true)).toEqual([false, true, false]);
		expect(outboxPosts(server())).toHaveLength(2);
	});

	it('frees the key when Fax.Plus refuses the send, so a corrected retry sends', async () => {
		const refused = await runOperation(server(), {
			...send,
			from: '+15559999999',
			options: { idempotencyKey: 'retry-me' },
		});
		expect(refused.error?.message).toBeDefined();
		expect(outboxPosts(server())[0].status).toBe(400);
		const [sent] = await sendOk(server(), { options: { idempotencyKey: 'retry-me' } });
		expect(sent.duplicate).toBeUndefined();
		expect(outboxPosts(server()).filter((r) => r.status === 201)).toHaveLength(1);
	});

	describe('when the answer to the send is lost', () => {
		let proxy: FaultProxy;
		beforeEach(async () => {
			proxy = await FaultProxy.start(server().origin);
		});
		afterEach(async () => await proxy.close());

		const viaProxy = async (parameters: IDataObject) =>
			await runFaxPlusNode({
				parameters: { authentication: 'accessToken', ...send, ...parameters },
				credentials: {
					faxPlusApi: { ...patCredentials(server()).faxPlusApi, baseUrl: proxy.baseUrl },
				},
			});

		it('finds the first fax by its tag and does not send again', async () => {
			proxy.failNext({
				lose: true,
				matches: (r) => r.method === 'POST' && r.path.endsWith('/outbox'),
			});
			const lost = await viaProxy({ options: { idempotencyKey: 'lost' } });
			expect(lost.error).toBeDefined();
			expect(outboxPosts(server())).toHaveLength(1);
			expect(outboxPosts(server())[0].status).toBe(201);

			const retried = await viaProxy({ options: { idempotencyKey: 'lost' } });
			expect(retried.error).toBeUndefined();
			expect(retried.items[0].json).toMatchObject({ duplicate: true });
			expect(Object.keys(retried.items[0].json.ids as IDataObject)).toEqual([
				'+15551234567',
				'+4930123456',
			]);
			expect(outboxPosts(server())).toHaveLength(1);
		});

		it('refuses to send when the lost fax already left the outbox (the remaining window)', async () => {
			proxy.failNext({
				lose: true,
				matches: (r) => r.method === 'POST' && r.path.endsWith('/outbox'),
			});
			await viaProxy({ options: { idempotencyKey: 'gone' } });
			for (const id of Object.keys(server().state.outbox).filter((id) => id !== 'outbox_1'))
				await fetch(`${server().origin}/_control/outbox/finish`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ id }),
				});
			const retried = await viaProxy({ options: { idempotencyKey: 'gone' } });
			expect(retried.error?.message).toContain('did not finish');
			expect(retried.error?.description).toContain('use a new key');
			expect(outboxPosts(server())).toHaveLength(1);
		});
	});

	it('refuses a keyed send when the processed-data store is unreachable, before any upload', async () => {
		store.fail();
		const result = await runOperation(server(), { ...send, options: { idempotencyKey: 'x' } });
		expect(result.error?.message).toContain("n8n's record of sent keys could not be used");
		expect(result.error?.description).toContain('Nothing was sent');
		expect(apiRequests(server())).toEqual([]);
	});

	describe('as an AI tool', () => {
		it('uses a default key from numbers, From and documents: a repeat is not sent again', async () => {
			const [first] = await sendOk(server(), {}, true);
			const [second] = await sendOk(server(), {}, true);
			expect(outboxPosts(server())).toHaveLength(1);
			expect(first.duplicate).toBeUndefined();
			expect(second).toMatchObject({ duplicate: true, ids: first.ids });
			expect(second.idempotencyKey).toBeUndefined();
		});

		it('sends other documents, and the same ones when the window is 0', async () => {
			await sendOk(server(), {}, true);
			await sendOk(server(), { documentText: 'Another letter' }, true);
			await sendOk(server(), { options: { toolKeyWindowHours: 0 } }, true);
			await sendOk(server(), { options: { toolKeyWindowHours: 0 } }, true);
			expect(outboxPosts(server())).toHaveLength(4);
		});

		it('keeps no key for a workflow node without Idempotency Key', async () => {
			await sendOk(server(), {});
			await sendOk(server(), {});
			expect(outboxPosts(server())).toHaveLength(2);
			expect(store.calls).toBe(0);
		});
	});
});
