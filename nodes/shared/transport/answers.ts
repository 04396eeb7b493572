// Every outside answer's limits (docs/security.md): total deadline, size cap, JSON depth.
import type { IDataObject } from 'n8n-workflow';
import { maskText } from '../logging/log';
import type { RequestErrorLike } from '../n8n/requestHelpers';

const MIB = 1024 * 1024;

/** A request's total deadline when its caller names none; Options → Timeout raises it. */
export const DEFAULT_DEADLINE_SECONDS = 300;

/** The most bytes read of each kind of answer (Fax.Plus takes 150 MB per fax: its documents). */
export const ANSWER_CAPS = { json: 16 * MIB, thumbnail: 10 * MIB, document: 150 * MIB } as const;

export type AnswerKind = keyof typeof ANSWER_CAPS;

const ERROR_BODY_CAP = 64 * 1024;

/** Deeper JSON is refused: n8n stores and shows every item it holds, recursively. */
const MAX_JSON_DEPTH = 64;

type AnswerProblem =
	| { kind: 'deadline' }
	| { kind: 'tooLarge'; cap: number }
	| { kind: 'notJson'; bytes: number }
	| { kind: 'tooDeep' };

export class AnswerError extends Error {
	constructor(readonly problem: AnswerProblem) {
		super(problem.kind);
	}
}

interface BodyStream extends AsyncIterable<Buffer | Uint8Array | string> {
	destroy?(error?: Error): void;
}

const isStream = (body: unknown): body is BodyStream =>
	typeof body === 'object' &&
	typeof (body as BodyStream | null)?.[Symbol.asyncIterator] === 'function';

export function destroyBody(body: unknown): void {
	if (isStream(body)) body.destroy?.();
}

/** Reads a body within `cap` bytes (`cut`: its first `cap`) and the signal; no more is read (leaving the loop destroys the stream). */
export async function readBody(
	body: unknown,
	cap: number,
	signal: AbortSignal,
	declaredLength?: unknown,
	cut = false,
): Promise<Buffer> {
	if (!isStream(body)) {
		const buffer = bufferOf(body);
		if (buffer.byteLength <= cap) return buffer;
		if (cut) return buffer.subarray(0, cap);
		throw new AnswerError({ kind: 'tooLarge', cap });
	}
	const declared = Number(declaredLength);
	if (!cut && Number.isFinite(declared) && declared > cap) {
		body.destroy?.();
		throw new AnswerError({ kind: 'tooLarge', cap });
	}
	const stop = () => body.destroy?.(new AnswerError({ kind: 'deadline' }));
	signal.addEventListener('abort', stop, { once: true });
	const chunks: Buffer[] = [];
	let received = 0;
	let failure: unknown;
	try {
		if (signal.aborted) stop();
		for await (const chunk of body) {
			const buffer = Buffer.from(chunk);
			received += buffer.byteLength;
			if (received > cap && !cut) throw new AnswerError({ kind: 'tooLarge', cap });
			chunks.push(buffer.subarray(0, buffer.byteLength - Math.max(0, received - cap)));
			if (received >= cap && cut) break;
		}
	} catch (error) {
		failure = error;
		body.destroy?.();
	} finally {
		signal.removeEventListener('abort', stop);
	}
	// The deadline is what stopped the stream, whatever error its end was reported with.
	if (signal.aborted) throw new AnswerError({ kind: 'deadline' });
	if (failure !== undefined) throw failure;
	return Buffer.concat(chunks);
}

function bufferOf(body: unknown): Buffer {
	if (body === undefined || body === null) return Buffer.alloc(0);
	if (Buffer.isBuffer(body)) return body;
	if (body instanceof ArrayBuffer) return Buffer.from(body);
	if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
	if (typeof body === 'string') return Buffer.from(body);
	return Buffer.from(JSON.stringify(body));
}

/** The JSON of an answer; not JSON is an error: an outage page answered 200 is no empty list. */
export function parseJsonAnswer(buffer: Buffer): unknown {
	if (buffer.byteLength === 0) return undefined;
	const text = buffer.toString('utf8');
	if (text.trim() === '') return undefined;
	if (depthOf(text) > MAX_JSON_DEPTH) throw new AnswerError({ kind: 'tooDeep' });
	try {
		return JSON.parse(text) as unknown;
	} catch {
		// Thrown below: n8n's lint allows only node errors in a catch.
	}
	throw new AnswerError({ kind: 'notJson', bytes: buffer.byteLength });
}

