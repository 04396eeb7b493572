import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Fax → Update', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'fax', operation: 'update', userId: 'self' };

	it.each<AuthKind>(['pat', 'oauth'])(
		'marks a fax as read, sending only is_read (%s)',
		async (auth) => {
			const items = await runOk(
				server(),
				{ ...base, faxId: 'fax_1', updateFields: { isRead: true } },
				{ auth },
			);

			const request = onlyApiRequest(server());
			expect(request.method).toBe('PUT');
			expect(request.path).toBe('/v3/accounts/self/faxes/fax_1');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(request.body).toEqual({ is_read: true });
			expect(request.status).toBe(204);
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: { updated: true, faxId: 'fax_1', userId: 'self', is_read: true },
					pairedItem: { item: 0 },
				},
			]);
			expect(server().state.faxes.fax_1).toMatchObject({
				is_read: true,
				comment: 'Invoice from Berlin Clinic',
			});
		},
	);

	it('changes the comment and marks as unread', async () => {
		await runOk(server(), {
			...base,
			faxId: 'fax_3',
			updateFields: { comment: 'Filed', isRead: false },
		});
		expect(onlyApiRequest(server()).body).toEqual({ is_read: false, comment: 'Filed' });
		expect(server().state.faxes.fax_3).toMatchObject({ is_read: false, comment: 'Filed' });
	});

	it('clears the comment with an empty value', async () => {
		await runOk(server(), { ...base, faxId: 'fax_1', updateFields: { comment: '' } });
		expect(onlyApiRequest(server()).body).toEqual({ comment: '' });
		expect(server().state.faxes.fax_1.comment).toBe('');
	});

	it('maps an unknown fax to the bad_request error', async () => {
		const { error } = await runOperation(server(), {
			...base,
			faxId: 'fax_404',
			updateFields: { isRead: true },
		});
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request/);
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
