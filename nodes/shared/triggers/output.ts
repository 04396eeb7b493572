// The item a delivery becomes, and the fax fields both triggers output; every time in ISO 8601 UTC.
// Beside them the marker item of a refused signature's run: webhook() hands it to n8n beside its
// 401 (refusalRunItem()), and execute() fails the run with its words (refusalOfItem()).
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { isoTime, isTimeField } from '../api/dates';
import { faxStatusFields } from '../api/faxStatuses';
import { readPhoneNumbers } from '../phone/numbers';

type DeliveryPayload = { hook: IDataObject; data: IDataObject };

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function idOf(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	return undefined;
}

/** `{ hook, data }` of the signed bytes (n8n's parsed body only when they are no JSON). */
export function parsePayload(rawBody: Buffer | undefined, parsedBody: unknown) {
	let body = parsedBody;
	try {
		if (rawBody && rawBody.length > 0) body = JSON.parse(rawBody.toString('utf8'));
	} catch {
		// n8n's parsed body.
	}
	if (!isObject(body)) return undefined;
	return { hook: isObject(body.hook) ? body.hook : {}, data: isObject(body.data) ? body.data : {} };
}

function valueOrNull(...values: unknown[]): IDataObject[string] {
	for (const value of values)
		if (value !== undefined && value !== null && value !== '') return value as IDataObject[string];
	return null;
}

/** E.164 (apidoc's example writes `+1 334-304-1234`); anything else, a user ID say, as it came. */
function faxNumberOf(value: IDataObject[string]): IDataObject[string] {
	if (Array.isArray(value)) return value.map((entry) => faxNumberOf(entry as IDataObject[string]));
	// Cut first: text this long is no number (a reading trims, then stops at 64 characters).
	if (typeof value !== 'string' || value.length > 100 || /[,\n]/.test(value)) return value;
	if (!value.trim().startsWith('+')) return value;
	const read = readPhoneNumbers(value);
	return read.ok && read.numbers.length === 1 ? read.numbers[0] : value;
}

export function faxFieldsOf(data: IDataObject): IDataObject {
	return {
		status: data.status === undefined || data.status === null ? null : String(data.status),
		...faxStatusFields(data.status),
		from: faxNumberOf(valueOrNull(data.from, data.from_number)),
		to: faxNumberOf(valueOrNull(data.to, data.to_number)),
		// When the fax started, in ISO 8601 UTC, as `data.start_time` is.
		startTime: isoTime(valueOrNull(data.start_time)) as IDataObject[string],
		faxId: valueOrNull(data.id),
	};
}

/** `faxId` is `hook.id` (the fax list's ID), else `data.id`, a session's (`faxSessionId`). */
export function buildOutput(
	{ hook, data }: DeliveryPayload,
	facts: {
		webhookId: string | null;
		signatureVerified: boolean;
		/** Why the signature is not verified, beside `signatureVerified: false`. */
		signatureNote?: string;
		receivedAt: string;
	},
): IDataObject {
	const hookId = idOf(hook.id);
	const sessionId = idOf(data.id);
	return {
		event: typeof hook.event === 'string' ? hook.event : null,
		webhookId: facts.webhookId,
		isRetry: hookId !== undefined && sessionId !== undefined && hookId !== sessionId,
		signatureVerified: facts.signatureVerified,
		...(facts.signatureNote !== undefined && { signatureNote: facts.signatureNote }),
		receivedAt: facts.receivedAt,
		...faxFieldsOf(data),
		faxId: valueOrNull(hook.id, data.id),
		faxSessionId: valueOrNull(data.id),
		hook: withIsoTimeValues(hook),
		data: withIsoTimeValues(data),
	};
}

/** A refused signature's words, as execute() fails the run with them (no secret, no request). */
export interface RefusalRun {
	message: string;
	description: string;
}

/** The marker item webhook() returns beside its 401: the run it starts fails with `refusal`. */
export function refusalRunItem(refusal: RefusalRun): INodeExecutionData {
	return { json: { [REFUSAL_KEY]: { ...refusal } } };
}

/** The refusal an item carries; undefined for a delivery's item (buildOutput has no such key). */
export function refusalOfItem(json: IDataObject): RefusalRun | undefined {
	const marker = json[REFUSAL_KEY];
	if (!isObject(marker)) return undefined;
	const { message, description } = marker;
	return typeof message === 'string' && typeof description === 'string'
		? { message, description }
		: undefined;
}

const REFUSAL_KEY = 'signatureRefusal';

/**
 * A record of Fax.Plus's as its fields were named (a trigger's `hook` and `data`), each time field's
 * value in ISO 8601 UTC where it is in Fax.Plus's form, as `isoTime` reads it; the rest as it came.
 */
export function withIsoTimeValues<Fields extends Record<string, unknown>>(record: Fields): Fields {
	// fromEntries keeps a `__proto__` key of parsed JSON as a field, not a prototype.
	return Object.fromEntries(
		Object.entries(record).map(([name, value]) => [
			name,
			isTimeField(name) ? isoTime(value) : value,
		]),
	) as Fields;
}
