// Send's documents from URLs: fetched with n8n's HTTP helper as a stream, so the type and the size
// are checked from the headers, and the size again while reading, before anything is uploaded.
import type { IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	ACCEPTED_LIST,
	documentType,
	extensionOfMime,
	MAX_FILES,
	MAX_TOTAL_BYTES,
	MAX_TOTAL_MEGABYTES,
	megabytes,
	mimeOf,
	uploadFormatOf,
	type FaxDocument,
} from './documents';

const LABEL = 'Document URLs';

/** Content types that say nothing about the document: its file name decides. */
const GENERIC_TYPES = new Set([
	'',
	'application/octet-stream',
	'binary/octet-stream',
	'application/download',
	'application/force-download',
]);

/** How long one document may take to arrive. */
const FETCH_TIMEOUT_MS = 120_000;

/**
 * The URLs of the parameter: one per line or separated by commas (a comma inside a URL stays),
 * or an array (expressions, AI tools); trimmed, each once.
 */
export function documentUrlList(value: unknown): string[] {
	const entries = Array.isArray(value)
		? value.map((entry) => String(entry ?? ''))
		: String(value ?? '').split(/\s*[\r\n]+\s*|\s*,\s*(?=[a-z][a-z0-9+.-]*:\/\/)/i);
	// Commas at either end are separators left over (e.g. "https://a/x.pdf," on its own line).
	return [
		...new Set(
			entries.map((entry) => entry.replace(/^[\s,]+|[\s,]+$/g, '')).filter((entry) => entry !== ''),
		),
	];
}

/** A URL as errors and outputs show it: no user name, password, query or fragment (they may hold secrets). */
export function shownUrl(url: URL): string {
	return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * Reads a body of at most `maxBytes`; undefined as soon as it is longer (the rest is not read).
 * Pure: any async iterable of chunks.
 */
export async function readAtMost(
	chunks: AsyncIterable<Uint8Array | string>,
	maxBytes: number,
): Promise<Buffer | undefined> {
	const parts: Buffer[] = [];
	let total = 0;
	for await (const chunk of chunks) {
		const part =
			typeof chunk === 'string'
				? Buffer.from(chunk)
				: Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
		total += part.length;
		if (total > maxBytes) return undefined;
		parts.push(part);
	}
	return Buffer.concat(parts, total);
}

/** The file name of a Content-Disposition header, if it gives one. */
export function dispositionFileName(header: unknown): string | undefined {
	const value = String(header ?? '');
	const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(value)?.[1];
	if (encoded) {
		try {
			return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
		} catch {
			// fall through to the plain filename
		}
	}
	const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(value);
	const name = (plain?.[2] ?? plain?.[1])?.trim();
	return name ? name : undefined;
}

type Stream = AsyncIterable<Uint8Array | string> & { destroy?: () => void };

/** Checks the URLs, then fetches every document, each checked before the next, all before any upload. */
export async function fetchDocuments(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
): Promise<FaxDocument[]> {
	const node = context.getNode();
	const list = documentUrlList(value);
	if (list.length === 0) {
		throw new NodeOperationError(node, `${LABEL} is required`, {
			itemIndex,
			description:
				'Enter the http(s) address of at least one document, e.g. https://example.com/invoice.pdf (an expression may have resolved to an empty value).',
		});
	}
	if (list.length > MAX_FILES) {
		throw new NodeOperationError(
			node,
			`${LABEL} names ${list.length} documents; Fax.Plus takes at most ${MAX_FILES} per fax`,
			{
				itemIndex,
				description: 'Send the documents as several faxes.',
			},
		);
	}
	const urls = list.map((entry) => {
		let url: URL | undefined;
		try {
			url = new URL(entry);
		} catch {
			url = undefined;
		}
		if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
			throw new NodeOperationError(
				node,
				`${LABEL}: "${entry.slice(0, 200)}" is not an http(s) URL`,
				{
					itemIndex,
					description:
						'Enter full addresses starting with https:// (or http://), one per line or separated by commas.',
				},
			);
		}
		return url;
	});

	const documents: FaxDocument[] = [];
	let total = 0;
	for (const [index, url] of urls.entries()) {
		const document = await fetchDocument(context, itemIndex, url, index, MAX_TOTAL_BYTES - total);
		total += document.data.length;
		documents.push(document);
	}
	return documents;
}

