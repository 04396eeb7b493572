// Every ID that goes into a request path stays in its segment (transport.ts, checkPath):
// ".", ".." and empty segments are refused before any request, however the ID was given.
import type { IDataObject } from 'n8n-workflow';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../support/faxplus';

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
