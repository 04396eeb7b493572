/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Runs the Fax.Plus Trigger the way n8n does: its lifecycle through n8n-core's real
// HookContext, and each delivery as a real HTTP request to a small receiver on 127.0.0.1
// (the node's webhook URL) through n8n-core's real WebhookContext. API calls go through
// n8n's real httpRequestWithAuthentication to the local Fax.Plus server.
//
// A delivery whose webhook() returns workflowData goes the way n8n 2.x's executeWebhook takes
// it with responseMode 'onReceived': WorkflowRunner.run() creates the execution (or throws,
// see failRuns(): n8n then answers 500), then n8n answers (the description's responseData, or
// the node's webhookResponse), and the execution runs on: the trigger node's execute() through
// n8n-core's real WorkflowExecute, with the webhook's items as its input and n8n-core's real
// processed-data helpers over an in-memory copy of n8n's store (processed-data.ts). With
// `worker: true` the run gets empty static data, as a queue worker's does.
//
// Static data is kept like n8n keeps it: a saved JSON copy (the database row) that every
// request loads into a new Workflow and that is saved again only when n8n would save it:
// after activation and deactivation, after a webhook() that answered itself (noWebhookResponse,
// which may still start a run) or started no run, and after a run that changed it.
// A test session ("Listen for test event") keeps its own static data in memory, like n8n's
// test webhook registrations, and is deactivated after its first run.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HookContext, WebhookContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IWebhookData,
	type IWebhookResponseData,
	type IWorkflowSettings,
	type IWorkflowExecuteAdditionalData,
	type WorkflowActivateMode,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { FaxPlusTrigger } from '../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import {
	executeNodeFirst,
	initBinaryData,
	TestCredentialsHelper,
	TestNodeTypes,
	testAdditionalData,
} from './n8n-harness';
import { oauthCredentials, patCredentials, type AuthKind, type FaxPlusServer } from './faxplus';
import { pairedNodeTypes, pairedWorkflow } from './paired-workflow';
import { useProcessedDataStore, type ProcessedDataStore } from './processed-data';

export const FAX_PLUS_TRIGGER_NODE_TYPE = 'n8n-nodes-faxplus.faxPlusTrigger';
export const TRIGGER_NODE_NAME = 'Fax.Plus Trigger';
const WORKFLOW_ID = 'trigger-workflow';
export const TRIGGER_WORKFLOW_ID = WORKFLOW_ID;
export const TRIGGER_NODE_ID = 'faxplus-trigger-node';
const WEBHOOK_ID = '3f1c7a52-7c1e-4a57-9d0e-5b7c0f7a1e42';

export type DeliveryMode = 'production' | 'test';

export interface TriggerHarnessOptions {
	server: FaxPlusServer;
	/** Node parameters (authentication defaults from `auth`). */
	parameters: IDataObject;
	auth?: AuthKind;
	/** A PAT other than the full-scope one. */
	token?: string;
	/** The signing secret credential; undefined: no credential attached to the node. */
	secret?: string;
	/** Saved static data to start from (e.g. restored from JSON). */
	staticData?: IDataObject;
	/**
	 * Hold the saves of deliveries until flushSaves(), which writes them in a chosen order,
	 * each serialised when it is written (as the database write of a concurrent request).
	 */
	deferSaves?: boolean;
	/** Runs get empty static data, as on a queue worker (n8n 2.x's stored snapshot has none). */
	worker?: boolean;
	/** n8n's processed-data store to use; a fresh one by default (a new database). */
	processedData?: ProcessedDataStore;
	/** The workflow also has the Fax.Plus Polling Trigger, both feeding one node (paired-workflow.ts). */
	paired?: boolean;
}

