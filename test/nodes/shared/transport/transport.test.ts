// Every ID that goes into a request path stays in its segment (transport.ts, checkPath):
// ".", ".." and empty segments, and IDs holding "/", "\" or ";" (checked encoded, as sent: a server may
// still split on them, and the credential sends no token there), are refused before any request, however given. A token
// the server echoes is masked before any cut of the error text, which would leave its start.
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../support/faxplus';
import { useCapturedLogs } from '../../../support/log-capture';
import {
	close,
	jsonAnswer,
	listen,
	type Answer,
	type LoopbackServer,
} from '../../../support/loopback-server';
import { runFaxPlusNode } from '../../../support/n8n-harness';

describe('IDs in request paths', () => {
	const server = useFaxPlusServer();

	const cases: Array<[string, IDataObject, string]> = [
		[
			'Contact → Update, contact ID ".." (would rename the account)',
			{
				resource: 'contact',
				operation: 'update',
				userId: 'self',
				contactId: { __rl: true, mode: 'id', value: '..' },
				updateFields: { name: 'Mallory' },
			},
			'".."',
		],
		[
			'Fax → Delete, fax ID ".." from an expression',
			{ resource: 'fax', operation: 'delete', userId: 'self', faxId: "={{ '..' }}" },
			'".."',
		],
		[
			'Fax → Delete, fax ID "." ',
			{ resource: 'fax', operation: 'delete', userId: 'self', faxId: '.' },
			'"."',
		],
		[
			'Fax → Delete, fax ID " .. " (trimmed to "..")',
			{ resource: 'fax', operation: 'delete', userId: 'self', faxId: ' .. ' },
			'".."',
		],
		[
			'Fax → Get, user ID ".."',
			{ resource: 'fax', operation: 'get', forCorporateMember: true, userId: '..', faxId: 'fax_1' },
			'".."',
		],
		[
			'Outbox → Delete, outbox fax ID ".."',
			{
				resource: 'outbox',
				operation: 'delete',
				userId: 'self',
				outboxFaxId: { __rl: true, mode: 'id', value: '..' },
			},
			'".."',
		],
		[
			'Contact Group → Delete, group ID ".."',
			{
				resource: 'contactGroup',
				operation: 'delete',
				groupId: { __rl: true, mode: 'id', value: '..' },
			},
			'".."',
		],
		[
			'Fax → Get, fax ID "../outbox/outbox_1" (its slashes encoded)',
			{ resource: 'fax', operation: 'get', userId: 'self', faxId: '../outbox/outbox_1' },
			'"../outbox/outbox_1"',
		],
		[
			'Contact Group → Delete, group ID "..\\outbox" (its backslash encoded)',
			{
				resource: 'contactGroup',
				operation: 'delete',
				groupId: { __rl: true, mode: 'id', value: '..\\outbox' },
			},
			'"..\\outbox"',
		],
		[
			'Fax → Get, fax ID "a;b" from an expression (sent encoded as a%3Bb, which a server may split on)',
			{ resource: 'fax', operation: 'get', userId: 'self', faxId: "={{ 'a;b' }}" },
			'"a;b"',
		],
	];

	it.each(cases)('refuses %s before any request', async (_name, parameters, shown) => {
		const before = JSON.stringify(server().state);
		const { error } = await runOperation(server(), parameters);
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toContain(`is ${shown}, so no request was sent`);
		expect(error?.description).toMatch(/cannot be empty, "\." or "\.\."/);
		expect(apiRequests(server())).toHaveLength(0);
		expect(JSON.stringify(server().state)).toBe(before);
	});

	it('keeps IDs with dots that are not a whole segment (positive control)', async () => {
		const { error } = await runOperation(server(), {
			resource: 'fax',
			operation: 'delete',
			userId: 'self',
			faxId: '..fax',
		});
		// Sent, and answered by the server (no such fax): the check let it through.
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'DELETE /v3/accounts/self/faxes/..fax',
		]);
		expect(error?.httpCode).toBe('400');
		await runOk(server(), { resource: 'fax', operation: 'delete', userId: 'self', faxId: 'fax_4' });
		expect(server().state.faxes.fax_4).toBeUndefined();
	});
});

describe('A token echoed in error text that the node cuts', () => {
	const echoed = 'pat_cut_test_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
	const logs = useCapturedLogs();
	let api: LoopbackServer;
	let answer: Answer;
	beforeAll(async () => {
		api = await listen(() => answer);
	});
	afterAll(async () => await close(api));
	beforeEach(() => (api.seen.length = 0));

	const run = async (continueOnFail?: boolean) =>
		await runFaxPlusNode({
			parameters: {
				authentication: 'accessToken',
				resource: 'account',
				operation: 'get',
				userId: { __rl: true, mode: 'id', value: 'self' },
			},
			credentials: { faxPlusApi: { accessToken: echoed, baseUrl: `${api.origin}/v3` } },
			continueOnFail,
		});

	// Each puts the bare token (no "Bearer" before it) across the 300th character, where the cut falls.
	it.each<[string, Answer]>([
		[
			'a plain-text body',
			{
				status: 400,
				headers: { 'content-type': 'text/plain' },
				body: `${'x'.repeat(280)}${echoed} rest`,
			},
		],
		[
			'a JSON description',
			jsonAnswer({ error: 'invalid_token', description: `${'y'.repeat(280)}${echoed}` }, 400),
		],
		['a JSON error code of a 500', jsonAnswer({ error: `${'e'.repeat(280)}${echoed}` }, 500)],
	])(
		'shows no part of it in the error, the Continue On Fail item or the log (%s)',
		async (_name, reply) => {
			answer = reply;
			const failed = await run();
			const kept = await run(true);
			// Positive control: the server got the token, and the text kept of its echo is masked.
			expect(api.seen[0].headers.authorization).toBe(`Bearer ${echoed}`);
			const shown = JSON.stringify([
				failed.error?.message,
				failed.error,
				(failed.error as { messages?: unknown })?.messages,
				kept.items,
				logs.lines,
			]);
			expect(failed.error?.message).toContain('***');
			expect(shown).not.toContain(echoed.slice(0, 8));
		},
	);
});
