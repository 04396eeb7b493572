// Send → Idempotency Key, through n8n-core's real processed-data service (an in-memory database
// read then written without a lock, as n8n's is); another process's writes are played into it.
import { sleep, type IDataObject, type INodeExecutionData } from 'n8n-workflow';
import {
	apiRequests,
	patCredentials,
	runOperation,
	useFaxPlusServer,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { runFaxPlusNode } from '../../../../support/n8n-harness';
import { FaultProxy } from '../../../../support/fault-proxy';
import {
	hashOf,
	useProcessedDataStore,
	type ProcessedDataStore,
} from '../../../../support/processed-data';
import {
	DEFAULT_KEY_HISTORY_SIZE,
	ENTRIES_PER_KEY,
	KEY_TAG_PREFIX,
	keyTiming,
} from '../../../../../nodes/FaxPlus/fax/shared/idempotency';

const send = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	from: '+15551230001',
	to: '+15551234567, +4930123456',
	documentSource: 'text',
	documentText: 'Lab results for order 42',
};

/** The node's record in the store (scope node, the harness's node and workflow IDs). */
const NODE_ROW = 'test-workflow|n:faxplus-node';

const outboxPosts = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox');
const uploads = (server: FaxPlusServer) =>
	apiRequests(server).filter((r) => r.method === 'POST' && r.path === '/v3/accounts/self/files');

async function run(server: FaxPlusServer, parameters: IDataObject, nodeId?: string) {
	return await runFaxPlusNode({
		parameters: { authentication: 'accessToken', ...send, ...parameters },
		credentials: patCredentials(server),
		nodeId,
	});
}

/**
 * Send's items (one per destination) as one answer per input item: the first item's fields and
 * `ids`, the outbox IDs by number, so a repeat compares with the first send in one line.
 */
function perSend(items: INodeExecutionData[]): IDataObject[] {
	const sends = new Map<number, IDataObject>();
	for (const item of items) {
		const input = (item.pairedItem as { item: number }).item;
		const answer: IDataObject = sends.get(input) ?? { ...item.json, ids: {} };
		delete answer.outboxFaxId;
		delete answer.to;
		if (typeof item.json.outboxFaxId === 'string')
			(answer.ids as IDataObject)[String(item.json.to)] = item.json.outboxFaxId;
		sends.set(input, answer);
	}
	return [...sends.values()];
}

async function sendOk(server: FaxPlusServer, parameters: IDataObject, asTool = false) {
	const result = await runOperation(server, { ...send, ...parameters }, { asTool });
	if (result.error) throw new Error(`${result.error.message} (${result.error.description ?? ''})`);
	return perSend(result.items);
}

async function sendAs(server: FaxPlusServer, nodeId: string, parameters: IDataObject) {
	const result = await run(server, parameters, nodeId);
	if (result.error) throw new Error(`${result.error.message} (${result.error.description ?? ''})`);
	return perSend(result.items);
}

/** Fax.Plus sends the outbox faxes: they leave the outbox for the sent list. */
async function finish(server: FaxPlusServer, ids: IDataObject | undefined) {
	for (const id of Object.values((ids ?? {}) as Record<string, string>))
		await fetch(`${server.origin}/_control/outbox/finish`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ id }),
		});
}

