// What the triggers rely on of n8n beyond n8n-workflow's types (README.md).
import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	IPollFunctions,
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

/** Whether n8n would pass this workflow's items on without the trigger's execute(). */
export function skipsDuplicateCheck(context: IHookFunctions | IPollFunctions | IWebhookFunctions) {
	// Not on every context nor release (README.md).
	return context.getWorkflowSettings?.().engineType === 'v2';
}

/** What to do where n8n would skip the duplicate check. */
export const SKIPPED_CHECK_TODO =
	"Switch the workflow's engine back to n8n's default in its settings, and publish it again";

/** The refusal where n8n would skip the duplicate check of `trigger`, which would pass `what` on. */
export function skippedCheckRefusal(trigger: string, what: string) {
	return {
		message: `The ${trigger} cannot run on n8n's Engine 2.0`,
		description: `Engine 2.0 passes ${what} on without the trigger's duplicate check. ${SKIPPED_CHECK_TODO}.`,
	};
}

/** responseData '' answers with the node's webhookResponse once n8n holds the run; what the run does first: skipsDuplicateCheck. */
export const deliveryWebhook: IWebhookDescription = {
	name: 'default',
	httpMethod: 'POST',
	responseMode: 'onReceived',
	responseData: '',
	path: 'webhook',
};

interface RawBodyRequest {
	rawBody?: unknown;
	readRawBody?: () => Promise<void>;
}

interface AnswerableResponse {
	headersSent: boolean;
	status(code: number): { json(body: unknown): unknown };
	setHeader(name: string, value: string): unknown;
}

/** The request's body as n8n read it (lazily, on Express); undefined where n8n could not read it. */
export async function rawBodyOf(context: IWebhookFunctions): Promise<Buffer | undefined> {
	const request: RawBodyRequest = context.getRequestObject();
	try {
		await request.readRawBody?.();
		return Buffer.isBuffer(request.rawBody) ? request.rawBody : undefined;
	} catch {
		return undefined;
	}
}

/** Answers with `status` and a JSON body unless the response is under way; webhook() then returns `{ noWebhookResponse: true }`, and n8n leaves the response alone. */
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

/** webhook()'s result after answerDirectly: n8n leaves the response alone, and still starts a run with `workflowData` when given. */
export function answeredDirectly(workflowData?: INodeExecutionData[][]): IWebhookResponseData {
	return workflowData ? { noWebhookResponse: true, workflowData } : { noWebhookResponse: true };
}

/** n8n's budget for this poll in milliseconds (getPollBudgetMs); undefined where the context or release gives none. */
export function n8nPollBudgetMs(context: IPollFunctions | IExecuteFunctions): number | undefined {
	const budget = 'getPollBudgetMs' in context ? Number(context.getPollBudgetMs?.()) : NaN;
	return Number.isFinite(budget) && budget > 0 ? budget : undefined;
}
