// Legacy hooks carry no signature, so the target each one registers holds a random token
// (a query parameter) that only Fax.Plus and this node's registration know: a delivery
// without it is refused. The token is kept with the registration in the node's static data.
import type { IDataObject } from 'n8n-workflow';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The query parameter of a legacy hook's target that holds the token. */
export const HOOK_TOKEN_PARAM = 'hook_token';
/** Where the trigger keeps what it registered (lifecycle.ts), in the node's static data. */
export const REGISTRATIONS_KEY = 'registrations';

/** A new unguessable token: 24 random bytes, URL-safe. */
export function newHookToken(): string {
	return randomBytes(24).toString('base64url');
}

/** The target a legacy hook registers: the webhook URL with the token. */
export function hookTarget(url: string, token: string): string {
	return `${url}${url.includes('?') ? '&' : '?'}${HOOK_TOKEN_PARAM}=${token}`;
}

/** True when a hook's target is this webhook URL, with or without a token. */
export function isTargetOf(target: unknown, url: string): boolean {
	return typeof target === 'string' && (target === url || target.startsWith(`${url}?`));
}

/** A target without its token, for what the node outputs (the token stays out of execution data). */
export function withoutHookToken(target: string): string {
	return target
		.replace(new RegExp(`[?&]${HOOK_TOKEN_PARAM}=[^&#]*`), '')
		.replace(/^([^?]*)&/, '$1?');
}

/** The tokens of the legacy hook registrations in the node's static data. */
export function registeredHookTokens(staticData: IDataObject): string[] {
	const stored = staticData[REGISTRATIONS_KEY];
	if (!Array.isArray(stored)) return [];
	return stored.flatMap((entry) => {
		const registration = (entry ?? {}) as IDataObject;
		return registration.api === 'hooks' && typeof registration.token === 'string'
			? [registration.token]
			: [];
	});
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares the given token with each expected one in time that does not depend on their contents. */
export function hookTokenMatches(given: unknown, expected: string[]): boolean {
	if (typeof given !== 'string' || given === '') return false;
	const givenDigest = digest(given);
	let matched = false;
	for (const token of expected) {
		if (timingSafeEqual(givenDigest, digest(token))) matched = true;
	}
	return matched;
}
