/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code: n8n reads its settings from the environment */
// Send from URLs when n8n keeps binary data in memory (N8N_DEFAULT_BINARY_DATA_MODE=default, n8n
// 1.x's default): the fetched document is read by n8n's own stream reader, counted as it is read.
import { createHash } from 'node:crypto';
import { writtenPdf } from '../../../shared/documentReader/support/written';
import {
	apiRequests,
	filesSent,
	runOk,
	runOperation,
	useFaxPlusServer,
} from '../../../../support/faxplus';

process.env.N8N_DEFAULT_BINARY_DATA_MODE = 'default';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DOCUMENT_PDF } = require('../../../../server/documents') as { DOCUMENT_PDF: Buffer };

describe('Fax → Send from URLs, binary data in memory', () => {
	const server = useFaxPlusServer();
	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
		documentSource: 'url',
	};

	it('uploads the PDF the reader wrote from the fetched document', async () => {
		const items = await runOk(server(), {
			...base,
			documentUrls: `${server().origin}/_documents/invoice.pdf`,
		});
		const [path] = filesSent(server(), items[0]);
		expect(server().state.files[path]).toMatchObject({
			filename: 'invoice.pdf',
			sha256: createHash('sha256')
				.update(await writtenPdf(DOCUMENT_PDF))
				.digest('hex'),
		});
	});

	it('cuts a document without Content-Length once it grows past 150 MB, uploading nothing', async () => {
		const { error } = await runOperation(server(), {
			...base,
			documentUrls: `${server().origin}/_documents/endless.pdf`,
		});
		expect(error?.message).toMatch(/add up to more than 150 MB .*endless\.pdf/);
		expect(apiRequests(server())).toHaveLength(0);
	});
});
