import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Update', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'update', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'marks a fax as read, keeping its comment: read first, then both fields sent (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, faxId: 'fax_1', updateFields: { isRead: true } },
				{ auth },
			);

			const [read, request] = apiRequests(server());
			expect(apiRequests(server())).toHaveLength(2);
			expect(`${read.method} ${read.path}`).toBe('GET /v3/accounts/self/faxes/fax_1');
			expect(request.method).toBe('PUT');
			expect(request.path).toBe('/v3/accounts/self/faxes/fax_1');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			// The SDK's PayloadFaxModification marks both fields required.
			expect(request.body).toEqual({ comment: 'Invoice from Berlin Clinic', is_read: true });
			expect(request.status).toBe(204);
			expectAuthHeaders(server(), read, auth);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						updated: true,
						faxId: 'fax_1',
						userId: 'self',
						comment: 'Invoice from Berlin Clinic',
						is_read: true,
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.faxes.fax_1).toMatchObject({
				is_read: true,
				comment: 'Invoice from Berlin Clinic',
			});
		},
	);

	it('changes the comment and marks as unread in one change when both are set (the comment read first: a Send key marker at its end stays)', async () => {
		await runOk(server(), {
			...base,
			faxId: 'fax_3',
			updateFields: { comment: 'Filed', isRead: false },
		});
		const requests = apiRequests(server());
		expect(requests.map((r) => r.method)).toEqual(['GET', 'PUT']);
		expect(requests[1].body).toEqual({ is_read: false, comment: 'Filed' });
		expect(server().state.faxes.fax_3).toMatchObject({ is_read: false, comment: 'Filed' });
	});

	it('clears the comment with an empty value, keeping the read state', async () => {
		server().state.faxes.fax_1.is_read = true;
		await runOk(server(), { ...base, faxId: 'fax_1', updateFields: { comment: '' } });
		expect(apiRequests(server()).at(-1)!.body).toEqual({ comment: '', is_read: true });
		expect(server().state.faxes.fax_1).toMatchObject({ comment: '', is_read: true });
	});

	it.each(['partial', 'full'] as const)(
		'clears no field the user did not set, whether Fax.Plus takes a partial change or not (%s)',
		async (faxUpdate) => {
			server().setReadings({ faxUpdate });
			server().state.faxes.fax_2.is_read = true;
			await runOk(server(), { ...base, faxId: 'fax_2', updateFields: { comment: 'Filed' } });
			await runOk(server(), { ...base, faxId: 'fax_3', updateFields: { isRead: true } });
			expect(server().state.faxes.fax_2).toMatchObject({ comment: 'Filed', is_read: true });
			expect(server().state.faxes.fax_3).toMatchObject({
				comment: 'Signed contract',
				is_read: true,
			});
			expect(apiRequests(server()).every((request) => request.status < 300)).toBe(true);
		},
	);

	it("says what to do when the fax's current value cannot be read to keep it", async () => {
		delete (server().state.faxes.fax_1 as { comment?: string }).comment;
		const { error } = await runOperation(server(), {
			...base,
			faxId: 'fax_1',
			updateFields: { isRead: true },
		});
		expect(error?.message).toBe(
			"Fax.Plus did not answer the fax's current Comment, so it cannot be kept",
		);
		expect(error?.description).toMatch(/Add both under "Update Fields"/);
		expect(apiRequests(server()).map((request) => request.method)).toEqual(['GET']);
	});

	it('maps a read-only token to a 403 error', async () => {
		const { error } = await runOperation(
			server(),
			{ ...base, faxId: 'fax_1', updateFields: { isRead: true } },
			{ token: server().tokens.patReadOnly },
		);
		expect(error?.httpCode).toBe('403');
		expect(server().state.faxes.fax_1.is_read).toBe(false);
	});

	it.each([
		[
			'an empty update',
			{ faxId: 'fax_1', updateFields: {} },
			/^Nothing to update: add Comment or Is Read/,
		],
		[
			'Is Read that is not a boolean',
			{ faxId: 'fax_1', updateFields: { isRead: '={{ "yes" }}' } },
			/^Is Read must be true or false, not "yes"$/,
		],
		['an empty fax id', { faxId: ' ', updateFields: { isRead: true } }, /^Fax ID is required$/],
	])('refuses %s before sending anything', async (_case, parameters, message) => {
		const { error } = await runOperation(server(), { ...base, ...parameters });
		expect(error?.message).toMatch(message);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
