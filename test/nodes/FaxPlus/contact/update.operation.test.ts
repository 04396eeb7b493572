import type { IDataObject } from 'n8n-workflow';
import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Contact → Update', () => {
	const server = useFaxPlusServer();
	const base = {
		resource: 'contact',
		operation: 'update',
		userId: 'self',
		contactId: { __rl: true, mode: 'list', value: 'contact_2' },
	};

	it.each<AuthKind>(['pat', 'oauth'])(
		'sends only the fields set, numbers normalised, and outputs the contact answered (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{
					...base,
					updateFields: {
						name: ' Jane Smith ',
						company: 'Updated Corp',
						numbers: '+1 987 654 3210, +12125550199',
					},
				},
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(`${request.method} ${request.path}`).toBe('PUT /v3/accounts/self/contacts/contact_2');
			expect(request.query).toEqual({});
			expect(request.body).toEqual({
				name: 'Jane Smith',
				company: 'Updated Corp',
				numbers: ['+19876543210', '+12125550199'],
			});
			expect(request.status).toBe(200);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						id: 'contact_2',
						name: 'Jane Smith',
						company: 'Updated Corp',
						numbers: ['+19876543210', '+12125550199'],
					},
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it('changes only the company of a contact given by ID', async () => {
		await runOk(server(), {
			...base,
			contactId: { __rl: true, mode: 'id', value: 'contact_3' },
			updateFields: { company: '' },
		});
		expect(onlyApiRequest(server()).body).toEqual({ company: '' });
		expect(server().state.contacts.contact_3).toMatchObject({ name: 'Paris Office', company: '' });
	});

	it("passes on Fax.Plus's answer for a contact that is not the user's", async () => {
		const { error } = await runOperation(server(), {
			...base,
			contactId: 'contact_4',
			updateFields: { name: 'x' },
		});
		expect(error?.message).toMatch(/bad_request/);
		expect(server().state.contacts.contact_4.name).toBe("Max's Lab");
	});

	it.each<[string, IDataObject, string]>([
		['no field', {}, 'Nothing to update: add Name, Company or Numbers under "Update Fields"'],
		['an empty name', { name: ' ' }, 'Name cannot be empty'],
		[
			'a number without +',
			{ numbers: '+15551234567, 030123456' },
			'Numbers: "030123456" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		],
	])('refuses %s before any request', async (_case, updateFields, message) => {
		const { error } = await runOperation(server(), { ...base, updateFields });
		expect(error?.message).toBe(message);
		expect(server().requests).toHaveLength(0);
	});
});
