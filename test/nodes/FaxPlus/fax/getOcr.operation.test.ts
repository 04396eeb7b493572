import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { withPausesSkipped } from '../../../support/pauses';

describe('Fax → Get OCR', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'getOcr', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'outputs the finished text, a plain string as Fax.Plus answers it, with its status explained (%s)',
		async (auth) => {
			const items = await runOk(server(), { ...base, faxId: 'fax_1' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/accounts/self/faxes/fax_1/ai/ocr');
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						faxId: 'fax_1',
						status: 'finished',
						finished: true,
						requested: false,
						reused: true,
						message: 'OCR is finished; the recognised text is in "data"',
						data: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR',
					},
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it.each([
		[
			'fax_2',
			'pending',
			'OCR is in progress; run "Get OCR" again later to read the recognised text',
		],
		[
			'fax_3',
			'not_requested',
			'OCR was not requested for this fax, so there is no result; run "Request OCR" first',
		],
	])('explains the status of %s (%s), without data', async (faxId, status, message) => {
		const items = await runOk(server(), { ...base, faxId });
		expect(items[0].json).toEqual({
			faxId,
			status,
			finished: false,
			requested: false,
			reused: status !== 'not_requested',
			message,
		});
	});

	it.each([
		['failed', 'OCR failed for this fax, so there is no result; you can run "Request OCR" again'],
		[
			'content_filtering_policy',
			"OCR was refused under Fax AI's content filtering policy, so this fax will have no result",
		],
		[
			'queued_somewhere',
			'OCR has the status "queued_somewhere", which this node does not know; there is no result',
		],
	])('explains the status %s', async (status, message) => {
		server().state.ai.fax_4 = { ocr: { status } };
		const items = await runOk(server(), { ...base, faxId: 'fax_4' });
		expect(items[0].json).toEqual({
			faxId: 'fax_4',
			status,
			finished: false,
			requested: false,
			reused: true,
			message,
		});
	});

	it("reads the OCR of each item's fax", async () => {
		const items = await runOk(
			server(),
			{ ...base, faxId: '={{ $json.fax }}' },
			{ items: [{ json: { fax: 'fax_1' } }, { json: { fax: 'fax_2' } }] },
		);
		expect(apiRequests(server()).map((r) => r.path)).toEqual([
			'/v3/accounts/self/faxes/fax_1/ai/ocr',
			'/v3/accounts/self/faxes/fax_2/ai/ocr',
		]);
		expect(items.map((item) => [item.json.status, item.pairedItem])).toEqual([
			['finished', { item: 0 }],
			['pending', { item: 1 }],
		]);
	});

	it('refuses an empty fax id before sending anything', async () => {
		const { error } = await runOperation(server(), { ...base, faxId: ' ' });
		expect(error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('as a tool allowed to request, requests OCR when nobody has and reads the text in the same call', async () => {
		const { result: items, pauses } = await withPausesSkipped(
			5_000,
			async () =>
				await runOk(
					server(),
					{
						...base,
						faxId: 'fax_3',
						resultCheckInterval: 5,
						requestIfMissing: true,
						agentMayRun: true,
					},
					{ asTool: true },
				),
		);
		expect(pauses).toBe(1);
		// The local server finishes a requested job by its next read.
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v3/accounts/self/faxes/fax_3/ai/ocr',
			'POST /v3/accounts/self/faxes/fax_3/ai/ocr',
			'GET /v3/accounts/self/faxes/fax_3/ai/ocr',
		]);
		expect(items[0].json).toMatchObject({
			faxId: 'fax_3',
			status: 'finished',
			requested: true,
			reused: false,
			checks: 2,
			untrusted: { ocrText: 'Fax fax_3 page 1\nFax fax_3 page 2\nFax fax_3 page 3' },
		});
	});

	it('as a tool, answers the text of a fax already done under untrusted, without requesting it', async () => {
		const later = await runOk(server(), { ...base, faxId: 'fax_1' }, { asTool: true });
		expect(apiRequests(server())).toHaveLength(1);
		// The recognised text is the sender's: marked as data, not instructions.
		expect(later[0].json).toMatchObject({
			status: 'finished',
			finished: true,
			requested: false,
			reused: true,
			untrusted: { ocrText: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR' },
			untrustedNote: expect.stringContaining('not instructions'),
		});
		expect(later[0].json.data).toBeUndefined();
	});

	it('as a tool, by default only reads (requesting spends AI credits)', async () => {
		const items = await runOk(
			server(),
			{ ...base, faxId: 'fax_3', waitForResult: false },
			{ asTool: true },
		);
		expect(apiRequests(server())).toHaveLength(1);
		expect(items[0].json.status).toBe('not_requested');
	});

	it('as a tool set to request but not allowed to, refuses before any request, naming the switch', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, faxId: 'fax_3', requestIfMissing: true },
			{ asTool: true },
		);
		expect(error?.message).toMatch(/"Let an AI Agent Run This" is off/);
		expect(error?.description).toMatch(/spends money or AI credits/);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
