/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- test code, not node code: the rules for what a node may import and use do not apply to it */
/** Types of the local Fax.Plus-compatible server (implementation: index.js). */
import type { IncomingHttpHeaders } from 'node:http';

// ------------------------------------------------------------------ state (seed.js)

export interface User {
	uid: string;
	name: string;
	lastname: string;
	email: string;
	phone: string;
	account_type: string;
	status: string;
	role: string;
	quota: number;
	is_admin: boolean;
	is_owner: boolean;
	member_of: string[];
	creation_date: string;
	plan_type: string;
	/** The SDK's AccountSettings, once changed with PUT /accounts/{user_id}. */
	settings?: Record<string, any>;
	/** The SDK's AccountData that an account change may set (role and quota are the user's own fields). */
	account_data: {
		company_name?: string;
		default_file_type?: 'pdf' | 'tiff';
		save_history?: boolean;
	};
	/** The SDK's AccountNotifications, replaced whole by an account change that sends them. */
	notifications?: AccountNotifications;
}
type NotifiedEvents = Record<
	'low_credit' | 'new_feature' | 'receive_fax' | 'send_fax' | 'voicemail',
	boolean
>;
type SlackMode = 'with_attachment' | 'no_attachment' | 'off';
/** faxplus-js models/account-notifications*.ts: settings, its email, sms and push_notifications required. */
export interface AccountNotifications {
	settings: {
		email: NotifiedEvents & {
			addresses?: string[];
			attachments?: { receive_fax: boolean; send_fax: boolean; confirmation_page?: boolean };
		};
		sms: NotifiedEvents & { numbers?: string[] };
		push_notifications: NotifiedEvents;
		slack?: { receive_fax: SlackMode; send_fax: SlackMode; target_channel: string };
		language?: 'en';
	};
	black_list?: { uids: string[] };
}
export interface ContactGroup {
	id: string;
	name: string;
	contacts_count: number;
	/** The contacts in the group ("Assign contacts to groups" sets a contact's groups). */
	contact_ids: string[];
	shared_with: string[];
}
export interface StoredFile {
	path: string;
	uid: string;
	filename: string;
	contentType: string;
	size: number;
	/** SHA-256 (hex) of the uploaded bytes. */
	sha256: string;
	format: string;
}
export type OutboxRecord = Record<string, any> & { id: string; uid: string; status: string };
export type FaxRecord = Record<string, any> & {
	id: string;
	uid: string;
	from: string;
	to: string;
	direction: string;
	status: string;
	start_time: string;
	is_spam: boolean;
	is_read: boolean;
};
export interface AiResult {
	status: string;
	/** Field extraction: the fields; OCR: the plain extracted text. */
	data?: Record<string, any> | string;
	finishOnRead?: boolean;
	/** A requested job's plan (from `State.aiPlans`), until its outcome is reached. */
	plan?: { outcome: string; afterReads?: number; afterMs?: number };
	reads?: number;
	requestedAt?: number;
}
/** How Fax AI jobs requested from now on end: for one fax and/or one job, or every one. */
export interface AiPlan {
	faxId?: string;
	job?: 'ocr' | 'field_extraction';
	outcome: 'finished' | 'failed' | 'content_filtering_policy';
	/** Reached after this many reads of the job... */
	afterReads?: number;
	/** ...or this many ms after the request, whichever comes first. */
	afterMs?: number;
}
export interface CustomField {
	id: string;
	name: string;
	instructions: string;
	enabled: boolean;
}
export interface Country {
	iso: string;
	name: string;
	is_available: boolean;
}
/** A contact of a user (apidoc.fax.plus Contacts): `uid` is its owner, not part of the answers. */
export interface Contact {
	id: string;
	uid: string;
	name: string;
	company: string;
	numbers: string[];
}
export type OwnedNumber = Record<string, any> & { id: string; number: string; owner_id: string };
export interface WebhookEndpoint {
	id: string;
	url: string;
	filter_types: string[];
	channels: string[] | null;
	secret: string;
	created_at: string;
}
export interface LegacyHook {
	id: string;
	target: string;
	event: string;
	numbers?: string[];
	created_at: string;
}
/** The seeded, mutable data (server.state). Tables are keyed by id (numbers: by the number). */
export interface State {
	settings: { webhooksEnabled: boolean; webhooksFeature: boolean };
	/** How the server reads what Fax.Plus's documents leave open (server.setReadings()). */
	readings: Readings;
	ownerId: string;
	users: Record<string, User>;
	contactGroups: Record<string, ContactGroup>;
	files: Record<string, StoredFile>;
	outbox: Record<string, OutboxRecord>;
	/** Destinations whose new outbox faxes finish by themselves (POST /_control/outbox/plan). */
	outboxPlans: Array<{ to: string; status: string; afterReads: number }>;
	/** Outbox faxes planned to finish: their final status and the reads left before they leave. */
	outboxFinishing: Record<string, { status: string; reads: number }>;
	/** New faxes (outbox or sent IDs) left out of this many more list answers (reading `listingLag`). */
	unlisted: Record<string, number>;
	faxes: Record<string, FaxRecord>;
	ai: Record<string, { field_extraction?: AiResult; ocr?: AiResult }>;
	/** Fax AI jobs planned to end later (see AiPlan); the first matching plan wins. */
	aiPlans: AiPlan[];
	aiCredits: { credits_remaining: number; usage: Record<string, number> };
	customFields: Record<string, CustomField>;
	balance: { amount: number; currency: string };
	countries: Country[];
	callingCodes: Record<string, string>;
	numbers: Record<string, OwnedNumber>;
	contacts: Record<string, Contact>;
	webhooks: Record<string, WebhookEndpoint>;
	hooks: Record<string, LegacyHook>;
	/** E-mail addresses invited to join the corporate account, in order. */
	memberInvitations: string[];
}

