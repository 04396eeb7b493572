// What the webhook trigger uses of n8n's Express request and response beyond IWebhookFunctions'
// types: n8n's lazily read raw body, and a direct answer that n8n then leaves alone.
import type { IWebhookFunctions } from 'n8n-workflow';

interface RawBodyRequest {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

interface AnswerableResponse {
	headersSent: boolean;
	status(code: number): { json(body: unknown): unknown };
	setHeader(name: string, value: string): unknown;
}

/** The request's body as n8n read it; undefined where n8n could not read it. */
export async function rawBodyOf(context: IWebhookFunctions): Promise<Buffer | undefined> {
	const request: RawBodyRequest = context.getRequestObject();
	try {
		await request.readRawBody?.();
		return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
	} catch {
		return undefined;
	}
}

/** Answers with `status` and a JSON body unless the response is under way; webhook() then returns `{ noWebhookResponse: true }`. */
export function answerDirectly(
	context: IWebhookFunctions,
	status: number,
	body: unknown,
	headers: Record<string, string> = {},
): void {
	const response: AnswerableResponse = context.getResponseObject();
	if (response.headersSent) return;
	for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
	response.status(status).json(body);
}
