// A legacy hook's target carries the trigger's token: every output shows the target without it.

/** Longer is no hook target: shown cut, so that no pattern or parser reads more. */
const MAX_TARGET_LENGTH = 8192;

/** Whether a `name=value` piece names the token: its name where qs ends it ("]=", else "="), "+" and ASCII escapes decoded (`%68ook_token`). */
function isTokenPiece(piece: string): boolean {
	const bracketEquals = piece.indexOf(']=');
	const end = bracketEquals === -1 ? piece.indexOf('=') : bracketEquals + 1;
	if (end === -1) return false; // a name without a value carries no token
	const name = piece
		.slice(0, end)
		.replaceAll('+', ' ')
		.replace(/%([0-7][\da-f])/gi, (_escape, hex: string) => String.fromCharCode(parseInt(hex, 16)));
	// Anywhere in the name, any case: qs reads `[hook_token]` as `hook_token`.
	return name.toLowerCase().includes('hook_token');
}

/** Every `?` or `&` piece that names the token dropped, in one pass. */
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

/** A target without its token: every piece of its query that n8n's query parser could read as `hook_token` removed. */
export function withoutHookToken(target: string): string {
	const text = target.slice(0, MAX_TARGET_LENGTH);
	if (!URL.canParse(text)) return withoutTokenPieces(text);
	const url = new URL(text);
	const search = withoutTokenPieces(url.search);
	if (search === url.search) return text;
	url.search = search;
	return url.toString();
}

export function hookWithoutToken<T>(hook: T): T {
	if (!hook || typeof hook !== 'object' || Array.isArray(hook)) return hook;
	const { target } = hook as { target?: unknown };
	return typeof target === 'string' ? { ...hook, target: withoutHookToken(target) } : hook;
}
