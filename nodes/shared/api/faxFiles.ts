// A fax's file downloaded: its name and type as the answer says them.
import type { IDataObject } from 'n8n-workflow';
import { faxPlusApiDownload, type FaxPlusContext, type RequestScope } from '../transport/transport';

const MIME_TYPES = { pdf: 'application/pdf', tiff: 'image/tiff' };

/** A file name without the characters file systems refuse (those below a space are the control characters). */
export function safeFileName(name: string): string {
	return name.replace(/[\\/:*?"<>|]/g, '_').replace(/[^ -\uffff]/g, '_');
}

/** Downloads a fax file; the answer's Content-Type wins over the format asked for when it names PDF or TIFF. */
export async function downloadFaxFile(
	context: FaxPlusContext,
	request: RequestScope & {
		path: string;
		qs?: IDataObject;
		format: keyof typeof MIME_TYPES;
		baseName: string;
	},
): Promise<{ data: Buffer; fileName: string; mimeType: string }> {
	const { format: asked, baseName, ...target } = request;
	const { data, contentType } = await faxPlusApiDownload(context, { method: 'GET', ...target });
	const type = contentType?.trim().toLowerCase() ?? '';
	const format = type === MIME_TYPES.pdf ? 'pdf' : /^image\/tiff?$/.test(type) ? 'tiff' : asked;
	return { data, fileName: `${safeFileName(baseName)}.${format}`, mimeType: MIME_TYPES[format] };
}
