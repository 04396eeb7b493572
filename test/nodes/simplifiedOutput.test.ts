// Every operation's default output, and both triggers' items, read against the local server: each
// time in them is ISO 8601 UTC under a camelCase name, and a Simplified record's every key is camelCase.
// An operation without a case here fails "every operation has a case".
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { resources } from '../../nodes/FaxPlus/resources';
import { documentedWebhookExample } from '../server';
import { runOk, useFaxPlusServer, type FaxPlusServer } from '../support/faxplus';
import { withPausesSkipped } from '../support/pauses';
import { useTriggerHarnesses } from '../support/trigger-harness';
import { activateWithSecret, runJson } from './FaxPlusTrigger/helpers';
import { activateOk, addFax, faxTimeAgo, usePollHarnesses } from './FaxPlusPollTrigger/helpers';

/** The form README promises: `2030-01-15T09:30:00Z` (milliseconds where the moment has them). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
/** Text that starts as a date does, in any of the forms Fax.Plus writes. */
const DATE_LIKE = /^\s*\d{4}-\d{2}-\d{2}/;
/** A name a time goes by, e.g. `created_date`, `last_used`, `reloadAt`. */
const TIME_NAME = /(time|date|_at|At|last_?used|update)$/i;
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/**
 * Where an item holds what others wrote, as they wrote it: a trigger's `hook` and `data` (Fax.Plus's
 * payload), Fax AI's fields read from the document (`fields`, `field_…`, `data` of a field extraction).
 */
const AS_GIVEN = new Set(['hook', 'data', 'fields']);

/** A trigger item's Fax.Plus payload: its names as Fax.Plus wrote them, its times ISO 8601 UTC all the same. */
const PAYLOAD = new Set(['hook', 'data']);

/**
 * Each time in `json` that is not ISO 8601 UTC under a camelCase name; with `allKeys`, each key not
 * camelCase. With `payload` (a trigger item), `hook` and `data` are read too, their names as they came.
 */
function problemsOf(
	json: IDataObject,
	allKeys: boolean,
	path = '',
	{ payload = false, asNamed = false } = {},
): string[] {
	const problems: string[] = [];
	for (const [key, value] of Object.entries(json)) {
		const at = `${path}${key}`;
		const readAsNamed = asNamed || (payload && path === '' && PAYLOAD.has(key));
		if (!readAsNamed && (AS_GIVEN.has(key) || key.startsWith('field_'))) continue;
		const isTime =
			(typeof value === 'string' && DATE_LIKE.test(value)) ||
			(typeof value === 'number' && TIME_NAME.test(key));
		if (isTime && !(typeof value === 'string' && ISO_UTC.test(value)))
			problems.push(`${at}: ${JSON.stringify(value)} is not ISO 8601 UTC`);
		if (!asNamed && (isTime || allKeys) && !CAMEL_CASE.test(key))
			problems.push(`${at}: not camelCase`);
		if (value !== null && typeof value === 'object') {
			const entries = Array.isArray(value) ? value : [value];
			entries.forEach((entry, index) => {
				if (entry !== null && typeof entry === 'object')
					problems.push(
						...problemsOf(
							entry as IDataObject,
							allKeys,
							`${at}${Array.isArray(value) ? `[${index}]` : ''}.`,
							{ asNamed: readAsNamed },
						),
					);
			});
		}
	}
	return problems;
}

function expectTimesRead(items: INodeExecutionData[], allKeys = false) {
	expect(items.length).toBeGreaterThan(0);
	expect(items.flatMap((item) => problemsOf(item.json, allKeys))).toEqual([]);
}

/** A trigger's items: every time ISO 8601 UTC, in its `hook` and `data` too. */
function expectTriggerTimesRead(items: INodeExecutionData[]) {
	expect(items.length).toBeGreaterThan(0);
	expect(items.flatMap((item) => problemsOf(item.json, false, '', { payload: true }))).toEqual([]);
}