// ------------------------------------------------------------------ server

export type FaxEvent = 'fax_sent' | 'fax_received' | 'fax_page_received';

export interface FaxPlusServerOptions {
	/** Default 0: a free port. */
	port?: number;
	/** Default '127.0.0.1'. */
	host?: string;
	/** Clock (ms) used for webhook-timestamp and event times of deliveries. Default Date.now. */
	now?: () => number;
	/** Latency and rate limit of the API (default none); reset() returns to these. */
	network?: Partial<NetworkConditions>;
	/** Readings where Fax.Plus's documents are silent or disagree; reset() returns to these. */
	readings?: Partial<Readings>;
}

/**
 * Where Fax.Plus's documents are silent or disagree, the server answers one way or the other
 * (docs/fax-plus-readings.md). The first value of each is the default.
 */
export interface Readings {
	/** Records a page of the fax list and the contact list holds at most, whatever `limit` asks; null: as asked. */
	pageCap: number | null;
	/** The fax list's `after` and `before`: records strictly after/before them, or at them too. */
	listBounds: 'exclusive' | 'inclusive';
	/** The upload's answer: `{ path }` (the SDK's FilePath model) or `{ file_path }` (its prose). */
	uploadAnswer: 'path' | 'file_path';
	/** Legacy hook events: the spec's three, or the SDK's two (`fax_page_received` refused with 400). */
	hookEvents: 'spec' | 'sdk';
	/** Legacy hook `numbers`: stored, listed and applied, or ignored (neither document names the field). */
	hookNumbers: 'listed' | 'ignored';
	/** Fax modification: the fields sent change, or 400 unless both `comment` and `is_read` are sent (the SDK marks both required). */
	faxUpdate: 'partial' | 'full';
	/** Outbox modification's string `comment`: changes the text and keeps the tags, or replaces the whole comment (tags dropped; `{text, tags}` taken too). */
	outboxComment: 'keepsTags' | 'replacesTags';
	/** A sent fax's `comment` (the SDK's Fax: a free-form string): the outbox fax's comment text, or empty (its tags are on no sent fax either way). */
	sentComment: 'keepsText' | 'drops';
	/** List answers that leave out a fax just taken into the outbox, and again once it moves to the sent faxes; null: listed at once. */
	listingLag: number | null;
	/** A `limit` above `pageCap`: cut to it, or refused with 400 (no document gives the largest). */
	largeLimit: 'capped' | 'refused';
	/** The fax list's order: newest first, or oldest first (no document says). */
	listOrder: 'newestFirst' | 'oldestFirst';
	/** A fax record's sender: `from` (the SDK's Fax model) or `from_number` (apidoc's example answers). */
	faxSender: 'from' | 'from_number';
	/** Signature headers: `webhook-*` (a white-labelled Svix account) or Svix's own `svix-*`. */
	signatureHeaders: 'webhook' | 'svix';
	/** Webhook `data`: the whole fax record, or apidoc's documented fields (no `direction`, numbers like `+1 334-304-1234`, pages `in_progress`), laid out as its example. */
	webhookBody: 'records' | 'documented';
	/** A member's token: its own user id or `self`, or only `self` (faxplus-js accounts-api.ts). */
	memberUserId: 'ownId' | 'self';
}

