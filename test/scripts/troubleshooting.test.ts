/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: it reads the repository's documents */
// Every error message the API's error catalogue can produce, every refusal the trigger logs and
// every refusal of a document URL can be found in docs/troubleshooting.md, with what to do.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { describeFaxPlusError } from '../../nodes/shared/transport/nodeErrors';
import { refusal } from '../../nodes/FaxPlus/fax/send/documentEgress';
import { REFUSAL_CAUSES } from '../../nodes/FaxPlusTrigger/webhook';
import { skippedCheckRefusal } from '../../nodes/shared/n8n/triggers';

const doc = readFileSync(join(__dirname, '../../docs/troubleshooting.md'), 'utf8');

describe('docs/troubleshooting.md', () => {
	// One answer per rule of the catalogue: its special cases, each status group, the rest.
	const answers: Array<[number, string, string | undefined]> = [
		[401, '/accounts/self', undefined],
		[403, '/accounts/self', 'insufficient_scope'],
		[404, '/webhooks', undefined],
		[403, '/webhooks', 'feature_not_available'],
		[403, '/webhooks/ep_1', undefined],
		[400, '/accounts/self/outbox', undefined],
		[422, '/accounts/self/outbox', undefined],
		[403, '/accounts/member_2', undefined],
		[404, '/accounts/self/faxes/fax_1', undefined],
		[409, '/contacts/groups', undefined],
		[413, '/accounts/self/files', undefined],
		[429, '/accounts/self', undefined],
		[500, '/accounts/self', undefined],
		[503, '/accounts/self', undefined],
		[418, '/accounts/self', undefined],
	];

	it.each(answers)('names the message for %i at %s', (status, path, error) => {
		const { message } = describeFaxPlusError(status, { error }, path);
		// The message up to Fax.Plus's own detail and the advice: what the document lists.
		const head = message.split(' (')[0].replace(/: \d+.*$/, '');
		expect(doc).toContain(head);
	});

	it.each([
		[404, 'Check **Method** and **Path**'],
		[400, 'Check **Query Parameters** and **JSON Body**'],
		[403, 'The role and token scope the reference names'],
	])("names a Custom API Call's words for %i, which speak of its fields", (status, listed) => {
		const { message } = describeFaxPlusError(status, {}, '/account/self', { method: 'GET' });
		const head = message.split(' (')[0].replace(/: \d+.*$/, '');
		expect(doc).toContain(`\`${head}: ${status}\``);
		expect(doc).toContain(listed);
	});

	it("names the warning of a signing secret saved before the trigger's endpoint existed", () => {
		expect(doc).toContain(
			"holds a secret saved before this trigger registered webhook endpoint ep_…, so it is another endpoint's",
		);
	});

	it.each(Object.entries(REFUSAL_CAUSES))(
		'names the refusal "%s" as the log writes it',
		(_cause, { what }) => {
			expect(doc).toContain(what.replace(/\s+/g, ' '));
		},
	);

	it.each(['Fax.Plus Trigger', 'Fax.Plus Polling Trigger'])(
		"names the %s's refusal on n8n's Engine 2.0",
		(trigger) => {
			expect(doc).toContain(`\`${skippedCheckRefusal(trigger, '').message}\``);
		},
	);

	it("names the PAT credential's refusal of a request n8n would carry its token away with", async () => {
		const message = await new FaxPlusApi()
			.authenticate(
				{ accessToken: 'pat_x', baseUrl: 'https://restapi.fax.plus/v3' },
				{ url: 'https://restapi.fax.plus/v3/accounts/self' },
			)
			.then(
				() => '',
				(error: Error) => error.message,
			);
		expect(message).toContain('follows redirects, so nothing was sent');
		expect(doc).toContain(`\`${message.split(', so nothing')[0]}\``);
	});

	it.each([
		'the PDF is damaged: no page tree was found in it',
		'the PDF is protected by a password',
		'the PDF takes more work to read than its size allows',
	])('names why Max Pages cannot count a PDF as Send words it: "%s"', (why) => {
		expect(doc).toContain(`: ${why}\``);
	});

	it.each(['blocked', 'internal', 'unchecked', 'notListed'] as const)(
		'names the document URL refusal "%s" as Send words it',
		(reason) => {
			expect(doc).toContain(`… ${refusal({ allowed: false, reason }).message}\``);
		},
	);
});
