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
export function responseOf(error: unknown): {
	status?: number;
	body?: unknown;
	headers: Record<string, unknown>;
} {
	const thrown = (error ?? {}) as RequestErrorLike;
	const response = thrown.cause?.response ?? thrown.response ?? thrown.cause?.cause?.response;
	const status = Number(response?.status ?? response?.statusCode ?? thrown.httpCode) || undefined;
	return { status, body: response?.data ?? response?.body, headers: response?.headers ?? {} };
}

/** Where a redirect answered as an error leads; undefined on n8n 1.x, which keeps only its status. */
export function redirectLocationOf(headers: Record<string, unknown>): string | undefined {
	return typeof headers.location === 'string' ? headers.location : undefined;
}
