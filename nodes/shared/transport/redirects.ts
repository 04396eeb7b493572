// Redirects are ours: n8n keeps the token on some cross-origin hops; ours stay below the Base URL.
import type { IHttpRequestOptions, IN8nHttpFullResponse } from 'n8n-workflow';

import { AnswerError, destroyBody } from './answers';
import { responseOf } from '../n8n/requestErrors';
import { credentialTypeOf, type FaxPlusContext } from './context';
import { requestErrorOf, operationError } from './nodeErrors';
import { maskText } from '../logging/mask';
import { NO_REDIRECTS } from '../n8n/credentialReach';

/** Hops followed for one request, each checked before it is requested (browsers and axios allow more). */
export const MAX_REDIRECTS = 5;

export const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

// The answer, or a deadline error first (n8n puts its cancel signal on an operation's request in
// place of ours); a later answer is destroyed unread.
async function withinDeadline(pending: Promise<IN8nHttpFullResponse>, deadline: AbortSignal) {
	void pending.then(
		(late) => deadline.aborted && destroyBody(late.body),
		(failed: unknown) => deadline.aborted && destroyBody(responseOf(failed).body),
	);
	return await Promise.race([
		pending,
		new Promise<never>((_resolve, reject) => {
			const stop = () => reject(new AnswerError({ kind: 'deadline' }));
			if (deadline.aborted) stop();
			else deadline.addEventListener('abort', stop, { once: true });
		}),
	]);
}

/** Sends one authenticated request, following redirects that stay below the Base URL only; a refusal quotes the Location with secrets masked, before operationError cuts it (a cut secret would show its start). */
export async function sendAuthenticated(
	context: FaxPlusContext,
	options: IHttpRequestOptions,
	baseUrl: string,
	{ deadline, secrets }: { deadline: AbortSignal; secrets: string[] },
): Promise<IN8nHttpFullResponse> {
	const base = new URL(baseUrl);
	const scope = `${base.origin}${base.pathname.replace(/(?<!\/)\/+$/, '')}`;
	const refuse = (message: string, why: string) =>
		operationError(context, {
			message: maskText(message, secrets, false),
			description: `Your Fax.Plus token is sent only below the credential's Base URL (${scope}/)${why}. If the Base URL is a proxy, make it answer without redirecting.`,
		});
	// The PAT credential signs only a request n8n follows no redirect of (n8n/credentialReach.ts).
	let hop: IHttpRequestOptions = {
		...options,
		...NO_REDIRECTS,
		sendCredentialsOnCrossOriginRedirect: false,
	};
	for (let hops = 0; ; hops++) {
		try {
			return await withinDeadline(
				context.helpers.httpRequestWithAuthentication.call(context, credentialTypeOf(context), hop),
				deadline,
			);
		} catch (error) {
			const { status, headers, body } = responseOf(error);
			// n8n's request helpers throw NodeApiErrors; the callers read their response.
			if (status === undefined || !REDIRECT_STATUSES.has(status))
				throw error instanceof AnswerError ? error : requestErrorOf(context, error);
			// A streamed answer's body is not read here: the caller reads a failure's (bounded).
			destroyBody(body);
			// n8n 1.x keeps only the status of a failed request, not where a redirect leads.
			if (typeof headers.location !== 'string')
				throw refuse(
					`The API answered ${status} (a redirect), which the node does not follow`,
					', and this n8n version does not tell the node where the redirect leads',
				);
			const next = new URL(headers.location, hop.url);
			const target = `${next.origin}${next.pathname}`;
			// Another path of the same server may be another service.
			if (target !== scope && !target.startsWith(`${scope}/`))
				throw refuse(
					`The API answered with a redirect to ${target}, outside the Base URL ${scope}/, which the node does not follow`,
					': a redirect elsewhere would carry it there, so the request stops here',
				);
			if (hops >= MAX_REDIRECTS)
				throw operationError(context, {
					message: `The API redirected more than ${MAX_REDIRECTS} times`,
				});
			hop = { ...hop, url: next.href, qs: undefined };
			// 303, and 301/302 after a POST, continue as GET without a body (as browsers and axios do).
			if (status === 303 || ((status === 301 || status === 302) && hop.method === 'POST'))
				hop = { ...hop, method: 'GET', body: undefined };
		}
	}
}
