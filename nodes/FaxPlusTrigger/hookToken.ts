// Legacy hooks carry no signature, so the target each one registers holds a random token
// (a query parameter) that only Fax.Plus and this node's registration know: a delivery
// without it is refused. The node keeps only the token's SHA-256 with the registration in its
// static data (which anyone who can read or export the workflow sees), and compares hashes in
// constant time; the token itself lives in the hooks' targets at Fax.Plus.
import type { IDataObject } from 'n8n-workflow';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { HOOK_TOKEN_PARAM } from '../api/hookTokens';

/** Where the trigger keeps what it registered (lifecycle.ts), in the node's static data. */
export const REGISTRATIONS_KEY = 'registrations';

/** A new unguessable token: 24 random bytes, URL-safe. */
export function newHookToken(): string {
	return randomBytes(24).toString('base64url');
}

/** What the node stores of a token: its SHA-256, base64url. */
export function hashOfHookToken(token: string): string {
	return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** The target a legacy hook registers: the webhook URL with the token. */
export function hookTarget(url: string, token: string): string {
	return `${url}${url.includes('?') ? '&' : '?'}${HOOK_TOKEN_PARAM}=${token}`;
}

/** True when a hook's target is this webhook URL, with or without a token. */
export function isTargetOf(target: unknown, url: string): boolean {
	return typeof target === 'string' && (target === url || target.startsWith(`${url}?`));
}

/** The token of a target this node registered (`<url>?hook_token=<token>`), else undefined. */
export function tokenOfTarget(target: unknown, url: string): string | undefined {
	if (typeof target !== 'string') return undefined;
	const prefix = `${url}${url.includes('?') ? '&' : '?'}${HOOK_TOKEN_PARAM}=`;
	if (!target.startsWith(prefix)) return undefined;
	const token = target.slice(prefix.length);
	return /^[A-Za-z0-9_-]+$/.test(token) ? token : undefined;
}

/** The token hashes of the legacy hook registrations in the node's static data. */
export function registeredHookTokenHashes(staticData: IDataObject): string[] {
	const stored = staticData[REGISTRATIONS_KEY];
	if (!Array.isArray(stored)) return [];
	return stored.flatMap((entry) => {
		const registration = (entry ?? {}) as IDataObject;
		return registration.api === 'hooks' && typeof registration.tokenHash === 'string'
			? [registration.tokenHash]
			: [];
	});
}

/**
 * Compares the given token's hash with each stored hash in time that does not depend on their
 * contents (every hash is compared).
 */
export function hookTokenMatches(given: unknown, hashes: string[]): boolean {
	if (typeof given !== 'string' || given === '') return false;
	const givenHash = Buffer.from(hashOfHookToken(given), 'base64url');
	let matched = false;
	for (const hash of hashes) {
		const stored = Buffer.from(hash, 'base64url');
		if (stored.length === givenHash.length && timingSafeEqual(givenHash, stored)) matched = true;
	}
	return matched;
}
