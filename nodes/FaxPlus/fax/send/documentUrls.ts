// Send's documents from URLs: each hop checked before connecting, all fetched before upload.
import type {
	IBinaryData,
	IDataObject,
	IExecuteFunctions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	ACCEPTED_LIST,
	binaryDocument,
	documentType,
	MAX_TOTAL_BYTES,
	megabytes,
	mimeOf,
	uploadFields,
	type FaxDocument,
} from './documents';
import {
	documentEgress,
	hostList,
	refusal,
	type DocumentEgress,
	type HostList,
} from './documentEgress';
import { getFollowingCheckedRedirects, isHttp } from '../../../shared/transport/outsideFetch';
import { wholeNumber } from '../../shared/values';
import { refusalOf } from '../../../shared/transport/nodeErrors';
import { urlWithoutSecrets } from '../../../shared/logging/log';
import { sendOption } from '../../shared/parameters';
import {
	MAX_FILES,
	MAX_TOTAL_MEGABYTES,
	DEFAULT_TIME_LIMIT_SECONDS,
	MAX_TIME_LIMIT_SECONDS,
} from './properties';

const LABEL = 'Document URLs';

/** Content types that say nothing about the document: its file name decides. */
const GENERIC_TYPES = new Set([
	'',
	'application/octet-stream',
	'binary/octet-stream',
	'application/download',
	'application/force-download',
]);

const IDLE_TIMEOUT_MS = 120_000;

/** The URLs of the parameter, by line or comma (one inside a URL stays) or an array; each once. */
function documentUrlList(value: unknown): string[] {
	// Patterns with no run they could try again from each position: linear on any text.
	const entries = Array.isArray(value)
		? value.map((entry) => String(entry ?? ''))
		: String(value ?? '')
				.split(/[\r\n]+/)
				.flatMap((line) => line.split(/,(?=\s*[a-z][a-z0-9+.-]*:\/\/)/i));
	// Commas at either end are separators left over (e.g. "https://a/x.pdf," on its own line).
	return [...new Set(entries.map(withoutSeparators).filter((entry) => entry !== ''))];
}

/** The entry without spaces and commas at either end (a loop: no pattern over the text). */
function withoutSeparators(entry: string): string {
	const separator = (char: string) => char === ',' || char.trim() === '';
	let start = 0;
	let end = entry.length;
	while (start < end && separator(entry[start])) start++;
	while (end > start && separator(entry[end - 1])) end--;
	return entry.slice(start, end);
}

