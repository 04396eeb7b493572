import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { userIdFields } from '../shared/parameters';
import { updateFieldsCollection, nonEmptyUpdate } from '../shared/updateFields';
import { answerOr } from '../shared/recordItems';
import { userIdOf } from '../shared/values';
import { retryOf, retryFields } from '../shared/retry';
import { apiRequest } from '../shared/requests';
import { accountDataChanges, notificationChanges, settingsToSend } from './accountSettings';
import { readPhoneNumber } from '../../shared/phone/numbers';
import { refusalOf } from '../../shared/transport/nodeErrors';
import { isEmailAddress } from './emails';
import { updateDisplayOptions } from '../shared/display';

export const option = {
	name: 'Update',
	value: 'update',
	action: 'Update account details',
	description:
		"Change your own account (or, for admins, a member's): name, email, phone, sending and notification settings",
};

export const agentRisk = { kind: 'changes' } as const;

/** A channel's events as a choice of several (Email, SMS, Push Notifications): `emailNotifications` etc. */
function eventsField(displayName: string, what: string): INodeProperties {
	const [channel] = displayName.split(' ');
	return {
		displayName,
		name: `${channel.toLowerCase()}Notifications`,
		type: 'multiOptions',
		options: [
			{ name: 'Fax Received', value: 'receive_fax' },
			{ name: 'Fax Sent', value: 'send_fax' },
			{ name: 'Low Balance', value: 'low_credit' },
			{ name: 'New Features', value: 'new_feature' },
			{ name: 'Voicemail', value: 'voicemail' },
		],
		default: [],
		description: `${what}; the ones not chosen are turned off`,
	};
}

/** What Slack is told of a received or sent fax (SlackNotificationMode). */
function slackModeField(
	displayName: string,
	name: string,
	defaultMode: string,
	fax: 'received' | 'sent',
): INodeProperties {
	return {
		displayName,
		name,
		type: 'options',
		options: [
			{ name: 'Off', value: 'off' },
			{ name: 'With Attachment', value: 'with_attachment' },
			{ name: 'Without Attachment', value: 'no_attachment' },
		],
		default: defaultMode,
		description: `Whether Slack is told of a ${fax} fax, and with the fax attached`,
	};
}

const properties: INodeProperties[] = [
	...userIdFields(),
	updateFieldsCollection([
		{
			displayName: 'Blocked User IDs',
			name: 'blockedUserIds',
			type: 'string',
			default: '',
			placeholder: 'e.g. 7724157c0974440293e45877c57f0703',
			description:
				"User IDs on the account's notification block list, separated by commas; they replace the list",
		},
		{
			displayName: 'Caller ID Name',
			name: 'callerIdName',
			type: 'string',
			default: '',
			description: 'The name shown to the receiving fax machine',
		},
		{
			displayName: 'Company Name',
			name: 'companyName',
			type: 'string',
			default: '',
			description: 'Name of the company, for a corporate admin',
		},
		{
			displayName: 'Default File Type',
			name: 'defaultFileType',
			type: 'options',
			options: [
				{ name: 'PDF', value: 'pdf' },
				{ name: 'TIFF', value: 'tiff' },
			],
			default: 'pdf',
			description: 'The file type Fax.Plus gives faxes in by default',
		},
		{
			displayName: 'Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			description: 'Email address of the account',
		},
		{
			displayName: 'Email Attachments',
			name: 'emailAttachments',
			type: 'multiOptions',
			options: [
				{ name: 'Confirmation Page', value: 'confirmation_page' },
				{ name: 'Received Fax', value: 'receive_fax' },
				{ name: 'Sent Fax', value: 'send_fax' },
			],
			default: [],
			description: 'What notification emails carry attached; the ones not chosen are turned off',
		},
		eventsField('Email Notifications', 'What Fax.Plus emails about'),
		{ displayName: 'First Name', name: 'name', type: 'string', default: '' },
		{ displayName: 'Last Name', name: 'lastname', type: 'string', default: '' },
		{
			displayName: 'Notification Emails',
			name: 'notificationEmails',
			type: 'string',
			default: '',
			placeholder: 'e.g. faxes@example.com, office@example.com',
			description:
				'Addresses that notification emails go to, separated by commas; they replace the list',
		},
		{
			displayName: 'Notification Language',
			name: 'notificationLanguage',
			type: 'options',
			options: [{ name: 'English', value: 'en' }],
			default: 'en',
			description: 'Language of the notifications (Fax.Plus offers English)',
		},
		{
			displayName: 'Phone',
			name: 'phone',
			type: 'string',
			default: '',
			placeholder: 'e.g. +15551234567',
			description:
				'Phone number of the account, with "+" and the country code (E.164, 8 to 15 digits)',
		},
		eventsField('Push Notifications', "What Fax.Plus's mobile app notifies about"),
		...retryFields(
			'How many times a failed fax is tried again by default',
			'Seconds between two tries by default',
		),
		{
			displayName: 'Save Fax History',
			name: 'saveHistory',
			type: 'boolean',
			default: true,
			description: "Whether Fax.Plus keeps each fax's record in the account's fax history",
		},
		{
			displayName: 'Slack Channel',
			name: 'slackChannel',
			type: 'string',
			default: '',
			placeholder: 'e.g. #faxes',
			description: 'The Slack channel that fax notifications go to',
		},
		slackModeField('Slack on Fax Received', 'slackReceiveFax', 'with_attachment', 'received'),
		slackModeField('Slack on Fax Sent', 'slackSendFax', 'no_attachment', 'sent'),
		eventsField('SMS Notifications', 'What Fax.Plus texts about'),
		{
			displayName: 'SMS Numbers',
			name: 'smsNumbers',
			type: 'string',
			default: '',
			placeholder: 'e.g. +15551234567',
			description:
				'Phone numbers that notification texts go to, with "+" and the country code, separated by commas; they replace the list',
		},
		{
			displayName: 'Text Enhancement',
			name: 'shouldEnhance',
			type: 'boolean',
			default: true,
			description: 'Whether faxes are optimised for text by default',
		},
	]),
];

