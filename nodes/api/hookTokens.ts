// A legacy hook's target carries the trigger's token: every output shows the target without it.

const HOOK_TOKEN_PARAM = 'hook_token';
/** Longer is no hook target: shown cut, so that no pattern or parser reads more. */
const MAX_TARGET_LENGTH = 8192;

function isTokenName(name: string): boolean {
	return name === HOOK_TOKEN_PARAM || name.startsWith(`${HOOK_TOKEN_PARAM}[`);
}

/** Whether a `name=value` piece of text names the token (`hook%5Ftoken`, `hook_token[]` too). */
function isTokenPiece(piece: string): boolean {
	const equals = piece.indexOf('=');
	if (equals === -1) return false;
	const name = piece.slice(0, equals).toLowerCase();
	return isTokenName(name.replaceAll('%5f', '_').replaceAll('%5b', '['));
}

/** Not a URL: every `?` or `&` piece that names the token dropped, in one pass. */
function withoutTokenPieces(text: string): string {
	const hash = text.indexOf('#');
	// Pieces at even places, a separator (? or &) between each two.
	const parts = (hash === -1 ? text : text.slice(0, hash)).split(/([?&])/);
	const kept = [parts[0]];
	let carried = ''; // a dropped first piece's "?" goes to the next piece kept
	for (let index = 2; index < parts.length; index += 2) {
		const separator = parts[index - 1];
		if (isTokenPiece(parts[index])) carried ||= separator === '?' ? '?' : '';
		else {
			kept.push(carried || separator, parts[index]);
			carried = '';
		}
	}
	return kept.join('') + (hash === -1 ? '' : text.slice(hash));
}

/** A target without its token: every `hook_token` parameter (as n8n's query parser reads names) removed. */
export function withoutHookToken(target: string): string {
	const text = target.slice(0, MAX_TARGET_LENGTH);
	if (!URL.canParse(text)) return withoutTokenPieces(text);
	const url = new URL(text);
	const names = [...url.searchParams.keys()];
	if (!names.some(isTokenName)) return text;
	for (const name of names) if (isTokenName(name)) url.searchParams.delete(name);
	return url.toString();
}

export function hookWithoutToken<T>(hook: T): T {
	if (!hook || typeof hook !== 'object' || Array.isArray(hook)) return hook;
	const { target } = hook as { target?: unknown };
	return typeof target === 'string' ? { ...hook, target: withoutHookToken(target) } : hook;
}
