// Send's documents: checked before any upload, each read as it is uploaded (never held twice).
import { randomBytes } from 'node:crypto';
import type { IBinaryData, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest } from '../../shared/requests';
import { operationError, refusalOf } from '../../../shared/transport/nodeErrors';
import {
	KIND_TYPES,
	readDocument,
	type DocumentKind,
	type DocumentRead,
} from '../../../shared/documentReader';
import { MAX_FILES, MAX_TOTAL_MEGABYTES } from './properties';

export type UploadFormat = Extract<DocumentKind, 'pdf' | 'tiff'>;

export const MAX_TOTAL_BYTES = MAX_TOTAL_MEGABYTES * 1024 * 1024;

/** Types Fax.Plus faxes, by extension; no prototype, as a name's extension is looked up here. */
const ACCEPTED: Record<string, string> = Object.assign(Object.create(null) as object, {
	pdf: 'application/pdf',
	tif: 'image/tiff',
	tiff: 'image/tiff',
	doc: 'application/msword',
	docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
	xls: 'application/vnd.ms-excel',
	xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
	ppt: 'application/vnd.ms-powerpoint',
	pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
	odt: 'application/vnd.oasis.opendocument.text',
	ods: 'application/vnd.oasis.opendocument.spreadsheet',
	odp: 'application/vnd.oasis.opendocument.presentation',
	rtf: 'application/rtf',
	txt: 'text/plain',
	html: 'text/html',
	htm: 'text/html',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	png: 'image/png',
	gif: 'image/gif',
	bmp: 'image/bmp',
});

const EXTENSION_OF_MIME: Record<string, string> = Object.assign(Object.create(null) as object, {
	...Object.fromEntries(Object.entries(ACCEPTED).map(([extension, mime]) => [mime, extension])),
	'image/jpeg': 'jpg',
	'text/html': 'html',
	'text/rtf': 'rtf',
	'image/tif': 'tiff',
	'image/jpg': 'jpg',
});

export const ACCEPTED_LIST =
	'PDF, TIFF, DOC/DOCX, XLS/XLSX, PPT/PPTX, ODT/ODS/ODP, RTF, TXT, HTML, JPG, PNG, GIF or BMP';

export interface FaxDocument {
	field: string;
	fileName: string;
	mimeType: string;
	format: UploadFormat;
	/** Exact: the upload's Content-Length is promised before the first byte. */
	size: number;
	open: () => Promise<AsyncIterable<Uint8Array>>;
}

type DocumentFields = Omit<FaxDocument, 'size' | 'open'>;

/** Base64 characters per piece (48 KiB): a multiple of 4, as small as Node's file stream reads. */
const BASE64_CHUNK_CHARS = 64 * 1024;

/** Base64 as n8n writes it (`Buffer#toString('base64')`): the alphabet only, padding only at the end. */
function isCanonicalBase64(base64: string): boolean {
	if (base64.length % 4 !== 0 || /[^A-Za-z0-9+/=]/.test(base64)) return false;
	const padding = base64.indexOf('=');
	return padding === -1 || padding >= base64.length - 2;
}

/** n8n's base64 is decoded piece by piece as uploaded; other base64 whole, as n8n itself does. */
function documentFromBase64(fields: DocumentFields, base64: string): FaxDocument {
	if (!isCanonicalBase64(base64)) return documentInMemory(fields, Buffer.from(base64, 'base64'));
	async function* pieces() {
		for (let start = 0; start < base64.length; start += BASE64_CHUNK_CHARS)
			yield Buffer.from(base64.slice(start, start + BASE64_CHUNK_CHARS), 'base64');
	}
	return { ...fields, size: Buffer.byteLength(base64, 'base64'), open: async () => pieces() };
}

export function documentInMemory(fields: DocumentFields, data: Buffer): FaxDocument {
	async function* bytes() {
		yield data;
	}
	return { ...fields, size: data.length, open: async () => bytes() };
}

const LABEL = 'Input Binary Fields';

const NO_FILES =
	'The input item carries no files; put the document in a binary field first, e.g. with a Form, Read/Write Files from Disk, or an HTTP Request whose Response Format is File (Options → Response → Response Format). With Autodetect, JSON or Text, HTTP Request passes text on, not a file.';