const displayOptions = { show: { resource: ['account'], operation: ['update'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const userId = userIdOf(this, itemIndex);
	const fields = this.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const data = accountDataChanges(this, itemIndex, fields);
	const notifications = notificationChanges(this, itemIndex, fields);
	const body = modification(this, itemIndex, fields);
	nonEmptyUpdate(this, itemIndex, { ...body, ...data, ...notifications }, 'a field');
	Object.assign(body, await settingsToSend(this, itemIndex, userId, data, notifications));
	const answer = await apiRequest<IDataObject | undefined>(this, {
		method: 'PUT',
		path: `/accounts/${encodeURIComponent(userId)}`,
		body,
		itemIndex,
	});
	return answerOr(answer, { updated: true, userId, ...body });
}

/** PayloadAccountModification from the fields the user added, the account and notification settings apart. */
function modification(context: IExecuteFunctions, itemIndex: number, fields: IDataObject) {
	const text = (name: string) =>
		fields[name] === undefined ? undefined : String(fields[name] ?? '').trim();
	const refuse = refusalOf(context, itemIndex);
	const body: IDataObject = {};
	const [name, lastname, email, phone] = ['name', 'lastname', 'email', 'phone'].map(text);
	if (name !== undefined) body.name = name;
	if (lastname !== undefined) body.lastname = lastname;
	if (email === '') throw refuse('Email cannot be empty');
	if (email !== undefined && !isEmailAddress(email))
		throw refuse(`Email: "${email}" is not an email address`);
	if (email !== undefined) body.email = email;
	if (phone !== undefined) {
		const reading = phone === '' ? { ok: true as const, number: '' } : readPhoneNumber(phone);
		if (!reading.ok) throw refuse(`Phone: "${phone}" ${reading.reason}`);
		// Also the SDK's pattern ^[+]?[0-9]{8,}$: at least 8 digits.
		if (reading.number !== '' && reading.number.length < 9)
			throw refuse(`Phone: "${phone}" has fewer than the 8 digits Fax.Plus takes`);
		body.phone = reading.number;
	}
	const settings: IDataObject = {};
	const callerIdName = text('callerIdName');
	if (callerIdName !== undefined) settings.caller_id_name = callerIdName;
	if (fields.shouldEnhance !== undefined) settings.should_enhance = fields.shouldEnhance === true;
	const retry = retryOf(context, itemIndex, fields);
	if (retry) settings.send_fax = { retry };
	if (Object.keys(settings).length > 0) body.settings = settings;
	return body;
}