type Case = {
	label?: string;
	params: IDataObject | ((server: FaxPlusServer) => Promise<IDataObject> | IDataObject);
	/** Output → Simplified: every key camelCase, not only a time's. */
	simplified?: boolean;
	/** The pause between its checks (n8n's sleep), passed at once. */
	pauseMs?: number;
};

const self = { userId: 'self' };
const textFax = {
	...self,
	to: '+4930123456',
	from: { __rl: true, mode: 'number', value: '+15551230001' },
	documentSource: 'text',
	documentText: 'Discharge letter',
};

/** An endpoint of the account's, made for the case that changes or deletes one. */
async function endpointOf(server: FaxPlusServer): Promise<string> {
	const [item] = await runOk(server, {
		resource: 'webhook',
		operation: 'create',
		url: 'https://example.com/fax-events',
		filterTypes: ['fax_sent'],
	});
	return String(item.json.id);
}

/** Each operation's cases (key `resource.operation`), its parameters as a saved workflow has them. */
const CASES: Record<string, Case[]> = {
	'account.get': [{ params: self }],
	'account.update': [{ params: { ...self, updateFields: { callerIdName: 'Clinic' } } }],
	'account.getPlan': [{ params: self }],
	'account.getMember': [
		{ params: { memberUserId: { __rl: true, mode: 'id', value: 'member_2' } } },
	],
	'account.updateMember': [
		{ params: { memberUserId: 'member_1', updateFields: { quota: 300, role: 'member' } } },
	],
	'account.getAllMembers': [{ params: { returnAll: true } }],
	'account.inviteMember': [{ params: { emails: 'new.clerk@example.com' } }],
	'ai.getCredits': [{ params: {} }],
	'ai.getAllCustomFields': [{ params: { returnAll: true } }],
	'ai.createCustomField': [
		{ params: { name: 'po_number', instructions: 'The purchase order number', enabled: true } },
	],
	'ai.updateCustomField': [
		{
			params: {
				customField: { __rl: true, mode: 'id', value: 'cf_2' },
				updateFields: { enabled: false },
			},
		},
	],
	'ai.deleteCustomField': [{ params: { customField: { __rl: true, mode: 'id', value: 'cf_1' } } }],
	'contact.getAll': [{ params: { ...self, returnAll: true } }],
	'contact.update': [
		{
			params: {
				...self,
				contactId: { __rl: true, mode: 'id', value: 'contact_1' },
				updateFields: { company: 'Charité' },
			},
		},
	],
	'contact.setGroups': [
		{ params: { contactId: { __rl: true, mode: 'id', value: 'contact_3' }, groupIds: 'group_1' } },
	],
	'contactGroup.share': [{ params: { groupIds: 'group_1', memberIds: 'member_1' } }],
	'contactGroup.delete': [{ params: { groupId: 'group_2' } }],
	'fax.send': [
		{ label: 'now', params: textFax },
		{
			label: 'scheduled',
			params: { ...textFax, options: { sendTime: '2030-01-15T09:30:00Z' } },
		},
		{
			label: 'Wait for Final Status',
			pauseMs: 20_000,
			params: (server) => {
				server.state.outboxPlans.push({ to: '+4930123456', status: 'success', afterReads: 1 });
				return { ...textFax, options: { waitForFinalStatus: true, statusCheckInterval: 20 } };
			},
		},
	],
	'fax.getStatus': [
		{
			label: 'sent',
			params: {
				...self,
				outboxFaxId: 'outbox_sent_earlier',
				to: '+33144556677',
				sentAt: '2025-01-11T13:59:30Z',
			},
		},
		{
			label: 'in the outbox',
			params: { ...self, outboxFaxId: 'outbox_1', to: '+4930123456' },
		},
	],
	'fax.get': [{ simplified: true, params: { ...self, faxId: 'fax_1' } }],
	'fax.getAll': [{ simplified: true, params: { ...self, returnAll: true } }],
	'fax.update': [{ params: { ...self, faxId: 'fax_2', updateFields: { isRead: true } } }],
	'fax.delete': [{ params: { ...self, faxId: 'fax_5' } }],
	'fax.download': [{ params: { ...self, faxId: 'fax_1', format: 'pdf' } }],
	'fax.downloadReport': [{ params: { ...self, faxId: 'fax_3' } }],
	'fax.downloadThumbnail': [{ params: { ...self, faxId: 'fax_1' } }],
	'fax.extract': [{ params: { ...self, faxId: 'fax_1' } }],
	'fax.requestOcr': [{ params: { ...self, faxId: 'fax_3' } }],
	'fax.getOcr': [{ params: { ...self, faxId: 'fax_1' } }],
	'fax.requestFieldExtraction': [{ params: { ...self, faxId: 'fax_3' } }],
	'fax.getFieldExtraction': [{ params: { ...self, faxId: 'fax_1' } }],
	'fax.updateFieldExtraction': [
		{
			params: {
				...self,
				faxId: 'fax_1',
				fields: { field: [{ name: 'total_amount', value: '1350.00' }] },
			},
		},
	],
	'number.get': [
		{
			simplified: true,
			params: { ...self, number: { __rl: true, mode: 'list', value: '+15551230003' } },
		},
	],
	'number.getAll': [{ simplified: true, params: { ...self, returnAll: true } }],
	'number.assign': [
		{
			params: {
				...self,
				number: { __rl: true, mode: 'number', value: '+15551230002' },
				memberUserId: { __rl: true, mode: 'id', value: 'member_2' },
			},
		},
	],
	'number.revoke': [
		{
			params: {
				forCorporateMember: true,
				userId: { __rl: true, mode: 'id', value: 'member_1' },
				number: { __rl: true, mode: 'number', value: '+15551230003' },
			},
		},
	],
	'outbox.get': [{ simplified: true, params: { ...self, outboxFaxId: 'outbox_1' } }],
	'outbox.getAll': [{ simplified: true, params: { ...self, returnAll: true } }],
	'outbox.update': [{ params: { ...self, outboxFaxId: 'outbox_1', comment: 'Moved' } }],
	'outbox.delete': [{ params: { ...self, outboxFaxId: 'outbox_1' } }],
	'shop.getBalance': [{ params: {} }],
	'shop.getAllCountries': [{ params: { returnAll: true } }],
	'shop.searchNumbers': [
		{ params: { country: { __rl: true, mode: 'id', value: 'US' }, areaCode: '212' } },
	],
	'shop.purchaseNumber': [{ params: { itemId: 'item_US_212_5550177' } }],
	'token.getInformation': [{ params: {} }],
	'webhook.create': [
		{
			params: {
				url: 'https://example.com/fax-events',
				filterTypes: ['fax_received'],
			},
		},
	],
	'webhook.getAll': [
		{
			params: async (server) => {
				await endpointOf(server);
				return { returnAll: true };
			},
		},
	],
	'webhook.update': [
		{
			params: async (server) => ({
				endpoint: { __rl: true, mode: 'id', value: await endpointOf(server) },
				updateFields: { filterTypes: ['fax_sent', 'fax_received'] },
			}),
		},
	],
	'webhook.delete': [
		{
			params: async (server) => ({
				endpoint: { __rl: true, mode: 'id', value: await endpointOf(server) },
			}),
		},
	],
	'legacyHook.create': [
		{
			params: {
				targetUrl: 'https://example.com/hook',
				event: 'fax_sent',
			},
		},
	],
	'legacyHook.getAll': [
		{
			params: async (server) => {
				await runOk(server, {
					resource: 'legacyHook',
					operation: 'create',
					targetUrl: 'https://example.com/hook',
					event: 'fax_sent',
				});
				return { returnAll: true };
			},
		},
	],
	'legacyHook.delete': [
		{
			params: async (server) => {
				const [item] = await runOk(server, {
					resource: 'legacyHook',
					operation: 'create',
					targetUrl: 'https://example.com/hook',
					event: 'fax_sent',
				});
				return { hook: { __rl: true, mode: 'id', value: String(item.json.id) } };
			},
		},
	],
};

