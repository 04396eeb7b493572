// A counterpart that misbehaves costs one item an error, never the instance (answers.ts, the
// transport and the pagers): each misbehaviour of the local server (test/server/misbehaviours.js)
// against the node in n8n-core's engine, with its positive control.
import { sleep, type IDataObject } from 'n8n-workflow';
import { maskText } from '../../../../nodes/shared/logging/log';
import { readErrorBody } from '../../../../nodes/shared/transport/answers';
import { NO_REDIRECTS, responseOf } from '../../../../nodes/shared/n8n/requestHelpers';
import {
	apiRequests,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
} from '../../../support/faxplus';
import { useCapturedLogs } from '../../../support/log-capture';
import { expectLinear } from '../../../support/linear';
import { loadOptionsContext } from '../../../support/list-search';
import {
	close,
	jsonAnswer,
	listen,
	type Answer,
	type LoopbackServer,
} from '../../../support/loopback-server';
import { runFaxPlusNode } from '../../../support/n8n-harness';

/** The limits docs/security.md states: pages of one list, bytes of an error answer read. */
const MAX_PAGES = 1000;
const ERROR_BODY_CAP = 64 * 1024;

const accountGet = { resource: 'account', operation: 'get' };
const faxGetMany = { resource: 'fax', operation: 'getAll', userId: 'self', returnAll: true };
const contactGetMany = {
	resource: 'contact',
	operation: 'getAll',
	userId: 'self',
	returnAll: true,
};
const thumbnail = {
	resource: 'fax',
	operation: 'downloadThumbnail',
	userId: 'self',
	faxId: 'fax_1',
};

function addFaxes(server: FaxPlusServer, count: number): void {
	for (let i = 0; i < count; i++) {
		const id = `fax_bulk_${String(i).padStart(3, '0')}`;
		const minute = String(i % 60).padStart(2, '0');
		const hour = String(Math.floor(i / 60)).padStart(2, '0');
		server.state.faxes[id] = {
			...server.state.faxes.fax_2,
			id,
			start_time: `2024-12-01 ${hour}:${minute}:00`,
		};
	}
}

function addContacts(server: FaxPlusServer, count: number): void {
	const contacts = server.state.contacts as unknown as Record<string, IDataObject>;
	for (let i = 0; i < count; i++)
		contacts[`contact_more_${i}`] = { ...contacts.contact_1, id: `contact_more_${i}` };
}

/** The one drip answer of the test, once its connection has closed (the server notes it then). */
async function closedDrip(server: FaxPlusServer) {
	while (server.drips.length === 0) await sleep(10);
	expect(server.drips).toHaveLength(1);
	return server.drips[0];
}

describe('An answer that takes too long', () => {
	const server = useFaxPlusServer();

	it('fails the item at its total deadline while the body still drips (Options → Timeout)', async () => {
		server().misbehave({ kind: 'drip', path: '/accounts/self', intervalMs: 100 });
		const { error } = await runOperation(server(), { ...accountGet, nodeOptions: { timeout: 1 } });
		// The answer takes ~50 s at one byte per 100 ms; the idle timeout alone would never end it.
		expect(error?.message).toBe('Fax.Plus did not answer GET /accounts/self within 1 seconds');
		expect(error?.description).toContain('Options → Add Option → Timeout (Seconds)');
		// The node hung up on the answer before its body was whole.
		const drip = await closedDrip(server());
		expect(drip.sent).toBeLessThan(drip.bytes);
	});

	it('fails the item at its total deadline while the status line and headers still drip', async () => {
		server().misbehave({ kind: 'drip', path: '/accounts/self', intervalMs: 1000, dripHead: true });
		const { error } = await runOperation(server(), { ...accountGet, nodeOptions: { timeout: 1 } });
		expect(error?.message).toBe('Fax.Plus did not answer GET /accounts/self within 1 seconds');
		// The head alone takes over 90 s at a byte a second: the node hung up before it had it all.
		const drip = await closedDrip(server());
		expect(drip.headBytes).toBeGreaterThan(90);
		expect(drip.sent).toBeLessThan(drip.headBytes);
	});

	it('positive control: the same answer, not dripping, arrives', async () => {
		// A Timeout a busy machine's answer cannot miss: the drip, not the machine, fails the cases above.
		const items = await runOk(server(), { ...accountGet, nodeOptions: { timeout: 60 } });
		expect(Object.keys(items[0].json).length).toBeGreaterThan(0);
	});

	it('a Timeout past what a timer can wait (2^31 - 1 ms) waits that long, not a millisecond', async () => {
		const items = await runOk(server(), { ...accountGet, nodeOptions: { timeout: 3_000_000 } });
		expect(Object.keys(items[0].json).length).toBeGreaterThan(0);
	});
});

