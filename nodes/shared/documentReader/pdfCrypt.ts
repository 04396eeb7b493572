// The standard security handler (ISO 32000-2, 7.6.4) as README.md's "Contract" reads it: a stream
// decrypted as it passes, the caller charging each byte; the key derived once, each round charged.
import { createCipheriv, createDecipheriv, createHash } from 'node:crypto';
import type { PdfBudget } from './pdfBudget';
import type { PdfDict, PdfRef, PdfValue } from './pdfSyntax';
import { dictOf, integerOf, PdfRefused, PdfString, unreadable } from './pdfSyntax';

/** Algorithm 2's padding, which is also the empty password padded. */
const PADDING = Buffer.from('KL9OXk51ikFkAE5W//oBCC4uALbQaD6ALwyp/mRTaXo=', 'base64');
/** How one kind of object (streams or strings) is decrypted: the key of each object. */
export interface PdfCipher {
	aes: boolean;
	keyOf(ref: number, gen: number): { algorithm: string; key: Buffer };
}
// The document's ciphers, none where a kind is plain (/Identity); `named`: a stream's own /Crypt
// filter's (refused where only a password gives it); `plainMetadata`: /EncryptMetadata false.
export type PdfCrypt = {
	streams?: PdfCipher;
	strings?: PdfCipher;
	named: (name: PdfValue | undefined) => PdfCipher | undefined;
	plainMetadata: boolean;
};
export function standardDecrypt(encrypt: PdfDict, id: PdfValue | undefined, budget: PdfBudget) {
	const [version, revision] = [integerOf(encrypt.get('V') ?? 0), integerOf(encrypt.get('R'))];
	if (encrypt.get('Filter') !== 'Standard' || ![1, 2, 4, 5].includes(version)) cannotDecrypt();
	const kind = (key: string) => (version < 4 ? 'V2' : methodOf(encrypt, version, encrypt.get(key)));
	const [streams, strings] = [kind('StmF'), kind('StrF')];
	const plainMetadata = revision >= 4 && encrypt.get('EncryptMetadata') === false;
	const ciphers = (keyFor: (method: string) => PdfCipher['keyOf']): PdfCrypt => {
		const cipher = (method: string) =>
			method === 'None' ? undefined : { aes: method.startsWith('AES'), keyOf: keyFor(method) };
		const named = (name?: PdfValue) => cipher(methodOf(encrypt, version, name));
		return { streams: cipher(streams), strings: cipher(strings), named, plainMetadata };
	};
	// No key: the file reads where only its embedded files need one, as opened (/EFOpen): pdf.js's.
	const locked = (): PdfCrypt => {
		const files = dictOf(encrypt.get('CF')).get(String(encrypt.get('EFF') ?? ''));
		const onOpen = files instanceof Map && files.get('AuthEvent') === 'EFOpen';
		if (streams !== 'None' || strings !== 'None' || !onOpen) cannotDecrypt();
		const named = (name?: PdfValue) =>
			methodOf(encrypt, version, name) === 'None' ? undefined : cannotDecrypt();
		return { named, plainMetadata };
	};
	const [owner, user] = [bytesOf(encrypt.get('O')), bytesOf(encrypt.get('U'))];
	if (revision >= 5) {
		if (owner.length < 48 || user.length < 48) unreadable();
		// The empty password as the user's, then as the owner's (whose hashes take /U's 48 bytes).
		for (const [entry, wrapped, extra] of [
			[user, 'UE', Buffer.alloc(0)],
			[owner, 'OE', user.subarray(0, 48)],
		] as const) {
			const hash = (salt: Buffer) => passwordHash(revision, salt, extra, budget);
			if (!hash(entry.subarray(32, 40)).equals(entry.subarray(0, 32))) continue;
			const intermediateKey = hash(entry.subarray(40, 48));
			const decipher = createDecipheriv('aes-256-cbc', intermediateKey, Buffer.alloc(16));
			decipher.setAutoPadding(false);
			const key = decipher.update(bytesOf(encrypt.get(wrapped)).subarray(0, 32));
			if (key.length < 32) unreadable();
			return ciphers(() => () => ({ algorithm: 'aes-256-cbc', key }));
		}
		return locked();
	}
	const given = encrypt.get('P');
	const permissions = typeof given === 'number' ? given | 0 : unreadable();
	// AES-128 keys are 16 bytes whatever /Length says.
	const aes = streams === 'AESV2' || strings === 'AESV2';
	const length = revision === 2 ? 5 : aes ? 16 : integerOf(encrypt.get('Length') ?? 40) / 8;
	if (!Number.isInteger(length) || length < 5 || length > 16) unreadable();
	const first = Array.isArray(id) && id[0] instanceof PdfString ? id[0].bytes() : Buffer.alloc(0);
	const md5 = (...parts: Buffer[]) => {
		budget.step(64);
		return parts.reduce((hash, part) => hash.update(part), createHash('md5')).digest();
	};
	const p = Buffer.from([permissions, permissions >> 8, permissions >> 16, permissions >> 24]);
	// RC4 with the key, then (revision 3 on) with it XORed with 1 to 19, or (`down`) 19 to 0.
	const rc4Rounds = (key: Buffer, data: Buffer, down = false) => {
		for (let at = 0, last = revision === 2 ? 0 : 19; at <= last; at++) {
			const round = key.map((byte) => byte ^ (down ? last - at : at));
			data = rc4({ state: rc4State(round), i: 0, j: 0 }, data);
		}
		return data;
	};
	// Algorithms 2, 4 and 5: the file key of a padded user password, where /U says it is the user's.
	const keyOf = (password: Buffer) => {
		const metadata = plainMetadata ? [Buffer.from([255, 255, 255, 255])] : [];
		let key = md5(password, owner.subarray(0, 32), p, first, ...metadata).subarray(0, length);
		for (let round = 0; revision >= 3 && round < 50; round++) key = md5(key).subarray(0, length);
		const check = rc4Rounds(key, revision === 2 ? PADDING : md5(PADDING, first));
		return check.equals(user.subarray(0, check.length)) ? key : undefined;
	};
	// The owner's empty password: /O holds the user's password encrypted by it (Algorithm 7).
	let ownerKey = md5(PADDING);
	for (let round = 0; revision >= 3 && round < 50; round++) ownerKey = md5(ownerKey);
	const userPassword = rc4Rounds(ownerKey.subarray(0, length), owner.subarray(0, 32), true);
	const key = keyOf(PADDING) ?? keyOf(userPassword);
	if (!key) return locked();
	// Revision 4's objects are keyed by the file key padded to 16 bytes (Acrobat's short RC4 keys).
	return ciphers((method) => (ref, gen) => ({
		algorithm: method === 'AESV2' ? 'aes-128-cbc' : 'rc4',
		key: createHash('md5')
			.update(revision === 4 ? Buffer.concat([key, Buffer.alloc(16 - length)]) : key)
			.update(Buffer.from([ref, ref >> 8, ref >> 16, gen, gen >> 8]))
			.update(method === 'AESV2' ? 'sAlT' : '')
			.digest()
			.subarray(0, revision === 4 ? 16 : Math.min(length + 5, 16)),
	}));
}
/** `data` of object `ref` decrypted whole (strings, object streams). */
export function decrypt(cipher: PdfCipher, data: Buffer, ref: number, gen: number): Buffer {
	const decrypter = new Decrypter(cipher, { ref, gen });
	const out = decrypter.update(data);
	if (!cipher.aes) return out;
	const { start, end } = lastBlocksAt(data.length);
	return out.subarray(0, decrypter.lengthOf(data.length, data.subarray(start, end)));
}
// A stream decrypted as it passes: RC4 byte for byte; AES in whole blocks after its IV (lengthOf).
export class Decrypter {
	private readonly key: { algorithm: string; key: Buffer };
	private readonly aes: boolean;
	private iv = Buffer.alloc(0);
	private decipher?: ReturnType<typeof createDecipheriv>;
	private readonly rc4 = { state: new Uint8Array(256), i: 0, j: 0 };
	constructor(cipher: PdfCipher, { ref, gen }: PdfRef) {
		[this.key, this.aes] = [cipher.keyOf(ref, gen), cipher.aes];
		if (!cipher.aes) this.rc4.state = rc4State(this.key.key);
	}
	update(data: Buffer): Buffer {
		if (!this.aes) return rc4(this.rc4, data);
		if (!this.decipher) {
			const taken = Math.min(data.length, 16 - this.iv.length);
			[this.iv, data] = [Buffer.concat([this.iv, data.subarray(0, taken)]), data.subarray(taken)];
			if (this.iv.length < 16) return Buffer.alloc(0);
			this.decipher = createDecipheriv(this.key.algorithm, this.key.key, this.iv);
			this.decipher.setAutoPadding(false);
		}
		return this.decipher.update(data);
	}
	/** The length AES data of `length` decrypts to: whole blocks after the IV, less the padding its last two (`tail`) show. */
	lengthOf(length: number, tail: Buffer): number {
		const whole = length < 16 ? 0 : length - 16 - ((length - 16) % 16);
		if (tail.length < 32) return whole;
		const decipher = createDecipheriv(this.key.algorithm, this.key.key, tail.subarray(0, 16));
		decipher.setAutoPadding(false);
		const pad = decipher.update(tail.subarray(16, 32))[15];
		return Math.max(0, whole - (pad >= 1 && pad <= 16 ? pad : 0));
	}
}
/** Where AES data of `length` bytes has its last two whole blocks (the one before is the last's IV). */
export function lastBlocksAt(length: number): { start: number; end: number } {
	const end = length - (Math.max(0, length - 16) % 16);
	return { start: Math.max(0, end - 32), end };
}
function cannotDecrypt(): never {
	throw new PdfRefused('encrypted');
}
/** The method of the crypt filter `name`: /Identity's none; below V 4, where there are none, RC4. */
function methodOf(encrypt: PdfDict, version: number, name: PdfValue = 'Identity'): string {
	if (name === 'Identity') return 'None';
	if (version < 4) return 'V2';
	const filters = encrypt.get('CF');
	const filter = filters instanceof Map && typeof name === 'string' ? filters.get(name) : undefined;
	const method = filter instanceof Map ? (filter.get('CFM') ?? 'None') : unreadable();
	if (!['None', 'V2', 'AESV2', 'AESV3'].includes(method as string)) unreadable();
	if ((method === 'AESV3') !== (version === 5) && method !== 'None') unreadable();
	return method as string;
}
/** Algorithm 2.A's hash (revision 5) or 2.B's (6) of the empty password, a salt and `extra` (/U for the owner's). */
function passwordHash(revision: number, salt: Buffer, extra: Buffer, budget: PdfBudget): Buffer {
	let key = createHash('sha256').update(salt).update(extra).digest();
	if (revision === 5) return key;
	for (let round = 0; ; round++) {
		const repeated = Buffer.concat(Array.from({ length: 64 }, () => Buffer.concat([key, extra])));
		// A round encrypts and hashes the key 64 times over.
		budget.step(2 * repeated.length);
		const cipher = createCipheriv('aes-128-cbc', key.subarray(0, 16), key.subarray(16, 32));
		cipher.setAutoPadding(false);
		const encrypted = Buffer.concat([cipher.update(repeated), cipher.final()]);
		const sum = encrypted.subarray(0, 16).reduce((total, byte) => total + byte, 0);
		const algorithm = ['sha256', 'sha384', 'sha512'][sum % 3];
		key = createHash(algorithm).update(encrypted).digest();
		if (round >= 63 && encrypted[encrypted.length - 1] <= round - 31) return key.subarray(0, 32);
	}
}
function rc4State(key: Uint8Array): Uint8Array {
	const state = Uint8Array.from({ length: 256 }, (_, at) => at);
	for (let at = 0, mixed = 0; at < 256; at++) {
		mixed = (mixed + state[at] + key[at % key.length]) & 255;
		[state[at], state[mixed]] = [state[mixed], state[at]];
	}
	return state;
}
/** RC4 from where `cipher` stopped: a stream's data decrypts piece by piece. */
function rc4(cipher: { state: Uint8Array; i: number; j: number }, data: Buffer): Buffer {
	const { state } = cipher;
	let { i, j } = cipher;
	const out = Buffer.alloc(data.length);
	for (let at = 0; at < data.length; at++) {
		i = (i + 1) & 255;
		j = (j + state[i]) & 255;
		[state[i], state[j]] = [state[j], state[i]];
		out[at] = data[at] ^ state[(state[i] + state[j]) & 255];
	}
	[cipher.i, cipher.j] = [i, j];
	return out;
}
const bytesOf = (value?: PdfValue) => (value instanceof PdfString ? value.bytes() : unreadable());