export interface RateLimit {
	/** API requests (/v3, /oauth) admitted per clock second; the rest are answered 429. */
	requestsPerSecond: number;
	/** Retry-After of a 429, in seconds; default until the next second (at least 1). */
	retryAfterSeconds?: number;
}

export interface Refusals {
	/** The next this many API requests (/v3, /oauth) are answered 429, whenever they arrive. */
	requests: number;
	/** Retry-After of those 429s, in seconds; default 1. */
	retryAfterSeconds?: number;
}

export interface NetworkConditions {
	/** Every API answer is delayed by this many ms (429s too). */
	latencyMs: number;
	rateLimit: RateLimit | null;
	/** Counts down as requests are refused; null once none is left. */
	refuseNext: Refusals | null;
}

export interface FaxPlusTokens {
	/** Full-scope PAT (fax:all:read, fax:all:edit) of the admin/owner `owner_1`. */
	pat: string;
	/** PAT with only fax:all:read. */
	patReadOnly: string;
	/** PAT with no scopes. */
	patNoScopes: string;
	/** Full-scope PAT of the non-admin corporate member `member_1`. */
	patMember: string;
	/** PAT with only fax:numbers:read (apidoc's name). */
	patNumbersRead: string;
	/** PAT with only fax:file:edit (apidoc: uploads take it or fax:all:edit). */
	patFileEdit: string;
	/** OAuth access token (scope all) of owner_1; needs `x-fax-clientid: clientId`. */
	oauthAccessToken: string;
	/** Valid refresh token of owner_1. */
	oauthRefreshToken: string;
	/** Expired OAuth access token (401); refresh with oauthRefreshToken. */
	oauthExpiredAccessToken: string;
	clientId: string;
	clientSecret: string;
}

export interface RecordedRequest {
	method: string;
	/** Without the query, e.g. '/v3/accounts/self/plan'. */
	path: string;
	query: Record<string, string>;
	/** Lower-cased header names. */
	headers: IncomingHttpHeaders;
	/** Parsed JSON / form object, `{fields, files}` for multipart, or undefined. */
	body: any;
	rawBody: Buffer;
	/** Status answered. */
	status: number;
}

export interface DeliverOptions {
	event: FaxEvent;
	/** Merged over a realistic default fax record. */
	data?: Record<string, any>;
	/** hook.id; default data.id (a first attempt). */
	hookId?: string;
	/** webhook-id; default a new 'msg_...'. */
	webhookId?: string;
	/** webhook-timestamp in seconds; default now(). */
	timestamp?: number;
	/** Sign with this 'whsec_...' instead of the endpoint's secret. */
	secret?: string;
	/** Send these bytes verbatim as the body (signed as they are). */
	rawBody?: Buffer | string;
	/** Send this webhook-signature header value verbatim. */
	signatureHeader?: string;
	/** Only this endpoint (or legacy hook) id. */
	onlyEndpointId?: string;
	/** Re-sends of a non-2xx answer, same webhook-id. Default 0. */
	retries?: number;
	/** Extra request headers. */
	headers?: Record<string, string>;
	/** true: legacy hooks only; false: current endpoints only; default both. */
	legacy?: boolean;
}

export interface DeliveryAttempt {
	/** 0 when the receiver could not be reached. */
	status: number;
	body: string;
}

export interface DeliveryResult {
	/** 'ep_...' or, for legacy hooks, 'hook_...'. */
	endpointId: string;
	url: string;
	/** null for legacy hooks (no signature headers). */
	webhookId: string | null;
	legacy: boolean;
	attempts: DeliveryAttempt[];
}