describe('An answer that is too large', () => {
	const server = useFaxPlusServer();

	it('refuses an endless JSON body at 16 MB, the rest never read', async () => {
		server().misbehave({ kind: 'endless', path: '/accounts/self/faxes' });
		const { error } = await runOperation(server(), faxGetMany);
		expect(error?.message).toBe(
			'The answer to GET /accounts/self/faxes is larger than 16 MB, the most the node reads for an API answer',
		);
	});

	it.each([false, true])(
		'refuses a 256 MB "thumbnail" at 10 MB (Content-Length declared: %s)',
		async (declareLength) => {
			server().misbehave({ kind: 'huge', path: '/accounts/self/thumbnail', declareLength });
			const { error } = await runOperation(server(), thumbnail);
			expect(error?.message).toBe(
				'The answer to GET /accounts/self/thumbnail/fax_1 is larger than 10 MB, the most the node reads for a thumbnail',
			);
		},
	);

	it('positive control: a 9 MB thumbnail is read whole', async () => {
		server().misbehave({ kind: 'huge', path: '/accounts/self/thumbnail', bytes: 9 * 1024 * 1024 });
		const items = await runOk(server(), thumbnail);
		expect(items[0].binary?.data).toBeDefined();
	});

	it('refuses JSON nested 20,000 deep', async () => {
		server().misbehave({ kind: 'deepJson', path: '/accounts/self' });
		const { error } = await runOperation(server(), accountGet);
		expect(error?.message).toBe('The answer to GET /accounts/self is nested deeper than 64 levels');
	});
});

describe('An answer that is not JSON', () => {
	const server = useFaxPlusServer();

	it('fails Fax → Get Many on an HTML page answered 200, with a short message', async () => {
		server().misbehave({ kind: 'html', path: '/accounts/self/faxes' });
		const { error } = await runOperation(server(), faxGetMany);
		expect(error?.message).toMatch(
			/^The answer to GET \/accounts\/self\/faxes \(200 status, \d+ KB\) is not JSON$/,
		);
		expect(`${error?.message} ${error?.description}`.length).toBeLessThan(400);
		expect(error?.description).toContain('maintenance page');
		// n8n's poll backoff reads it as an outage that passes, not a setting to fix.
		expect((error as { failure?: { cause?: string } }).failure?.cause).toBe(
			'temporarily-unavailable',
		);
	});

	it('fails Fax → Get on it too (never "Cannot use \'in\' operator")', async () => {
		server().misbehave({ kind: 'html', path: '/accounts/self/faxes/fax_1' });
		const { error } = await runOperation(server(), {
			resource: 'fax',
			operation: 'get',
			userId: 'self',
			faxId: 'fax_1',
		});
		expect(error?.message).toContain('is not JSON');
	});

	it('positive control: the same list answered as JSON', async () => {
		const items = await runOk(server(), faxGetMany);
		expect(items.length).toBeGreaterThan(0);
	});
});

describe('Paging that would never end', () => {
	const server = useFaxPlusServer();

	it('stops Fax → Get Many when the list ignores its cursor, saying so', async () => {
		addFaxes(server(), 150);
		server().misbehave({ kind: 'stuckCursor', path: '/accounts/self/faxes' });
		const { error } = await runOperation(server(), faxGetMany);
		expect(error?.message).toMatch(
			/answered faxes after the "before" asked for .*the cursor does not move/,
		);
		expect(apiRequests(server()).length).toBeLessThanOrEqual(3);
	});

	it('positive control: the same list with a moving cursor is read whole', async () => {
		addFaxes(server(), 150);
		const items = await runOk(server(), faxGetMany);
		expect(new Set(items.map((item) => item.json.id)).size).toBe(items.length);
		expect(items.length).toBeGreaterThanOrEqual(150);
	});

	it(`stops a list that brings new records on every page after ${MAX_PAGES} pages`, async () => {
		server().misbehave({ kind: 'endlessList', path: '/accounts/self/contacts' });
		const { error } = await runOperation(server(), contactGetMany);
		expect(error?.message).toMatch(
			new RegExp(
				`^The API answered ${MAX_PAGES} pages \\(\\d+ entries\\) and the list did not end`,
			),
		);
		expect(apiRequests(server())).toHaveLength(MAX_PAGES);
	});

	it('keeps contacts listed in an unstable order distinct (never more items than contacts)', async () => {
		addContacts(server(), 8);
		const total = (await runOk(server(), contactGetMany)).length;
		server().clearRequests();
		server().misbehave({ kind: 'unstableOrder', path: '/accounts/self/contacts', pageSize: 3 });
		const items = await runOk(server(), contactGetMany);
		const ids = items.map((item) => item.json.id);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids.length).toBeLessThanOrEqual(total);
		expect(apiRequests(server()).length).toBeLessThanOrEqual(total + 1);
	});
});