async function fetchDocument(
	context: IExecuteFunctions,
	itemIndex: number,
	url: URL,
	index: number,
	budget: number,
): Promise<FaxDocument> {
	const node = context.getNode();
	const shown = shownUrl(url);
	let response: IN8nHttpFullResponse;
	try {
		response = (await context.helpers.httpRequest({
			method: 'GET',
			url: url.href,
			encoding: 'stream',
			returnFullResponse: true,
			timeout: FETCH_TIMEOUT_MS,
		})) as IN8nHttpFullResponse;
	} catch (error) {
		const status =
			(error as { response?: { status?: unknown }; httpCode?: unknown }).response?.status ??
			(error as { httpCode?: unknown }).httpCode;
		throw new NodeOperationError(
			node,
			`${LABEL}: could not fetch ${shown}${status ? ` (HTTP ${String(status)})` : ''}`,
			{
				itemIndex,
				description:
					'Check that the address is right and reachable from n8n without signing in; nothing was sent.',
			},
		);
	}
	const body = response.body as Stream;
	const stop = () => body?.destroy?.();
	const headers = response.headers ?? {};

	const contentType = mimeOf(headers['content-type']);
	const pathName = decodeURIComponent(url.pathname.split('/').pop() ?? '');
	const fileName = dispositionFileName(headers['content-disposition']) ?? pathName;
	// A specific Content-Type decides (a login page answered for ".pdf" is no PDF); a generic one leaves it to the file name.
	const type = GENERIC_TYPES.has(contentType)
		? documentType(fileName, undefined)
		: documentType(undefined, contentType);
	if (!type) {
		stop();
		throw new NodeOperationError(
			node,
			`${LABEL}: ${shown} is not a type Fax.Plus can fax (${contentType || 'no Content-Type'})`,
			{
				itemIndex,
				description: `Fax.Plus accepts ${ACCEPTED_LIST}. Nothing was sent.`,
			},
		);
	}

	const tooLarge = (size: string) =>
		new NodeOperationError(
			node,
			`${LABEL}: the documents add up to more than ${MAX_TOTAL_MEGABYTES} MB (${shown}: ${size})`,
			{
				itemIndex,
				description: `Fax.Plus takes at most ${MAX_TOTAL_MEGABYTES} MB per fax, all documents together. Nothing was sent.`,
			},
		);
	const declared = Number(headers['content-length']);
	if (Number.isFinite(declared) && declared > budget) {
		stop();
		throw tooLarge(`${megabytes(declared)} MB`);
	}
	// A stream as asked for; a whole body (Buffer, text) if an n8n version answers one anyway.
	const whole =
		body instanceof Uint8Array || typeof body === 'string'
			? Buffer.from(body as Uint8Array | string)
			: undefined;
	const data = whole
		? whole.length > budget
			? undefined
			: whole
		: body && typeof body[Symbol.asyncIterator] === 'function'
			? await readAtMost(body, budget)
			: Buffer.alloc(0);
	if (data === undefined) {
		stop();
		throw tooLarge(`more than ${megabytes(budget)} MB left`);
	}
	if (data.length === 0) {
		throw new NodeOperationError(node, `${LABEL}: ${shown} answered an empty document`, {
			itemIndex,
			description: 'Fax.Plus cannot fax an empty file. Nothing was sent.',
		});
	}
	const named =
		documentType(fileName, undefined)?.mimeType ===
		documentType(undefined, type.mimeType)?.mimeType;
	return {
		field: shown,
		fileName: named
			? fileName
			: `document-${index + 1}.${extensionOfMime(type.mimeType) ?? type.extension}`,
		mimeType: type.mimeType,
		format: uploadFormatOf(type.extension),
		data,
	};
}
