// n8n errors for what went wrong: a refusal naming the field and fix, and Fax.Plus's errors in
// words that say what to do (never a credential).
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import { maskText } from '../logging/log';

export function nodeErrorOf(context: { getNode(): INode }, error: unknown, itemIndex?: number) {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex ??= itemIndex;
		return error;
	}
	return new NodeOperationError(context.getNode(), error as Error, { itemIndex });
}

/** A refusal naming the field and the fix (n8n shows `description` under the message); a value it quotes is cut in its middle, so the field's name before it and the reason after it stay. */
export function operationError(
	context: { getNode(): INode },
	{ message, ...options }: { message: string; itemIndex?: number; description?: string },
): NodeOperationError {
	const cut = message.length > 1000 ? `${message.slice(0, 699)}…${message.slice(-300)}` : message;
	return new NodeOperationError(context.getNode(), cut, options);
}

/** The refusals of one item: `refuse(message, description)` is its operationError. */
export const refusalOf =
	(context: { getNode(): INode }, itemIndex?: number) => (message: string, description?: string) =>
		operationError(context, { itemIndex, message, description });

/** A failed request's error: ours kept, anything else a NodeApiError. */
export function requestErrorOf(context: { getNode(): INode }, error: unknown, itemIndex?: number) {
	const ours = error instanceof NodeApiError || error instanceof NodeOperationError;
	const wrapped = ours ? error : new NodeApiError(context.getNode(), error as JsonObject);
	return nodeErrorOf(context, wrapped, itemIndex);
}

type FaxPlusErrorBody = { error?: string; description?: string };

interface ErrorCase {
	status: number;
	/** The request's path must match (rules 6 and 7 of the webhook API apply to /webhooks only). */
	path?: RegExp;
	errorCode?: RegExp;
	detail?: RegExp;
	message: string;
	advice: string;
	/** Its words are an operation's fields: a Custom API Call gets the status's words instead. */
	operationFields?: true;
}

/** Errors the status does not explain, first match wins; an agent reads only the message. */
const SPECIAL_CASES: ErrorCase[] = [
	{
		status: 401,
		message: 'Fax.Plus rejected the credential: 401 unauthorized',
		advice:
			'The access token is expired, revoked or invalid. Reconnect the Fax.Plus credential, or create a new personal access token and save it in the credential.',
	},
	{
		status: 403,
		errorCode: /scope/i,
		message: 'The Fax.Plus token lacks the scope for this operation: 403',
		advice:
			'Give the personal access token one of the scopes the operation needs (fax:all:read / fax:all:edit cover every operation), or use OAuth2.',
	},
	{
		status: 404,
		path: /^\/webhooks\/?$/,
		message: 'Webhooks are not enabled for this Fax.Plus account: 404',
		advice:
			"Turn webhooks on in Fax.Plus under the account's Integrations settings, then try again.",
	},
	{
		status: 403,
		path: /^\/webhooks(\/|$)/,
		detail: /plan|feature/i,
		message: 'The Fax.Plus plan lacks the webhooks feature: 403',
		advice:
			'Webhooks need a Fax.Plus plan that includes them; upgrade the plan or use another account.',
	},
	{
		// Fax.Plus does not say why: the plan, or a token without the webhook scopes.
		status: 403,
		path: /^\/webhooks(\/|$)/,
		message: 'Fax.Plus refused the webhook operation: 403',
		advice:
			'Either the Fax.Plus plan lacks the webhooks feature (upgrade the plan or use another account), or the personal access token lacks the webhook scopes: give it fax:webhook:read and fax:webhook:edit (or fax:all:read / fax:all:edit), or use OAuth2.',
	},
	// Where Fax.Plus's documents are silent or disagree, a refusal names the field and what to do.
	{
		status: 400,
		path: /^\/accounts\/[^/]+\/outbox\/?$/,
		detail: /from_fax/i,
		operationFields: true,
		message: 'Fax.Plus refused Fax to Send Again (from_fax): 400',
		advice:
			"Sending an existing fax again (from_fax) is on Fax.Plus's Send a fax page but not in its SDK. Check the fax ID, or download the fax (Fax → Download) and send the file with Document Source → Files From the Previous Node.",
	},
	{
		status: 400,
		path: /^\/accounts\/[^/]+\/outbox\/?$/,
		detail: /\bfrom\b/i,
		operationFields: true,
		message: 'Fax.Plus refused From: 400',
		advice:
			"From must be a fax number the user sends from, or no_number for a corporate member without one. Several numbers separated by commas are on Fax.Plus's Send a fax page but not in its SDK: if several were given, give one.",
	},
	{
		status: 400,
		path: /^\/accounts\/[^/]+\/?$/,
		detail: /phone/i,
		operationFields: true,
		message: 'Fax.Plus refused Phone: 400',
		advice:
			'Enter the phone number with "+" and the country code, at least 8 digits (Fax.Plus\'s SDK checks ^[+]?[0-9]{8,}$).',
	},
	{
		status: 400,
		path: /^\/accounts\/[^/]+\/faxes\/[^/]+\/?$/,
		detail: /comment|is_read/i,
		operationFields: true,
		message: 'Fax.Plus refused the change of the fax: 400',
		advice: "Set both Comment and Is Read under Update Fields (Fax.Plus's SDK requires both).",
	},
	{
		status: 400,
		path: /^\/hooks\/?$/,
		detail: /fax_page_received|event/i,
		message: 'Fax.Plus refused the legacy hook event: 400',
		advice:
			"Fax.Plus's SDK lists only fax_sent and fax_received for legacy hooks. For fax_page_received use the current webhook API (Webhook → Create, or the Fax.Plus Trigger).",
	},
	{
		status: 400,
		path: /^\/hooks\/?$/,
		detail: /numbers/i,
		message: 'Fax.Plus refused the numbers of the legacy hook: 400',
		advice:
			"Neither Fax.Plus document names numbers for legacy hooks, and only the account's own numbers are allowed. Remove the numbers, or use the current webhook API, whose channels filter is documented.",
	},
];