export interface StartedRun {
	mode: DeliveryMode;
	/** The trigger node's output items: empty for a repeat only the run could detect. */
	items: INodeExecutionData[];
	/** The webhook-id of the delivery (the request header). */
	webhookId?: string;
	/** The run's error (its execution failed). */
	error?: Error;
	/** The trigger's execution hints (n8n shows them on the node's output). */
	hints?: Array<{ message: string }>;
	/** The execution's custom data (n8n's execution metadata). */
	customData?: Record<string, string>;
}

export interface AnsweredRequest {
	mode: DeliveryMode;
	status: number;
	headers: IncomingMessage['headers'];
	/** What webhook() returned, or the error it threw. */
	result?: IWebhookResponseData;
	error?: Error;
}

export interface LifecycleOutcome {
	created: boolean;
	error?: Error & { description?: string; httpCode?: string };
}

/** The parts of express' response that n8n gives nodes. */
class ExpressLikeResponse {
	private code = 200;

	private ended = false;

	constructor(private readonly res: ServerResponse) {}

	get headersSent(): boolean {
		return this.ended || this.res.headersSent;
	}

	status(code: number): this {
		this.code = code;
		return this;
	}

	/** As express: http.ServerResponse's own fields and events. */
	get statusCode(): number {
		return this.ended ? this.res.statusCode : this.code;
	}

	get writableFinished(): boolean {
		return this.res.writableFinished;
	}

	once(event: string, listener: () => void): this {
		this.res.once(event, listener);
		return this;
	}

	setHeader(name: string, value: string): this {
		if (!this.headersSent) this.res.setHeader(name, value);
		return this;
	}

	header(name: string, value: string): this {
		return this.setHeader(name, value);
	}

	json(body: unknown): this {
		this.setHeader('content-type', 'application/json; charset=utf-8');
		return this.end(JSON.stringify(body));
	}

	send(body?: unknown): this {
		if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body))
			return this.end(body);
		return this.json(body);
	}

	end(body?: string | Buffer): this {
		if (this.ended) return this;
		this.ended = true;
		this.res.statusCode = this.code;
		this.res.end(body);
		return this;
	}
}

function readBody(req: IncomingMessage): Promise<Buffer> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => resolve(Buffer.concat(chunks)));
		req.on('error', reject);
	});
}

function parseJson(raw: Buffer): unknown {
	try {
		return JSON.parse(raw.toString('utf8'));
	} catch {
		return {};
	}
}

export class TriggerHarness {
	/** Every execution n8n created, once it has finished. */
	readonly executions: StartedRun[] = [];

	/** Executions that went on past the trigger (at least one output item). */
	get runs(): StartedRun[] {
		return this.executions.filter((run) => run.items.length > 0);
	}

	/** n8n's processed-data store (its database table), shared by every process of this "n8n". */
	readonly processedData: ProcessedDataStore;

	/** When set, WorkflowRunner.run() throws this (database or Redis unreachable): n8n answers 500. */
	private runFailure: Error | undefined;

	private readonly worker: boolean;

	private workflowId = WORKFLOW_ID;

	readonly answers: AnsweredRequest[] = [];

	/** How often a run changed static data, so n8n saved it after the run (must stay 0). */
	staticDataSavedByRuns = 0;

	/** Requests n8n would not have answered (noWebhookResponse without an answer): always a bug. */
	readonly unanswered: AnsweredRequest[] = [];

	readonly credentialsHelper: TestCredentialsHelper;

	/** n8n's node types: one FaxPlusTrigger instance per process, as n8n keeps it. */
	private nodeTypes = TriggerHarness.freshNodeTypes();

	private static freshNodeTypes(): TestNodeTypes {
		return new TestNodeTypes({
			...pairedNodeTypes(),
			[FAX_PLUS_TRIGGER_NODE_TYPE]: new FaxPlusTrigger(),
		});
	}

	private paired: boolean;

	private readonly credentials: Record<string, ICredentialDataDecryptedObject>;

	private parameters: IDataObject;

	private savedJson: string;

	private productionActive = false;