/** An entry as an error shows it: no query, fragment, or anything before an `@`. */
function entryWithoutSecrets(entry: string): string {
	let shown = entry.replace(/[?#][\s\S]*$/, '');
	const at = shown.lastIndexOf('@');
	if (at !== -1) {
		const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(shown)?.[0] ?? '';
		shown = `${at >= scheme.length ? scheme : ''}${shown.slice(at + 1)}`;
	}
	return shown.slice(0, 200);
}

interface BodyStream extends AsyncIterable<Uint8Array> {
	destroy(error?: Error): void;
	map(fn: (chunk: Uint8Array) => Uint8Array): unknown;
}

interface Fetching {
	context: IExecuteFunctions;
	/** A refusal of the item, under the field's name. */
	refuse: (message: string, description: string) => NodeOperationError;
	egress: DocumentEgress;
	seconds: number;
}

export async function fetchDocuments(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	options: IDataObject,
): Promise<FaxDocument[]> {
	const refuse = refusalOf(context, itemIndex);
	const refuseUrl = (message: string, description: string) =>
		refuse(`${LABEL}: ${message}`, description);
	const list = documentUrlList(value);
	if (list.length === 0) {
		throw refuse(
			`${LABEL} is required`,
			'Enter the http(s) address of at least one document, e.g. https://example.com/invoice.pdf (an expression may have resolved to an empty value).',
		);
	}
	if (list.length > MAX_FILES) {
		throw refuse(
			`${LABEL} names ${list.length} documents; Fax.Plus takes at most ${MAX_FILES} per fax`,
			'Send the documents as several faxes.',
		);
	}
	const urls = list.map((entry) => {
		const url = URL.canParse(entry) ? new URL(entry) : undefined;
		if (isHttp(url)) return url;
		throw refuseUrl(
			`"${entryWithoutSecrets(entry)}" is not an http(s) URL`,
			'Enter full addresses starting with https:// (or http://), one per line or separated by commas.',
		);
	});

	let allowedHosts: HostList | undefined;
	try {
		allowedHosts = hostList(options.allowedDocumentHosts);
	} catch (error) {
		throw refuse((error as Error).message);
	}
	const fetching: Fetching = {
		context,
		refuse: refuseUrl,
		egress: documentEgress(context, allowedHosts),
		// The editor's most; an expression may give more, which a timer could not wait.
		seconds: Math.min(
			MAX_TIME_LIMIT_SECONDS,
			wholeNumber(context, itemIndex, options.downloadTimeLimit, 'Download Time Limit (Seconds)', {
				minimum: 1,
				fallback: DEFAULT_TIME_LIMIT_SECONDS,
			}),
		),
	};
	// Every address is checked before the first request: a refused one fails the item at once.
	for (const url of urls) await checkEgress(fetching, url, url);

	const documents: FaxDocument[] = [];
	let total = 0;
	for (const [index, url] of urls.entries()) {
		const document = await fetchDocument(fetching, url, index, MAX_TOTAL_BYTES - total);
		total += document.size;
		documents.push(document);
	}
	return documents;
}

async function checkEgress(fetching: Fetching, url: URL, asked: URL): Promise<string | undefined> {
	const decision = await fetching.egress(url);
	if (decision.allowed) return decision.address;
	if (decision.reason === 'unresolved') throw couldNotFetch(fetching, asked);
	// Only the origin of a redirect: its path is the document server's text.
	const hop = url === asked ? '' : ` (it redirects to ${url.protocol}//${url.host})`;
	const { message, description } = refusal(decision);
	throw fetching.refuse(
		`${urlWithoutSecrets(asked.href)}${hop} ${message}`,
		`${description} Nothing was sent.`,
	);
}

function deadlineReached(fetching: Fetching, url: URL): NodeOperationError {
	return fetching.refuse(
		`${urlWithoutSecrets(url.href)} did not arrive within the time limit of ${fetching.seconds} seconds`,
		'The deadline of Download Time Limit (Seconds) was reached: each document must arrive in that time in all, redirects included. ' +
			`The server was slow or kept the download open; raise ${sendOption('Download Time Limit (Seconds)')} for a large document. Nothing was sent.`,
	);
}

function couldNotFetch(fetching: Fetching, url: URL, status?: number): NodeOperationError {
	return fetching.refuse(
		`could not fetch ${urlWithoutSecrets(url.href)}${status ? ` (HTTP ${status})` : ''}`,
		'Check that the address is right and reachable from n8n without signing in; nothing was sent.',
	);
}

async function fetchDocument(fetching: Fetching, asked: URL, index: number, budget: number) {
	// One wall-clock deadline for the whole document (the idle timeout misses a trickle).
	const signal = AbortSignal.timeout(fetching.seconds * 1000);
	const { response, url } = await getFollowingCheckedRedirects(fetching.context, asked, {
		checkHop: async (hop) => await checkEgress(fetching, hop, asked),
		failed: (status) => couldNotFetch(fetching, asked, status),
		timedOut: () => deadlineReached(fetching, asked),
		idleMs: Math.min(IDLE_TIMEOUT_MS, fetching.seconds * 1000),
		signal,
	});
	const body = response.body as BodyStream;
	const expire = () => body?.destroy?.(new Error('the time limit was reached'));
	signal.addEventListener('abort', expire, { once: true });
	try {
		if (signal.aborted) expire();
		return await readDocument(fetching, asked, url, response, index, budget);
	} catch (error) {
		// Whatever failed, the rest of the download is never read.
		body?.destroy?.();
		if (signal.aborted) throw deadlineReached(fetching, asked);
		throw error instanceof NodeOperationError ? error : couldNotFetch(fetching, asked);
	} finally {
		signal.removeEventListener('abort', expire);
	}
}

function dispositionFileName(header: unknown): string | undefined {
	const value = String(header ?? '');
	const encoded = /filename\*\s*=\s*(?:UTF-8|utf-8)?''([^;]+)/.exec(value)?.[1];
	try {
		if (encoded) return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
	} catch {
		// A malformed encoded name leaves the plain one.
	}
	const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(value);
	const name = (plain?.[2] ?? plain?.[1])?.trim();
	return name ? name : undefined;
}

async function readDocument(
	fetching: Fetching,
	asked: URL,
	url: URL,
	response: IN8nHttpFullResponse,
	index: number,
	budget: number,
): Promise<FaxDocument> {
	const shown = urlWithoutSecrets(asked.href);
	const headers = response.headers ?? {};

	const contentType = mimeOf(headers['content-type']);
	const pathName = decodeURIComponent(url.pathname.split('/').pop() ?? '');
	const fileName = dispositionFileName(headers['content-disposition']) ?? pathName;
	// A specific Content-Type decides (a login page answered for ".pdf" is no PDF); a generic one leaves it to the file name.
	const type = GENERIC_TYPES.has(contentType)
		? documentType(fileName, undefined)
		: documentType(undefined, contentType);
	if (!type) {
		// The server's Content-Type is its text, not quoted: an error reaches an agent as it is.
		throw fetching.refuse(
			`${shown} is not a type Fax.Plus can fax`,
			`Fax.Plus accepts ${ACCEPTED_LIST}; the server's Content-Type (or, where it is generic or missing, the file name) is none of them. Nothing was sent.`,
		);
	}

	const tooLarge = (size: string) =>
		fetching.refuse(
			`the documents add up to more than ${MAX_TOTAL_MEGABYTES} MB (${shown}: ${size})`,
			`Fax.Plus takes at most ${MAX_TOTAL_MEGABYTES} MB per fax, all documents together. Nothing was sent.`,
		);
	const declared = Number(headers['content-length']);
	if (Number.isFinite(declared) && declared > budget) throw tooLarge(`${megabytes(declared)} MB`);

	// The file name is kept when it names the document's type, else the document is numbered.
	const fallback = `document-${index + 1}`;
	const named = documentType(fileName, undefined)?.mimeType === type.mimeType;
	const fields = { field: shown, ...uploadFields(named ? fileName : undefined, fallback, type) };

	// Counted as n8n's store reads it: past the budget the rest is never read.
	let received = 0;
	const counted = (response.body as BodyStream).map((chunk) => {
		received += chunk.byteLength;
		if (received > budget) throw new Error('larger than the budget');
		return chunk;
	});
	let stored: IBinaryData;
	try {
		stored = await fetching.context.helpers.prepareBinaryData(
			counted as Buffer,
			fields.fileName,
			fields.mimeType,
		);
	} catch {
		if (received > budget) throw tooLarge(`more than ${megabytes(budget)} MB left`);
		throw couldNotFetch(fetching, asked);
	}
	const document = await binaryDocument(fetching.context, fields, stored);
	if (document.size === 0)
		throw fetching.refuse(
			`${shown} answered an empty document`,
			'Fax.Plus cannot fax an empty file. Nothing was sent.',
		);
	return document;
}
