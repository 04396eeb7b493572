import type { IDataObject } from 'n8n-workflow';
import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Update', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'update', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'sends PayloadAccountModification with only the fields set, settings nested (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{
					...base,
					updateFields: {
						name: ' Ada ',
						phone: '+1 555 123 0009',
						callerIdName: 'Ada Clinic',
						shouldEnhance: false,
						retryCount: 2,
						retryDelay: 30,
					},
				},
				{ auth },
			);
			const request = onlyApiRequest(server());
			expect(`${request.method} ${request.path} ${request.status}`).toBe(
				'PUT /v3/accounts/self 204',
			);
			expect(request.query).toEqual({});
			expect(request.body).toEqual({
				name: 'Ada',
				phone: '+15551230009',
				settings: {
					caller_id_name: 'Ada Clinic',
					should_enhance: false,
					send_fax: { retry: { count: 2, delay: 30 } },
				},
			});
			expectAuthHeaders(server(), request, auth);
			expect(server().state.users.owner_1).toMatchObject({
				name: 'Ada',
				phone: '+15551230009',
				settings: { caller_id_name: 'Ada Clinic' },
			});
			expect(items).toEqual([
				{ json: { updated: true, userId: 'self', ...request.body }, pairedItem: { item: 0 } },
			]);
		},
	);

	it("changes a member's email for an admin", async () => {
		await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			updateFields: { email: 'max@example.org' },
		});
		expect(onlyApiRequest(server()).body).toEqual({ email: 'max@example.org' });
		expect(server().state.users.member_1.email).toBe('max@example.org');
	});

	it.each<[string, IDataObject, string]>([
		['no field', {}, 'Nothing to update: add a field under "Update Fields"'],
		['an email that is not one', { email: 'ada' }, 'Email: "ada" is not an email address'],
		[
			'an email with an empty label',
			{ email: 'ada@example..org' },
			'Email: "ada@example..org" is not an email address',
		],
		[
			'an email longer than any address (254 characters)',
			{ email: `${'a'.repeat(249)}@b.org` },
			`Email: "${'a'.repeat(249)}@b.org" is not an email address`,
		],
		[
			'a phone without +',
			{ phone: '5551230009' },
			'Phone: "5551230009" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		],
		[
			'a phone a digit short for its country',
			{ phone: '+1 555 123 000' },
			'Phone: "+1 555 123 000" is too short for +1 (US, AG, AI, …): read as +1555123000, but numbers there have 10 digits after +1. Check the digits, then type it with "+" and the country code',
		],
		[
			// Niue's numbers have 4 digits; the SDK's pattern ^[+]?[0-9]{8,}$ wants 8.
			'a phone of 7 digits',
			{ phone: '+683 1234' },
			'Phone: "+683 1234" has fewer than the 8 digits Fax.Plus takes',
		],
		['a retry count above 3', { retryCount: 4 }, 'Retry Count must be at most 3, not 4'],
	])('refuses %s before any request', async (_case, updateFields, message) => {
		const { error } = await runOperation(server(), { ...base, updateFields });
		expect(error?.message).toBe(message);
		expect(server().requests).toHaveLength(0);
	});

	it.each([
		['email', 'a'.repeat(100_000), /^Email: "a{691}…a{275}" is not an email address$/],
		['phone', '1'.repeat(100_000), /^Phone: "1{691}…1{268}" is too long for a phone number$/],
	])(
		'quotes a refused %s of 100,000 characters cut in its middle, its reason whole',
		async (field, value, message) => {
			const { error } = await runOperation(server(), { ...base, updateFields: { [field]: value } });
			expect(error?.message).toMatch(message);
			expect(error?.message.length).toBeLessThanOrEqual(1000);
			expect(server().requests).toHaveLength(0);
		},
	);
});
