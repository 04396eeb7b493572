/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Send's Document URLs as the user types them: the list read from the parameter, each address
// named in errors without what may be a secret, the file name a download server gives.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	filesSent,
	runOk,
	runOperation,
	useFaxPlusServer,
} from '../../../../support/faxplus';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sendParameters } = require('../../../../support/send-parameters') as {
	sendParameters: (overrides: IDataObject) => IDataObject;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DOCUMENT_PDF } = require('../../../../server/documents') as { DOCUMENT_PDF: Buffer };

// The document server is on loopback, which Send refuses: allowed as a user would allow an internal server.
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

/** Its Content-Disposition, by the path asked for (a generic Content-Type: the name decides). */
const DISPOSITIONS: Record<string, string> = {
	'/plain': 'attachment; filename="report.pdf"',
	'/encoded': 'attachment; filename*=UTF-8\'\'r%C3%A9sum%C3%A9.pdf; filename="resume.pdf"',
	'/unquoted': 'inline; filename=scan.pdf',
	'/malformed': 'attachment; filename*=UTF-8\'\'%E0%A4%A.pdf; filename="fallback.pdf"',
};

describe('Fax → Send: Document URLs', () => {
	const faxPlus = useFaxPlusServer();
	const hits: string[] = [];
	let documents: Server;
	let origin = '';
	beforeAll(async () => {
		documents = createServer((req, res) => {
			hits.push(req.url ?? '');
			const path = new URL(req.url ?? '/', 'http://x').pathname;
			if (path === '/missing.pdf') return void res.writeHead(404).end();
			// A web page answered as text/plain for a ".pdf" or ".html" address.
			if (path.startsWith('/as-text/'))
				return void res.writeHead(200, { 'content-type': 'text/plain' }).end(`<${path}>Hi`);
			const disposition = DISPOSITIONS[path];
			res
				.writeHead(200, {
					'content-type': disposition ? 'application/octet-stream' : 'application/pdf',
					...(disposition && { 'content-disposition': disposition }),
				})
				.end(DOCUMENT_PDF);
		});
		await new Promise<void>((resolve) => documents.listen(0, '127.0.0.1', resolve));
		origin = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
	});
	beforeEach(() => {
		hits.length = 0;
	});
	afterAll(async () => {
		documents.closeAllConnections();
		await new Promise<void>((resolve) => documents.close(() => resolve()));
	});

	const base = sendParameters({ documentSource: 'url' });

	/** The names Fax.Plus received the documents of one run under. */
	async function uploadedNames(documentUrls: string | string[]): Promise<string[]> {
		const [item] = await runOk(faxPlus(), { ...base, documentUrls });
		return filesSent(faxPlus(), item).map((path) => faxPlus().state.files[path].filename);
	}

	it('splits on new lines and on commas before a scheme, keeping commas inside a URL, each URL once', async () => {
		const names = await uploadedNames(
			`${origin}/x.pdf, ${origin}/y,z.pdf\n${origin}/q.pdf?a=1,2\n\n ${origin}/x.pdf ,`,
		);
		expect(hits).toEqual(['/x.pdf', '/y,z.pdf', '/q.pdf?a=1,2']);
		expect(names).toEqual(['x.pdf', 'y,z.pdf', 'q.pdf']);
	});

	it('takes an array (an expression, an AI tool), trimmed, each URL once', async () => {
		await uploadedNames([` ${origin}/1.pdf `, '', `${origin}/1.pdf`]);
		expect(hits).toEqual(['/1.pdf']);
	});

	it.each([
		['a quoted name', 'plain', 'report.pdf'],
		['an encoded name, before the plain one', 'encoded', 'résumé.pdf'],
		['an unquoted name', 'unquoted', 'scan.pdf'],
		['a malformed encoded name: the plain one', 'malformed', 'fallback.pdf'],
	])('names the document by its Content-Disposition: %s', async (_case, path, name) => {
		expect(await uploadedNames(`${origin}/${path}`)).toEqual([name]);
	});

	it('names a document answered as text/plain document-1.txt, whatever its address says: Fax.Plus lays out the text counted', async () => {
		expect(await uploadedNames(`${origin}/as-text/invoice.pdf`)).toEqual(['document-1.txt']);
		expect(await uploadedNames(`${origin}/as-text/html/page.html`)).toEqual(['document-1.txt']);
	});

	it('names a URL in an error without user name, password, query or fragment', async () => {
		const url = new URL(`${origin}/missing.pdf?X-Amz-Signature=s3cret#s3cret`);
		url.username = 'user';
		url.password = 's3cret';
		const { error } = await runOperation(faxPlus(), { ...base, documentUrls: url.href });
		expect(error?.message).toBe(`Document URLs: could not fetch ${origin}/missing.pdf (HTTP 404)`);
		expect(`${error?.message} ${error?.description}`).not.toContain('s3cret');
		expect(apiRequests(faxPlus())).toEqual([]);
	});

	it.each([
		['ftp://user:s3cret@files.example/a.pdf?sig=s3cret#p', 'ftp://files.example/a.pdf'],
		['mailto:s3cret@example.com?subject=s3cret', 'example.com'],
		['files.example/a.pdf?token=s3cret', 'files.example/a.pdf'],
		['user:s3cret@files.example/a.pdf', 'files.example/a.pdf'],
		['http//user:s3/cret@files.example/a.pdf', 'files.example/a.pdf'],
		['https://user:s3cret@[::1/a.pdf?token=s3cret', 'https://[::1/a.pdf'],
	])(
		'names an entry that is no http(s) URL without what may be a secret: %s',
		async (entry, shown) => {
			const { error } = await runOperation(faxPlus(), { ...base, documentUrls: entry });
			expect(error?.message).toBe(`Document URLs: "${shown}" is not an http(s) URL`);
			expect(`${error?.message} ${error?.description}`).not.toContain('s3cret');
			expect(faxPlus().requests).toEqual([]);
		},
	);

	it.each([
		['0', 0],
		['a fraction', 1.5],
		['words', 'soon'],
	])('refuses a Download Time Limit of %s before any request', async (_case, limit) => {
		const { error } = await runOperation(faxPlus(), {
			...base,
			documentUrls: `${origin}/x.pdf`,
			options: { downloadTimeLimit: limit },
		});
		expect(error?.message).toBe(
			`Download Time Limit (Seconds) must be a whole number of at least 1, not "${limit}"`,
		);
		expect(hits).toEqual([]);
		expect(faxPlus().requests).toEqual([]);
	});

	it("a Download Time Limit past the editor's 3,600 s (by expression) waits 3,600 s, not a millisecond", async () => {
		const [item] = await runOk(faxPlus(), {
			...base,
			documentUrls: `${origin}/x.pdf`,
			options: { downloadTimeLimit: 3_000_000 },
		});
		expect(filesSent(faxPlus(), item)).toHaveLength(1);
	});

	it('positive control: a whole Download Time Limit fetches and sends', async () => {
		// A limit a busy machine's download cannot miss.
		const [item] = await runOk(faxPlus(), {
			...base,
			documentUrls: `${origin}/x.pdf`,
			options: { downloadTimeLimit: 60 },
		});
		expect(filesSent(faxPlus(), item)).toHaveLength(1);
	});
});
