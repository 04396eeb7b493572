// Send's upload: multipart built as sent, so a stored document is never held whole.
import { randomBytes } from 'node:crypto';
import type { IExecuteFunctions } from 'n8n-workflow';
import { faxPlusApiRequest } from '../../../shared/transport/transport';
import type { FaxDocument } from './documents';
import type { FaxFileFormat } from '../../../shared/api/faxFiles';
import { operationError } from '../../../shared/transport/nodeErrors';

/** Answer of POST /accounts/{user_id}/files (multipart part `fax_file`): the SDK's FilePath model says `path`, its prose `file_path`. */
interface UploadedFile {
	path?: string;
	file_path?: string;
}

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
	format: FaxFileFormat,
): Promise<string> {
	const answer = await faxPlusApiRequest<UploadedFile | undefined>(context, {
		method: 'POST',
		path: `/accounts/${encodeURIComponent(userId)}/files`,
		qs: { format },
		body: new MultipartUpload(document),
		itemIndex,
	});
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
