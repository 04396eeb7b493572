// Send → Allowed Destinations and Max Destinations: refusals upload and send nothing.
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	runOperation,
	useFaxPlusServer,
	type FaxPlusServer,
} from '../../../../support/faxplus';
import { useProcessedDataStore } from '../../../../support/processed-data';

/** As a tool, without Max Destinations, one call sends to at most this many numbers. */
const TOOL_MAX_DESTINATIONS = 10;

// The local document host is on loopback, which Send refuses: allowed as a user would allow an internal server.
// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: n8n reads its allow list from the environment
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

const send = {
	resource: 'fax',
	operation: 'send',
	userId: 'self',
	from: '+15551230001',
	documentSource: 'url',
	documentUrls: '',
};

/** Requests to Fax.Plus and to the document host: a refusal makes none. */
const anyRequests = (server: FaxPlusServer) =>
	server.requests.filter((r) => r.path.startsWith('/v3/') || r.path.startsWith('/_documents/'));

/** As a tool, one its author let an agent run (a tool sends only then). */
async function run(server: FaxPlusServer, parameters: IDataObject, asTool = false) {
	return await runOperation(
		server,
		{
			...send,
			documentUrls: `${server.origin}/_documents/invoice.pdf`,
			...(asTool && { agentMayRun: true }),
			...parameters,
		},
		{ asTool },
	);
}

const numbers = (count: number) =>
	Array.from({ length: count }, (_, i) => `+1555200${String(i).padStart(4, '0')}`).join(',');

describe('Fax → Send: destinations within bounds', () => {
	const server = useFaxPlusServer();

	it('sends to numbers within Allowed Destinations', async () => {
		const result = await run(server(), {
			to: '+1 555 123 4567, +49 30 123456',
			options: { allowedDestinations: '+1, +4930' },
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests(server()).map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v3/accounts/self/files',
			'POST /v3/accounts/self/outbox',
		]);
	});

	it('refuses a number outside Allowed Destinations, naming it, before fetching or uploading', async () => {
		const result = await run(server(), {
			to: '+15551234567, +449001234567',
			options: { allowedDestinations: '+1, +4930' },
		});
		expect(result.error?.message).toBe(
			'To: +449001234567 is not an allowed destination (allowed: +1, +4930)',
		);
		expect(result.error?.description).toContain('Nothing was uploaded or sent');
		expect(anyRequests(server())).toEqual([]);
	});

	it('refuses an Allowed Destinations entry that is not a prefix', async () => {
		const result = await run(server(), {
			to: '+15551234567',
			options: { allowedDestinations: '+1, 44' },
		});
		expect(result.error?.message).toBe(
			'Allowed Destinations: "44" is not a calling code or number prefix',
		);
		expect(anyRequests(server())).toEqual([]);
	});

	it.each([
		['(201) 555-0123, 1-201-555-0124', '1', ['+12015550123', '+12015550124']],
		['+49 (0)30 123456, 0049 30 123457', '49', ['+4930123456', '+4930123457']],
		['612 34 56 78', '34', ['+34612345678']],
		['8 (301) 123-45-67', '7', ['+73011234567']],
		['(06 1) 234 5678', '36', ['+3612345678']],
		['06 03 12 34', '241', ['+24106031234']],
	])(
		'sends To "%s" with Default Country Code %s to the numbers libphonenumber reads',
		async (to, defaultCountryCode, expected) => {
			const result = await run(server(), { to, options: { defaultCountryCode } });
			expect(result.error).toBeUndefined();
			const outbox = apiRequests(server()).find((r) => r.path === '/v3/accounts/self/outbox');
			expect(outbox?.body.to).toEqual(expected);
		},
	);

	it('refuses a To number too long for its country, naming the country, before anything is uploaded', async () => {
		const result = await run(server(), {
			to: '030 12345678 901234',
			options: { defaultCountryCode: '49' },
		});
		expect(result.error?.message).toBe(
			'To: "030 12345678 901234" is too long for +49 (DE) (read with Default Country Code 49): read as +493012345678901234, but numbers there have 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14 or 15 digits after +49. Check the digits, then type it with "+" and the country code',
		);
		expect(anyRequests(server())).toEqual([]);
	});

	it('reads whole numbers in Allowed Destinations as To reads them (the letterhead "(0)" too)', async () => {
		const result = await run(server(), {
			to: '+4930123456',
			options: { allowedDestinations: '+49 (0)30 123456' },
		});
		expect(result.error).toBeUndefined();
		const refused = await run(server(), {
			to: '+4930123456',
			options: { allowedDestinations: '+49 (0)30' },
		});
		expect(refused.error?.message).toBe(
			'Allowed Destinations: "+49 (0)30" is not a calling code or number prefix',
		);
	});

	it("reads From as To reads it: the letterhead form of the account's number", async () => {
		const result = await run(server(), { to: '+4930123456', from: '+1 (555) 123-0001' });
		expect(result.error).toBeUndefined();
		const outbox = apiRequests(server()).find((r) => r.path === '/v3/accounts/self/outbox');
		expect(outbox?.body.from).toBe('+15551230001');
		const refused = await run(server(), { to: '+4930123456', from: '+1 555 123 000' });
		expect(refused.error?.message).toMatch(/^From: "\+1 555 123 000" is too short for \+1 \(US/);
	});

	it('refuses more numbers than Max Destinations', async () => {
		const result = await run(server(), { to: numbers(3), options: { maxDestinations: 2 } });
		expect(result.error?.message).toBe('To has 3 numbers; this node sends to at most 2 per fax');
		expect(anyRequests(server())).toEqual([]);
	});

	it('has no cap of its own in a workflow', async () => {
		const result = await run(server(), { to: numbers(TOOL_MAX_DESTINATIONS + 1) });
		expect(result.error).toBeUndefined();
	});

	describe('as an AI tool', () => {
		// A tool's send keeps its default idempotency key in n8n's processed-data store.
		beforeEach(() => useProcessedDataStore());

		it(`caps a call at ${TOOL_MAX_DESTINATIONS} numbers and tells the model what to do`, async () => {
			const result = await run(server(), { to: numbers(TOOL_MAX_DESTINATIONS + 1) }, true);
			expect(result.error?.message).toBe(
				`To has ${TOOL_MAX_DESTINATIONS + 1} numbers; this node sends to at most ${TOOL_MAX_DESTINATIONS} per fax`,
			);
			expect(result.error?.description).toContain('only if the user asked');
			expect(anyRequests(server())).toEqual([]);
		});

		it('takes a higher Max Destinations set on the tool', async () => {
			const result = await run(
				server(),
				{ to: numbers(TOOL_MAX_DESTINATIONS + 1), options: { maxDestinations: 20 } },
				true,
			);
			expect(result.error).toBeUndefined();
		});

		it('tells the model not to try other numbers when one is refused', async () => {
			const result = await run(
				server(),
				{ to: '+33123456789', options: { allowedDestinations: '+1' } },
				true,
			);
			expect(result.error?.description).toContain('Do not try other numbers');
			expect(anyRequests(server())).toEqual([]);
		});
	});
});
