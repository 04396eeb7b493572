/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Send with Document Source "URLs" against addresses an attacker would pick (loopback in every
// notation, cloud metadata, private ranges, a redirect into them): each refused before any
// request to it and before any upload; an internal server n8n's allow list names works.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { apiRequests, runOk, runOperation, useFaxPlusServer } from '../../../support/faxplus';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { DOCUMENT_PDF } = require('../../../server/documents') as { DOCUMENT_PDF: Buffer };

// The document server a user allowed; the counting target (127.0.0.1) is not allowed.
const ALLOWED_HOST = '127.0.0.2';
process.env.N8N_SSRF_ALLOWED_IP_RANGES = `${ALLOWED_HOST}/32`;

/** A server on loopback that counts what reaches it: documents at /doc.pdf, redirects at /redirect?to=. */
async function startDocumentServer(host: string) {
	const hits: string[] = [];
	const server: Server = createServer((req, res) => {
		hits.push(`${req.method} ${req.url}`);
		const url = new URL(req.url ?? '/', 'http://x');
		if (url.pathname === '/redirect') {
			res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
			return;
		}
		res.writeHead(200, { 'content-type': 'application/pdf' }).end(DOCUMENT_PDF);
	});
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	const { port } = server.address() as AddressInfo;
	return {
		hits,
		port,
		close: async () => await new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

describe('Fax → Send: document URLs an attacker chooses', () => {
	const faxPlus = useFaxPlusServer();
	let target: Awaited<ReturnType<typeof startDocumentServer>>;
	let allowed: Awaited<ReturnType<typeof startDocumentServer>>;
	beforeAll(async () => {
		target = await startDocumentServer('127.0.0.1');
		allowed = await startDocumentServer(ALLOWED_HOST);
	});
	beforeEach(() => {
		target.hits.length = 0;
		allowed.hits.length = 0;
	});
	afterAll(async () => {
		await target?.close();
		await allowed?.close();
	});

	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
		documentSource: 'url',
	};
	const port = () => target.port;

	it.each<[string, () => string]>([
		['127.0.0.1', () => `http://127.0.0.1:${port()}/doc.pdf?token=s3cret`],
		['localhost', () => `http://localhost:${port()}/doc.pdf?token=s3cret`],
		['a decimal IPv4 (2130706433)', () => `http://2130706433:${port()}/doc.pdf?token=s3cret`],
		['a hexadecimal IPv4 (0x7f000001)', () => `http://0x7f000001:${port()}/doc.pdf?token=s3cret`],
		['a short IPv4 (127.1)', () => `http://127.1:${port()}/doc.pdf?token=s3cret`],
		[
			'an IPv4-mapped IPv6 ([::ffff:127.0.0.1])',
			() => `http://[::ffff:127.0.0.1]:${port()}/doc.pdf`,
		],
		['IPv6 loopback ([::1])', () => `http://[::1]:${port()}/doc.pdf?token=s3cret`],
		['0.0.0.0', () => `http://0.0.0.0:${port()}/doc.pdf?token=s3cret`],
		[
			'cloud metadata (169.254.169.254)',
			() => 'http://169.254.169.254/latest/meta-data/iam/security-credentials/role?token=s3cret',
		],
		['10.0.0.0/8', () => 'http://10.20.30.40/doc.pdf?token=s3cret'],
		['172.16.0.0/12', () => 'http://172.16.5.4/doc.pdf?token=s3cret'],
		['192.168.0.0/16', () => 'https://192.168.1.1/doc.pdf?token=s3cret'],
		['IPv6 unique local ([fd00::1])', () => 'http://[fd00::1]/doc.pdf?token=s3cret'],
		[
			'an allowed server redirecting to loopback',
			() =>
				`http://${ALLOWED_HOST}:${allowed.port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${port()}/doc.pdf`)}&token=s3cret`,
		],
		[
			'an allowed server redirecting to localhost',
			() =>
				`http://${ALLOWED_HOST}:${allowed.port}/redirect?to=${encodeURIComponent(`http://localhost:${port()}/doc.pdf`)}&token=s3cret`,
		],
	])('refuses %s: nothing reaches it, nothing is uploaded', async (_case, url) => {
		const { error } = await runOperation(faxPlus(), {
			...base,
			documentUrls: `${url()}`,
		});
		expect(error?.message).toMatch(
			/^Document URLs: https?:\/\/\S+ (\(it redirects to \S+\) )?is an internal address n8n does not let this node reach$/,
		);
		expect(error?.description).toContain('N8N_SSRF_ALLOWED_HOSTNAMES');
		expect(error?.description).toContain('N8N_SSRF_ALLOWED_IP_RANGES');
		expect(`${error?.message} ${error?.description}`).not.toContain('s3cret');
		expect(target.hits).toEqual([]);
		expect(apiRequests(faxPlus())).toEqual([]);
	});

	it('refuses the whole item when one of several URLs is internal, before fetching any of them', async () => {
		const { error } = await runOperation(faxPlus(), {
			...base,
			documentUrls: `http://${ALLOWED_HOST}:${allowed.port}/doc.pdf\nhttp://127.0.0.1:${port()}/doc.pdf`,
		});
		expect(error?.message).toMatch(/127\.0\.0\.1:\d+\/doc\.pdf is an internal address/);
		expect(allowed.hits).toEqual([]);
		expect(target.hits).toEqual([]);
		expect(apiRequests(faxPlus())).toEqual([]);
	});

	it.each<[string, () => string]>([
		['directly', () => `http://${ALLOWED_HOST}:${allowed.port}/doc.pdf`],
		[
			'through a redirect on the allowed server',
			() => `http://${ALLOWED_HOST}:${allowed.port}/redirect?to=${encodeURIComponent('/doc.pdf')}`,
		],
	])(
		'fetches from an internal server N8N_SSRF_ALLOWED_IP_RANGES names (%s)',
		async (_case, url) => {
			const items = await runOk(faxPlus(), { ...base, documentUrls: url() });
			const [path] = items[0].json.files as string[];
			expect(faxPlus().state.files[path]).toMatchObject({
				filename: 'doc.pdf',
				size: DOCUMENT_PDF.length,
			});
			expect(allowed.hits.at(-1)).toBe('GET /doc.pdf');
			expect(target.hits).toEqual([]);
		},
	);
});