	/** The test session's workflow: n8n keeps its static data in memory for the session. */
	private testSession: { workflow: Workflow } | undefined;

	private endedSession: Promise<LifecycleOutcome> | undefined;

	private httpServer: Server | undefined;

	private readonly deferSaves: boolean;

	private pendingSaves: Workflow[] = [];

	private origin = '';

	/** Requests whose webhook() has not returned yet (the node may answer before it returns). */
	private readonly inFlight = new Set<Promise<void>>();

	private constructor(options: TriggerHarnessOptions) {
		const auth = options.auth ?? 'pat';
		this.parameters = {
			authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken',
			...options.parameters,
		};
		this.credentials = {
			...(auth === 'oauth'
				? oauthCredentials(options.server)
				: patCredentials(options.server, options.token)),
		};
		if (options.secret !== undefined)
			this.credentials.faxPlusWebhookSecretApi = { secret: options.secret };
		this.credentialsHelper = new TestCredentialsHelper(this.credentials);
		this.savedJson = JSON.stringify(options.staticData ?? {});
		this.deferSaves = options.deferSaves === true;
		this.worker = options.worker === true;
		this.processedData = options.processedData ?? useProcessedDataStore();
		this.paired = options.paired === true;
	}

	/** Makes n8n unable to start runs, as with its database or Redis unreachable (run() throws). */
	failRuns(error: Error = new Error('Connection terminated unexpectedly')): void {
		this.runFailure = error;
	}

	/** n8n can start runs again. */
	allowRuns(): void {
		this.runFailure = undefined;
	}

	static async start(options: TriggerHarnessOptions): Promise<TriggerHarness> {
		await initBinaryData();
		const harness = new TriggerHarness(options);
		await harness.listen();
		return harness;
	}

	get productionUrl(): string {
		return `${this.origin}/webhook/${WEBHOOK_ID}/webhook`;
	}

	get testUrl(): string {
		return `${this.origin}/webhook-test/${WEBHOOK_ID}/webhook`;
	}

	/** The static data as saved (what n8n's database holds), parsed. */
	get savedStaticData(): IDataObject {
		return JSON.parse(this.savedJson) as IDataObject;
	}

	/** The saved static data of the trigger node. */
	get savedNodeStaticData(): IDataObject {
		return (this.savedStaticData[`node:${TRIGGER_NODE_NAME}`] ?? {}) as IDataObject;
	}

	/** Overwrites what the database holds, as a concurrent save of an older copy would. */
	overwriteSavedStaticData(staticData: IDataObject): void {
		this.savedJson = JSON.stringify(staticData);
	}

	/** The static data of the running test session, if any. */
	get testNodeStaticData(): IDataObject | undefined {
		return this.testSession?.workflow.staticData[`node:${TRIGGER_NODE_NAME}`] as
			IDataObject | undefined;
	}

	/** Changes node parameters, as editing and republishing the workflow does. */
	setParameters(parameters: IDataObject): void {
		this.parameters = { ...this.parameters, ...parameters };
	}

	/** Pastes (or with undefined removes) the signing secret credential; does not republish. */
	setSecret(secret: string | undefined): void {
		if (secret === undefined) delete this.credentials.faxPlusWebhookSecretApi;
		else this.credentials.faxPlusWebhookSecretApi = { secret };
	}

	/** Replaces the personal access token in the Fax.Plus API credential (e.g. a revoked one). */
	setAccessToken(token: string): void {
		this.credentials.faxPlusApi = { ...this.credentials.faxPlusApi, accessToken: token };
	}

	/** Points the Fax.Plus credentials at another base URL, e.g. Fax.Plus's own (nothing is sent there by a refused activation). */
	setBaseUrl(baseUrl: string): void {
		for (const type of ['faxPlusApi', 'faxPlusOAuth2Api']) {
			if (this.credentials[type]) this.credentials[type] = { ...this.credentials[type], baseUrl };
		}
	}

