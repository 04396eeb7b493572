// Where n8n's request helpers send a request: `url`, else the legacy helper's `uri`, joined to
// `baseURL` as axios joins them (buildFullPath) unless absolute, "//host" included.

const MAX_TARGET_LENGTH = 16_384; // longer is no request target: Node's HTTP server takes 16 KiB of headers in all

/** The parts of a request that say where n8n's helpers send it (IHttpRequestOptions, IRequestOptions). */
export interface RequestTarget {
	url?: unknown;
	uri?: unknown;
	baseURL?: unknown;
}

const textOf = (value: unknown) =>
	typeof value === 'string' ? value : value instanceof URL ? value.href : undefined;

/** Where n8n's helpers send a request; undefined where the releases' axios would disagree or it is too long. */
export function requestTarget({ url, uri, baseURL }: RequestTarget): string | undefined {
	const given = url !== undefined ? url : uri;
	const path = given === undefined ? '' : textOf(given);
	const base = baseURL === undefined ? '' : textOf(baseURL);
	if (path === undefined || base === undefined) return undefined;
	if (path.length > MAX_TARGET_LENGTH || base.length > MAX_TARGET_LENGTH) return undefined;
	if (!base || /^([a-z][a-z\d+\-.]*:)?\/\//i.test(path)) return path;
	// axios releases drop baseURL's trailing slashes differently: a base ending in "//" is refused.
	if (!path || base.endsWith('//')) return path ? undefined : base;
	return `${base.endsWith('/') ? base.slice(0, -1) : base}/${path.replace(/^\/+/, '')}`;
}
