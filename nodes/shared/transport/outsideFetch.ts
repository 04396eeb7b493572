// A GET of an address outside Fax.Plus (Send's Document URLs), without any credential: each hop is
// checked by the caller, then sent to the address that check resolved; redirects are followed here.
import type { IExecuteFunctions, IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';
import { MAX_REDIRECTS, REDIRECT_STATUSES } from './transport';

export const isHttp = (url?: URL): url is URL =>
	url?.protocol === 'http:' || url?.protocol === 'https:';

export interface OutsideFetch {
	/** Refuses a hop by throwing; else the address to connect to (undefined: the name's own). */
	checkHop: (url: URL) => Promise<string | undefined>;
	/** The item's error where the server did not answer with the document (its status, if any). */
	failed: (status?: number) => Error;
	/** The item's error once `signal` has ended the fetch. */
	timedOut: () => Error;
	/** How long the connection may stay silent. */
	idleMs: number;
	signal: AbortSignal;
}

/** The answer of the last hop, a 2xx with its body as a stream, and that hop's URL. */
export async function getFollowingCheckedRedirects(
	context: IExecuteFunctions,
	asked: URL,
	{ checkHop, failed, timedOut, idleMs, signal }: OutsideFetch,
): Promise<{ response: IN8nHttpFullResponse; url: URL }> {
	let url = asked;
	for (let hops = 0; ; hops++) {
		// Checked again right before the connection: the address used is the one just validated.
		const pinned = await checkHop(url);
		if (signal.aborted) throw timedOut();
		const request: IHttpRequestOptions = {
			method: 'GET',
			url: url.href,
			headers: {},
			encoding: 'stream',
			returnFullResponse: true,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: true,
			timeout: idleMs,
			abortSignal: signal,
		};
		if (pinned) {
			// To the checked address; the name stays in Host, SNI and the certificate check.
			const target = new URL(url.href);
			target.hostname = pinned;
			request.url = target.href;
			request.headers = { Host: url.host };
			if (url.protocol === 'https:')
				request.agentOptions = { servername: url.hostname.replace(/\.$/, '') };
		}
		let response: IN8nHttpFullResponse;
		try {
			response = (await context.helpers.httpRequest(request)) as IN8nHttpFullResponse;
		} catch {
			throw signal.aborted ? timedOut() : failed();
		}
		const status = response.statusCode;
		if (status >= 200 && status < 300) return { response, url };
		(response.body as { destroy?: () => void } | undefined)?.destroy?.();
		const location = response.headers?.location;
		const next =
			typeof location === 'string' && URL.canParse(location, url.href)
				? new URL(location, url)
				: undefined;
		if (!REDIRECT_STATUSES.has(status) || !isHttp(next) || hops >= MAX_REDIRECTS)
			throw failed(status);
		url = next;
	}
}