export interface DeliveryLogEntry extends DeliveryResult {
	event: string;
	body: Buffer;
	secret: string | null;
	replay: boolean;
	at: number;
}

export interface FaxPlusServer {
	port: number;
	/** 'http://127.0.0.1:PORT' */
	origin: string;
	/** 'http://127.0.0.1:PORT/v3' */
	baseUrl: string;
	/** 'http://127.0.0.1:PORT/oauth' ({auth_url}: /login, the approval page, and /token, which needs HTTP Basic client authentication) */
	authUrl: string;
	tokens: FaxPlusTokens;
	/** Every secret the server issued or was given: access and refresh tokens, the client secret, endpoint secrets, legacy hook tokens (also deleted or reset ones). */
	issuedSecrets(): string[];
	requests: RecordedRequest[];
	clearRequests(): void;
	/** The mutable seeded data; reset() restores it in place. */
	state: State;
	reset(): void;
	setWebhooksEnabled(enabled: boolean): void;
	setWebhooksFeature(enabled: boolean): void;
	/**
	 * Makes the given OAuth access token, or every one the token endpoint issued, expire now;
	 * returns how many. Also POST /_control/tokens/expire {accessToken?} → {expired}.
	 */
	expireAccessTokens(accessToken?: string): number;
	getEndpointSecret(endpointId: string): string | undefined;
	/** The current network conditions (a copy). */
	readonly network: NetworkConditions;
	/** Changes latency and/or rate limit; throws a TypeError naming a wrong field. */
	setNetwork(changes: Partial<NetworkConditions>): void;
	/** The current readings (a copy). Also GET /_control/readings. */
	readonly readings: Readings;
	/** Changes readings; throws a TypeError naming a wrong field. Also POST /_control/readings. */
	setReadings(changes: Partial<Readings>): void;
	/** The misbehaviours in force (copies; misbehaviours.js). */
	readonly misbehaviours: Misbehaviour[];
	/** Adds a misbehaviour for API paths starting with `path`; reset() or behave() ends it. Also POST /_control/misbehave. */
	misbehave(rule: Misbehaviour): void;
	/** Ends every misbehaviour. Also DELETE /_control/misbehave. */
	behave(): void;
	/** The drip answers whose connection closed since the last reset(), with what each had sent. */
	readonly drips: Drip[];
	/** The most API requests answered at the same time since the last reset() or clearRequests(). */
	readonly maxInFlight: number;
	deliver(options: DeliverOptions): Promise<DeliveryResult[]>;
	replay(webhookId: string): Promise<DeliveryResult[]>;
	deliveries: DeliveryLogEntry[];
	close(): Promise<void>;
}

export function startFaxPlusServer(options?: FaxPlusServerOptions): Promise<FaxPlusServer>;

/** base64 HMAC-SHA256 of `${id}.${timestamp}.${body}` keyed with the decoded 'whsec_' secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: Buffer): string;
/** apidoc's fax_sent webhook example (concepts/webhook) as its page lays it out, for `deliver({ rawBody })`. */
export function documentedWebhookExample(event?: string, target?: string): string;

/** A drip answer whose connection closed: the bytes it had sent of its head and of the whole answer. */
export interface Drip {
	path: string;
	sent: number;
	/** The status line and headers (0 without dripHead: Node sends them at once). */
	headBytes: number;
	bytes: number;
}

/** A counterpart that misbehaves on the API paths starting with `path` (misbehaviours.js). */
export interface Misbehaviour {
	kind:
		| 'drip'
		| 'endless'
		| 'html'
		| 'stuckCursor'
		| 'endlessList'
		| 'unstableOrder'
		| 'huge'
		| 'echoToken'
		| 'longError'
		| 'deepJson';
	/** Below /v3, e.g. `/accounts/self/faxes`. */
	path: string;
	intervalMs?: number;
	bytes?: number;
	chunkBytes?: number;
	depth?: number;
	pageSize?: number;
	char?: string;
	contentType?: string;
	declareLength?: boolean;
	/** drip: the status line and headers too, byte by byte. */
	dripHead?: boolean;
}
