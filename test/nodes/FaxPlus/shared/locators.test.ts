import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import {
	apiRequests,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
} from '../../../support/faxplus';

/** The IDs a user picks, each "From List" first and "By ID" always. */
const LOCATORS: Record<string, string> = {
	userId: 'searchUsers',
	faxId: 'searchFaxes',
	outboxFaxId: 'searchOutboxFaxes',
	memberUserId: 'searchMembers',
	endpoint: 'searchWebhookEndpoints',
	customField: 'searchCustomFields',
	hook: 'searchLegacyHooks',
	country: 'searchShopCountries',
};

const list = (value: string, cachedResultName?: string): IDataObject => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName,
});
const byId = (value: string): IDataObject => ({ __rl: true, mode: 'id', value });

describe('Resource locators', () => {
	const node = new FaxPlus();

	it.each(Object.entries(LOCATORS))(
		'%s is a locator everywhere, From List (%s) first, then By ID',
		(name, method) => {
			const properties = node.description.properties.filter((property) => property.name === name);
			expect(properties.length).toBeGreaterThan(0);
			for (const property of properties as INodeProperties[]) {
				expect(property.type).toBe('resourceLocator');
				expect(property.required).toBe(true);
				expect(property.modes?.map((mode) => mode.name)).toEqual(['list', 'id']);
				expect(property.modes?.[0].typeOptions).toEqual({
					searchListMethod: method,
					searchable: true,
				});
				// An outbox fax's ID starts By ID, reading Send's output; every other ID From List.
				const fromInput = name === 'outboxFaxId' ? name : undefined;
				expect(property.default).toEqual(
					fromInput
						? { __rl: true, mode: 'id', value: `={{ $json.${fromInput} }}` }
						: expect.objectContaining({ mode: 'list' }),
				);
			}
			expect(node.methods.listSearch[method]).toBeInstanceOf(Function);
		},
	);

	it('starts User at "Me (self)", and reloads the fax lists when User changes', () => {
		const users = node.description.properties.filter((property) => property.name === 'userId');
		for (const user of users)
			expect(user.default).toEqual({ mode: 'list', value: 'self', cachedResultName: 'Me (self)' });
		const faxLists = node.description.properties.filter((property) =>
			['faxId', 'outboxFaxId'].includes(property.name),
		);
		for (const faxList of faxLists)
			expect(faxList.typeOptions?.loadOptionsDependsOn).toEqual([
				'forCorporateMember',
				'userId.value',
			]);
	});

	it('keeps Contact Group by ID, saying why there is no list', () => {
		const group = node.description.properties.find((property) => property.name === 'groupId');
		expect(group?.type).toBe('string');
		expect(group?.hint).toMatch(/no list of contact groups/);
	});
});

describe('Operations read a locator or a plain string alike', () => {
	const server = useFaxPlusServer();

	it.each([
		['plain strings (saved before the locators)', 'member_1', 'fax_6'],
		[
			'From List',
			list('member_1', 'Max Member (max.member@example.com)'),
			list('fax_6', '2025-01-09 12:00 UTC'),
		],
		['By ID', byId('member_1'), byId('fax_6')],
	])('Fax → Get with %s', async (_, userId, faxId) => {
		const items = await runOk(server(), {
			resource: 'fax',
			operation: 'get',
			forCorporateMember: true,
			userId,
			faxId,
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/member_1/faxes/fax_6');
		expect(items[0].json.id).toBe('fax_6');
	});

	it('uses "self" when User was left at its default', async () => {
		await runOk(server(), {
			resource: 'fax',
			operation: 'downloadThumbnail',
			faxId: list('fax_1'),
		});
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/self/thumbnail/fax_1');
	});

	it('Outbox → Get, Outbox → Delete and Account → Update Member with locators', async () => {
		await runOk(server(), {
			resource: 'outbox',
			operation: 'get',
			userId: byId('self'),
			outboxFaxId: list('outbox_1'),
		});
		await runOk(server(), {
			resource: 'account',
			operation: 'updateMember',
			memberUserId: list('member_2'),
			updateFields: { quota: 75 },
		});
		await runOk(server(), {
			resource: 'outbox',
			operation: 'delete',
			outboxFaxId: byId('outbox_1'),
		});
		expect(apiRequests(server()).map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /v3/accounts/self/outbox/outbox_1',
			'PUT /v3/accounts/self/member-details/member_2',
			'DELETE /v3/accounts/self/outbox/outbox_1',
		]);
		expect(server().state.users.member_2.quota).toBe(75);
	});

	it('resolves an expression inside a locator', async () => {
		await runOk(
			server(),
			{ resource: 'fax', operation: 'get', faxId: byId('={{ $json.faxId }}') },
			{ items: [{ json: { faxId: 'fax_3' } }] },
		);
		expect(onlyApiRequest(server()).path).toBe('/v3/accounts/self/faxes/fax_3');
	});

	it('refuses an empty locator before sending anything, naming the field', async () => {
		// n8n itself refuses a required locator left empty; the node refuses one that is blank.
		await expect(
			runOperation(server(), { resource: 'fax', operation: 'get', faxId: list('') }),
		).rejects.toThrow('Parameter "Fax" is required.');
		const blank = await runOperation(server(), {
			resource: 'fax',
			operation: 'get',
			faxId: byId('  '),
		});
		expect(blank.error?.message).toBe('Fax ID is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
