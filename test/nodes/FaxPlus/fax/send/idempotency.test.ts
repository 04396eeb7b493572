// Send → Idempotency Key, against the local Fax.Plus server (the record of what was sent) and
// n8n-core's real processed-data service (an in-memory database read then written without a
// lock, as n8n's is); another process's writes are played into it.
import { sleep, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import {
	apiRequests,
	patCredentials,
	runOperation,
	useFaxPlusServer,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { startFaxPlusServer, type FaxRecord } from '../../../../server';
import { runFaxPlusNode } from '../../../../support/n8n-harness';
import { FaultProxy } from '../../../../support/fault-proxy';
import {
	hashOf,
	useProcessedDataStore,
	type ProcessedDataStore,
} from '../../../../support/processed-data';
import { KEY_TAG_PREFIX } from '../../../../../nodes/FaxPlus/shared/idempotencyKeyMarker';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the local server's own record shape (CommonJS)
const { fax } = require('../../../../server/seed') as { fax: (f: IDataObject) => FaxRecord };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { faxTime } = require('../../../../server/util') as { faxTime: (ms: number) => string };

const send = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	from: '+15551230001',
	to: '+15551234567, +4930123456',
	documentSource: 'text',
	documentText: 'Lab results for order 42',
};

/** How long an in-flight mark lasts at most (docs/sending.md: two 30-second windows). */
const MARK_LASTS_MS = 60_000;

/** The node's record in the store (scope node, the harness's node and workflow IDs). */
const NODE_ROW = 'test-workflow|n:faxplus-node';

const outboxPosts = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox');
const accepted = (server: FaxPlusServer) => outboxPosts(server).filter((r) => r.status === 201);
const uploads = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/files');
const isOutboxPost = (r: { method: string; path: string }) =>
	r.method === 'POST' && r.path.endsWith('/outbox');

/**
 * Send's items (one per destination) folded back into one answer per input item, its outbox IDs
 * (`ids`) and sent fax IDs (`faxIds`) by number, as the key's checks read a send.
 */
function perSend(items: INodeExecutionData[]): IDataObject[] {
	const sends = new Map<number, IDataObject>();
	items.forEach((item, index) => {
		const input = (item.pairedItem as { item: number } | undefined)?.item ?? index;
		const { outboxFaxId, faxId, to, ...rest } = item.json;
		const answer: IDataObject = sends.get(input) ?? { ...rest, ids: {}, faxIds: {} };
		if (typeof outboxFaxId === 'string') (answer.ids as IDataObject)[String(to)] = outboxFaxId;
		if (typeof faxId === 'string') (answer.faxIds as IDataObject)[String(to)] = faxId;
		sends.set(input, answer);
	});
	return [...sends.values()];
}

/** As a tool, one its author let an agent run (a tool sends only then). */
async function sendOk(server: FaxPlusServer, parameters: IDataObject, asTool = false) {
	const result = await runOperation(
		server,
		{ ...send, ...(asTool && { agentMayRun: true }), ...parameters },
		{ asTool },
	);
	if (result.error) throw new Error(`${result.error.message} (${result.error.description ?? ''})`);
	return perSend(result.items);
}

async function sendAs(server: FaxPlusServer, nodeId: string, parameters: IDataObject) {
	const result = await runFaxPlusNode({
		parameters: { authentication: 'accessToken', ...send, ...parameters },
		credentials: patCredentials(server),
		nodeId,
	});
	if (result.error) throw new Error(`${result.error.message} (${result.error.description ?? ''})`);
	return perSend(result.items);
}

/** Fax.Plus sends the outbox faxes: they leave the outbox for the sent list. */
async function finishAll(server: FaxPlusServer, status = 'success') {
	for (const id of Object.keys(server.state.outbox))
		await fetch(`${server.origin}/_control/outbox/finish`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id, status }),
		});
}

/** Runs `run` with the clock past the in-flight marks' lifetime: what Fax.Plus lists decides. */
async function afterMarksExpire<T>(run: () => Promise<T>): Promise<T> {
	const start = Date.now();
	const now = jest.spyOn(Date, 'now').mockImplementation(() => start + MARK_LASTS_MS);
	try {
		return await run();
	} finally {
		now.mockRestore();
	}
}

/** Runs `run` with the clock standing at the moment it starts: no mark expires meanwhile. */
async function atOneMoment<T>(run: () => Promise<T>): Promise<T> {
	const start = Date.now();
	const now = jest.spyOn(Date, 'now').mockImplementation(() => start);
	try {
		return await run();
	} finally {
		now.mockRestore();
	}
}

/** The sent faxes whose comment carries the marker. */
const sentWith = (server: FaxPlusServer, tag: unknown) =>
	Object.values(server.state.faxes)
		.filter((fax) => String(fax.comment ?? '').includes(String(tag)))
		.map((fax) => fax.id as string)
		.sort();

