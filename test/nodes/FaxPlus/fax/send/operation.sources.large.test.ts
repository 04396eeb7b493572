/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// Send's 150 MB on large documents: a URL document without Content-Length that grows past it while
// it is read (150 MB fetched), and a stored PDF of 149 MB whose written form, which is what Send
// uploads, passes it (149 MB stored and read twice). So it runs in `npm test` (jest.config.js:
// HEAVY), not in the loop.
import { Readable } from 'node:stream';
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';
import { apiRequests, runOperation, useFaxPlusServer } from '../../../../support/faxplus';
import { initBinaryData } from '../../../../support/n8n-harness';

const MB = 1024 * 1024;

/**
 * A PDF of about `bytes`, made in 1 MB pieces and never held whole: `pages` pages that share one
 * content stream (the rest of the size, spaces) and inherit a /Resources dictionary holding a string
 * of `shared` bytes, which the node writes on each page, in hex.
 */
function growingPdf(bytes: number, pages: number, shared: number) {
	const kids = Array.from({ length: pages }, (_, at) => `${4 + at} 0 R`).join(' ');
	const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R >>';
	const objects: Array<[number, string]> = [
		[1, '<< /Type /Catalog /Pages 2 0 R >>'],
		[
			2,
			`<< /Type /Pages /Count ${pages} /Kids [${kids}] /Resources << /Shared (${'a'.repeat(shared)}) >> >>`,
		],
		...Array.from({ length: pages }, (_, at): [number, string] => [4 + at, page]),
	];
	let head = '%PDF-1.7\n';
	const offsets = [0];
	for (const [number, body] of objects) {
		offsets[number] = head.length;
		head += `${number} 0 obj\n${body}\nendobj\n`;
	}
	const length = bytes - head.length - 4096;
	offsets[3] = head.length;
	head += `3 0 obj\n<< /Length ${length} >>\nstream\n`;
	const xrefAt = head.length + length + '\nendstream\nendobj\n'.length;
	const rows = offsets.slice(1).map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`);
	const tail = `\nendstream\nendobj\nxref\n0 ${offsets.length}\n0000000000 65535 f \n${rows.join('')}trailer\n<< /Size ${offsets.length} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
	const spaces = Buffer.alloc(MB, 0x20);
	return {
		size: head.length + length + tail.length,
		stream: () =>
			Readable.from(
				(function* () {
					yield Buffer.from(head, 'latin1');
					for (let left = length; left > 0; left -= MB)
						yield spaces.subarray(0, Math.min(MB, left));
					yield Buffer.from(tail, 'latin1');
				})(),
			),
	};
}

// The local document host is on loopback, which Send refuses: allowed as a user would allow an internal server.
// eslint-disable-next-line @n8n/community-nodes/no-restricted-globals -- test code: n8n reads its allow list from the environment
process.env.N8N_SSRF_ALLOWED_IP_RANGES = '127.0.0.1/32';

describe('Fax → Send: document sources', () => {
	const server = useFaxPlusServer();
	const base = {
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		from: '+15551230001',
		to: '+15551234567',
	};

	describe('URLs', () => {
		const url = (name: string) => `${server().origin}/_documents/${name}`;

		describe('refuses, naming the URL without its query, and uploads nothing', () => {
			it('a document without Content-Length that grows past 150 MB while it is read', async () => {
				const { error } = await runOperation(server(), {
					...base,
					documentSource: 'url',
					documentUrls: url('endless.pdf'),
				});
				expect(error?.message).toMatch(
					/^Document URLs: the documents add up to more than 150 MB \(.*endless\.pdf: more than 150\.0 MB left\)$/,
				);
				expect(apiRequests(server())).toHaveLength(0);
			});
		});
	});

	describe('binary fields', () => {
		const location = {
			type: 'execution' as const,
			workflowId: 'test-workflow',
			executionId: 'grown',
		};
		afterAll(async () => await Container.get(BinaryDataService).deleteMany([location]));

		it('refuses a stored PDF of 149 MB that the node writes past 150 MB, naming it and the fix, and uploads nothing', async () => {
			// 16 pages each written with the 64 KB string they inherit, in hex: about 2 MB more.
			const pdf = growingPdf(149 * MB, 16, 64 * 1024);
			expect(pdf.size).toBeLessThan(150 * MB);
			await initBinaryData();
			const binary = await Container.get(BinaryDataService).store(location, pdf.stream(), {
				mimeType: 'application/pdf',
				fileName: 'brochure.pdf',
				data: '',
			} as IBinaryData);
			const { error } = await runOperation(server(), base, {
				items: [{ json: {}, binary: { data: binary } } as unknown as INodeExecutionData],
			});
			expect(error?.message).toBe(
				'The documents add up to 150.9 MB as sent: "brochure.pdf" is 150.9 MB as the node writes it (149.0 MB given); Fax.Plus takes at most 150 MB per fax',
			);
			expect(error?.description).toMatch(/^Nothing was sent\..*Send a smaller file or fewer pages/);
			expect(apiRequests(server())).toHaveLength(0);
		});
	});
});