/** The item's binary fields, checked (none named: all, so a form's upload needs nothing typed). */
export async function readDocuments(
	context: IExecuteFunctions,
	itemIndex: number,
	named: string[],
): Promise<FaxDocument[]> {
	const refuse = refusalOf(context, itemIndex);
	const available = Object.keys(context.getInputData()[itemIndex]?.binary ?? {});
	const fields = named.length > 0 ? named : available;
	if (fields.length === 0) {
		throw refuse(`${LABEL}: the input item carries no files`, NO_FILES);
	}
	if (fields.length > MAX_FILES) {
		throw refuse(
			`${LABEL} names ${fields.length} files; Fax.Plus takes at most ${MAX_FILES} per fax`,
			'Send the documents as several faxes, or merge some of them into one PDF first.',
		);
	}

	const binaries = fields.map((field) => {
		let binary: IBinaryData;
		try {
			binary = context.helpers.assertBinaryData(itemIndex, field);
		} catch {
			throw refuse(
				`${LABEL}: the input item has no binary field "${field}"`,
				available.length
					? `The item's binary fields are: ${available.join(', ')}. Use one of these names.`
					: NO_FILES,
			);
		}
		const type = documentType(binary.fileName, binary.mimeType, binary.fileExtension);
		if (type) {
			const size = binary.bytes ?? (binary.id ? 0 : Buffer.byteLength(binary.data, 'base64'));
			return { field, binary, type, size };
		}
		const what =
			[binary.fileName, mimeOf(binary.mimeType)].filter(Boolean).join(', ') ||
			'no file name or MIME type';
		throw refuse(
			`${LABEL}: the file in "${field}" (${what}) is not a type Fax.Plus can fax`,
			`Fax.Plus accepts ${ACCEPTED_LIST}. Convert the file first, or give it the right file name and MIME type.`,
		);
	});

	// Sizes from the metadata first, so a huge file is refused before it is read.
	checkTotal(refuse, binaries);

	const documents: FaxDocument[] = [];
	for (const { field, binary, type } of binaries) {
		const fields = { field, ...uploadFields(binary.fileName, field, type) };
		const document = await binaryDocument(context, fields, binary);
		if (document.size === 0) {
			throw refuse(
				`${LABEL}: the file in "${field}" is empty`,
				'Fax.Plus cannot fax an empty file; check the node that produced it.',
			);
		}
		documents.push(document);
	}
	checkTotal(refuse, documents);
	return documents;
}

/** A binary with an `id` streams from n8n's store; one in memory decodes from the item's base64. */
export async function binaryDocument(
	context: IExecuteFunctions,
	fields: DocumentFields,
	binary: IBinaryData,
): Promise<FaxDocument> {
	const id = binary.id;
	if (id) {
		const { fileSize } = await context.helpers.getBinaryMetadata(id);
		return {
			...fields,
			size: fileSize,
			open: async () => await context.helpers.getBinaryStream(id),
		};
	}
	return documentFromBase64(fields, binary.data);
}

/** A document's upload name, MIME type and format, from its type. */
export function uploadFields(
	name: string | undefined,
	fallback: string,
	{ extension, mimeType }: { extension: string; mimeType: string },
) {
	const fileName = uploadFileName(name, fallback, extension);
	return { fileName, mimeType, format: uploadFormatOf(extension) };
}

/** The upload name carries its type's extension: Fax.Plus reads the type from the name. */
export function uploadFileName(name: string | undefined, fallback: string, extension: string) {
	const trimmed = (name ?? '').trim();
	if (trimmed === '') return `${fallback}.${extension}`;
	const own = /\.([a-z0-9]+)$/i.exec(trimmed)?.[1]?.toLowerCase();
	if (own && ACCEPTED[own] && ACCEPTED[own] === ACCEPTED[extension]) return trimmed;
	// A wrong accepted extension is replaced (scan.pdf holding a TIFF); any other part of the name stays.
	const base = own && ACCEPTED[own] ? trimmed.slice(0, -own.length - 1) : trimmed;
	return `${base || fallback}.${extension}`;
}

