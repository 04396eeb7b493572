import type { IDataObject } from 'n8n-workflow';
import {
	served,
	bytesOf,
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
	type RecordedRequest,
} from '../../support/faxplus';
import { useTriggerHarnesses, type TriggerHarness } from '../../support/trigger-harness';
import {
	activateOk,
	activateWithSecret,
	calls,
	recordedKeys,
	runsOf,
	storedKeyOf,
} from './helpers';

/** The document downloads the server received (GET …/files/…), oldest first. */
function fileRequests(server: FaxPlusServer): RecordedRequest[] {
	return apiRequests(server).filter(
		(request) => request.method === 'GET' && /^\/v3\/accounts\/[^/]+\/files\//.test(request.path),
	);
}

describe('Fax.Plus Trigger → Download Fax Document', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	async function activeTrigger(
		options: IDataObject,
		auth: AuthKind = 'pat',
		events = ['fax_sent', 'fax_received'],
	) {
		const harness = await trigger({ server: server(), auth, parameters: { events, options } });
		await activateWithSecret(harness, server());
		server().clearRequests();
		return harness;
	}

	/** Delivers, then waits until its run has ended (n8n answers before the run downloads). */
	async function deliver(
		harness: TriggerHarness,
		options: Parameters<FaxPlusServer['deliver']>[0],
	) {
		const [result] = await server().deliver(options);
		await harness.settled();
		return result;
	}

	it.each<AuthKind>(['pat', 'oauth'])(
		'attaches the received fax as a PDF in "data", downloaded with the trigger\'s credential (%s)',
		async (auth) => {
			const harness = await activeTrigger({ downloadDocument: true }, auth);
			const result = await deliver(harness, { event: 'fax_received', data: { id: 'fax_new_1' } });

			// Answered by n8n once it holds the run; the run downloads; the delivery is recorded once.
			expect(result.attempts).toEqual([{ status: 200, body: '{"received":true}' }]);
			expect(harness.answers[0].result).toEqual({
				workflowData: expect.any(Array),
				webhookResponse: { received: true },
			});
			expect(recordedKeys(harness)).toEqual([storedKeyOf(result.webhookId!)]);

			const [request] = fileRequests(server());
			expect(calls(server())).toEqual(['GET /v3/accounts/self/files/fax_new_1']);
			expect(request.query).toEqual({ format: 'pdf' });
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);

			expect(await runsOf(harness)).toHaveLength(1);
			const [item] = (await runsOf(harness))[0].items;
			expect(item.json).toMatchObject({
				event: 'fax_received',
				faxId: 'fax_new_1',
				webhookId: result.webhookId,
			});
			expect(item.json).not.toHaveProperty('documentError');
			expect(Object.keys(item.binary!)).toEqual(['data']);
			const binary = item.binary!.data;
			expect(binary.mimeType).toBe('application/pdf');
			expect(binary.fileName).toBe('fax_new_1.pdf');
			expect(binary.fileExtension).toBe('pdf');
			const expected = await served(server(), '/accounts/self/files/fax_new_1?format=pdf');
			expect(expected.subarray(0, 5).toString('latin1')).toBe('%PDF-');
			expect((await bytesOf(binary)).equals(expected)).toBe(true);
		},
	);

	it('downloads a TIFF into the chosen field', async () => {
		const harness = await activeTrigger({
			downloadDocument: true,
			documentFormat: 'tiff',
			binaryPropertyName: 'fax',
		});
		await deliver(harness, { event: 'fax_received', data: { id: 'fax_new_2' } });

		const [request] = fileRequests(server());
		expect(request.path).toBe('/v3/accounts/self/files/fax_new_2');
		expect(request.query).toEqual({ format: 'tiff' });
		const [item] = (await runsOf(harness))[0].items;
		expect(Object.keys(item.binary!)).toEqual(['fax']);
		const binary = item.binary!.fax;
		expect(binary.mimeType).toBe('image/tiff');
		expect(binary.fileName).toBe('fax_new_2.tiff');
		const expected = await served(server(), '/accounts/self/files/fax_new_2?format=tiff');
		expect(expected.subarray(0, 4).toString('latin1')).toBe('II*\u0000');
		expect((await bytesOf(binary)).equals(expected)).toBe(true);
	});

	it('downloads nothing when the option is off (the default)', async () => {
		const harness = await activeTrigger({});
		await deliver(harness, { event: 'fax_received', data: { id: 'fax_new_3' } });
		expect(calls(server())).toEqual([]);
		expect((await runsOf(harness))[0].items).toEqual([
			{ json: expect.objectContaining({ faxId: 'fax_new_3' }), pairedItem: { item: 0 } },
		]);
	});

	it('attaches the document that was sent for fax_sent', async () => {
		const harness = await activeTrigger({ downloadDocument: true });
		await deliver(harness, { event: 'fax_sent', data: { id: 'fax_out_1' } });
		expect(calls(server())).toEqual(['GET /v3/accounts/self/files/fax_out_1']);
		expect((await runsOf(harness))[0].items[0].binary!.data.fileName).toBe('fax_out_1.pdf');
	});

	it('downloads nothing for fax_page_received (the fax is not complete)', async () => {
		const harness = await activeTrigger({ downloadDocument: true }, 'pat', ['fax_page_received']);
		await deliver(harness, { event: 'fax_page_received' });
		expect(calls(server())).toEqual([]);
		expect(await runsOf(harness)).toHaveLength(1);
		expect((await runsOf(harness))[0].items[0].binary).toBeUndefined();
		expect((await runsOf(harness))[0].items[0].json).not.toHaveProperty('documentError');
	});

	it('downloads a retried sent fax by its fax ID (hook.id), not by the session ID (data.id) the API does not know', async () => {
		const harness = await activeTrigger({ downloadDocument: true });
		await deliver(harness, {
			event: 'fax_sent',
			hookId: 'fax_retried',
			data: { id: 'session_2', status: 'success' },
		});
		expect(calls(server())).toEqual(['GET /v3/accounts/self/files/fax_retried']);
		const [item] = (await runsOf(harness))[0].items;
		expect(item.json).toMatchObject({
			isRetry: true,
			faxId: 'fax_retried',
			faxSessionId: 'session_2',
		});
		expect(item.json).not.toHaveProperty('documentError');
		expect(item.binary!.data.fileName).toBe('fax_retried.pdf');
		// The fax list shows the fax under its fax ID only.
		const listed = await served(server(), '/accounts/self/faxes?category=sent&limit=1000');
		const ids = JSON.parse(listed.toString('utf8')).data.records.map((r: IDataObject) => r.id);
		expect(ids).toContain('fax_retried');
		expect(ids).not.toContain('session_2');
	});

	it("uses the fax's user (data.uid), so an admin's credential gets a member's fax", async () => {
		const harness = await activeTrigger({ downloadDocument: true });
		await deliver(harness, {
			event: 'fax_received',
			data: { id: 'fax_6', uid: 'member_1', owner_id: 'member_1' },
		});
		// As self first (one request for the token's own faxes); then the user the delivery names.
		expect(calls(server())).toEqual([
			'GET /v3/accounts/self/files/fax_6',
			'GET /v3/accounts/member_1/files/fax_6',
		]);
		expect((await runsOf(harness))[0].items[0].binary!.data.fileName).toBe('fax_6.pdf');
	});

	// faxplus-js api/accounts-api.ts: "For members user_id can only be self".
	it("gets a member's own fax with the member's token, which may name no user but self", async () => {
		server().setReadings({ memberUserId: 'self' });
		const harness = await activeTrigger({ downloadDocument: true });
		harness.setAccessToken(server().tokens.patMember);
		await deliver(harness, {
			event: 'fax_received',
			data: { id: 'fax_6', uid: 'member_1', owner_id: 'member_1' },
		});
		expect(calls(server())).toEqual(['GET /v3/accounts/self/files/fax_6']);
		const [item] = (await runsOf(harness))[0].items;
		expect(item.json.documentError).toBeUndefined();
		expect(item.binary!.data.fileName).toBe('fax_6.pdf');
	});

	it('uses self when the payload names no user, and hook.id when data has no id', async () => {
		const harness = await activeTrigger({ downloadDocument: true });
		const rawBody = JSON.stringify({
			hook: { id: 'fax_1', event: 'fax_received', target: '' },
			data: { status: 'success' },
		});
		await deliver(harness, { event: 'fax_received', rawBody });
		expect(calls(server())).toEqual(['GET /v3/accounts/self/files/fax_1']);
		expect((await runsOf(harness))[0].items[0].binary!.data.fileName).toBe('fax_1.pdf');
	});

	describe('when the download fails', () => {
		it('still runs the workflow once, without binary and with documentError; a replay is a duplicate', async () => {
			const harness = await activeTrigger({ downloadDocument: true });
			// A body given verbatim does not add its fax to the server: the server does not know it.
			const rawBody = JSON.stringify({
				hook: { id: 'fax_unknown', event: 'fax_received', target: '' },
				data: { id: 'fax_unknown', status: 'success' },
			});
			const result = await deliver(harness, { event: 'fax_received', rawBody });

			expect(result.attempts).toEqual([{ status: 200, body: '{"received":true}' }]);
			expect(fileRequests(server()).map((request) => request.status)).toEqual([400]);
			expect(await runsOf(harness)).toHaveLength(1);
			const [item] = (await runsOf(harness))[0].items;
			expect(item.binary).toBeUndefined();
			expect(item.json).toMatchObject({ faxId: 'fax_unknown', webhookId: result.webhookId });
			expect(item.json.documentError).toEqual(expect.stringContaining('400'));
			expect(recordedKeys(harness)).toEqual([storedKeyOf(result.webhookId!)]);

			// Processed once: a replay (or retry) of the delivery is a run that ends at the trigger,
			// and downloads nothing.
			const [replayed] = await server().replay(result.webhookId!);
			await harness.settled();
			expect(replayed.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
			expect(harness.executions.map((run) => run.items.length)).toEqual([1, 0]);
			expect(await runsOf(harness)).toHaveLength(1);
			expect(fileRequests(server())).toHaveLength(1);
		});

		it('names a rejected credential without showing the token', async () => {
			const harness = await activeTrigger({ downloadDocument: true });
			harness.setAccessToken('alohi_pat_revoked');
			await deliver(harness, { event: 'fax_received', data: { id: 'fax_new_4' } });

			// n8n's request helper may try a 401 again itself.
			expect(new Set(fileRequests(server()).map((request) => request.status))).toEqual(
				new Set([401]),
			);
			const [item] = (await runsOf(harness))[0].items;
			expect(item.binary).toBeUndefined();
			expect(item.json.documentError).toMatch(/rejected the credential/);
			expect(JSON.stringify(item.json)).not.toContain('alohi_pat_revoked');
		});
	});

	it('refuses an empty field name on activation, before any request', async () => {
		const harness = await trigger({
			server: server(),
			parameters: {
				events: ['fax_received'],
				options: { downloadDocument: true, binaryPropertyName: ' ' },
			},
		});
		const outcome = await harness.activate();
		expect(outcome.error?.message).toMatch(/^Put Output File in Field:/);
		expect(calls(server())).toEqual([]);
		// An empty field name does not matter while the download is off.
		harness.setParameters({ options: { binaryPropertyName: '' } });
		await activateOk(harness);
	});
});
