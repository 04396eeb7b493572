// Account → Update's account settings (AccountData) and notification settings (AccountNotifications):
// the local server takes them as strictly as the SDKs' types and replaces what is sent whole, so each
// test shows that what the user did not set reaches Fax.Plus as it was read.
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

describe('Account → Update: account and notification settings', () => {
	const server = useFaxPlusServer();
	const base = { resource: 'account', operation: 'update', userId: 'self' };
	const owner = () => server().state.users.owner_1;
	const seeded = () => structuredClone(owner().notifications!);
	const calls = () => apiRequests(server()).map((r) => `${r.method} ${r.path} ${r.status}`);

	it.each<AuthKind>(['pat', 'oauth'])(
		'reads the account, then sends the settings whole with only what was set changed (%s)',
		async (auth) => {
			const before = seeded();
			const items = await runOk(
				server(),
				{
					...base,
					updateFields: {
						companyName: ' Night Clinic ',
						emailNotifications: ['receive_fax', 'voicemail'],
					},
				},
				{ auth },
			);

			expect(calls()).toEqual(['GET /v3/accounts/self 200', 'PUT /v3/accounts/self 204']);
			const [read, put] = apiRequests(server());
			expectAuthHeaders(server(), read, auth);
			expectAuthHeaders(server(), put, auth);
			const notifications = structuredClone(before);
			Object.assign(notifications.settings.email, {
				low_credit: false,
				new_feature: false,
				receive_fax: true,
				send_fax: false,
				voicemail: true,
			});
			expect(put.body).toEqual({
				account_data: {
					company_name: 'Night Clinic',
					default_file_type: 'pdf',
					save_history: true,
				},
				notifications,
			});
			expect(owner().account_data).toEqual(put.body.account_data);
			expect(owner().notifications).toEqual(notifications);
			expect(items).toEqual([
				{ json: { updated: true, userId: 'self', ...put.body }, pairedItem: { item: 0 } },
			]);
		},
	);

	it('changes each channel, list and choice it names, and nothing else', async () => {
		const before = seeded();
		await runOk(server(), {
			...base,
			updateFields: {
				defaultFileType: 'tiff',
				saveHistory: false,
				smsNotifications: 'low_credit, receive_fax',
				pushNotifications: [],
				emailAttachments: ['confirmation_page'],
				notificationEmails: 'faxes@example.com; office@example.org',
				smsNumbers: '+1 555 123 0009',
				notificationLanguage: 'en',
				blockedUserIds: 'member_2',
			},
		});
		const put = apiRequests(server())[1];
		expect(put.body.account_data).toEqual({
			company_name: 'Alohi Test Clinic',
			default_file_type: 'tiff',
			save_history: false,
		});
		const none = { low_credit: false, new_feature: false, receive_fax: false, send_fax: false };
		expect(put.body.notifications).toEqual({
			settings: {
				email: {
					...before.settings.email,
					addresses: ['faxes@example.com', 'office@example.org'],
					attachments: { confirmation_page: true, receive_fax: false, send_fax: false },
				},
				sms: {
					...none,
					low_credit: true,
					receive_fax: true,
					voicemail: false,
					numbers: ['+15551230009'],
				},
				push_notifications: { ...none, voicemail: false },
				language: 'en',
			},
			black_list: { uids: ['member_2'] },
		});
		expect(owner().notifications).toEqual(put.body.notifications);
	});

	it('sends only the account settings when no notification is set, and the profile fields beside them', async () => {
		await runOk(server(), { ...base, updateFields: { saveHistory: false, name: 'Ada' } });
		const put = apiRequests(server())[1];
		expect(put.body).toEqual({
			name: 'Ada',
			account_data: {
				company_name: 'Alohi Test Clinic',
				default_file_type: 'pdf',
				save_history: false,
			},
		});
		expect(owner().notifications).toEqual(seeded());
	});

	it("changes a member's notifications for an admin, reading that member's account", async () => {
		await runOk(server(), {
			...base,
			forCorporateMember: true,
			userId: 'member_1',
			updateFields: { pushNotifications: ['send_fax'] },
		});
		expect(calls()).toEqual(['GET /v3/accounts/member_1 200', 'PUT /v3/accounts/member_1 204']);
		expect(server().state.users.member_1.notifications?.settings.push_notifications).toEqual({
			low_credit: false,
			new_feature: false,
			receive_fax: false,
			send_fax: true,
			voicemail: false,
		});
		expect(owner().notifications).toEqual(seeded());
	});

	it('sets Slack notifications once all three Slack fields are given', async () => {
		await runOk(server(), {
			...base,
			updateFields: {
				slackChannel: '#faxes',
				slackReceiveFax: 'with_attachment',
				slackSendFax: 'off',
			},
		});
		expect(owner().notifications?.settings.slack).toEqual({
			target_channel: '#faxes',
			receive_fax: 'with_attachment',
			send_fax: 'off',
		});
		// Later, one of them alone changes only it.
		await runOk(server(), { ...base, updateFields: { slackSendFax: 'no_attachment' } });
		expect(owner().notifications?.settings.slack).toEqual({
			target_channel: '#faxes',
			receive_fax: 'with_attachment',
			send_fax: 'no_attachment',
		});
	});

	it('refuses Slack settings in part where the account has none, after reading it, changing nothing', async () => {
		const { error } = await runOperation(server(), {
			...base,
			updateFields: { slackChannel: '#faxes' },
		});
		expect(error?.message).toBe(
			'Slack notifications need Slack on Fax Received, Slack on Fax Sent too',
		);
		expect(calls()).toEqual(['GET /v3/accounts/self 200']);
	});

	it('refuses to send notifications when Fax.Plus does not return the current ones, changing nothing', async () => {
		delete owner().notifications;
		const { error } = await runOperation(server(), {
			...base,
			updateFields: { emailNotifications: ['receive_fax'] },
		});
		expect(error?.message).toBe(
			'Fax.Plus did not return the notification settings of account "self", so nothing was changed',
		);
		expect(error?.description).toMatch(/^Fax\.Plus takes the notification settings whole/);
		expect(calls()).toEqual(['GET /v3/accounts/self 200']);
	});

	it("keeps only the model's fields of what it read", async () => {
		const notifications = owner().notifications as unknown as IDataObject & {
			settings: IDataObject & { email: IDataObject };
		};
		notifications.settings.email.unknown_flag = true;
		notifications.settings.theme = 'dark';
		await runOk(server(), { ...base, updateFields: { smsNotifications: [] } });
		const sent = apiRequests(server())[1].body.notifications;
		expect(sent.settings.email.unknown_flag).toBeUndefined();
		expect(sent.settings.theme).toBeUndefined();
	});

	it("sends what it read in the model's order, whatever order Fax.Plus answered in", async () => {
		const read = owner() as unknown as IDataObject;
		read.account_data = {
			save_history: true,
			x: 1,
			default_file_type: 'tiff',
			company_name: 'Old',
		};
		const settings = owner().notifications!.settings as unknown as IDataObject;
		const email = settings.email as IDataObject;
		const events = Object.entries(email).filter(([key]) => typeof email[key] === 'boolean');
		settings.email = {
			attachments: { send_fax: false, x: 1, confirmation_page: true, receive_fax: false },
			addresses: email.addresses,
			...Object.fromEntries(events.reverse()),
		};
		settings.slack = { target_channel: '#old', send_fax: 'off', receive_fax: 'off' };
		const items = await runOk(server(), {
			...base,
			updateFields: {
				slackSendFax: 'with_attachment',
				notificationEmails: 'faxes@example.com',
				companyName: 'New',
				pushNotifications: ['voicemail'],
			},
		});
		// The raw body: JSON.parse keeps the order it was sent in.
		const body = JSON.parse(apiRequests(server())[1].rawBody.toString('utf8')) as IDataObject;
		const keys = (value: unknown) => Object.keys(value as IDataObject);
		const { settings: sent } = body.notifications as { settings: IDataObject };
		expect(keys(body)).toEqual(['account_data', 'notifications']);
		expect(keys(body.account_data)).toEqual(['company_name', 'default_file_type', 'save_history']);
		expect(keys(sent)).toEqual(['email', 'sms', 'push_notifications', 'slack', 'language']);
		const channel = ['low_credit', 'new_feature', 'receive_fax', 'send_fax', 'voicemail'];
		expect(keys(sent.email)).toEqual([...channel, 'addresses', 'attachments']);
		expect(keys((sent.email as IDataObject).attachments)).toEqual([
			'confirmation_page',
			'receive_fax',
			'send_fax',
		]);
		expect(keys(sent.sms)).toEqual([...channel, 'numbers']);
		expect(keys(sent.push_notifications)).toEqual(channel);
		expect(sent.slack).toEqual({
			receive_fax: 'off',
			send_fax: 'with_attachment',
			target_channel: '#old',
		});
		expect(keys(sent.slack)).toEqual(['receive_fax', 'send_fax', 'target_channel']);
		expect(keys(items[0].json)).toEqual(['updated', 'userId', 'account_data', 'notifications']);
	});

	it.each<[string, IDataObject, string]>([
		[
			'an event that is none of the choices',
			{ emailNotifications: '={{ "receive_fax, fax_deleted" }}' },
			'Email Notifications must be one of low_credit, new_feature, receive_fax, send_fax, voicemail, not "fax_deleted"',
		],
		[
			'an attachment that is none of the choices',
			{ emailAttachments: ['cover_page'] },
			'Email Attachments must be one of confirmation_page, receive_fax, send_fax, not "cover_page"',
		],
		[
			'a notification address that is not one',
			{ notificationEmails: 'faxes@example.com, faxes' },
			'Notification Emails: "faxes" is not an email address',
		],
		['an SMS number without +', { smsNumbers: '5551230009' }, 'SMS Numbers: "5551230009"'],
		[
			'a file type Fax.Plus lacks',
			{ defaultFileType: 'docx' },
			'Default File Type must be one of pdf, tiff, not "docx"',
		],
		[
			'Save Fax History not true or false',
			{ saveHistory: 'yes' },
			'Save Fax History must be true or false, not "yes"',
		],
		['an empty Slack channel', { slackChannel: ' ' }, 'Slack Channel cannot be empty'],
		[
			'a Slack choice Fax.Plus lacks',
			{ slackSendFax: 'loud' },
			'Slack on Fax Sent must be one of no_attachment, off, with_attachment, not "loud"',
		],
		[
			'a language Fax.Plus lacks',
			{ notificationLanguage: 'de' },
			'Notification Language must be one of en, not "de"',
		],
	])('refuses %s before any request', async (_case, updateFields, message) => {
		const { error } = await runOperation(server(), { ...base, updateFields });
		expect(error?.message.startsWith(message)).toBe(true);
		expect(server().requests).toHaveLength(0);
	});
});