describe('Fax → Send: Idempotency Key', () => {
	const server = useFaxPlusServer();
	let store: ProcessedDataStore;
	const timing = { ...keyTiming };
	beforeAll(() => {
		keyTiming.waitForOtherMs = 600;
		keyTiming.waitFirstStepMs = 20;
		keyTiming.waitLongestStepMs = 80;
	});
	afterAll(() => Object.assign(keyTiming, timing));
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
		// Five entries per key at rest: taken and the four parts of the send.
		expect(store.rows.get(NODE_ROW)?.data).toHaveLength(ENTRIES_PER_KEY);
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

	it('says duplicate with the fax gone from the outbox, pointing at the sent list by destination', async () => {
		const [first] = await sendOk(server(), { options: { idempotencyKey: 'k' } });
		await finish(server(), first.ids as IDataObject);
		const [second] = await sendOk(server(), { options: { idempotencyKey: 'k' } });
		expect(second).toMatchObject({ duplicate: true, ids: {} });
		expect(second.message).toContain('category "sent"');
		expect(second.message).toContain('carry no comment tags');
		expect(second.message).toContain('+15551234567, +4930123456');
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
		expect(perSend(result.items).map((answer) => answer.duplicate === true)).toEqual([
			false,
			true,
			false,
		]);
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
		// Corrected: another From is another send, which the freed key takes.
		const [sent] = await sendOk(server(), { options: { idempotencyKey: 'retry-me' } });
		expect(sent.duplicate).toBeUndefined();
		expect(outboxPosts(server()).filter((r) => r.status === 201)).toHaveLength(1);
		expect(store.rows.get(NODE_ROW)?.data).toHaveLength(ENTRIES_PER_KEY);
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
				'the send time',
				{ options: { ...key, sendTime: '2031-01-01T09:00:00Z' } },
				'the options that change the fax',
			],
			[
				'the numbers and the documents',
				{ to: '+4930123456', documentText: 'Another letter' },
				'the destinations (To) and the documents differ',
			],
		])(
			'%s: refused before any request, naming the key and what differs; the first content still answers duplicate',
			async (_what, change, differs) => {
				const [first] = await sendOk(server(), { options: key });
				const before = server().requests.length;
				const other = { options: key, ...change };
				const refused = await runOperation(server(), { ...send, ...other });
				expect(refused.error?.message).toContain(
					`Idempotency Key "order-42" was already used for another send: ${differs}`,
				);
				expect(refused.error?.description).toContain('Nothing was sent');
				expect(server().requests.slice(before)).toEqual([]);
				// The refusal leaves nothing: the first content answers duplicate, the other is refused again.
				const [again] = await sendOk(server(), { options: key });
				expect(again).toMatchObject({ duplicate: true, ids: first.ids });
				const refusedAgain = await runOperation(server(), { ...send, ...other });
				expect(refusedAgain.error?.message).toContain(differs);
				expect(outboxPosts(server())).toHaveLength(1);
				expect(store.rows.get(NODE_ROW)?.data).toHaveLength(ENTRIES_PER_KEY);
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

		it('refuses Comment Tags that start with the key tag prefix, before any request', async () => {
			const result = await runOperation(server(), {
				...send,
				options: { commentTags: `lab, ${KEY_TAG_PREFIX}0123456789abcdef01234567` },
			});
			expect(result.error?.message).toContain(`starts with "${KEY_TAG_PREFIX}"`);
			expect(apiRequests(server())).toEqual([]);
		});
	});

	describe('remembers Key History Size keys; repeats, refusals and checks drop none', () => {
		it('past the cap the oldest key goes first; an early key within it stays a duplicate', async () => {
			const keyed = (k: string, extra: IDataObject = {}) => ({
				...extra,
				options: { idempotencyKey: k, keyHistorySize: 3 },
			});
			for (const k of ['k1', 'k2', 'k3']) await sendOk(server(), keyed(k));
			// Many repeats, refusals and a tool's checks at the cap.
			for (let i = 0; i < 10; i++) {
				for (const k of ['k1', 'k2', 'k3'])
					expect((await sendOk(server(), keyed(k)))[0].duplicate).toBe(true);
				const refused = await runOperation(server(), {
					...send,
					...keyed('k1', { to: '+15551234567' }),
				});
				expect(refused.error?.message).toContain('already used for another send');
			}
			expect(outboxPosts(server())).toHaveLength(3);
			expect((await sendOk(server(), keyed('k1')))[0].duplicate).toBe(true);
			// A fourth key: the oldest (k1) is forgotten and sends again; k3 is still held.
			await sendOk(server(), keyed('k4'));
			await finish(
				server(),
				Object.fromEntries(Object.keys(server().state.outbox).map((id) => [id, id])),
			);
			expect((await sendOk(server(), keyed('k3')))[0].duplicate).toBe(true);
			expect((await sendOk(server(), keyed('k1')))[0].duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(5);
			expect(store.rows.get(NODE_ROW)?.data).toHaveLength(3 * ENTRIES_PER_KEY);
		});

		it(`by default ${DEFAULT_KEY_HISTORY_SIZE} keys: the first is held until ${DEFAULT_KEY_HISTORY_SIZE} newer ones`, async () => {
			const [first] = await sendOk(server(), { options: { idempotencyKey: 'first' } });
			await finish(server(), first.ids as IDataObject);
			// 4,999 keys sent after it (their entries, as n8n keeps them).
			const row = () => store.rows.get(NODE_ROW)!.data;
			for (let i = 0; i < (DEFAULT_KEY_HISTORY_SIZE - 1) * ENTRIES_PER_KEY; i++)
				row().push(hashOf(`an entry of a later key ${i}`));
			expect((await sendOk(server(), { options: { idempotencyKey: 'first' } }))[0].duplicate).toBe(
				true,
			);
			expect(row()).toHaveLength(DEFAULT_KEY_HISTORY_SIZE * ENTRIES_PER_KEY);
			// One more key: the first is forgotten and sends again.
			await sendOk(server(), { options: { idempotencyKey: 'one more' } });
			const [again] = await sendOk(server(), { options: { idempotencyKey: 'first' } });
			expect(again.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(3);
		});
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
			expect(Object.keys(perSend(retried.items)[0].ids as IDataObject)).toEqual([
				'+15551234567',
				'+4930123456',
			]);
			expect(outboxPosts(server())).toHaveLength(1);
		});

		it('refuses to send when the lost fax already left the outbox, pointing where it can be found', async () => {
			proxy.failNext({
				lose: true,
				matches: (r) => r.method === 'POST' && r.path.endsWith('/outbox'),
			});
			await viaProxy({ options: { idempotencyKey: 'gone' } });
			const tag = outboxPosts(server())[0].body.comment.tags[0] as string;
			for (const id of Object.keys(server().state.outbox).filter((id) => id !== 'outbox_1'))
				await finish(server(), { id });
			const retried = await viaProxy({ options: { idempotencyKey: 'gone' } });
			expect(retried.error?.message).toContain('did not finish');
			// The tag is found in the outbox list (its records carry comment tags); the sent list has none.
			expect(retried.error?.description).toContain(
				`Outbox → Get Many lists it with the comment tag "${tag}"`,
			);
			expect(retried.error?.description).toContain(
				'sent faxes carry no comment tags: in Fax → Get Many (category "sent") look for faxes to +15551234567, +4930123456 from +15551230001',
			);
			expect(retried.error?.description).toContain('send again with a new key');
			expect(outboxPosts(server())).toHaveLength(1);
			const outbox = await fetch(`${server().baseUrl}/accounts/self/outbox`, {
				headers: { authorization: `Bearer ${server().tokens.pat}` },
			});
			expect(outbox.status).toBe(200);
		});
	});

	it('refuses a keyed send when the processed-data store is unreachable, before any upload', async () => {
		store.fail();
		const result = await runOperation(server(), { ...send, options: { idempotencyKey: 'x' } });
		expect(result.error?.message).toContain("n8n's record of sent keys could not be used");
		expect(result.error?.description).toContain('Nothing was sent');
		expect(apiRequests(server())).toEqual([]);
	});

	describe('another process writing the record at the same moment (played into the store)', () => {
		/** Runs `play` once, after the store wrote the claim of this send (its nonce entry). */
		function afterClaim(play: (entries: string[]) => void) {
			let played = false;
			store.afterRecord = (items, key) => {
				if (played || key !== NODE_ROW || !items.some((item) => item.includes(':claim:'))) return;
				played = true;
				play(items);
			};
		}
		const row = () => store.rows.get(NODE_ROW)!.data;
		const replace = (from: string, to: string) =>
			row().splice(row().indexOf(hashOf(from)), 1, hashOf(to));
		const drop = (entries: string[]) => {
			for (const entry of entries)
				if (row().includes(hashOf(entry))) row().splice(row().indexOf(hashOf(entry)), 1);
		};

		it("another claim's write replaced this one's: this send waits for it and answers duplicate, no second fax", async () => {
			afterClaim((entries) => {
				const nonce = entries.find((entry) => entry.includes(':claim:'))!;
				replace(nonce, `${nonce}-other`);
				// The other claim's send is accepted a moment later: it records its key as done.
				void sleep(150).then(() => drop(entries.filter((entry) => entry.endsWith(':unfinished'))));
			});
			const [item] = await sendOk(server(), { options: { idempotencyKey: 'raced' } });
			expect(item).toMatchObject({ duplicate: true, idempotencyKey: 'raced' });
			expect(outboxPosts(server())).toHaveLength(0);
		});

		it("that send's record of being done was lost: this send finds its fax in the outbox while it waits, answers duplicate and records the key as done", async () => {
			// The other claim's fax (made by a run of another node: the same key and content, so the same tag).
			const [other] = await sendAs(server(), 'send-a', {
				options: { idempotencyKey: 'done lost' },
			});
			const ids = other.ids as Record<string, string>;
			const faxes = Object.values(ids).map((id) => ({ ...server().state.outbox[id] }));
			await finish(server(), ids);
			const inOutbox = () => Object.values(ids).filter((id) => server().state.outbox[id]);
			let left: Promise<void> | undefined;
			afterClaim((entries) => {
				const nonce = entries.find((entry) => entry.includes(':claim:'))!;
				replace(nonce, `${nonce}-other`);
				// The other send's faxes reach the outbox a moment later and leave it a second after; its
				// "unfinished" entry stays, as when a write that read the record before it was done wins.
				void sleep(300).then(() => {
					for (const fax of faxes) server().state.outbox[fax.id as string] = fax;
				});
				left = sleep(1_300).then(async () => await finish(server(), ids));
			});
			const wait = keyTiming.waitForOtherMs;
			keyTiming.waitForOtherMs = 3_000;
			try {
				const [item] = await sendOk(server(), { options: { idempotencyKey: 'done lost' } });
				expect(item).toMatchObject({ duplicate: true, ids });
				expect(inOutbox()).toHaveLength(2);
				// Recorded as done: with the fax gone from the outbox, a repeat still answers duplicate.
				await left;
				expect(inOutbox()).toHaveLength(0);
				expect(
					(await sendOk(server(), { options: { idempotencyKey: 'done lost' } }))[0],
				).toMatchObject({ duplicate: true });
			} finally {
				keyTiming.waitForOtherMs = wait;
			}
			expect(outboxPosts(server())).toHaveLength(1);
		});

		it('the other claim fails and frees the key: this send claims it again and sends once', async () => {
			afterClaim((entries) => {
				const nonce = entries.find((entry) => entry.includes(':claim:'))!;
				replace(nonce, `${nonce}-other`);
				void sleep(150).then(() => drop([...entries.filter((e) => e !== nonce), `${nonce}-other`]));
			});
			const [item] = await sendOk(server(), { options: { idempotencyKey: 'freed' } });
			expect(item.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(1);
			expect(store.rows.get(NODE_ROW)?.data).toHaveLength(ENTRIES_PER_KEY);
		});

		it("the node's first record inserted by another process at the same moment: this claim is written into it", async () => {
			const record = store.checkProcessedAndRecord.bind(store);
			let first = true;
			store.checkProcessedAndRecord = async (...args) => {
				if (!first) return await record(...args);
				first = false;
				// The other process's insert of the record won; the database refuses this one's.
				store.rows.set(NODE_ROW, {
					mode: 'entries',
					data: [hashOf('an entry of the other process')],
				});
				throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
			};
			const [item] = await sendOk(server(), { options: { idempotencyKey: 'first record' } });
			expect(item.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(1);
			expect(store.rows.get(NODE_ROW)?.data).toHaveLength(1 + ENTRIES_PER_KEY);
		});

		it('a write of another key dropped the claim: the read-back writes it again and sends once', async () => {
			afterClaim((entries) => drop(entries));
			const [item] = await sendOk(server(), { options: { idempotencyKey: 'dropped' } });
			expect(item.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(1);
			expect(
				(await sendOk(server(), { options: { idempotencyKey: 'dropped' } }))[0].duplicate,
			).toBe(true);
		});
	});

	describe('other Send nodes and scope workflow', () => {
		it('another Send node finds the fax by its tag while it is in the outbox; after it left, that node sends', async () => {
			const [first] = await sendAs(server(), 'send-a', { options: { idempotencyKey: 'shared' } });
			const [second] = await sendAs(server(), 'send-b', { options: { idempotencyKey: 'shared' } });
			expect(second).toMatchObject({ duplicate: true, ids: first.ids });
			expect(outboxPosts(server())).toHaveLength(1);
			await finish(server(), first.ids as IDataObject);
			// Node B took the key when it found the fax; node C never saw it.
			expect(
				(await sendAs(server(), 'send-b', { options: { idempotencyKey: 'shared' } }))[0].duplicate,
			).toBe(true);
			expect(
				(await sendAs(server(), 'send-c', { options: { idempotencyKey: 'shared' } }))[0].duplicate,
			).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(2);
		});

		it('a tagged fax to other numbers or from another number suppresses nothing', async () => {
			const [first] = await sendAs(server(), 'send-a', { options: { idempotencyKey: 'forged' } });
			await finish(server(), first.ids as IDataObject);
			// A fax to another number carrying the same tag (written by anyone who can send in the account).
			server().state.outbox.outbox_forged = {
				...server().state.outbox.outbox_1,
				id: 'outbox_forged',
				to: ['+33144556677'],
				comment: { text: '', tags: [first.commentTag as string] },
			};
			server().state.outbox.outbox_forged_from = {
				...server().state.outbox.outbox_1,
				id: 'outbox_forged_from',
				src: '+15550000000',
				to: ['+4930123456'],
				comment: { text: '', tags: [first.commentTag as string] },
			};
			const [second] = await sendAs(server(), 'send-b', { options: { idempotencyKey: 'forged' } });
			expect(second.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(2);
		});

		it('keeps its record at scope node only; values written at scope workflow change nothing', async () => {
			const written = new Set<string>();
			store.afterRecord = (items) => items.forEach((item) => written.add(item));
			const [first] = await sendAs(server(), 'send-a', { options: { idempotencyKey: 'mine' } });
			store.afterRecord = undefined;
			expect([...store.rows.keys()]).toEqual(['test-workflow|n:send-a']);
			await finish(server(), first.ids as IDataObject);
			// Another node (e.g. Remove Duplicates at scope workflow) records every value Send ever wrote.
			store.rows.set('test-workflow|', {
				mode: 'entries',
				data: [...new Set(written)].map(hashOf),
			});
			const [second] = await sendAs(server(), 'send-b', { options: { idempotencyKey: 'mine' } });
			expect(second.duplicate).toBeUndefined();
			expect(outboxPosts(server())).toHaveLength(2);
			expect(store.rows.get('test-workflow|')?.data).toHaveLength(written.size);
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

		it('holds for the window it was sent in and the next; two windows later it sends again', async () => {
			const hour = 3_600_000;
			const start = Date.now();
			let offset = 0;
			const now = jest.spyOn(Date, 'now').mockImplementation(() => start + offset);
			try {
				const [first] = await sendOk(server(), {}, true);
				await finish(server(), first.ids as IDataObject);
				offset = 24 * hour;
				expect((await sendOk(server(), {}, true))[0].duplicate).toBe(true);
				offset = 48 * hour;
				expect((await sendOk(server(), {}, true))[0].duplicate).toBeUndefined();
				expect(outboxPosts(server())).toHaveLength(2);
			} finally {
				now.mockRestore();
			}
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
