// Account → Update's account and notification settings (the SDK's AccountData and AccountNotifications).
// Fax.Plus takes notifications.settings whole (its email, sms and push_notifications required), and no
// document shows a partial change, so the account is read first and what the user did not set is sent
// as read (docs/fax-plus-readings.md, "Account settings and notifications").
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiGet } from '../shared/requests';
import { refusalOf } from '../../shared/transport/nodeErrors';
import { booleanValue, choiceOf, idList, listOf } from '../shared/values';
import { e164Numbers } from '../shared/faxNumbers';
import { UPDATE_FIELDS } from '../shared/parameters';
import { isEmailAddress } from './emails';

/** What a channel tells about (AccountNotificationsEmail/Sms/PushSettings: each one required). */
const NOTIFIED_EVENTS = ['low_credit', 'new_feature', 'receive_fax', 'send_fax', 'voicemail'];
/** SlackNotificationMode (models/slack-notification-mode.ts). */
const SLACK_MODES = ['no_attachment', 'off', 'with_attachment'] as const;
const ATTACHMENTS = ['confirmation_page', 'receive_fax', 'send_fax'];

/** The notification changes the user set, checked before any request: each as its settings hold it. */
type NotificationChanges = NonNullable<ReturnType<typeof notificationChanges>>;

const isObject = (value: unknown): value is IDataObject =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (record: IDataObject) => (Object.keys(record).length > 0 ? record : undefined);
const isBoolean = (value: unknown) => typeof value === 'boolean';
const booleans = (keys: string[]) => Object.fromEntries(keys.map((key) => [key, isBoolean]));

/** The fields of a record as read that their checks take (the SDK's types only), in the checks' order. */
function kept(read: unknown, checks: Record<string, (value: unknown) => boolean>): IDataObject {
	if (!isObject(read)) return {};
	const entries = Object.entries(checks).filter(([key, takes]) => takes(read[key]));
	return Object.fromEntries(entries.map(([key]) => [key, read[key]]));
}