	/** Writes the held saves of deliveries, oldest or newest first; answers how many were written. */
	flushSaves(order: 'oldest first' | 'newest first' = 'oldest first'): number {
		const pending = this.pendingSaves.splice(0);
		if (order === 'newest first') pending.reverse();
		for (const workflow of pending) this.writeStaticData(workflow);
		return pending.length;
	}

	/**
	 * n8n restarted: a fresh node instance, so the endpoints registered and the signing secrets read in this process are gone; the saved static data (JSON)
	 * stays, and every later request builds its Workflow from it. Call activate('init') or
	 * checkExists() to run what n8n runs for an active workflow on start.
	 */
	restart(): void {
		this.nodeTypes = TriggerHarness.freshNodeTypes();
	}

	/** The workflow's settings, from the next request on (as a saved workflow's). */
	settings: IWorkflowSettings = {};

	/** Adds (or removes) the Fax.Plus Polling Trigger beside this one, as editing the workflow does. */
	setPaired(paired: boolean): void {
		this.paired = paired;
	}

	/**
	 * Hooks and deliveries from now on belong to another workflow with this same node (webhook
	 * ID, URL), as a copy of the workflow imported with its webhook ID; undefined: the original.
	 */
	actAsWorkflow(workflowId: string | undefined): void {
		this.workflowId = workflowId ?? WORKFLOW_ID;
	}

	/** Activates the workflow: checkExists, then create when it answers false (n8n's order). */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<LifecycleOutcome> {
		const workflow = this.loadWorkflow();
		try {
			const created = await this.createIfNotExists(workflow, 'trigger', activation, false);
			this.productionActive = true;
			return { created };
		} catch (error) {
			// n8n removes what an activation left half done, then reports the error.
			await this.runHook(workflow, 'delete', 'internal', 'update', false).catch(() => undefined);
			return { created: false, error: error as LifecycleOutcome['error'] };
		} finally {
			this.save(workflow);
		}
	}

	/** checkExists alone, as n8n runs it when it starts with an active workflow. */
	async checkExists(): Promise<boolean> {
		const workflow = this.loadWorkflow();
		try {
			return await this.runHook(workflow, 'checkExists', 'trigger', 'init', false);
		} finally {
			this.save(workflow);
		}
	}

	/** Deactivates the workflow (delete). */
	async deactivate(): Promise<LifecycleOutcome> {
		const workflow = this.loadWorkflow();
		this.productionActive = false;
		try {
			await this.runHook(workflow, 'delete', 'internal', 'update', false);
			return { created: false };
		} catch (error) {
			return { created: false, error: error as LifecycleOutcome['error'] };
		} finally {
			this.save(workflow);
		}
	}

	/** "Listen for test event": registers the test URL (manual mode) with a copy of the static data. */
	async listenForTestEvent(): Promise<LifecycleOutcome> {
		const workflow = this.loadWorkflow();
		this.testSession = { workflow };
		try {
			const created = await this.createIfNotExists(workflow, 'manual', 'manual', true);
			return { created };
		} catch (error) {
			await this.stopListening();
			return { created: false, error: error as LifecycleOutcome['error'] };
		}
	}

	/** Ends the test session as n8n does after the first run or on timeout (delete, internal mode). */
	async stopListening(): Promise<LifecycleOutcome> {
		const session = this.testSession;
		if (!session) return { created: false };
		this.testSession = undefined;
		const { workflow } = session;
		try {
			await this.runHook(workflow, 'delete', 'internal', 'update', true);
			return { created: false };
		} catch (error) {
			return { created: false, error: error as LifecycleOutcome['error'] };
		}
	}

	/**
	 * Resolves when every request received so far has been handled to the end: a node that
	 * answers before its webhook() returns (e.g. to download a document) records its run later.
	 */
	async settled(): Promise<void> {
		while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
	}

