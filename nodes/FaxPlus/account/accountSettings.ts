// Account → Update's account and notification settings (the SDK's AccountData and AccountNotifications).
// Fax.Plus takes notifications.settings whole (its email, sms and push_notifications required), and no
// document shows a partial change, so the account is read first and what the user did not set is sent
// as read (docs/fax-plus-readings.md, "Account settings and notifications").
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import { operationError } from '../../shared/transport/nodeErrors';
import { booleanValue, choiceOf, e164Numbers } from '../shared/values';
import { idList, listOf, UPDATE_FIELDS } from '../shared/parameters';
import { isEmailAddress } from './emails';
import {
	NOTIFIED_EVENTS,
	SLACK_MODES,
	type AccountData,
	type AccountNotifications,
	type ChannelSettings,
	type SlackMode,
} from './types';

/** A channel's events as a choice of several (Email, SMS, Push Notifications): `emailNotifications` etc. */
export function eventsField(displayName: string, what: string): INodeProperties {
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
export function slackModeField(
	displayName: string,
	name: string,
	defaultMode: SlackMode,
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

const ATTACHMENTS = ['confirmation_page', 'receive_fax', 'send_fax'] as const;
type Attachments = Partial<Record<(typeof ATTACHMENTS)[number], boolean>>;
type Slack = NonNullable<AccountNotifications['settings']['slack']>;

/** The notification changes the user set, checked before any request. */
interface NotificationChanges {
	email?: ChannelSettings;
	sms?: ChannelSettings;
	push?: ChannelSettings;
	addresses?: string[];
	attachments?: Attachments;
	numbers?: string[];
	slack?: Slack;
	language?: 'en';
	blocked?: string[];
}

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** Company Name, Default File Type, Save Fax History: the AccountData changes, checked. */
export function accountDataChanges(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): AccountData {
	const data: AccountData = {};
	if (fields.companyName !== undefined) data.company_name = String(fields.companyName ?? '').trim();
	if (fields.defaultFileType !== undefined)
		data.default_file_type = choiceOf(
			context,
			itemIndex,
			'Default File Type',
			fields.defaultFileType,
			['pdf', 'tiff'] as const,
		);
	if (fields.saveHistory !== undefined)
		data.save_history = booleanValue(context, itemIndex, fields.saveHistory, 'Save Fax History');
	return data;
}

/** The notification fields the user added, checked; undefined when none was. */
export function notificationChanges(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): NotificationChanges | undefined {
	const changes: NotificationChanges = {};
	const events = (name: string, label: string): ChannelSettings | undefined => {
		if (fields[name] === undefined) return undefined;
		const chosen = listOf(fields[name]).map((event) =>
			choiceOf(context, itemIndex, label, event, NOTIFIED_EVENTS),
		);
		return Object.fromEntries(NOTIFIED_EVENTS.map((event) => [event, chosen.includes(event)]));
	};
	changes.email = events('emailNotifications', 'Email Notifications');
	changes.sms = events('smsNotifications', 'SMS Notifications');
	changes.push = events('pushNotifications', 'Push Notifications');
	if (fields.emailAttachments !== undefined) {
		const chosen = listOf(fields.emailAttachments).map((kind) =>
			choiceOf(context, itemIndex, 'Email Attachments', kind, ATTACHMENTS),
		);
		changes.attachments = Object.fromEntries(
			ATTACHMENTS.map((kind) => [kind, chosen.includes(kind)]),
		);
	}
	if (fields.notificationEmails !== undefined) {
		changes.addresses = listOf(fields.notificationEmails, /[\s,;]+/);
		const wrong = changes.addresses.find((address) => !isEmailAddress(address));
		if (wrong !== undefined)
			throw operationError(context, {
				itemIndex,
				message: `Notification Emails: "${wrong}" is not an email address`,
				description:
					'Enter email addresses separated by commas, e.g. ana@example.com, li@example.com.',
			});
	}
	if (fields.smsNumbers !== undefined)
		changes.numbers = listOf(fields.smsNumbers).length
			? e164Numbers(context, itemIndex, fields.smsNumbers, 'SMS Numbers')
			: [];
	const slack: Slack = {};
	if (fields.slackChannel !== undefined) {
		const channel = String(fields.slackChannel ?? '').trim();
		if (!channel)
			throw operationError(context, {
				itemIndex,
				message: 'Slack Channel cannot be empty',
				description: 'Enter the channel, e.g. #faxes, or remove the "Slack Channel" field.',
			});
		slack.target_channel = channel;
	}
	const mode = (name: string, label: string): SlackMode | undefined =>
		fields[name] === undefined
			? undefined
			: choiceOf(context, itemIndex, label, fields[name], SLACK_MODES);
	const received = mode('slackReceiveFax', 'Slack on Fax Received');
	const sent = mode('slackSendFax', 'Slack on Fax Sent');
	if (received) slack.receive_fax = received;
	if (sent) slack.send_fax = sent;
	if (Object.keys(slack).length > 0) changes.slack = slack;
	if (fields.notificationLanguage !== undefined)
		changes.language = choiceOf(
			context,
			itemIndex,
			'Notification Language',
			fields.notificationLanguage,
			['en'] as const,
		);
	if (fields.blockedUserIds !== undefined) changes.blocked = idList(fields.blockedUserIds);
	const set = Object.fromEntries(
		Object.entries(changes).filter(([, value]) => value !== undefined),
	);
	return Object.keys(set).length > 0 ? (set as NotificationChanges) : undefined;
}

/** The account's AccountData and AccountNotifications as Fax.Plus holds them (GET /accounts/{user_id}). */
async function readAccount(context: IExecuteFunctions, itemIndex: number, userId: string) {
	const account = await faxPlusApiRequest<IDataObject | undefined>(context, {
		method: 'GET',
		path: `/accounts/${encodeURIComponent(userId)}`,
		itemIndex,
	});
	return isObject(account) ? account : {};
}

/** The editable AccountData fields as read, of the SDK's types only. */
function readAccountData(read: unknown): AccountData {
	if (!isObject(read)) return {};
	const data: AccountData = {};
	if (typeof read.company_name === 'string') data.company_name = read.company_name;
	if (read.default_file_type === 'pdf' || read.default_file_type === 'tiff')
		data.default_file_type = read.default_file_type;
	if (typeof read.save_history === 'boolean') data.save_history = read.save_history;
	return data;
}

const strings = (value: unknown) =>
	Array.isArray(value)
		? value.filter((entry): entry is string => typeof entry === 'string')
		: undefined;

/** A channel's settings as read: its five events, and its list (email: addresses and attachments; sms: numbers). */
function readChannel(read: IDataObject, list?: 'addresses' | 'numbers'): IDataObject {
	const channel: IDataObject = {};
	for (const event of NOTIFIED_EVENTS)
		if (typeof read[event] === 'boolean') channel[event] = read[event];
	const entries = list && strings(read[list]);
	if (list && entries) channel[list] = entries;
	if (list === 'addresses' && isObject(read.attachments)) {
		const attachments: IDataObject = {};
		for (const kind of ATTACHMENTS)
			if (typeof read.attachments[kind] === 'boolean') attachments[kind] = read.attachments[kind];
		channel.attachments = attachments;
	}
	return channel;
}

/** The slack settings as read, of the SDK's types only. */
function readSlack(read: unknown): Slack {
	if (!isObject(read)) return {};
	const slack: Slack = {};
	for (const key of ['receive_fax', 'send_fax'] as const)
		if ((SLACK_MODES as readonly unknown[]).includes(read[key]))
			slack[key] = read[key] as SlackMode;
	if (typeof read.target_channel === 'string' && read.target_channel)
		slack.target_channel = read.target_channel;
	return slack;
}

/** The whole notifications: as read, with the user's changes. */
function mergedNotifications(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	read: unknown,
	changes: NotificationChanges,
): AccountNotifications {
	const settings = isObject(read) ? read.settings : undefined;
	if (
		!isObject(settings) ||
		!isObject(settings.email) ||
		!isObject(settings.sms) ||
		!isObject(settings.push_notifications)
	)
		throw operationError(context, {
			itemIndex,
			message: `Fax.Plus did not return the notification settings of account "${userId}", so nothing was changed`,
			description:
				'Fax.Plus takes the notification settings whole: sent without the current ones, the settings not set here would be lost. Try again later, or change them in Fax.Plus.',
		});
	const email: IDataObject = { ...readChannel(settings.email, 'addresses'), ...changes.email };
	if (changes.addresses) email.addresses = changes.addresses;
	if (changes.attachments) email.attachments = changes.attachments;
	const sms: IDataObject = { ...readChannel(settings.sms, 'numbers'), ...changes.sms };
	if (changes.numbers) sms.numbers = changes.numbers;
	const push = { ...readChannel(settings.push_notifications), ...changes.push };
	const slack = { ...readSlack(settings.slack), ...changes.slack };
	const missing = [
		['target_channel', 'Slack Channel'],
		['receive_fax', 'Slack on Fax Received'],
		['send_fax', 'Slack on Fax Sent'],
	].filter(([key]) => slack[key as keyof Slack] === undefined);
	if (changes.slack && missing.length > 0)
		throw operationError(context, {
			itemIndex,
			message: `Slack notifications need ${missing.map(([, label]) => label).join(', ')} too`,
			description: `The account has no Slack notification settings yet: add Slack Channel, Slack on Fax Received and Slack on Fax Sent together (${UPDATE_FIELDS.displayName} → ${UPDATE_FIELDS.placeholder}).`,
		});
	const language = changes.language ?? (settings.language === 'en' ? 'en' : undefined);
	const blocked =
		changes.blocked ??
		(isObject(read) && isObject(read.black_list) ? strings(read.black_list.uids) : undefined);
	return {
		settings: {
			email,
			sms,
			push_notifications: push,
			...(missing.length === 0 && { slack }),
			...(language && { language }),
		},
		...(blocked && { black_list: { uids: blocked } }),
	} as AccountNotifications;
}

/** The account_data and notifications to send: read from the account first, with the user's changes. */
export async function settingsToSend(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	data: AccountData,
	notifications: NotificationChanges | undefined,
): Promise<{ account_data?: AccountData; notifications?: AccountNotifications }> {
	if (Object.keys(data).length === 0 && !notifications) return {};
	const account = await readAccount(context, itemIndex, userId);
	return {
		...(Object.keys(data).length > 0 && {
			account_data: { ...readAccountData(account.account_data), ...data },
		}),
		...(notifications && {
			notifications: mergedNotifications(
				context,
				itemIndex,
				userId,
				account.notifications,
				notifications,
			),
		}),
	};
}