describe('the local server takes account changes as the SDK types them', () => {
	const server = useFaxPlusServer();
	const put = async (body: unknown) => {
		const res = await fetch(`${server().baseUrl}/accounts/self`, {
			method: 'PUT',
			headers: {
				authorization: `Bearer ${server().tokens.pat}`,
				'content-type': 'application/json',
			},
			body: JSON.stringify(body),
		});
		return { status: res.status, text: await res.text() };
	};

	it.each<[string, unknown, RegExp]>([
		[
			'notifications without settings',
			{ notifications: {} },
			/notifications\.settings is required/,
		],
		[
			'a channel in part',
			{
				notifications: {
					settings: { email: { receive_fax: true }, sms: {}, push_notifications: {} },
				},
			},
			/notifications\.settings\.email\.low_credit is required/,
		],
		[
			'a file type outside FileType',
			{ account_data: { default_file_type: 'docx' } },
			/pdf or tiff/,
		],
		[
			'a field AccountData lacks',
			{ account_data: { theme: 'dark' } },
			/account_data\.theme is not a field/,
		],
	])('refuses %s (400)', async (_case, body, message) => {
		const { status, text } = await put(body);
		expect(status).toBe(400);
		expect(text).toMatch(message);
	});

	it('takes whole settings and replaces the ones held', async () => {
		const notifications = structuredClone(server().state.users.owner_1.notifications!);
		delete notifications.black_list;
		notifications.settings.sms.numbers = ['+15551230009'];
		expect((await put({ notifications })).status).toBe(204);
		expect(server().state.users.owner_1.notifications).toEqual(notifications);
	});
});