	/** Resolves when the test session n8n ends after its first run has been deleted. */
	async testSessionEnded(): Promise<LifecycleOutcome | undefined> {
		return await this.endedSession;
	}

	async close(): Promise<void> {
		if (!this.httpServer) return;
		const server = this.httpServer;
		this.httpServer = undefined;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			server.closeAllConnections();
		});
	}

	// ------------------------------------------------------------------ internals

	private node(): INode {
		const credentials: INode['credentials'] = {};
		const authentication =
			this.parameters.authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
		credentials[authentication] = { id: '1', name: 'Fax.Plus' };
		if (this.credentials.faxPlusWebhookSecretApi) {
			credentials.faxPlusWebhookSecretApi = { id: '2', name: 'Signing secret' };
		}
		return {
			id: TRIGGER_NODE_ID,
			name: TRIGGER_NODE_NAME,
			type: FAX_PLUS_TRIGGER_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: WEBHOOK_ID,
			parameters: structuredClone(this.parameters) as INode['parameters'],
			credentials,
		};
	}

	private buildWorkflow(staticData: IDataObject): Workflow {
		const { nodes, connections } = this.paired
			? pairedWorkflow(this.node())
			: { nodes: [this.node()], connections: {} };
		return new Workflow({
			id: this.workflowId,
			name: 'Fax.Plus trigger test',
			nodes,
			connections,
			nodeTypes: this.nodeTypes,
			active: this.productionActive,
			staticData,
			settings: this.settings,
		});
	}

	/** A new Workflow from the saved JSON, as n8n builds one per request. */
	private loadWorkflow(): Workflow {
		return this.buildWorkflow(JSON.parse(this.savedJson) as IDataObject);
	}

	/** Saves the static data when it changed (WorkflowStaticDataService.saveStaticData). */
	private save(workflow: Workflow): void {
		const staticData = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (staticData.__dataChanged !== true) return;
		this.writeStaticData(workflow);
	}

	private writeStaticData(workflow: Workflow): void {
		const staticData = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		this.savedJson = JSON.stringify(staticData);
		staticData.__dataChanged = false;
	}

	private saveAfterDelivery(workflow: Workflow): void {
		const staticData = workflow.staticData as IDataObject & { __dataChanged?: boolean };
		if (staticData.__dataChanged !== true) return;
		if (this.deferSaves) this.pendingSaves.push(workflow);
		else this.writeStaticData(workflow);
	}

	private additionalData(
		extra: Partial<IWorkflowExecuteAdditionalData> = {},
	): IWorkflowExecuteAdditionalData {
		return testAdditionalData(this.credentialsHelper, this.origin, extra);
	}

	private webhookData(
		workflow: Workflow,
		additionalData: IWorkflowExecuteAdditionalData,
		isTest: boolean,
	): IWebhookData {
		const description = this.nodeTypes.getByNameAndVersion(FAX_PLUS_TRIGGER_NODE_TYPE).description
			.webhooks![0];
		return {
			httpMethod: 'POST',
			node: TRIGGER_NODE_NAME,
			path: `${WEBHOOK_ID}/webhook`,
			webhookDescription: description,
			workflowId: workflow.id,
			workflowExecuteAdditionalData: additionalData,
			webhookId: WEBHOOK_ID,
			isTest,
		};
	}

	private async runHook(
		workflow: Workflow,
		method: 'checkExists' | 'create' | 'delete',
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		isTest: boolean,
	): Promise<boolean> {
		const node = workflow.getNode(TRIGGER_NODE_NAME)!;
		const additionalData = this.additionalData();
		const context = new HookContext(
			workflow,
			node,
			additionalData,
			mode,
			activation,
			this.webhookData(workflow, additionalData, isTest),
		);
		const nodeType = this.nodeTypes.getByNameAndVersion(FAX_PLUS_TRIGGER_NODE_TYPE);
		const fn = nodeType.webhookMethods!.default![method];
		return (await fn.call(context)) as boolean;
	}

	private async createIfNotExists(
		workflow: Workflow,
		mode: WorkflowExecuteMode,
		activation: WorkflowActivateMode,
		isTest: boolean,
	): Promise<boolean> {
		if (await this.runHook(workflow, 'checkExists', mode, activation, isTest)) return false;
		await this.runHook(workflow, 'create', mode, activation, isTest);
		return true;
	}

	private async listen(): Promise<void> {
		this.httpServer = createServer((req, res) => {
			const handled = this.receive(req, res).catch((error: Error) => {
				if (!res.headersSent) {
					res.statusCode = 500;
					res.end(`harness error: ${error.message}`);
				}
			});
			this.inFlight.add(handled);
			void handled.finally(() => this.inFlight.delete(handled));
		});
		await new Promise<void>((resolve) => this.httpServer!.listen(0, '127.0.0.1', () => resolve()));
		const { port } = this.httpServer.address() as AddressInfo;
		this.origin = `http://127.0.0.1:${port}`;
	}

	private async receive(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const raw = await readBody(req);
		const path = (req.url ?? '/').split('?')[0];
		const mode: DeliveryMode | undefined =
			path === `/webhook/${WEBHOOK_ID}/webhook` && this.productionActive
				? 'production'
				: path === `/webhook-test/${WEBHOOK_ID}/webhook` && this.testSession
					? 'test'
					: undefined;
		if (!mode || req.method !== 'POST') {
			res.statusCode = 404;
			res.end(JSON.stringify({ code: 404, message: 'The requested webhook is not registered.' }));
			return;
		}

		// n8n parses a JSON body before the node runs; the raw bytes are read on request.
		const request = {
			method: req.method,
			url: req.url,
			headers: req.headers,
			// As express parses it (n8n gives nodes `req.query`).
			query: Object.fromEntries(new URL(req.url ?? '/', 'http://localhost').searchParams),
			params: {},
			body: parseJson(raw),
			contentType: String(req.headers['content-type'] ?? '').split(';')[0],
			rawBody: undefined as Buffer | undefined,
			readRawBody: async () => {
				request.rawBody ??= raw;
			},
		};
		const response = new ExpressLikeResponse(res);
		const session = this.testSession;
		const workflow = mode === 'test' ? session!.workflow : this.loadWorkflow();
		const node = workflow.getNode(TRIGGER_NODE_NAME)!;
		const additionalData = this.additionalData({
			httpRequest: request as never,
			httpResponse: response as never,
		});
		const context = new WebhookContext(
			workflow,
			node,
			additionalData,
			mode === 'test' ? 'manual' : 'webhook',
			this.webhookData(workflow, additionalData, mode === 'test'),
			[],
			null,
		);
		const nodeType = this.nodeTypes.getByNameAndVersion(FAX_PLUS_TRIGGER_NODE_TYPE);

		let result: IWebhookResponseData | undefined;
		let error: Error | undefined;
		try {
			result = await nodeType.webhook!.call(context);
		} catch (thrown) {
			error = thrown as Error;
		}

		const startsRun = result?.workflowData !== undefined;
		let execution: Promise<void> | undefined;
		if (error) {
			response.status(500).json({ message: 'Error in workflow' });
		} else if (result?.noWebhookResponse === true) {
			if (!response.headersSent) {
				this.unanswered.push({ mode, status: 0, headers: req.headers, result });
				response.status(500).json({ message: 'harness: the node did not answer' });
			}
			// n8n still runs workflowData, after the node's own answer (executeWebhook).
			if (startsRun && !this.runFailure)
				execution = this.execute(mode, result.workflowData![0] ?? [], headerOf(req, 'webhook-id'));
		} else if (!startsRun) {
			response.status(200).json(result?.webhookResponse ?? { message: 'Webhook call received' });
		} else if (this.runFailure) {
			// WorkflowRunner.run() threw: n8n answers 500 ("There was a problem executing the workflow").
			response.status(500).json({ code: 0, message: 'There was a problem executing the workflow' });
		} else {
			// run() returned: the execution exists. Its Workflow is built anew (which resets the
			// change flag of the request's static data), then n8n answers and the run goes on.
			(workflow.staticData as IDataObject & { __dataChanged?: boolean }).__dataChanged = false;
			execution = this.execute(mode, result!.workflowData![0] ?? [], headerOf(req, 'webhook-id'));
			response.status(200).json(this.onReceivedBody(result!));
		}
		// n8n's response callback saves the static data if it (still) changed. A test session
		// keeps its static data in memory.
		if (mode === 'production') this.saveAfterDelivery(workflow);

		this.answers.push({ mode, status: res.statusCode, headers: req.headers, result, error });
		if (execution) await execution;
		if (startsRun && !error && !this.runFailure) {
			// n8n ends a test session after its first run.
			if (mode === 'test' && session && this.testSession === session) {
				this.endedSession = this.stopListening();
			}
		}
	}

	/** The body n8n answers with after run() (extractWebhookOnReceivedResponse). */
	private onReceivedBody(result: IWebhookResponseData): unknown {
		const responseData = this.nodeTypes.getByNameAndVersion(FAX_PLUS_TRIGGER_NODE_TYPE).description
			.webhooks![0].responseData;
		if (responseData === 'noData') return undefined;
		if (responseData) return responseData;
		return result.webhookResponse ?? { message: 'Workflow was started' };
	}

	/**
	 * The execution, as WorkflowRunner runs it: a new Workflow (static data loaded again, or
	 * empty on a worker), the trigger node first with the webhook's items as its input.
	 * Saves static data afterwards only if the run changed it (n8n's workflowExecuteAfter).
	 */
	private async execute(
		mode: DeliveryMode,
		items: INodeExecutionData[],
		webhookId: string | undefined,
	): Promise<void> {
		const workflow =
			mode === 'test'
				? this.testSession!.workflow
				: this.buildWorkflow(this.worker ? {} : (JSON.parse(this.savedJson) as IDataObject));
		(workflow.staticData as IDataObject & { __dataChanged?: boolean }).__dataChanged = false;
		const node = workflow.getNode(TRIGGER_NODE_NAME)!;
		const executionMode: WorkflowExecuteMode = mode === 'test' ? 'manual' : 'webhook';
		const { run, taskData } = await executeNodeFirst({
			workflow,
			node,
			mode: executionMode,
			items,
			executionId: 'trigger-execution',
			additionalData: (extra) => this.additionalData(extra),
		});
		const runError = (taskData?.error ?? run.data.resultData.error) as Error | undefined;
		this.executions.push({
			mode,
			items: taskData?.data?.main?.[0] ?? [],
			webhookId,
			hints: (taskData?.hints ?? []) as Array<{ message: string }>,
			customData: { ...(run.data.resultData.metadata ?? {}) },
			...(runError ? { error: runError } : {}),
		});
		if (
			mode === 'production' &&
			(workflow.staticData as IDataObject & { __dataChanged?: boolean }).__dataChanged === true
		) {
			this.staticDataSavedByRuns++;
			this.writeStaticData(workflow);
		}
	}
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
	const value = req.headers[name];
	return typeof value === 'string' ? value : undefined;
}

/** Starts a harness per test (with fresh node instances) and closes it after. */
export function useTriggerHarnesses(): (options: TriggerHarnessOptions) => Promise<TriggerHarness> {
	const started: TriggerHarness[] = [];
	afterEach(async () => {
		await Promise.all(started.splice(0).map(async (harness) => await harness.close()));
	});
	return async (options) => {
		const harness = await TriggerHarness.start(options);
		started.push(harness);
		return harness;
	};
}