// The deepest nesting of brackets outside strings, in one pass.
function depthOf(text: string): number {
	let depth = 0;
	let deepest = 0;
	let inString = false;
	for (let index = 0; index < text.length; index++) {
		const char = text.charCodeAt(index);
		if (inString) {
			if (char === 0x5c) index++;
			else if (char === 0x22) inString = false;
		} else if (char === 0x22) inString = true;
		else if (char === 0x5b || char === 0x7b) deepest = Math.max(deepest, ++depth);
		else if (char === 0x5d || char === 0x7d) depth--;
	}
	return deepest;
}

/** Secrets shorter than this are not looked for (they would mask ordinary words). */
const MIN_SECRET_LENGTH = 8;

export function secretsOf(values: unknown[]): string[] {
	return values.filter(
		(value): value is string => typeof value === 'string' && value.length >= MIN_SECRET_LENGTH,
	);
}

/** A parsed answer with every string and key that holds a secret masked (changed in place). */
export function maskAnswer<T>(value: T, secrets: string[]): T {
	if (secrets.length === 0) return value;
	if (typeof value === 'string') return maskText(value, secrets) as T;
	const holds = (text: string) => secrets.some((secret) => text.includes(secret));
	const pending: unknown[] = [value];
	while (pending.length > 0) {
		const object = pending.pop() as IDataObject;
		for (const key of Object.keys(object ?? {})) {
			const entry = object[key];
			if (typeof entry === 'string' && holds(entry)) object[key] = maskText(entry, secrets);
			else if (entry && typeof entry === 'object') pending.push(entry);
			if (!holds(key)) continue;
			object[maskText(key, secrets)] = object[key];
			delete object[key];
		}
	}
	return value;
}

export function describeAnswerProblem(
	problem: AnswerProblem,
	request: { method: string; path: string; seconds: number; kind: AnswerKind; status?: number },
): { message: string; description: string } {
	const what = `${request.method} ${request.path}`;
	switch (problem.kind) {
		case 'deadline':
			return {
				message: `Fax.Plus did not answer ${what} within ${request.seconds} seconds`,
				description:
					'The request was stopped at its deadline (the whole answer, not only its start). If Fax.Plus or a proxy in front of it is slow, try again later; in the Fax.Plus node, Options → Add Option → Timeout (Seconds) gives it longer.',
			};
		case 'tooLarge':
			return {
				message: `The answer to ${what} is larger than ${Math.round(problem.cap / MIB)} MB, the most the node reads for ${request.kind === 'json' ? 'an API answer' : `a ${request.kind}`}`,
				description:
					'The rest was not read. Fax.Plus answers nothing this large; check the Base URL of the credential (a proxy or another server may answer).',
			};
		case 'notJson':
			return {
				message: `The answer to ${what} (${request.status ?? 'no'} status, ${Math.ceil(problem.bytes / 1024)} KB) is not JSON`,
				description:
					'Fax.Plus answers JSON; this is likely an outage or maintenance page of Fax.Plus or of a proxy in front of the Base URL. Nothing was read from it: try again later.',
			};
		case 'tooDeep':
			return {
				message: `The answer to ${what} is nested deeper than ${MAX_JSON_DEPTH} levels`,
				description:
					'Fax.Plus answers nothing this deep; check the Base URL of the credential (a proxy or another server may answer).',
			};
	}
}

/** Reads a failed request's body in place, its first ERROR_BODY_CAP bytes as text with secrets masked; a cut body also loses its last `tail` characters (the longest secret's length), where a cut secret would show its start. */
export async function readErrorBody(error: unknown, signal: AbortSignal, secrets: string[]) {
	const thrown = (error ?? {}) as RequestErrorLike;
	const tail = Math.max(0, ...secrets.map((secret) => secret.length));
	for (const response of [thrown.cause?.response, thrown.response, thrown.cause?.cause?.response]) {
		if (!response) continue;
		for (const key of ['data', 'body'] as const) {
			const body = response[key];
			if (!isStream(body)) continue;
			const bytes = await readBody(body, ERROR_BODY_CAP, signal, undefined, true).catch(() => null);
			const text = maskText(bytes?.toString('utf8') ?? '', secrets, false);
			response[key] = bytes?.length === ERROR_BODY_CAP ? text.slice(0, -tail || undefined) : text;
		}
	}
}
