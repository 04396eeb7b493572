// A legacy hook's target carries the trigger's token: every output shows the target without it.

const HOOK_TOKEN_PARAM = 'hook_token';

function isTokenName(name: string): boolean {
	return name === HOOK_TOKEN_PARAM || name.startsWith(`${HOOK_TOKEN_PARAM}[`);
}

/** A target without its token: every `hook_token` parameter (as n8n's query parser reads names) removed. */
export function withoutHookToken(target: string): string {
	if (!URL.canParse(target))
		// Not a URL: drop every parameter that names the token, as text.
		return target
			.replace(/([?&])hook(?:_|%5f)token(?:\[[^=&#]*\])?=[^&#]*&?/gi, '$1')
			.replace(/[?&](?=#|$)/, '');
	const url = new URL(target);
	const names = [...url.searchParams.keys()];
	if (!names.some(isTokenName)) return target;
	for (const name of names) if (isTokenName(name)) url.searchParams.delete(name);
	return url.toString();
}

export function hookWithoutToken<T>(hook: T): T {
	if (!hook || typeof hook !== 'object' || Array.isArray(hook)) return hook;
	const { target } = hook as { target?: unknown };
	return typeof target === 'string' ? { ...hook, target: withoutHookToken(target) } : hook;
}