export function accountDataChanges(
	context: IExecuteFunctions,
	itemIndex: number,
	fields: IDataObject,
): IDataObject {
	const data: IDataObject = {};
	if (fields.companyName !== undefined) data.company_name = String(fields.companyName ?? '').trim();
	if (fields.defaultFileType !== undefined)
		data.default_file_type = choiceOf(
			context,
			itemIndex,
			'Default File Type',
			fields.defaultFileType,
			['pdf', 'tiff'],
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
) {
	const refuse = refusalOf(context, itemIndex);
	// Each of a field's choices on, the others off.
	const chosen = (name: string, label: string, choices: string[]) => {
		if (fields[name] === undefined) return undefined;
		const on = listOf(fields[name]).map((value) =>
			choiceOf(context, itemIndex, label, value, choices),
		);
		return Object.fromEntries(choices.map((choice) => [choice, on.includes(choice)]));
	};
	const email = chosen('emailNotifications', 'Email Notifications', NOTIFIED_EVENTS);
	const sms = chosen('smsNotifications', 'SMS Notifications', NOTIFIED_EVENTS);
	const push = chosen('pushNotifications', 'Push Notifications', NOTIFIED_EVENTS);
	const attachments = chosen('emailAttachments', 'Email Attachments', ATTACHMENTS);
	let addresses: string[] | undefined;
	if (fields.notificationEmails !== undefined) {
		addresses = listOf(fields.notificationEmails, /[\s,;]+/);
		const wrong = addresses.find((address) => !isEmailAddress(address));
		if (wrong !== undefined)
			throw refuse(
				`Notification Emails: "${wrong}" is not an email address`,
				'Enter email addresses separated by commas, e.g. ana@example.com, li@example.com.',
			);
	}
	let numbers: string[] | undefined;
	if (fields.smsNumbers !== undefined)
		numbers = listOf(fields.smsNumbers).length
			? e164Numbers(context, itemIndex, fields.smsNumbers, 'SMS Numbers')
			: [];
	const slack: IDataObject = {};
	if (fields.slackChannel !== undefined) {
		const channel = String(fields.slackChannel ?? '').trim();
		if (!channel)
			throw refuse(
				'Slack Channel cannot be empty',
				'Enter the channel, e.g. #faxes, or remove the "Slack Channel" field.',
			);
		slack.target_channel = channel;
	}
	const choice = <T extends string>(name: string, label: string, choices: readonly T[]) =>
		fields[name] === undefined
			? undefined
			: choiceOf(context, itemIndex, label, fields[name], choices);
	const received = choice('slackReceiveFax', 'Slack on Fax Received', SLACK_MODES);
	const sent = choice('slackSendFax', 'Slack on Fax Sent', SLACK_MODES);
	if (received) slack.receive_fax = received;
	if (sent) slack.send_fax = sent;
	const changes = {
		email: nonEmpty({
			...email,
			...(addresses && { addresses }),
			...(attachments && { attachments }),
		}),
		sms: nonEmpty({ ...sms, ...(numbers && { numbers }) }),
		push,
		slack: nonEmpty(slack),
		language: choice('notificationLanguage', 'Notification Language', ['en'] as const),
		blocked: fields.blockedUserIds === undefined ? undefined : idList(fields.blockedUserIds),
	};
	const set = Object.entries(changes).filter(([, value]) => value !== undefined);
	return set.length > 0 ? (Object.fromEntries(set) as Partial<typeof changes>) : undefined;
}

const strings = (value: unknown) =>
	Array.isArray(value)
		? value.filter((entry): entry is string => typeof entry === 'string')
		: undefined;

/** A channel's settings as read: its five events, and its list (email: addresses and attachments; sms: numbers). */
function readChannel(read: IDataObject, list?: 'addresses' | 'numbers'): IDataObject {
	const channel = kept(read, booleans(NOTIFIED_EVENTS));
	const entries = list && strings(read[list]);
	if (list && entries) channel[list] = entries;
	if (list === 'addresses' && isObject(read.attachments))
		channel.attachments = kept(read.attachments, booleans(ATTACHMENTS));
	return channel;
}

function mergedNotifications(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	read: unknown,
	changes: NotificationChanges,
): IDataObject {
	const refuse = refusalOf(context, itemIndex);
	const settings = isObject(read) ? read.settings : undefined;
	if (
		!isObject(settings) ||
		!isObject(settings.email) ||
		!isObject(settings.sms) ||
		!isObject(settings.push_notifications)
	)
		throw refuse(
			`Fax.Plus did not return the notification settings of account "${userId}", so nothing was changed`,
			'Fax.Plus takes the notification settings whole: sent without the current ones, the settings not set here would be lost. Try again later, or change them in Fax.Plus.',
		);
	const isSlackMode = (value: unknown) => (SLACK_MODES as readonly unknown[]).includes(value);
	const slack = {
		...kept(settings.slack, {
			receive_fax: isSlackMode,
			send_fax: isSlackMode,
			target_channel: (value) => typeof value === 'string' && value !== '',
		}),
		...changes.slack,
	};
	const missing = [
		['target_channel', 'Slack Channel'],
		['receive_fax', 'Slack on Fax Received'],
		['send_fax', 'Slack on Fax Sent'],
	].filter(([key]) => slack[key] === undefined);
	if (changes.slack && missing.length > 0)
		throw refuse(
			`Slack notifications need ${missing.map(([, label]) => label).join(', ')} too`,
			`The account has no Slack notification settings yet: add Slack Channel, Slack on Fax Received and Slack on Fax Sent together (${UPDATE_FIELDS.displayName} → ${UPDATE_FIELDS.placeholder}).`,
		);
	const language = changes.language ?? (settings.language === 'en' ? 'en' : undefined);
	const blocked =
		changes.blocked ??
		(isObject(read) && isObject(read.black_list) ? strings(read.black_list.uids) : undefined);
	return {
		settings: {
			email: { ...readChannel(settings.email, 'addresses'), ...changes.email },
			sms: { ...readChannel(settings.sms, 'numbers'), ...changes.sms },
			push_notifications: { ...readChannel(settings.push_notifications), ...changes.push },
			...(missing.length === 0 && { slack }),
			...(language && { language }),
		},
		...(blocked && { black_list: { uids: blocked } }),
	};
}

export async function settingsToSend(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	data: IDataObject,
	notifications: NotificationChanges | undefined,
): Promise<IDataObject> {
	if (Object.keys(data).length === 0 && !notifications) return {};
	const path = `/accounts/${encodeURIComponent(userId)}`;
	const account = await apiGet<unknown>(context, path, itemIndex);
	const read = isObject(account) ? account : {};
	const accountData = {
		company_name: (value: unknown) => typeof value === 'string',
		default_file_type: (value: unknown) => value === 'pdf' || value === 'tiff',
		save_history: isBoolean,
	};
	return {
		...(Object.keys(data).length > 0 && {
			account_data: { ...kept(read.account_data, accountData), ...data },
		}),
		...(notifications && {
			notifications: mergedNotifications(
				context,
				itemIndex,
				userId,
				read.notifications,
				notifications,
			),
		}),
	};
}