describe("The credential's secrets when the other side echoes them", () => {
	const server = useFaxPlusServer();
	const logs = useCapturedLogs();

	it.each<AuthKind>(['pat', 'oauth'])(
		'masks the token in the error, the Continue On Fail item and the log lines (%s)',
		async (auth) => {
			server().misbehave({ kind: 'echoToken', path: '/accounts/self' });
			const failed = await runOperation(server(), accountGet, { auth });
			const kept = await runOperation(server(), accountGet, { auth, continueOnFail: true });
			const token = auth === 'pat' ? server().tokens.pat : server().tokens.oauthAccessToken;
			// Positive control: the server got the token and echoed it.
			expect(apiRequests(server())[0].headers.authorization).toBe(`Bearer ${token}`);
			const shown = JSON.stringify([
				failed.error?.message,
				failed.error?.description,
				(failed.error as { messages?: unknown })?.messages,
				kept.items,
				logs.lines,
			]);
			expect(failed.error?.message).toContain('invalid token: Bearer ***');
			expect(shown).not.toContain(token);
			for (const secret of server().issuedSecrets()) expect(shown).not.toContain(secret);
		},
	);
});

describe('A long error text', () => {
	const server = useFaxPlusServer();

	it('is cut before the error, a pattern or a log line reads it', async () => {
		server().misbehave({ kind: 'longError', path: '/accounts/self', bytes: 117_000 });
		const { error } = await runOperation(server(), accountGet);
		expect(error?.message.length).toBeLessThan(600);
		expect(String(error?.description).length).toBeLessThan(400);
	});

	it('masking a token is linear in the text', async () => {
		// Many tokens, then a long run of spaces and tabs whose token fails at a quote.
		await expectLinear(
			(size) => `${'Bearer x '.repeat(size / 10)}Bearer${' \t'.repeat(size)}"`,
			(text) => maskText(text, ['secret_token_value']),
			200,
		);
	});
});

describe('A token echoed by a server that is not Fax.Plus', () => {
	const echoed = 'pat_echo_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
	let api: LoopbackServer;
	let answer: Answer;
	beforeAll(async () => {
		api = await listen(() => answer);
	});
	afterAll(async () => await close(api));
	const credentials = () => ({ faxPlusApi: { accessToken: echoed, baseUrl: `${api.origin}/v3` } });

	it('masks it as the name of a field of a JSON answer, as in a value', async () => {
		answer = jsonAnswer({
			uid: 'owner_1',
			[echoed]: 'x',
			nested: [{ [`to_${echoed}`]: { [echoed]: echoed } }],
		});
		const { items, error } = await runFaxPlusNode({
			parameters: {
				authentication: 'accessToken',
				...accountGet,
				userId: { __rl: true, mode: 'id', value: 'self' },
			},
			credentials: credentials(),
		});
		expect(error).toBeUndefined();
		expect(JSON.stringify(items)).not.toContain(echoed);
		// Positive control: the answer came through whole, its names masked.
		expect(items[0].json).toMatchObject({
			uid: 'owner_1',
			'***': 'x',
			nested: [{ 'to_***': { '***': '***' } }],
		});
	});

	/** An error answer with the token at `at`, read as the transport reads it (n8n's real request helper). */
	async function errorBodyRead(at: number): Promise<string> {
		answer = { status: 400, body: `${'x'.repeat(at)}${echoed}${'y'.repeat(100_000)}` };
		const context = loadOptionsContext(credentials(), { authentication: 'accessToken' });
		const error: unknown = await context.helpers.httpRequestWithAuthentication
			.call(context, 'faxPlusApi', {
				method: 'GET',
				url: `${api.origin}/v3/accounts/self`,
				encoding: 'stream',
				returnFullResponse: true,
				...NO_REDIRECTS, // as the transport sends it: the credential signs nothing else
			})
			.then(
				() => undefined,
				(failure: unknown) => failure,
			);
		await readErrorBody(error, AbortSignal.timeout(60_000), [echoed]);
		return String(responseOf(error).body);
	}

	it('drops the start of a token that the 64 KB read of an error answer cuts', async () => {
		const body = await errorBodyRead(ERROR_BODY_CAP - 20);
		expect(body).not.toContain(echoed.slice(0, 8));
		expect(body).toMatch(/^x+$/);
		expect(body.length).toBeGreaterThan(ERROR_BODY_CAP - 100);
	});

	it('positive control: masks a token within the read, the rest of the read kept', async () => {
		const body = await errorBodyRead(1000);
		expect(body.startsWith(`${'x'.repeat(1000)}***yyy`)).toBe(true);
		expect(body).not.toContain(echoed.slice(0, 8));
	});
});
