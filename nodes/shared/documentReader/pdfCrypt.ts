// The standard security handler (ISO 32000-2, 7.6.4) with the empty user password, which every
// reader opens without asking. Only streams are decrypted (an object stream may hold the page
// tree); the caller charges each byte. The key is derived once a document, each round charged.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { PdfBudget } from './pdfBudget';
import { integerOf, PdfString, unreadable, type PdfDict, type PdfValue } from './pdfSyntax';

/** Algorithm 2's padding, which is also the empty password padded. */
const PADDING = Buffer.from(
	'28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a',
	'hex',
);

export type PdfDecrypt = (data: Buffer, ref: number, gen: number) => Buffer;

/** How the document's streams are decrypted; undefined where they are not encrypted. */
export function standardDecrypt(
	encrypt: PdfDict,
	id: PdfValue | undefined,
	budget: PdfBudget,
): PdfDecrypt | undefined {
	if (encrypt.get('Filter') !== 'Standard') unreadable();
	const [version, revision] = [integerOf(encrypt.get('V') ?? 0), integerOf(encrypt.get('R'))];
	const method = methodOf(encrypt, version);
	if (method === 'None') return undefined;
	const [owner, user] = [bytesOf(encrypt.get('O')), bytesOf(encrypt.get('U'))];
	if (revision >= 5) {
		if (owner.length < 48 || user.length < 48) unreadable();
		const salt = user.subarray(40, 48);
		const intermediate =
			revision === 5 ? createHash('sha256').update(salt).digest() : hardenedHash(salt, budget);
		const wrapped = bytesOf(encrypt.get('UE'));
		if (wrapped.length < 32) unreadable();
		const decipher = createDecipheriv('aes-256-cbc', intermediate, Buffer.alloc(16));
		decipher.setAutoPadding(false);
		const key = Buffer.concat([decipher.update(wrapped.subarray(0, 32)), decipher.final()]);
		return (data) => aes('aes-256-cbc', key, data);
	}
	const permissions = encrypt.get('P');
	if (typeof permissions !== 'number' || !Number.isInteger(permissions)) unreadable();
	// AES-128 keys are 16 bytes whatever /Length says.
	const length =
		revision === 2 ? 5 : method === 'AESV2' ? 16 : integerOf(encrypt.get('Length') ?? 40) / 8;
	if (!Number.isInteger(length) || length < 5 || length > 16) unreadable();
	const first = Array.isArray(id) ? id[0] : undefined;
	const hash = createHash('md5')
		.update(PADDING)
		.update(owner.subarray(0, 32))
		.update(Buffer.from([permissions, permissions >> 8, permissions >> 16, permissions >> 24]))
		.update(first instanceof PdfString ? first.bytes() : Buffer.alloc(0));
	if (revision >= 4 && encrypt.get('EncryptMetadata') === false)
		hash.update(Buffer.from([255, 255, 255, 255]));
	let key = hash.digest().subarray(0, length);
	if (revision >= 3)
		for (let round = 0; round < 50; round++, budget.step(64))
			key = createHash('md5').update(key).digest().subarray(0, length);
	return (data, ref, gen) => {
		const objectKey = createHash('md5')
			.update(key)
			.update(Buffer.from([ref, ref >> 8, ref >> 16, gen, gen >> 8]))
			.update(method === 'AESV2' ? 'sAlT' : '')
			.digest()
			.subarray(0, Math.min(length + 5, 16));
		return method === 'AESV2' ? aes('aes-128-cbc', objectKey, data) : rc4(objectKey, data);
	};
}

/** The streams' method: RC4 (V 1, 2), or the crypt filter /StmF names (V 4, 5). */
function methodOf(encrypt: PdfDict, version: number): string {
	if (version === 1 || version === 2) return 'V2';
	if (version !== 4 && version !== 5) unreadable();
	const name = encrypt.get('StmF') ?? 'Identity';
	if (name === 'Identity') return 'None';
	const filters = encrypt.get('CF');
	const filter = filters instanceof Map && typeof name === 'string' ? filters.get(name) : undefined;
	const method = filter instanceof Map ? (filter.get('CFM') ?? 'None') : unreadable();
	if (!['None', 'V2', 'AESV2', 'AESV3'].includes(method as string)) unreadable();
	if ((method === 'AESV3') !== (version === 5) && method !== 'None') unreadable();
	return method as string;
}

/** Algorithm 2.B (revision 6) for the empty password and a user key's salt. */
function hardenedHash(salt: Buffer, budget: PdfBudget): Buffer {
	let key = createHash('sha256').update(salt).digest();
	for (let round = 0; ; round++) {
		const repeated = Buffer.concat(Array.from({ length: 64 }, () => key));
		// A round encrypts and hashes the key 64 times over.
		budget.step(2 * repeated.length);
		const cipher = createCipheriv('aes-128-cbc', key.subarray(0, 16), key.subarray(16, 32));
		cipher.setAutoPadding(false);
		const encrypted = Buffer.concat([cipher.update(repeated), cipher.final()]);
		let sum = 0;
		for (let at = 0; at < 16; at++) sum += encrypted[at];
		key = createHash(['sha256', 'sha384', 'sha512'][sum % 3])
			.update(encrypted)
			.digest();
		if (round >= 63 && encrypted[encrypted.length - 1] <= round - 31) return key.subarray(0, 32);
	}
}

/** AES-CBC: the first 16 bytes are the IV; the padding (PKCS #5) is removed where it is whole. */
function aes(algorithm: string, key: Buffer, data: Buffer): Buffer {
	if (data.length < 16) unreadable();
	const whole = data.length - ((data.length - 16) % 16);
	const decipher = createDecipheriv(algorithm, key, data.subarray(0, 16));
	decipher.setAutoPadding(false);
	const out = Buffer.concat([decipher.update(data.subarray(16, whole)), decipher.final()]);
	const pad = out[out.length - 1];
	return pad >= 1 && pad <= 16 && pad <= out.length ? out.subarray(0, out.length - pad) : out;
}

function rc4(key: Buffer, data: Buffer): Buffer {
	const state = Uint8Array.from({ length: 256 }, (_, at) => at);
	for (let at = 0, mixed = 0; at < 256; at++) {
		mixed = (mixed + state[at] + key[at % key.length]) & 255;
		[state[at], state[mixed]] = [state[mixed], state[at]];
	}
	const out = Buffer.alloc(data.length);
	for (let at = 0, i = 0, j = 0; at < data.length; at++) {
		i = (i + 1) & 255;
		j = (j + state[i]) & 255;
		[state[i], state[j]] = [state[j], state[i]];
		out[at] = data[at] ^ state[(state[i] + state[j]) & 255];
	}
	return out;
}

function bytesOf(value: PdfValue | undefined): Buffer {
	return value instanceof PdfString ? value.bytes() : unreadable();
}
