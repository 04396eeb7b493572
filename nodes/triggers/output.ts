// The item a delivery becomes.
import type { IDataObject } from 'n8n-workflow';
import { faxStatusFields } from '../api/faxStatuses';

export interface DeliveryPayload {
	hook: IDataObject;
	data: IDataObject;
}

export interface DeliveryFacts {
	webhookId: string | null;
	signatureVerified: boolean;
	receivedAt: string;
}

export function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An ID as text: a finite number, or non-empty trimmed text. */
export function idOf(value: unknown): string | undefined {
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	if (typeof value === 'string' && value.trim() !== '') return value.trim();
	return undefined;
}

/** `{ hook, data }` of a delivery body; undefined when the body is not a JSON object. */
export function payloadOf(body: unknown): DeliveryPayload | undefined {
	if (!isObject(body)) return undefined;
	return { hook: isObject(body.hook) ? body.hook : {}, data: isObject(body.data) ? body.data : {} };
}

export function parsePayload(
	rawBody: Buffer | undefined,
	parsedBody: unknown,
): DeliveryPayload | undefined {
	if (rawBody && rawBody.length > 0) {
		try {
			// The signed bytes, not n8n's re-parsed body.
			return payloadOf(JSON.parse(rawBody.toString('utf8')));
		} catch {
			return payloadOf(parsedBody);
		}
	}
	return payloadOf(parsedBody);
}

function valueOrNull(...values: unknown[]): IDataObject[string] {
	for (const value of values)
		if (value !== undefined && value !== null && value !== '') return value as IDataObject[string];
	return null;
}

export function eventOf(payload: DeliveryPayload): string | null {
	return typeof payload.hook.event === 'string' ? payload.hook.event : null;
}

export function statusOf(payload: DeliveryPayload): string | null {
	const status = payload.data.status;
	return status === undefined || status === null ? null : String(status);
}

/** hook.id differs from data.id when Fax.Plus retries the fax itself (not the delivery). */
export function isFaxRetry(payload: DeliveryPayload): boolean {
	const hookId = payload.hook.id;
	const faxId = payload.data.id;
	if (hookId === undefined || hookId === null || faxId === undefined || faxId === null)
		return false;
	return String(hookId) !== String(faxId);
}

/** The fax fields both triggers output (the polling trigger from a fax record). */
export function faxFieldsOf(data: IDataObject): IDataObject {
	return {
		status: statusOf({ hook: {}, data }),
		...faxStatusFields(data.status),
		from: valueOrNull(data.from, data.from_number),
		to: valueOrNull(data.to, data.to_number),
		faxId: valueOrNull(data.id),
	};
}

/**
 * A delivery's item. `faxId` is the fax's ID, the one Fax.Plus's fax list, Get, Download and Fax AI
 * know: `hook.id` (Fax.Plus: "Fax ID"), else `data.id`. `data.id` is one sending session's ID
 * ("might differ from the one returned by listFaxes"): kept as `faxSessionId`.
 */
export function buildOutput(payload: DeliveryPayload, facts: DeliveryFacts): IDataObject {
	const { hook, data } = payload;
	return {
		event: eventOf(payload),
		webhookId: facts.webhookId,
		isRetry: isFaxRetry(payload),
		signatureVerified: facts.signatureVerified,
		receivedAt: facts.receivedAt,
		...faxFieldsOf(data),
		faxId: valueOrNull(hook.id, data.id),
		faxSessionId: valueOrNull(data.id),
		hook,
		data,
	};
}