const INVALID = {
	what: 'refused the request as invalid',
	advice:
		'Check the values sent: an ID must be one Fax.Plus gave (a fax ID from Fax → Get Many, an outbox ID from Send or Outbox → Get Many, a user ID from Account → Get Many Members, or "self"), and numbers need "+" and the country code.',
};

/** What a status means and what to do, for errors without a special case (500: any 5xx). */
const BY_STATUS: Record<number, { what: string; advice: string }> = {
	400: INVALID,
	422: INVALID,
	403: {
		what: 'refused access',
		advice:
			'This credential may not do this: use User "self" unless the credential belongs to an admin, or use a credential with the role or token scope the operation needs.',
	},
	404: {
		what: 'found nothing at this address',
		advice:
			'Check the ID: it must exist in this account (list them with the matching Get Many operation).',
	},
	409: {
		what: 'reported a conflict',
		advice: 'The item changed or already exists; read it again, then retry.',
	},
	413: {
		what: 'refused the request as too large',
		advice: 'Send fewer or smaller files (at most 10 files and 150 MB in all).',
	},
	429: { what: 'is limiting the request rate', advice: 'Wait a minute, then try again.' },
	500: {
		what: 'failed on its side',
		advice:
			"Try again in a few minutes; if it keeps failing, check Fax.Plus's status page (status.fax.plus).",
	},
};

const API_REFERENCE = 'https://apidoc.fax.plus';

/** A Custom API Call has a Method, a Path, Query Parameters and a JSON Body, and no operation's fields. */
function customCallAdvice(status: number, method: string, path: string): string | undefined {
	const shown = path.length > 200 ? `${path.slice(0, 199)}…` : path;
	const request = `${method} ${shown}`;
	if (status === 404)
		return `Check Method and Path (${request}) against Fax.Plus's API reference (${API_REFERENCE}): Path is what follows the credential's Base URL, e.g. /accounts/self.`;
	if (status === 400 || status === 422)
		return `Check Query Parameters and JSON Body against what Fax.Plus's API reference (${API_REFERENCE}) lists for ${request}: their names and values; numbers need "+" and the country code.`;
	if (status === 403)
		return `This credential may not do this: check in Fax.Plus's API reference (${API_REFERENCE}) the role and token scope ${request} needs; another user's data needs an admin's credential (else use "self" in Path).`;
	return undefined;
}

const UNEXPECTED = {
	what: 'answered with an unexpected status',
	advice: 'Check the parameters, then try again.',
};

/** What the user should read for an error of the API; never contains credentials. `customCall`: the request of a Custom API Call. */
export function describeFaxPlusError(
	status: number,
	body: FaxPlusErrorBody,
	path: string,
	customCall?: { method: string },
): { message: string; description?: string } {
	const detail = [body.error, body.description].filter(Boolean).join(': ');
	const suffix = detail ? ` (${detail})` : '';
	const special = SPECIAL_CASES.find(
		(rule) =>
			rule.status === status &&
			!(customCall && rule.operationFields) &&
			(!rule.path || rule.path.test(path)) &&
			(!rule.errorCode || rule.errorCode.test(body.error ?? '')) &&
			(!rule.detail || rule.detail.test(detail)),
	);
	if (special) return { message: `${special.message}${suffix}`, description: special.advice };
	const known = BY_STATUS[status >= 500 ? 500 : status] ?? UNEXPECTED;
	const advice = (customCall && customCallAdvice(status, customCall.method, path)) || known.advice;
	return {
		message: `Fax.Plus ${known.what}: ${status}${suffix}. ${advice}`,
		description: body.description ?? advice,
	};
}

export function parseErrorBody(body: unknown, secrets: string[]): FaxPlusErrorBody {
	let value: unknown = body;
	if (Buffer.isBuffer(value)) value = value.toString('utf8');
	if (value instanceof ArrayBuffer) value = Buffer.from(value).toString('utf8');
	if (typeof value === 'string') {
		try {
			value = JSON.parse(value);
		} catch {
			return { description: cut(value as string, secrets) || undefined };
		}
	}
	if (value && typeof value === 'object') {
		const { error, description } = value as FaxPlusErrorBody;
		return {
			error: typeof error === 'string' ? cut(error, secrets) : undefined,
			description: typeof description === 'string' ? cut(description, secrets) : undefined,
		};
	}
	return {};
}

/** Outside text is cut before any pattern (the special cases above) or log line reads it, secrets masked first: a cut one would show its start. */
const MAX_DETAIL_CHARS = 300;

function cut(text: string, secrets: string[]): string {
	const masked = maskText(text, secrets, false);
	return masked.length > MAX_DETAIL_CHARS ? `${masked.slice(0, MAX_DETAIL_CHARS - 1)}…` : masked;
}
