// Wait for Result of the Fax AI operations against the local server, whose jobs end as planned
// (state.aiPlans: finished, failed or refused after some reads). Every request is counted at the
// server: a job already finished or running is never requested again. The pauses between
// checks (5 s, the floor) pass at once.
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	runOk as runOkWithPauses,
	runOperation,
	useFaxPlusServer,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { flatFields } from '../../../../../nodes/FaxPlus/fax/shared/aiJobs';
import { expectLinear } from '../../../../support/linear';
import { withPausesSkipped } from '../../../../support/pauses';

/** A run whose pauses between checks (5 s each) pass at once. */
const runOk = async (...args: Parameters<typeof runOkWithPauses>) =>
	(await withPausesSkipped(5_000, async () => await runOkWithPauses(...args))).result;

const ocr = { resource: 'fax', operation: 'requestOcr', userId: 'self' };
const waiting = { waitForResult: true, resultCheckInterval: 5 };

const calls = (server: FaxPlusServer, method: string, path: string) =>
	apiRequests(server).filter((r) => r.method === method && r.path === path).length;

describe('Fax AI: Wait for Result', () => {
	const server = useFaxPlusServer();

	it('outputs the text of a job that finishes after a while, requested once and read until done', async () => {
		server().state.aiPlans.push({ outcome: 'finished', afterReads: 3 });
		const [item] = await runOk(server(), { ...ocr, faxId: 'fax_3', ...waiting });
		const path = '/v3/accounts/self/faxes/fax_3/ai/ocr';
		expect(calls(server(), 'POST', path)).toBe(1);
		// The read before the request, then three reads of the running job.
		expect(calls(server(), 'GET', path)).toBe(4);
		expect(item.json).toEqual({
			faxId: 'fax_3',
			status: 'finished',
			finished: true,
			requested: true,
			reused: false,
			checks: 4,
			message:
				'OCR was requested now (uses AI credits). OCR is finished; the recognised text is in "data"',
			data: 'Fax fax_3 page 1\nFax fax_3 page 2\nFax fax_3 page 3',
		});
	});

	it.each([
		[
			'failed',
			'Field extraction was requested now (uses AI credits). Field extraction failed for this fax, so there is no result; you can run "Request Field Extraction" again',
		],
		[
			'content_filtering_policy',
			"Field extraction was requested now (uses AI credits). Field extraction was refused under Fax AI's content filtering policy, so this fax will have no result",
		],
	])('stops at a job that ends %s, and says so', async (outcome, message) => {
		server().state.aiPlans.push({ outcome: outcome as 'failed', afterReads: 2 });
		const [item] = await runOk(server(), {
			...ocr,
			operation: 'requestFieldExtraction',
			faxId: 'fax_3',
			...waiting,
		});
		expect(item.json).toEqual({
			faxId: 'fax_3',
			status: outcome,
			finished: false,
			requested: true,
			reused: false,
			checks: 3,
			message,
		});
	});

	it('outputs the pending job at the limit, with what to do next, and never requests it twice', async () => {
		server().state.aiPlans.push({ outcome: 'finished', afterReads: 100 });
		const path = '/v3/accounts/self/faxes/fax_3/ai/ocr';
		const [first] = await runOk(server(), {
			...ocr,
			faxId: 'fax_3',
			...waiting,
			maxResultChecks: 3,
		});
		expect(first.json).toEqual({
			faxId: 'fax_3',
			status: 'pending',
			finished: false,
			requested: true,
			reused: false,
			checks: 3,
			message:
				'OCR was requested now (uses AI credits). OCR is still in progress after 3 checks (about 10 s); run "Get OCR" with Wait for Result later to read the recognised text: it is not requested again',
		});
		expect(calls(server(), 'GET', path)).toBe(3);

		// Run again: the job is still running, so it is waited for, not requested again.
		const [second] = await runOk(server(), {
			...ocr,
			faxId: 'fax_3',
			...waiting,
			maxResultChecks: 2,
		});
		expect(second.json).toMatchObject({ status: 'pending', requested: false, reused: true });
		expect(calls(server(), 'POST', path)).toBe(1);
		expect(server().state.aiCredits.usage.ocr).toBe(12 + 3);
	});

	it('a fax already processed spends no second request: read, not requested, on every later run', async () => {
		server().state.aiPlans.push({ outcome: 'finished', afterReads: 1 });
		const path = '/v3/accounts/self/faxes/fax_3/ai/ocr';
		const runs = [];
		for (let i = 0; i < 3; i++)
			runs.push((await runOk(server(), { ...ocr, faxId: 'fax_3', ...waiting }))[0].json);
		expect(runs.map((run) => [run.status, run.requested, run.reused])).toEqual([
			['finished', true, false],
			['finished', false, true],
			['finished', false, true],
		]);
		expect(calls(server(), 'POST', path)).toBe(1);
		expect(server().state.aiCredits.usage.ocr).toBe(12 + 3);
	});

	it('Get OCR waits for a job requested elsewhere, without requesting it', async () => {
		server().state.ai.fax_2.ocr = {
			status: 'pending',
			plan: { outcome: 'finished', afterReads: 2 },
			requestedAt: Date.now(),
		};
		const [item] = await runOk(server(), {
			resource: 'fax',
			operation: 'getOcr',
			userId: 'self',
			faxId: 'fax_2',
			requestIfMissing: true,
			...waiting,
		});
		expect(item.json).toMatchObject({
			status: 'finished',
			requested: false,
			reused: true,
			checks: 2,
			data: 'Fax fax_2 page 1',
		});
		expect(calls(server(), 'POST', '/v3/accounts/self/faxes/fax_2/ai/ocr')).toBe(0);
	});

	it('Get OCR does not wait for a job nobody requested: there is nothing to wait for', async () => {
		const [item] = await runOk(server(), {
			resource: 'fax',
			operation: 'getOcr',
			userId: 'self',
			faxId: 'fax_3',
			...waiting,
		});
		expect(item.json).toMatchObject({ status: 'not_requested', requested: false, checks: 1 });
		expect(apiRequests(server())).toHaveLength(1);
	});

	it('waits for each item on its own, keeping their order', async () => {
		server().state.aiPlans.push({ faxId: 'fax_4', outcome: 'finished', afterReads: 3 });
		server().state.aiPlans.push({ faxId: 'fax_6', outcome: 'failed', afterReads: 1 });
		const items = await runOk(
			server(),
			{
				...ocr,
				forCorporateMember: true,
				userId: '={{ $json.user }}',
				faxId: '={{ $json.fax }}',
				...waiting,
			},
			{
				items: [
					{ json: { user: 'self', fax: 'fax_4' } },
					{ json: { user: 'self', fax: 'fax_1' } },
					{ json: { user: 'member_1', fax: 'fax_6' } },
				],
			},
		);
		expect(items.map((item) => [item.json.faxId, item.json.status, item.pairedItem])).toEqual([
			['fax_4', 'finished', { item: 0 }],
			['fax_1', 'finished', { item: 1 }],
			['fax_6', 'failed', { item: 2 }],
		]);
	});

	it.each<[string, IDataObject, RegExp]>([
		[
			'an interval below the floor',
			{ resultCheckInterval: 2 },
			/^Check Interval \(Seconds\) must be at least 5, not "2"$/,
		],
		[
			'no checks',
			{ resultCheckInterval: 10, maxResultChecks: 0 },
			/^Max Checks must be a whole number of at least 1, not "0"$/,
		],
		[
			'a fraction of a check',
			{ resultCheckInterval: 10, maxResultChecks: 1.5 },
			/^Max Checks must be a whole number/,
		],
	])('refuses %s before any request', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), {
			...ocr,
			faxId: 'fax_3',
			waitForResult: true,
			...parameters,
		});
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});

