// A document n8n keeps in memory as base64 is decoded a piece at a time, and whole only when its
// base64 is in a form whose size is not known before decoding.
import { randomBytes } from 'node:crypto';
import type { IExecuteFunctions } from 'n8n-workflow';
import { binaryDocument } from '../../../../../nodes/FaxPlus/fax/send/documents';

const fields = {
	field: 'data',
	fileName: 'a.pdf',
	mimeType: 'application/pdf',
	format: 'pdf' as const,
};

/** A binary as n8n keeps it in memory: base64 in the item, no id in a store (no helper is called). */
const inMemory = async (base64: string) =>
	await binaryDocument({} as IExecuteFunctions, fields, {
		data: base64,
		mimeType: fields.mimeType,
	});

async function piecesOf(open: () => Promise<AsyncIterable<Uint8Array>>): Promise<Uint8Array[]> {
	const pieces: Uint8Array[] = [];
	for await (const piece of await open()) pieces.push(piece);
	return pieces;
}

describe('binaryDocument in memory mode', () => {
	// 1 MB + 1 byte: 21 full pieces, a short last one, and padding.
	const data = randomBytes(1024 * 1024 + 1);

	it('decodes canonical base64 in pieces of at most 48 KiB, the same bytes each time it is opened', async () => {
		const document = await inMemory(data.toString('base64'));
		expect(document.size).toBe(data.length);
		for (let attempt = 0; attempt < 2; attempt++) {
			const pieces = await piecesOf(document.open);
			expect(pieces).toHaveLength(22);
			expect(Math.max(...pieces.map((piece) => piece.byteLength))).toBe(48 * 1024);
			expect(Buffer.concat(pieces).equals(data)).toBe(true);
		}
	});

	it.each([
		['line breaks', data.toString('base64').replace(/.{76}/g, '$&\n')],
		['URL-safe letters', data.toString('base64url')],
		['padding inside', `${Buffer.from('ab').toString('base64')}${data.toString('base64')}`],
		['a length that is not a multiple of 4', data.toString('base64').replace(/=+$/, '')],
	])('decodes base64 with %s whole, with its exact size', async (_case, base64) => {
		const expected = Buffer.from(base64, 'base64');
		const document = await inMemory(base64);
		expect(document.size).toBe(expected.length);
		const pieces = await piecesOf(document.open);
		expect(pieces).toHaveLength(1);
		expect(Buffer.concat(pieces).equals(expected)).toBe(true);
	});
});
