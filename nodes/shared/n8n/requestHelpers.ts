// What n8n's request helpers do beyond n8n-workflow's types (README.md): how a request is kept
// from following redirects, and where a failed request's answer is.

/** What the package sets on every request it signs: no redirect under either helper's reading. */
export const NO_REDIRECTS = { disableFollowRedirect: true, maxRedirects: 0 } as const;

/** The parts of an error thrown by n8n's request helpers that say what the server answered. */
export interface RequestErrorLike {
	httpCode?: unknown;
	response?: {
		status?: unknown;
		statusCode?: unknown;
		headers?: Record<string, unknown>;
		data?: unknown;
		body?: unknown;
	};
	cause?: RequestErrorLike;
}

/** The status, body and headers of a failed request, wherever n8n's helpers put them. */
export function responseOf(error: unknown) {
	const thrown = (error ?? {}) as RequestErrorLike;
	const response = thrown.cause?.response ?? thrown.response ?? thrown.cause?.cause?.response;
	const status = Number(response?.status ?? response?.statusCode ?? thrown.httpCode) || undefined;
	return { status, body: response?.data ?? response?.body, headers: response?.headers ?? {} };
}

/** Where a redirect answered as an error leads; undefined on n8n 1.x, which keeps only its status. */
export function redirectLocationOf(headers: Record<string, unknown>): string | undefined {
	return typeof headers.location === 'string' ? headers.location : undefined;
}