export function mimeOf(value: unknown): string {
	return String(value ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
}

/** An accepted type from the file name, extension or MIME type, in that order. */
export function documentType(
	fileName: string | undefined,
	mimeType: string | undefined,
	fileExtension?: string,
): { extension: string; mimeType: string } | undefined {
	const mime = mimeOf(mimeType);
	const fromName = /\.([a-z0-9]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase();
	const fromMetadata = String(fileExtension ?? '')
		.replace(/^\./, '')
		.toLowerCase();
	for (const extension of [fromName, fromMetadata, EXTENSION_OF_MIME[mime]]) {
		if (extension && ACCEPTED[extension]) {
			// Keep the MIME type the document has when it is one of ours, else the one of the extension.
			return { extension, mimeType: EXTENSION_OF_MIME[mime] ? mime : ACCEPTED[extension] };
		}
	}
	return undefined;
}

export function uploadFormatOf(extension: string): UploadFormat {
	return extension === 'tif' || extension === 'tiff' ? 'tiff' : 'pdf';
}

/**
 * The files within Fax.Plus's total. With `given`, `files` are what is uploaded from each (a PDF as
 * the node wrote it, which can be larger): the one that grew most is named.
 */
export function checkTotal(
	refuse: ReturnType<typeof refusalOf>,
	files: Array<{ size: number; fileName?: string }>,
	given?: Array<{ size: number }>,
) {
	const total = files.reduce((sum, { size }) => sum + size, 0);
	if (total <= MAX_TOTAL_BYTES) return;
	const growth = (at: number) => files[at].size - (given?.[at].size ?? Infinity);
	const grown = files.reduce((most, _, at) => (growth(at) > growth(most) ? at : most), 0);
	if (growth(grown) > 0)
		throw refuse(
			`The documents add up to ${megabytes(total)} MB as sent: "${files[grown].fileName}" is ${megabytes(files[grown].size)} MB as the node writes it (${megabytes(given![grown].size)} MB given); Fax.Plus takes at most ${MAX_TOTAL_MEGABYTES} MB per fax`,
			'Nothing was sent. A PDF is sent as the node writes it from its reading, which repeats on each page what its pages share and writes strings in hex, so it can be larger than the file. Send a smaller file or fewer pages, or split it into several faxes.',
		);
	throw refuse(
		`${LABEL}: the files add up to ${megabytes(total)} MB; Fax.Plus takes at most ${MAX_TOTAL_MEGABYTES} MB per fax`,
		'Send fewer or smaller files, e.g. compress the PDF or split it into several faxes.',
	);
}

export function megabytes(bytes: number): string {
	return (bytes / (1024 * 1024)).toFixed(1);
}

export type CountedDocument = Omit<DocumentRead, 'kind' | 'written'> & { document: FaxDocument };

/**
 * The document's kind and pages; a PDF counted is uploaded as the reader wrote it (its `size` and
 * `open`), so the pages counted are the pages sent.
 */
export async function countedDocument(
	document: FaxDocument,
	mostPages?: number,
): Promise<CountedDocument> {
	const { kind, pages, cut, refused, written } = await readDocument(document, mostPages);
	if (kind === 'other') return { document, pages, cut };
	const typed = {
		...document,
		...uploadFields(document.fileName, 'document', KIND_TYPES[kind]),
		...(written && { size: written.size, open: written.open }),
	};
	return { document: typed, pages, cut, refused };
}

// Send's upload: multipart built as sent, so a stored document is never held whole.
const encoder = new TextEncoder();

/** A header value without the characters that would end it or its quoted string (as browsers and axios escape them). */
function quoted(value: string): string {
	return value.replace(/[\r\n"]/g, (c) => ({ '\r': '%0D', '\n': '%0A', '"': '%22' })[c] ?? c);
}

/** Multipart body as a Blob: exact `size`; each retry's `stream()` reads the document again. */
class MultipartUpload extends Blob {
	// Own properties shadowing Blob's getters: n8n and axios read them.
	override readonly size: number;
	override readonly type: string;
	private readonly head: Uint8Array;
	private readonly tail: Uint8Array;

	constructor(private readonly document: FaxDocument) {
		super([]);
		const boundary = `faxplus-${randomBytes(16).toString('hex')}`;
		this.head = encoder.encode(
			`--${boundary}\r\n` +
				`Content-Disposition: form-data; name="fax_file"; filename="${quoted(document.fileName)}"\r\n` +
				`Content-Type: ${quoted(document.mimeType)}\r\n\r\n`,
		);
		this.tail = encoder.encode(`\r\n--${boundary}--\r\n`);
		this.size = this.head.byteLength + document.size + this.tail.byteLength;
		this.type = `multipart/form-data; boundary=${boundary}`;
	}

	override stream(): ReadableStream<Uint8Array<ArrayBuffer>> {
		const { head, tail, document } = this;
		// Pulled a chunk at a time as the request is written; a cancelled upload closes the document.
		return ReadableStream.from(
			(async function* () {
				yield head;
				let sent = 0;
				for await (const chunk of await document.open()) {
					sent += chunk.byteLength;
					// The Content-Length is promised before the first byte: a document that changed size fails the upload.
					if (sent > document.size)
						throw new Error(`${document.fileName} is longer than its stored size`);
					yield chunk;
				}
				if (sent !== document.size)
					throw new Error(`${document.fileName} is shorter than its stored size`);
				yield tail;
			})(),
		) as ReadableStream<Uint8Array<ArrayBuffer>>;
	}

	// Never read whole: Blob's own methods would answer the empty Blob this extends.
	override async arrayBuffer(): Promise<ArrayBuffer> {
		throw new Error('A multipart upload is sent as a stream, never read whole');
	}

	override async text(): Promise<string> {
		throw new Error('A multipart upload is sent as a stream, never read whole');
	}
}

export async function uploadDocument(
	context: IExecuteFunctions,
	itemIndex: number,
	userId: string,
	document: FaxDocument,
	format: UploadFormat,
): Promise<string> {
	const answer = await apiRequest<{ path?: unknown; file_path?: unknown } | undefined>(context, {
		method: 'POST',
		path: `/accounts/${encodeURIComponent(userId)}/files`,
		qs: { format },
		body: new MultipartUpload(document),
		itemIndex,
	});
	// The SDK's FilePath model says `path`, its prose `file_path`.
	const path = [answer?.path, answer?.file_path].find(
		(value): value is string => typeof value === 'string' && value !== '',
	);
	if (path === undefined) {
		throw operationError(context, {
			itemIndex,
			message: `Fax.Plus did not answer the path of the uploaded file "${document.fileName}"`,
			description:
				'The upload seemed to succeed but its answer has neither "path" nor "file_path"; nothing was sent. Try again.',
		});
	}
	return path;
}