/** Every resource.operation of the node; the Custom API Call, Fax.Plus's answer by design, aside. */
const OPERATIONS = Object.entries(resources).flatMap(([resource, { operations }]) =>
	Object.keys(operations)
		.filter((operation) => operation !== 'customApiCall')
		.map((operation) => `${resource}.${operation}`),
);

describe('Simplified output: times in ISO 8601 UTC under camelCase names', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();
	const poller = usePollHarnesses();

	it('every operation has a case', () => {
		expect(OPERATIONS.filter((key) => !(key in CASES))).toEqual([]);
	});

	const cases = Object.entries(CASES).flatMap(([key, list]) =>
		list.map((entry) => ({ key, ...entry })),
	);
	it.each(cases.map((entry) => [`${entry.key}${entry.label ? ` (${entry.label})` : ''}`, entry]))(
		'%s',
		async (_name, entry) => {
			const [resource, operation] = entry.key.split('.');
			const params =
				typeof entry.params === 'function' ? await entry.params(server()) : entry.params;
			const run = async () => await runOk(server(), { resource, operation, ...params });
			const items = entry.pauseMs
				? (await withPausesSkipped(entry.pauseMs, run)).result
				: await run();
			expectTimesRead(items, entry.simplified === true);
		},
	);

	it('Send of a scheduled fax: queuedAt and scheduledFor, nothing named "sent"', async () => {
		const [item] = await runOk(server(), {
			resource: 'fax',
			operation: 'send',
			...textFax,
			options: { sendTime: '2030-01-15T09:30:00Z' },
		});
		expect(item.json).toMatchObject({
			queuedAt: expect.stringMatching(ISO_UTC),
			scheduledFor: '2030-01-15T09:30:00Z',
		});
		expect(Object.keys(item.json).filter((key) => /sent/i.test(key))).toEqual([]);
	});

	it("the Fax.Plus Trigger's item", async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'] },
		});
		await activateWithSecret(harness, server());
		await server().deliver({ event: 'fax_received', data: { id: 'fax_abc', status: 'success' } });
		const items = (await runJson(harness)).map((json) => ({ json }));
		expect(items[0].json).toMatchObject({
			startTime: expect.stringMatching(ISO_UTC),
			hook: { event_time: expect.stringMatching(ISO_UTC) },
			data: { start_time: items[0].json.startTime, last_update: expect.stringMatching(ISO_UTC) },
		});
		expectTriggerTimesRead(items);
	});

	it("the Fax.Plus Trigger's item of apidoc's example bytes: one time format", async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		await server().deliver({ event: 'fax_sent', rawBody: documentedWebhookExample('fax_sent') });
		const [json] = await runJson(harness);
		expect(json).toMatchObject({
			startTime: '2024-09-09T10:44:39Z',
			hook: { event_time: '2024-09-09T10:44:39Z' },
			data: { start_time: '2024-09-09T10:44:39Z' },
		});
		expectTriggerTimesRead([{ json }]);
	});

	it("the Fax.Plus Polling Trigger's item", async () => {
		const harness = await poller({
			server: server(),
			parameters: { events: ['fax_received'], channels: '', options: {} },
		});
		await activateOk(harness);
		await addFax(server(), { id: 'fax_polled', start_time: faxTimeAgo(5) });
		for (let poll = 0; poll < 5 && harness.emitted.length === 0; poll++) await harness.poll();
		expect(harness.emitted[0].json.data).toMatchObject({
			start_time: harness.emitted[0].json.startTime,
		});
		expectTriggerTimesRead(harness.emitted);
	});
});
