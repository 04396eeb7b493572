import type { IDataObject } from 'n8n-workflow';
import { faxPlusApiDownload, type FaxPlusContext } from '../transport/transport';

export type FaxFileFormat = 'pdf' | 'tiff';

const MIME_TYPES: Record<FaxFileFormat, string> = { pdf: 'application/pdf', tiff: 'image/tiff' };

/** A file name without the characters file systems refuse (those below a space are the control characters). */
export function safeFileName(name: string): string {
	return name.replace(/[\\/:*?"<>|]/g, '_').replace(/[^ -\uffff]/g, '_');
}

function formatOfContentType(contentType: string | undefined): FaxFileFormat | undefined {
	const type = (contentType ?? '').trim().toLowerCase();
	if (type === 'application/pdf') return 'pdf';
	if (type === 'image/tiff' || type === 'image/tif') return 'tiff';
	return undefined;
}

/** Downloads a fax file; the answer's Content-Type wins over the format asked for when it names PDF or TIFF. */
export async function downloadFaxFile(
	context: FaxPlusContext,
	request: {
		path: string;
		qs?: IDataObject;
		format: FaxFileFormat;
		baseName: string;
		itemIndex?: number;
	},
): Promise<{ data: Buffer; fileName: string; mimeType: string }> {
	const { format: asked, baseName, ...target } = request;
	const { data, contentType } = await faxPlusApiDownload(context, { method: 'GET', ...target });
	const format = formatOfContentType(contentType) ?? asked;
	return { data, fileName: `${safeFileName(baseName)}.${format}`, mimeType: MIME_TYPES[format] };
}