describe('Fax → Send: Idempotency Key', () => {
	const server = useFaxPlusServer();
	let store: ProcessedDataStore;
	beforeEach(() => {
		store = useProcessedDataStore();
	});
	const row = () => store.rows.get(NODE_ROW)?.data ?? [];
	/**
	 * What the node's record holds, by kind: a sent key leaves its entries for this Key Lifetime
	 * period and the one before (used, with its parts, its outbox request made) and its two
	 * in-flight marks (they expire), no nonce.
	 */
	const kinds = () =>
		store
			.recordedNodeValues('test-workflow', 'faxplus-node')
			.map((value) => value.split(':')[2])
			.sort();
	const SENT_KEY = ['flight', 'flight', 'posting', 'posting', 'used', 'used'];

	it('sends a key once: the repeat makes no upload and no outbox request and answers the outbox IDs', async () => {
		const [first] = await sendOk(server(), { options: { idempotencyKey: 'order-42' } });
		const [second] = await sendOk(server(), { options: { idempotencyKey: 'order-42' } });

		expect(outboxPosts(server())).toHaveLength(1);
		expect(uploads(server())).toHaveLength(1);
		expect(first.duplicate).toBeUndefined();
		const tag = first.commentTag as string;
		expect(tag.startsWith(KEY_TAG_PREFIX)).toBe(true);
		expect(outboxPosts(server())[0].body.comment).toEqual({ text: tag, tags: [tag] });
		expect(second).toMatchObject({
			duplicate: true,
			idempotencyKey: 'order-42',
			ids: first.ids,
			faxIds: {},
			commentTag: tag,
		});
		// When Fax.Plus took the first send's fax, as Send's own item names it.
		expect(second.queuedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		// The key itself never reaches Fax.Plus, only an HMAC of it.
		expect(JSON.stringify(server().requests.map((r) => r.body))).not.toContain('order-42');
		// The key stays in n8n's record (its marks expire); the nonce goes.
		expect(kinds()).toEqual(SENT_KEY);
	});

	it('keeps the comment and its tags beside the marker; another key sends again', async () => {
		await sendOk(server(), {
			options: { idempotencyKey: 'a', comment: 'Results', commentTags: 'lab' },
		});
		await sendOk(server(), { options: { idempotencyKey: 'b' } });
		const [firstPost, secondPost] = outboxPosts(server());
		const tag = firstPost.body.comment.tags[1] as string;
		expect(firstPost.body.comment).toEqual({ text: `Results\n${tag}`, tags: ['lab', tag] });
		expect(secondPost.status).toBe(201);
	});

	it('after the fax left the outbox, finds it in the sent faxes (their comment keeps the text) and names it', async () => {
		const [first] = await sendOk(server(), { options: { idempotencyKey: 'k' } });
		await finishAll(server());
		const [second] = await sendOk(server(), { options: { idempotencyKey: 'k' } });
		expect(second).toMatchObject({ duplicate: true, ids: {}, commentTag: first.commentTag });
		expect(Object.keys(second.faxIds as IDataObject).sort()).toEqual([
			'+15551234567',
			'+4930123456',
		]);
		expect(sentWith(server(), first.commentTag)).toHaveLength(2);
		expect(Object.values(second.faxIds as IDataObject).sort()).toEqual(
			sentWith(server(), first.commentTag),
		);
		expect(outboxPosts(server())).toHaveLength(1);
	});

	it('where Fax.Plus drops the comment of a sent fax, a repeat after the fax left the outbox is refused, naming the key: never faxed again (docs/sending.md)', async () => {
		server().setReadings({ sentComment: 'drops' });
		await sendOk(server(), { options: { idempotencyKey: 'k' } });
		expect((await sendOk(server(), { options: { idempotencyKey: 'k' } }))[0].duplicate).toBe(true);
		await finishAll(server());
		const again = await afterMarksExpire(
			async () => await runOperation(server(), { ...send, options: { idempotencyKey: 'k' } }),
		);
		expect(again.error?.message).toBe(
			'Idempotency Key "k" was already sent by this node, and Fax.Plus no longer shows its fax: use a new Idempotency Key to send it again',
		);
		expect(again.error?.description).toMatch(/^Nothing was sent\..*use a new key\.$/);
		expect(accepted(server())).toHaveLength(1);
		expect(uploads(server())).toHaveLength(1);
		// Positive control: the same under the other reading answers the sent fax.
		server().setReadings({ sentComment: 'keepsText' });
		const [kept] = await sendOk(server(), { options: { idempotencyKey: 'kept' } });
		await finishAll(server());
		const [named] = await afterMarksExpire(
			async () => await sendOk(server(), { options: { idempotencyKey: 'kept' } }),
		);
		expect(named).toMatchObject({ duplicate: true, commentTag: kept.commentTag });
		expect(Object.values(named.faxIds as IDataObject).sort()).toEqual(
			sentWith(server(), kept.commentTag),
		);
		expect(accepted(server())).toHaveLength(2);
	});

	it('sends once when three executions with the same key run at the same time', async () => {
		const results = await Promise.all(
			[1, 2, 3].map(() => sendOk(server(), { options: { idempotencyKey: 'together' } })),
		);
		expect(outboxPosts(server())).toHaveLength(1);
		expect(results.map(([item]) => item.duplicate === true).sort()).toEqual([false, true, true]);
		// A loser's removal of its nonce, or of an in-flight mark of its own (claims either side of a
		// mark window's end write different marks), can be undone by a concurrent write of the same
		// row (the store has no lock). A leftover nonce means nothing and a mark only delays a repeat
		// until it expires: the key's used and posting entries hold it.
		const held = kinds().filter((kind) => kind !== 'nonce');
		expect(held.filter((kind) => kind !== 'flight')).toEqual(
			SENT_KEY.filter((kind) => kind !== 'flight'),
		);
		expect(held.filter((kind) => kind === 'flight').length).toBeGreaterThanOrEqual(2);
	});

	it('sends once for two items of one execution with the same key', async () => {
		const result = await runOperation(
			server(),
			{ ...send, options: { idempotencyKey: '={{ $json.orderId }}' } },
			{ items: [{ json: { orderId: 7 } }, { json: { orderId: 7 } }, { json: { orderId: 8 } }] },
		);
		expect(result.error).toBeUndefined();
		expect(perSend(result.items).map((answer) => answer.duplicate === true)).toEqual([
			false,
			true,
			false,
		]);
		expect(outboxPosts(server())).toHaveLength(2);
	});

	it('frees the key when Fax.Plus refuses the send (400), so a corrected retry sends', async () => {
		const refused = await runOperation(server(), {
			...send,
			from: '+15559999999',
			options: { idempotencyKey: 'retry-me' },
		});
		expect(refused.error?.message).toBeDefined();
		expect(outboxPosts(server())[0].status).toBe(400);
		const [sent] = await sendOk(server(), { options: { idempotencyKey: 'retry-me' } });
		expect(sent.duplicate).toBeUndefined();
		expect(accepted(server())).toHaveLength(1);
		expect(kinds()).toEqual(SENT_KEY);
	});

	describe('binds a key to its send (a key reused with other content is refused)', () => {
		const key = { idempotencyKey: 'order-42' };
		it.each([
			['the destinations', { to: '+15551234567' }, 'the destinations (To) differ'],
			['From', { from: '+15551230002' }, 'From differs'],
			['the documents', { documentText: 'Another letter' }, 'the documents differ'],
			[
				'a cover page',
				{ options: { ...key, coverPage: { subject: 'Urgent' } } },
				'the options that change the fax (Cover Page, Send At, Retry Count, Retry Delay, Text Enhancement, Upload Format) differ',
			],
			[
				'the numbers and the documents',
				{ to: '+4930123456', documentText: 'Another letter' },
				'the destinations (To) and the documents differ',
			],
		])(
			'%s: refused before any upload, naming the key, what differs and the fax found',
			async (_what, change, differs) => {
				const [first] = await sendOk(server(), { options: key });
				const before = server().requests.length;
				const other = { options: key, ...change };
				const refused = await runOperation(server(), { ...send, ...other });
				expect(refused.error?.message).toContain(
					`Idempotency Key "order-42" was already used for another send: ${differs}`,
				);
				expect(refused.error?.description).toContain('Nothing was sent');
				expect(refused.error?.description).toContain(
					`outbox ${Object.values(first.ids as IDataObject)[0] as string}`,
				);
				expect(
					server()
						.requests.slice(before)
						.filter((r) => r.method !== 'GET'),
				).toEqual([]);
				const [again] = await sendOk(server(), { options: key });
				expect(again).toMatchObject({ duplicate: true, ids: first.ids });
				expect(outboxPosts(server())).toHaveLength(1);
			},
		);

		it('a comment or Wait for Final Status is not part of the send: the same key answers duplicate', async () => {
			await sendOk(server(), { options: key });
			const [second] = await sendOk(server(), {
				options: { ...key, comment: 'Second try', commentTags: 'retry', maxStatusChecks: 3 },
			});
			expect(second.duplicate).toBe(true);
			expect(outboxPosts(server())).toHaveLength(1);
		});

		it('refuses Comment Tags that start with the marker prefix, before any request', async () => {
			const result = await runOperation(server(), {
				...send,
				options: { commentTags: `lab, ${KEY_TAG_PREFIX}0123456789abcdef01234567` },
			});
			expect(result.error?.message).toContain(`starts with "${KEY_TAG_PREFIX}"`);
			expect(apiRequests(server())).toEqual([]);
		});
	});

	describe('finding 1: a write of another key or process cannot make a key send twice', () => {
		it('the record as a stale write of another key leaves it: the repeat finds the sent fax and names it', async () => {
			const stale = structuredClone([...store.rows]);
			const [first] = await sendOk(server(), { options: { idempotencyKey: 'done' } });
			await finishAll(server());
			// Another process read the record before this send and writes it back now: the key is gone
			// from it. Fax.Plus lists the fax among the newest sent faxes, which every keyed send reads.
			expect(kinds()).toEqual(SENT_KEY);
			store.rows.clear();
			for (const [key, value] of stale) store.rows.set(key, value);
			expect(kinds()).toEqual([]);
			const [repeat] = await sendOk(server(), { options: { idempotencyKey: 'done' } });
			expect(repeat.duplicate).toBe(true);
			expect(sentWith(server(), first.commentTag)).toHaveLength(2);
			expect(Object.values(repeat.faxIds as IDataObject).sort()).toEqual(
				sentWith(server(), first.commentTag),
			);
			expect(outboxPosts(server())).toHaveLength(1);
		});

		it("the queue suite's stale write: a claim written once another send's claim was erased, just before that send's fax is listed, finds the fax in its look (which follows the claim) and faxes nothing", async () => {
			const [first] = await sendOk(server(), { options: { idempotencyKey: 'erased' } });
			// That send's outbox request has not landed yet, and a stale write erased its claim.
			const ids = Object.values(first.ids as Record<string, string>);
			const faxes = ids.map((id) => ({ ...server().state.outbox[id] }));
			for (const id of ids) delete server().state.outbox[id];
			store.rows.delete(NODE_ROW);
			server().clearRequests();
			// It lands just after the repeat's claim is written.
			store.afterRecord = (_items, key) => {
				if (key !== NODE_ROW || faxes.length === 0) return;
				for (const fax of faxes.splice(0)) server().state.outbox[String(fax.id)] = fax;
			};
			const [repeat] = await sendOk(server(), { options: { idempotencyKey: 'erased' } });
			expect(repeat).toMatchObject({ duplicate: true, commentTag: first.commentTag });
			expect(Object.values(repeat.ids as IDataObject).sort()).toEqual(ids.sort());
			expect(outboxPosts(server())).toHaveLength(0);
		});

		it('a write of another key drops the claim between its write and its read-back: written again and read back once more before it sends', async () => {
			let dropped = false;
			// What the node's record holds each time the claim is written, and when the fax is requested.
			const held: string[][] = [];
			store.afterRecord = (items, key) => {
				if (key !== NODE_ROW) return;
				held.push(kinds());
				if (dropped) return;
				dropped = true;
				store.rows.set(NODE_ROW, { mode: 'entries', data: [] });
			};
			const [item] = await sendOk(server(), { options: { idempotencyKey: 'dropped' } });
			expect(item.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(1);
			// The claim, dropped; the read-back writes it again; a second read-back finds it whole.
			const claim = ['flight', 'flight', 'nonce', 'used', 'used'];
			const readBack = [...claim, 'posting', 'posting'].sort();
			expect(held).toEqual([claim, readBack, readBack]);
			// Positive control: without the drop, one read-back.
			store.afterRecord = (_items, key) => key === NODE_ROW && held.push(kinds());
			held.length = 0;
			await sendOk(server(), { documentText: 'Another', options: { idempotencyKey: 'kept' } });
			expect(held.filter((kind) => kind.includes('nonce'))).toHaveLength(2);
		});
	});

	it('writes of other keys that drop the claim again and again delay the send, never refuse it as in flight', async () => {
		let drops = 0;
		store.afterRecord = (_items, key) => {
			if (key !== NODE_ROW || drops === 4) return;
			drops++;
			store.rows.set(NODE_ROW, { mode: 'entries', data: [] });
		};
		const [item] = await sendOk(server(), { options: { idempotencyKey: 'busy-row' } });
		expect(drops).toBe(4);
		expect(item.duplicate).toBeUndefined();
		expect(outboxPosts(server())).toHaveLength(1);
	});

	describe('finding 2: a refusal records nothing', () => {
		it('with the clean-up of the record failing, the refused content is refused again, never a duplicate', async () => {
			await sendOk(server(), { options: { idempotencyKey: 'K' } });
			const before = structuredClone(row());
			store.removeProcessed = async () => {
				throw new Error('connection terminated');
			};
			for (let i = 0; i < 2; i++) {
				const refused = await runOperation(server(), {
					...send,
					documentText: 'Document B',
					options: { idempotencyKey: 'K' },
				});
				expect(refused.error?.message).toContain('the documents differ');
			}
			// The claim is written before the look: what its failed clean-up left (marks, a nonce,
			// the refused parts) is no send; the refused content is still refused after the marks expire.
			expect(row()).not.toEqual(before);
			const later = await afterMarksExpire(
				async () =>
					await runOperation(server(), {
						...send,
						documentText: 'Document B',
						options: { idempotencyKey: 'K' },
					}),
			);
			expect(later.error?.message).toMatch(/was already (used for another send|sent by this node)/);
			// Positive control: the content sent with K answers duplicate.
			expect((await sendOk(server(), { options: { idempotencyKey: 'K' } }))[0].duplicate).toBe(
				true,
			);
			expect(outboxPosts(server())).toHaveLength(1);
		});
	});

	describe('finding 3: a send that never reached Fax.Plus leaves its key free', () => {
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

		it('n8n stopped during the upload: the claim it leaves holds the key in flight; once its mark expired, the retry sends (no outbox request was made)', async () => {
			proxy.failNext({
				hang: true,
				matches: (r) => r.method === 'POST' && r.path.endsWith('/files'),
			});
			const run = viaProxy({ options: { idempotencyKey: 'killed' } });
			while (!proxy.seen.some((r) => r.path.endsWith('/files'))) await sleep(5);
			// The database as a kill at this moment leaves it.
			const leftAtKill = structuredClone([...store.rows]);
			await proxy.close();
			await run;
			store.rows.clear();
			for (const [key, value] of leftAtKill) store.rows.set(key, value);
			expect(kinds()).toEqual(['flight', 'flight', 'nonce', 'used', 'used']);
			const [retried] = await afterMarksExpire(
				async () => await sendOk(server(), { options: { idempotencyKey: 'killed' } }),
			);
			expect(retried.duplicate).toBeUndefined();
			expect(accepted(server())).toHaveLength(1);
		});

		it("an upload that outlasts the in-flight mark: the retry that claims the key again faxes, and the first send, finding that send's outbox request recorded, answers its fax", async () => {
			let upload!: () => void;
			proxy.failNext({
				until: new Promise<void>((resolve) => (upload = resolve)),
				matches: (r) => r.method === 'POST' && r.path.endsWith('/files'),
			});
			const slow = viaProxy({ options: { idempotencyKey: 'slow' } });
			while (!proxy.seen.some((r) => r.path.endsWith('/files'))) await sleep(5);
			const [retried] = await afterMarksExpire(
				async () => await sendOk(server(), { options: { idempotencyKey: 'slow' } }),
			);
			expect(retried.duplicate).toBeUndefined();
			// The first send reads back past its marks too.
			const first = await afterMarksExpire(async () => {
				upload();
				return await slow;
			});
			expect(first.error).toBeUndefined();
			expect(perSend(first.items)[0]).toMatchObject({ duplicate: true });
			expect(accepted(server())).toHaveLength(1);
		});

		it('the outbox request answered 429 until its retries ran out: Fax.Plus took nothing, so the key is freed and the retry sends', async () => {
			proxy.failNext({ status: 429, headers: { 'retry-after': '1' }, matches: isOutboxPost }, 4);
			const limited = await viaProxy({ options: { idempotencyKey: 'limited' } });
			expect(limited.error).toBeDefined();
			expect(outboxPosts(server())).toHaveLength(0);
			const [retried] = await sendOk(server(), { options: { idempotencyKey: 'limited' } });
			expect(retried.duplicate).toBeUndefined();
			expect(accepted(server())).toHaveLength(1);
		});

		it('the outbox request refused (ECONNREFUSED): the key is freed and the retry sends', async () => {
			let writes = 0;
			store.afterRecord = (_items, key) => {
				// The claim is written and read back: the outbox request comes next, to a closed port.
				if (key === NODE_ROW && ++writes === 2) void proxy.close();
			};
			// Both sends at one moment: the in-flight marks cannot expire, so a retry that sends found
			// the key freed.
			await atOneMoment(async () => {
				const refused = await viaProxy({ options: { idempotencyKey: 'refused' } });
				expect(refused.error).toBeDefined();
				expect(outboxPosts(server())).toHaveLength(0);
				store.afterRecord = undefined;
				const [retried] = await sendOk(server(), { options: { idempotencyKey: 'refused' } });
				expect(retried.duplicate).toBeUndefined();
			});
			expect(accepted(server())).toHaveLength(1);
			expect(kinds()).toEqual(SENT_KEY);
		});

		it('a lost answer: the retry finds the fax in the outbox and does not send again', async () => {
			proxy.failNext({ lose: true, matches: isOutboxPost });
			const lost = await viaProxy({ options: { idempotencyKey: 'lost' } });
			expect(lost.error).toBeDefined();
			expect(accepted(server())).toHaveLength(1);
			const retried = await viaProxy({ options: { idempotencyKey: 'lost' } });
			expect(retried.error).toBeUndefined();
			expect(perSend(retried.items)[0]).toMatchObject({ duplicate: true });
			expect(Object.keys(perSend(retried.items)[0].ids as IDataObject)).toEqual([
				'+15551234567',
				'+4930123456',
			]);
			expect(outboxPosts(server())).toHaveLength(1);
		});

		it('an unknown outcome with no fax in Fax.Plus: once the mark expired, the retry is refused, naming the key (Fax.Plus may have sent it and dropped its comment)', async () => {
			proxy.failNext({ status: 502, matches: isOutboxPost });
			const failed = await viaProxy({ options: { idempotencyKey: 'unknown' } });
			expect(failed.error).toBeDefined();
			expect(row().length).toBeGreaterThan(0);
			const retried = await afterMarksExpire(
				async () =>
					await runOperation(server(), { ...send, options: { idempotencyKey: 'unknown' } }),
			);
			expect(retried.error?.message).toBe(
				'Idempotency Key "unknown" was already sent by this node, and Fax.Plus no longer shows its fax: use a new Idempotency Key to send it again',
			);
			expect(accepted(server())).toHaveLength(0);
		});

		it('a 409 after Fax.Plus took the fax is not "not sent": the repeat after it left the outbox answers duplicate', async () => {
			proxy.failNext({ answerStatus: 409, matches: isOutboxPost });
			const conflict = await viaProxy({ options: { idempotencyKey: 'conflict' } });
			expect(conflict.error).toBeDefined();
			await finishAll(server());
			const [repeat] = await sendOk(server(), { options: { idempotencyKey: 'conflict' } });
			expect(repeat.duplicate).toBe(true);
			expect(accepted(server())).toHaveLength(1);
		});
	});

	describe('finding 4 and what a key is: a text or a number, NFC-normalised, never empty', () => {
		it.each([
			['an object', { orderId: 1 }, 'not a value of type object'],
			['a list', ['x', 'y'], 'not a list'],
			['a boolean', true, 'not a value of type boolean'],
		])('%s is refused naming Idempotency Key, before any request', async (_what, value, says) => {
			const result = await runOperation(
				server(),
				{ ...send, options: { idempotencyKey: '={{ $json.key }}' } },
				{ items: [{ json: { key: value } }] },
			);
			expect(result.error?.message).toBe(`Idempotency Key must be a text or a number, ${says}`);
			expect(apiRequests(server())).toEqual([]);
		});

		it('two orders given as objects are never one key (both refused); their IDs as numbers send each', async () => {
			const items = [{ json: { order: { orderId: 1 } } }, { json: { order: { orderId: 3 } } }];
			const asObjects = await runOperation(
				server(),
				{ ...send, options: { idempotencyKey: '={{ $json.order }}' } },
				{ items, continueOnFail: true },
			);
			expect(perSend(asObjects.items).map((answer) => answer.duplicate)).toEqual([
				undefined,
				undefined,
			]);
			expect(outboxPosts(server())).toHaveLength(0);
			const byId = await runOperation(
				server(),
				{ ...send, options: { idempotencyKey: '={{ $json.order.orderId }}' } },
				{ items },
			);
			expect(byId.error).toBeUndefined();
			expect(accepted(server())).toHaveLength(2);
		});

		it.each([
			['empty', ''],
			['whitespace', ' \n'],
		])('an %s key with the option set is refused', async (_what, value) => {
			const result = await runOperation(server(), { ...send, options: { idempotencyKey: value } });
			expect(result.error?.message).toBe('Idempotency Key is empty');
			expect(apiRequests(server())).toEqual([]);
		});

		it('NFC and NFD spellings are one key; a trailing newline makes another', async () => {
			await sendOk(server(), { options: { idempotencyKey: 'Müller' } });
			const nfd = 'Müller'.normalize('NFD');
			expect((await sendOk(server(), { options: { idempotencyKey: nfd } }))[0].duplicate).toBe(
				true,
			);
			expect(
				(await sendOk(server(), { options: { idempotencyKey: 'Müller\n' } }))[0].duplicate,
			).toBeUndefined();
			expect(accepted(server())).toHaveLength(2);
		});
	});

	it('finding 5: ten keys sent, five new ones at once: the ten still answer duplicate (Fax.Plus holds them)', async () => {
		const keyed = (k: string) => ({
			documentText: `Letter ${k}`,
			options: { idempotencyKey: k, keyHistorySize: 10 },
		});
		for (let i = 1; i <= 10; i++) await sendOk(server(), keyed(`k${i}`));
		await Promise.all([11, 12, 13, 14, 15].map((i) => sendOk(server(), keyed(`k${i}`))));
		await finishAll(server());
		for (let i = 6; i <= 10; i++)
			expect((await sendOk(server(), keyed(`k${i}`)))[0].duplicate).toBe(true);
		expect(accepted(server())).toHaveLength(15);
	});

	it('finding 6: the same node with a credential of another Fax.Plus account sends there; no duplicate from the first', async () => {
		await sendOk(server(), { options: { idempotencyKey: 'acct' } });
		const other = await startFaxPlusServer({ port: 0 });
		try {
			// Another credential (another account): another key space.
			const result = await runOperation(
				other,
				{ ...send, options: { idempotencyKey: 'acct' } },
				{ credentialId: '2' },
			);
			const [there] = perSend(result.items);
			expect(there.duplicate).toBeUndefined();
			expect(accepted(other)).toHaveLength(1);
			// Positive control: in the first account the key still answers duplicate.
			expect((await sendOk(server(), { options: { idempotencyKey: 'acct' } }))[0].duplicate).toBe(
				true,
			);
		} finally {
			await other.close();
		}
	});

	it('a credential whose token now names another account keeps its key space: a key sent before is refused there, never faxed', async () => {
		await sendOk(server(), { options: { idempotencyKey: 'moved' } });
		const other = await startFaxPlusServer({ port: 0 });
		try {
			const there = await afterMarksExpire(
				async () => await runOperation(other, { ...send, options: { idempotencyKey: 'moved' } }),
			);
			expect(there.error?.message).toBe(
				'Idempotency Key "moved" was already sent by this node, and Fax.Plus no longer shows its fax: use a new Idempotency Key to send it again',
			);
			expect(accepted(other)).toHaveLength(0);
			// Positive control: a new key sends there.
			expect(
				(await sendOk(other, { options: { idempotencyKey: 'new there' } }))[0].duplicate,
			).toBeUndefined();
		} finally {
			await other.close();
		}
	});

	it('a key is held per account: the marker differs for another user of the same node', async () => {
		const [owner] = await sendOk(server(), { options: { idempotencyKey: 'per-user' } });
		const [member] = await sendOk(server(), {
			forCorporateMember: true,
			userId: 'member_1',
			from: '+15551230003',
			options: { idempotencyKey: 'per-user' },
		});
		expect(member.duplicate).toBeUndefined();
		expect(String(member.commentTag).slice(0, 32)).not.toBe(String(owner.commentTag).slice(0, 32));
	});

	it('refuses a keyed send when the processed-data store is unreachable, before the outbox request', async () => {
		store.fail();
		const result = await runOperation(server(), { ...send, options: { idempotencyKey: 'x' } });
		expect(result.error?.message).toContain(
			"n8n's record of the keys this node sent could not be used",
		);
		expect(result.error?.description).toContain('Nothing was sent');
		expect(outboxPosts(server())).toEqual([]);
	});

	it("a claim race's loser, reading back first, writes the key's posting for a moment: the winner, younger than its marks, still faxes", async () => {
		let raced = false;
		store.afterRecord = (items, key) => {
			if (raced || key !== NODE_ROW || !items.some((item) => item.includes(':nonce:'))) return;
			raced = true;
			// The loser's read-back, between this claim's write and its read-back (it removes them after).
			const posting = items.filter((item) => item.includes(':used:'));
			const entries = posting.map((item) => hashOf(item.replace(':used:', ':posting:')));
			store.rows.set(NODE_ROW, { mode: 'entries', data: [...row(), ...entries] });
		};
		const [item] = await sendOk(server(), { options: { idempotencyKey: 'race-won' } });
		expect(raced).toBe(true);
		expect(item.duplicate).toBeUndefined();
		expect(accepted(server())).toHaveLength(1);
	});

	it('a claim replaced by another claim of the key: this send waits for its fax and answers duplicate', async () => {
		// The other claim's fax (its key and content, so its marker), held back until it is sent.
		const [other] = await sendOk(server(), { options: { idempotencyKey: 'raced' } });
		const ids = Object.values(other.ids as Record<string, string>);
		const faxes = ids.map((id) => ({ ...server().state.outbox[id] }));
		for (const id of ids) delete server().state.outbox[id];
		store.rows.delete(NODE_ROW);
		let replaced = false;
		store.afterRecord = (items, key) => {
			const nonce = items.find((item) => item.includes(':nonce:'));
			if (replaced || key !== NODE_ROW || !nonce) return;
			replaced = true;
			// Another process's claim wrote over this one; its fax is taken now and listed from the third list answer on.
			const data = [...row().slice(0, -1), 'the nonce of another claim'];
			store.rows.set(NODE_ROW, { mode: 'entries', data });
			for (const fax of faxes) {
				server().state.outbox[fax.id as string] = fax;
				server().state.unlisted[fax.id as string] = 2;
			}
		};
		const [item] = await sendOk(server(), { options: { idempotencyKey: 'raced' } });
		expect(replaced).toBe(true);
		expect(ids.map((id) => server().state.unlisted[id])).toEqual([0, 0]);
		expect(item).toMatchObject({ duplicate: true, idempotencyKey: 'raced', ids: other.ids });
		expect(outboxPosts(server())).toHaveLength(1);
	});

	describe('scope: the workflow and the node', () => {
		it('another Send node keeps keys of its own: it sends the same key again', async () => {
			await sendAs(server(), 'send-a', { options: { idempotencyKey: 'shared' } });
			const [second] = await sendAs(server(), 'send-b', { options: { idempotencyKey: 'shared' } });
			expect(second.duplicate).toBeUndefined();
			expect(
				(await sendAs(server(), 'send-a', { options: { idempotencyKey: 'shared' } }))[0].duplicate,
			).toBe(true);
			expect(accepted(server())).toHaveLength(2);
		});
	});

	describe('as an AI tool', () => {
		it('uses a default key from numbers, From, documents and options: a repeat is not sent again', async () => {
			const [first] = await sendOk(server(), {}, true);
			const [second] = await sendOk(server(), {}, true);
			expect(outboxPosts(server())).toHaveLength(1);
			expect(first.duplicate).toBeUndefined();
			expect(second).toMatchObject({ duplicate: true, ids: first.ids });
			expect(second.idempotencyKey).toBeUndefined();
			await sendOk(server(), { options: { coverPage: { subject: 'Results' } } }, true);
			expect(outboxPosts(server())).toHaveLength(2);
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
	describe('Fax.Plus lists a fax later than it takes it (reading listingLag)', () => {
		it('a repeat before the fax is listed waits for it and answers duplicate, in the outbox and again while it moves to the sent faxes', async () => {
			server().setReadings({ listingLag: 3 });
			const [first] = await sendOk(server(), { options: { idempotencyKey: 'slow' } });
			const [repeat] = await sendOk(server(), { options: { idempotencyKey: 'slow' } });
			expect(repeat).toMatchObject({ duplicate: true, ids: first.ids });
			await finishAll(server());
			const [afterSent] = await sendOk(server(), { options: { idempotencyKey: 'slow' } });
			expect(afterSent.duplicate).toBe(true);
			expect(Object.values(afterSent.faxIds as IDataObject).sort()).toEqual(
				sentWith(server(), first.commentTag),
			);
			expect(accepted(server())).toHaveLength(1);
			// Positive control: another key sends at once, its fax not yet listed either.
			const [other] = await sendOk(server(), { options: { idempotencyKey: 'other' } });
			expect(other.duplicate).toBeUndefined();
			expect(accepted(server())).toHaveLength(2);
		});
	});

	describe('the marker: kept when a comment changes, matched only at its place, never taken from user text', () => {
		const keyed = { options: { idempotencyKey: 'marked', comment: 'Lab results' } };

		it('Outbox → Update keeps the marker at the end of the new text; the key still finds the fax once sent', async () => {
			const [first] = await sendOk(server(), keyed);
			const outboxFaxId = Object.values(first.ids as IDataObject)[0] as string;
			const updated = await runOperation(server(), {
				resource: 'outbox',
				operation: 'update',
				userId: 'self',
				outboxFaxId,
				comment: 'Filed under 42',
			});
			expect(updated.error).toBeUndefined();
			const comment = server().state.outbox[outboxFaxId].comment as { text: string };
			expect(comment.text).toBe(`Filed under 42\n${String(first.commentTag)}`);
			await finishAll(server());
			const [repeat] = await afterMarksExpire(async () => await sendOk(server(), keyed));
			expect(repeat.duplicate).toBe(true);
			expect(accepted(server())).toHaveLength(1);
		});

		it("Fax → Update keeps the marker at the end of a sent fax's new comment", async () => {
			const [first] = await sendOk(server(), keyed);
			await finishAll(server());
			const [faxId] = sentWith(server(), first.commentTag);
			const updated = await runOperation(server(), {
				resource: 'fax',
				operation: 'update',
				userId: 'self',
				faxId,
				updateFields: { comment: 'Filed', isRead: true },
			});
			expect(updated.error).toBeUndefined();
			expect(server().state.faxes[faxId].comment).toBe(`Filed\n${String(first.commentTag)}`);
			const [repeat] = await afterMarksExpire(async () => await sendOk(server(), keyed));
			expect(repeat.duplicate).toBe(true);
			expect(accepted(server())).toHaveLength(1);
		});

		it("a marker elsewhere in a comment is not the key's: the key sends", async () => {
			const [first] = await sendOk(server(), keyed);
			await finishAll(server());
			for (const faxId of sentWith(server(), first.commentTag))
				server().state.faxes[faxId].comment = `${String(first.commentTag)} was here\nLab results`;
			// n8n's record lost (a database reset): what Fax.Plus lists decides.
			store.rows.clear();
			const [again] = await afterMarksExpire(async () => await sendOk(server(), keyed));
			expect(again.duplicate).toBeUndefined();
			expect(accepted(server())).toHaveLength(2);
		});

		it.each([
			['Send', { ...send, options: { comment: 'x' } }],
			[
				'Outbox → Update',
				{ resource: 'outbox', operation: 'update', userId: 'self', outboxFaxId: 'outbox_1' },
			],
			['Fax → Update', { resource: 'fax', operation: 'update', userId: 'self', faxId: 'fax_1' }],
		])(
			'%s refuses a Comment that carries a marker, naming Comment, before any request',
			async (_what, base) => {
				const marker = `${KEY_TAG_PREFIX}${'a'.repeat(24)}-${'b'.repeat(48)}`;
				const comment = `Please keep ${marker}`;
				const parameters =
					base.resource === 'fax' && base.operation === 'update'
						? { ...base, updateFields: { comment } }
						: base.resource === 'outbox'
							? { ...base, comment }
							: { ...base, options: { comment } };
				const result = await runOperation(server(), parameters);
				expect(result.error?.message).toBe(
					`Comment carries an Idempotency Key marker ("${KEY_TAG_PREFIX}…"), which only Send writes`,
				);
				expect(apiRequests(server())).toEqual([]);
				// Positive control: the same text without the marker is taken.
				const plain = JSON.parse(
					JSON.stringify(parameters).replace(marker, 'the order'),
				) as IDataObject;
				expect((await runOperation(server(), plain)).error).toBeUndefined();
			},
		);
	});

	describe("a duplicate says how the key's fax went", () => {
		it('a failed fax: the duplicate item carries its fax ID, status and statusMeaning; a new key sends it again', async () => {
			await sendOk(server(), { options: { idempotencyKey: 'busy-line' } });
			await finishAll(server(), 'failed_user_busy');
			const repeat = await afterMarksExpire(
				async () =>
					await runOperation(server(), { ...send, options: { idempotencyKey: 'busy-line' } }),
			);
			expect(repeat.items).toHaveLength(2);
			for (const { json } of repeat.items) {
				expect(json).toMatchObject({
					duplicate: true,
					where: 'sent',
					status: 'failed_user_busy',
					statusRetryable: true,
				});
				expect(typeof json.faxId).toBe('string');
				expect(json.statusMeaning).toEqual(expect.any(String));
				expect(json.message).toContain('use a new Idempotency Key');
			}
			expect(accepted(server())).toHaveLength(1);
			const [retried] = await sendOk(server(), { options: { idempotencyKey: 'busy-line-2' } });
			expect(retried.duplicate).toBeUndefined();
			expect(accepted(server())).toHaveLength(2);
		});

		it('in the outbox: the outbox status with its meaning', async () => {
			await sendOk(server(), { options: { idempotencyKey: 'waiting' } });
			const repeat = await runOperation(server(), {
				...send,
				options: { idempotencyKey: 'waiting' },
			});
			expect(repeat.items[0].json).toMatchObject({
				duplicate: true,
				where: 'outbox',
				status: 'submitted',
				statusRetryable: false,
			});
			expect(repeat.items[0].json.statusMeaning).toEqual(expect.any(String));
		});
	});

	describe('what a keyed send asks Fax.Plus, at any account size', () => {
		/** The account holds `count` sent faxes of other keys, over the last Key Lifetime (7 days). */
		const seedSent = (count: number) => {
			const now = Date.now();
			for (let i = 0; i < count; i++) {
				const id = `fax_seed${i}`;
				server().state.faxes[id] = fax({
					id,
					direction: 'outgoing',
					from: '+15551230001',
					to: '+4930123456',
					start_time: faxTime(now - 60_000 - Math.floor((i * 7 * 86_400_000) / count)),
					comment: `Order ${i}\n${KEY_TAG_PREFIX}${i.toString(16).padStart(24, '0')}-${'c'.repeat(48)}`,
				});
			}
		};
		const requestsOf = (server: FaxPlusServer) =>
			apiRequests(server).map((r) => `${r.method} ${r.path.replace('/v3/accounts/self', '')}`);

		it.each([1_000, 10_000])(
			'a new key with %i sent faxes in the account: the outbox, one page of the newest sent faxes, the upload and the outbox request',
			async (count) => {
				seedSent(count);
				const [item] = await sendOk(server(), { options: { idempotencyKey: `new-${count}` } });
				expect(item.duplicate).toBeUndefined();
				expect(requestsOf(server()).sort()).toEqual(
					['GET /outbox', 'GET /faxes', 'POST /files', 'POST /outbox'].sort(),
				);
				// One page, whatever the account holds: the newest 50 of the last 15 minutes at most.
				const [page] = apiRequests(server()).filter((r) => r.path.endsWith('/faxes'));
				expect(page.query.limit).toBe('50');
			},
		);

		it('the repeat of a key whose fax is older than the newest page (two days) reads the sent faxes of its lifetime and names it', async () => {
			const [first] = await sendOk(server(), { options: { idempotencyKey: 'older' } });
			await finishAll(server());
			// The key's faxes went out two days ago, out of the newest page's 15 minutes; other faxes since.
			for (const id of sentWith(server(), first.commentTag))
				server().state.faxes[id].start_time = faxTime(Date.now() - 2 * 86_400_000);
			seedSent(60);
			server().clearRequests();
			const [repeat] = await afterMarksExpire(
				async () => await sendOk(server(), { options: { idempotencyKey: 'older' } }),
			);
			expect(repeat.duplicate).toBe(true);
			expect(Object.values(repeat.faxIds as IDataObject).sort()).toEqual(
				sentWith(server(), first.commentTag),
			);
			expect(outboxPosts(server())).toHaveLength(0);
			// Only a repeat pages on through the sent faxes (the first look read one page).
			expect(requestsOf(server()).filter((r) => r === 'GET /faxes').length).toBeGreaterThan(1);
		});
	});
});