describe('Fax → Extract Text and Fields', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'extract', userId: 'self', resultCheckInterval: 5 };

	it('requests both jobs of a new fax, waits for both (by default) and outputs the text and the fields', async () => {
		server().state.aiPlans.push({ job: 'ocr', outcome: 'finished', afterReads: 1 });
		server().state.aiPlans.push({ job: 'field_extraction', outcome: 'finished', afterReads: 3 });
		const [item] = await runOk(server(), { ...base, faxId: 'fax_3' });
		expect(item.json).toEqual({
			faxId: 'fax_3',
			finished: true,
			text: 'Fax fax_3 page 1\nFax fax_3 page 2\nFax fax_3 page 3',
			fields: expect.objectContaining({ sender_fax: '+15551230001', page_count: '3' }),
			ocrStatus: 'finished',
			fieldExtractionStatus: 'finished',
			requested: true,
			reused: false,
			checks: 4,
			message:
				'OCR was requested now (uses AI credits). OCR is finished; the recognised text is in "text". Field extraction was requested now (uses AI credits). Field extraction is finished; the extracted fields are in "fields"',
			// The fields flat too, one column each, for a table row.
			...Object.fromEntries(
				Object.entries(item.json.fields as Record<string, unknown>).map(([name, value]) => [
					`field_${name}`,
					value,
				]),
			),
		});
		expect(item.json.field_sender_fax).toBe('+15551230001');
		// OCR finished at its first read after the request: only the extraction was read again.
		expect(calls(server(), 'GET', '/v3/accounts/self/faxes/fax_3/ai/ocr')).toBe(2);
		expect(calls(server(), 'GET', '/v3/accounts/self/faxes/fax_3/ai/field-extraction')).toBe(4);
	});

	it('outputs the text when the extraction fails, and says so', async () => {
		server().state.aiPlans.push({ job: 'field_extraction', outcome: 'failed', afterReads: 1 });
		const [item] = await runOk(server(), { ...base, faxId: 'fax_3' });
		expect(item.json).toMatchObject({
			finished: false,
			text: 'Fax fax_3 page 1\nFax fax_3 page 2\nFax fax_3 page 3',
			fields: null,
			ocrStatus: 'finished',
			fieldExtractionStatus: 'failed',
		});
		expect(item.json.message).toMatch(/Field extraction failed for this fax/);
	});

	it('reads a fax already done without any request', async () => {
		const [item] = await runOk(server(), { ...base, faxId: 'fax_1' });
		expect(apiRequests(server()).map((r) => r.method)).toEqual(['GET', 'GET']);
		expect(item.json).toMatchObject({
			finished: true,
			requested: false,
			reused: true,
			fields: expect.objectContaining({ invoice_number: 'INV-2025-0042' }),
		});
	});

	it('as a tool, marks the text and the fields as data from a document', async () => {
		const [item] = await runOk(
			server(),
			{ ...base, faxId: 'fax_1', agentMayRun: true },
			{ asTool: true },
		);
		expect(item.json.text).toBeUndefined();
		expect(item.json.fields).toBeUndefined();
		expect(item.json).toMatchObject({
			untrusted: {
				ocrText: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR',
				extractedFields: expect.objectContaining({ invoice_number: 'INV-2025-0042' }),
			},
			untrustedNote: expect.stringContaining('not instructions'),
		});
		// No field of the sender's document outside "untrusted".
		expect(Object.keys(item.json).filter((key) => key.startsWith('field_'))).toEqual([]);
	});

	it('flattens nested and oddly named fields into column names, lists and objects as JSON', () => {
		expect(
			flatFields({
				'invoice number': 'INV-1',
				total: 12.5,
				paid: false,
				lines: [{ item: 'A' }],
				note: null,
			}),
		).toEqual({
			field_invoice_number: 'INV-1',
			field_total: 12.5,
			field_paid: false,
			field_lines: '[{"item":"A"}]',
			field_note: null,
		});
		expect(flatFields(null)).toEqual({});
	});

	it('keeps every value of fields whose names flatten alike, the later ones with a suffix', () => {
		expect(
			flatFields({ 'Total €': 1, 'Total $': 2, Total_: 3, Имя: 'Анна', 名前: 'Hana' }),
		).toEqual({
			field_Total_: 1,
			field_Total__2: 2,
			field_Total__3: 3,
			field__: 'Анна',
			field___2: 'Hana',
		});
	});

	it('flattens names that flatten alike in linear work: a hostile answer cannot stall n8n', async () => {
		// Up to 20,000 names that all flatten to field_a_ (a 16 MB answer holds a million).
		const alike = (size: number) =>
			Object.fromEntries(
				Array.from({ length: size }, (_, i) => [`a${String.fromCharCode(0x4e00 + i)}`, i]),
			);
		expect(Object.keys(flatFields(alike(3)))).toEqual(['field_a_', 'field_a__2', 'field_a__3']);
		await expectLinear(alike, flatFields, 200);
	});
});
