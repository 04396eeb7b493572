// Shapes of the Accounts API's requests and answers, as the spec gives them.

/** Body of PUT /accounts/self/member-details/{member_user_id}; only the fields being changed. */
export interface MemberDetail {
	quota?: number;
	role?: string;
}

/** An account of GET /accounts (beyond the published v3.5 spec): a member of the corporate account. */
export type AccountRecord = Record<string, unknown> & { uid?: string };

/** Body of PUT /accounts/{user_id} (the SDK's PayloadAccountModification), changes only. */
export interface AccountModification {
	name?: string;
	lastname?: string;
	email?: string;
	phone?: string;
	settings?: {
		caller_id_name?: string;
		should_enhance?: boolean;
		send_fax?: { retry: { count?: number; delay?: number } };
	};
	account_data?: AccountData;
	notifications?: AccountNotifications;
}

/** The account settings of the SDK's AccountData that a user changes (faxplus-js models/account-data.ts). */
export interface AccountData {
	company_name?: string;
	default_file_type?: 'pdf' | 'tiff';
	save_history?: boolean;
}

/** What a notification channel tells about (AccountNotificationsEmail/Sms/PushSettings: each required). */
export const NOTIFIED_EVENTS = [
	'low_credit',
	'new_feature',
	'receive_fax',
	'send_fax',
	'voicemail',
] as const;
export type NotifiedEvent = (typeof NOTIFIED_EVENTS)[number];
export type ChannelSettings = Partial<Record<NotifiedEvent, boolean>>;

/** SlackNotificationMode (models/slack-notification-mode.ts). */
export const SLACK_MODES = ['no_attachment', 'off', 'with_attachment'] as const;
export type SlackMode = (typeof SLACK_MODES)[number];

/** The SDK's AccountNotifications (models/account-notifications*.ts); Fax.Plus takes `settings` whole. */
export interface AccountNotifications {
	settings: {
		email: ChannelSettings & {
			addresses?: string[];
			attachments?: { receive_fax?: boolean; send_fax?: boolean; confirmation_page?: boolean };
		};
		sms: ChannelSettings & { numbers?: string[] };
		push_notifications: ChannelSettings;
		slack?: { receive_fax?: SlackMode; send_fax?: SlackMode; target_channel?: string };
		language?: 'en';
	};
	black_list?: { uids: string[] };
}
