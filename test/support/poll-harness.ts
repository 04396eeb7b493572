/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Runs the Fax.Plus Polling Trigger the way n8n does: each poll through n8n-core's real
// PollTriggerExecutor and PollContext (activation polls once and fails on an error; a scheduled
// poll reports an error through __emitError and emits its items as one run), and "Fetch Test
// Event" as WorkflowExecute runs a poll node in the manual mode. API calls go through n8n's real
// httpRequestWithAuthentication to the local Fax.Plus server.
//
// Static data is kept like n8n keeps it: one Workflow per activation holds it in memory between
// polls, and n8n writes it to the database (here: a saved JSON copy) after the activation and
// when a poll emits, not after a poll that emits nothing. A restart loses what was not saved
// and builds a new Workflow from the saved JSON.
//
// A run that starts goes through n8n-core's real WorkflowExecute: the node's execute() phase with
// the poll's items as its input and n8n-core's processed-data service over the test store
// (processed-data.ts); `runs` holds what the node passed on in each run.
//
// When a run cannot start (failRuns(): n8n's database or Redis unreachable), emit() goes as
// n8n 2.41.1's TriggerExecutionContextFactory.getExecutePollFunctions takes it:
// - by default the static data is saved first (`void saveStaticData`), then the run is started
//   and fails: the cursor has moved on without a run;
// - with `durableCursors` (N8N_POLLER_DURABLE_CURSORS_ENABLED with the scheduler chain) the poll
//   works on a staged copy of its static data (`__runPoll`, `resolveNodeStaticData`), and the
//   cursor is committed together with the execution row (`commitWithExecution`), or alone after
//   a poll that emitted nothing (`__commitCursor`): a run that cannot be created commits nothing.
// dropRuns() is a run n8n creates (and commits the cursor with) but that never begins: in queue
// mode a worker that cannot reach the database yet fails the job, and main replaces the
// execution's data with the error (`processError` in n8n's workflow-runner.js).
import { AsyncLocalStorage } from 'node:async_hooks';
import { Container } from '@n8n/di';
import { PollContext, PollTriggerExecutor } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type WorkflowExecuteMode,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type IWorkflowExecuteAdditionalData,
	type IWorkflowSettings,
	type WorkflowActivateMode,
} from 'n8n-workflow';
import { FaxPlusPollTrigger } from '../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';
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

export const FAX_PLUS_POLL_TRIGGER_NODE_TYPE = 'n8n-nodes-faxplus.faxPlusPollTrigger';
export const POLL_NODE_NAME = 'Fax.Plus Polling Trigger';
const WORKFLOW_ID = 'poll-workflow';

export interface PollHarnessOptions {
	server: FaxPlusServer;
	/** Node parameters (authentication defaults from `auth`; Poll Times: every minute). */
	parameters: IDataObject;
	auth?: AuthKind;
	/** Another base URL for the credential (e.g. a fault proxy in front of the server). */
	baseUrl?: string;
	/** Saved static data to start from. */
	staticData?: IDataObject;
	/** What getPollBudgetMs answers (n8n's default when omitted). */
	pollBudgetMs?: number;
	/** n8n 2.41.1's durable poll cursors (the cursor commits with the execution row). */
	durableCursors?: boolean;
	/** n8n's processed-data store (a fresh one when omitted). */
	processedData?: ProcessedDataStore;
	/** The workflow's id (another harness with the same id and store is a trigger of the same workflow). */
	workflowId?: string;
	/** The workflow also has the Fax.Plus Trigger, both feeding one node (paired-workflow.ts). */
	paired?: boolean;
}

/** One run a poll started: what the node passed on, its hints, and the error it failed with. */
export interface PollRun {
	items: INodeExecutionData[];
	hints: Array<{ message: string }>;
	error?: Error & { description?: string };
	/** The execution's custom data (n8n's execution metadata). */
	customData?: Record<string, string>;
}

/** A poll's staged copy of its static data (n8n's stagedCursorStore). */
interface StagedCursor {
	snapshot: IDataObject;
	seed: string;
}

export interface LifecycleOutcome {
	ok: boolean;
	error?: Error & { description?: string; httpCode?: string };
}

type StaticData = IDataObject & { __dataChanged?: boolean };

export class PollHarness {
	/** The items the node passed on in each run a poll started, oldest first. */
	readonly runs: INodeExecutionData[][] = [];

	/** Each run a poll started, oldest first, with its hints and error. */
	readonly executions: PollRun[] = [];

	readonly processedData: ProcessedDataStore;

	/** Runs started and not finished yet (n8n's emit does not wait for them). */
	private readonly pendingRuns: Array<Promise<void>> = [];

	/** A cursor the next poll reads instead of the committed one (a poll task that read it earlier). */
	private prefetchedCursor: string | undefined;

	/** The errors scheduled polls reported (n8n records each as a failed execution). */
	readonly errors: Array<Error & { description?: string; httpCode?: string }> = [];

	readonly credentialsHelper: TestCredentialsHelper;

	private readonly nodeTypes = new TestNodeTypes({
		...pairedNodeTypes(),
		[FAX_PLUS_POLL_TRIGGER_NODE_TYPE]: new FaxPlusPollTrigger(),
	});

	private readonly credentials: Record<string, ICredentialDataDecryptedObject>;

	private parameters: IDataObject;

	private savedJson: string;

	/** What getPollBudgetMs answers, read at each call (a test may shorten one poll's budget). */
	pollBudgetMs: number | undefined;

	private readonly durableCursors: boolean;

	private readonly workflowId: string;

	private readonly paired: boolean;

	/** The durable cursor row (n8n's poller state table), as JSON; seeded from static data. */
	private cursorRow: string | undefined;

	private readonly staged = new AsyncLocalStorage<StagedCursor>();

	/** When set, n8n cannot create executions (database or Redis unreachable). */
	private runFailure: Error | undefined;

	/** Runs n8n tried to start while it could not. */
	failedRuns = 0;

	/** When set, n8n creates the runs but drops them before they begin. */
	private dropping = false;

	/** Runs n8n created and dropped before they began. */
	droppedRuns = 0;

	private workflowSettings: IWorkflowSettings = {};

	/** The active workflow: n8n keeps one Workflow, and so the static data, per activation. */
	private active:
		{ workflow: Workflow; run: (testingTrigger?: boolean) => Promise<void> } | undefined;

	constructor(options: PollHarnessOptions) {
		const auth = options.auth ?? 'pat';
		this.parameters = {
			authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken',
			pollTimes: { item: [{ mode: 'everyMinute' }] },
			...options.parameters,
		};
		this.credentials =
			auth === 'oauth' ? oauthCredentials(options.server) : patCredentials(options.server);
		if (options.baseUrl)
			for (const data of Object.values(this.credentials)) data.baseUrl = options.baseUrl;
		this.credentialsHelper = new TestCredentialsHelper(this.credentials);
		this.savedJson = JSON.stringify(options.staticData ?? {});
		this.pollBudgetMs = options.pollBudgetMs;
		this.durableCursors = options.durableCursors === true;
		this.processedData = options.processedData ?? useProcessedDataStore();
		this.workflowId = options.workflowId ?? WORKFLOW_ID;
		this.paired = options.paired === true;
	}

	/** n8n cannot start runs from now on (its database or Redis unreachable). */
	failRuns(error = new Error('Connection terminated unexpectedly')): void {
		this.runFailure = error;
	}

	/** n8n can start runs again. */
	allowRuns(): void {
		this.runFailure = undefined;
		this.dropping = false;
	}

	/** n8n creates runs (and commits their cursors) but drops them before they begin. */
	dropRuns(): void {
		this.dropping = true;
	}

	/** The durable cursor row, parsed (durableCursors only). */
	get committedCursor(): IDataObject | undefined {
		return this.cursorRow === undefined ? undefined : (JSON.parse(this.cursorRow) as IDataObject);
	}

	static async start(options: PollHarnessOptions): Promise<PollHarness> {
		await initBinaryData();
		return new PollHarness(options);
	}

	/** The static data as saved (what n8n's database holds), parsed. */
	get savedStaticData(): IDataObject {
		return JSON.parse(this.savedJson) as IDataObject;
	}

	/** The node's static data as the active workflow holds it in memory. */
	get liveNodeStaticData(): IDataObject | undefined {
		return this.active?.workflow.staticData[`node:${POLL_NODE_NAME}`] as IDataObject | undefined;
	}

	/** Every item of every run, oldest first. */
	get emitted(): INodeExecutionData[] {
		return this.runs.flat();
	}

	/**
	 * The workflow's settings; the active workflow's next polls read them in a new PollContext, as
	 * n8n 2.41.1's poll tasks read the published workflow (a context keeps the settings it read).
	 */
	set settings(settings: IWorkflowSettings) {
		this.workflowSettings = settings;
		if (!this.active) return;
		this.active.workflow.settings = settings;
		this.active.run = this.pollRunner(this.active.workflow, 'update');
	}

	setParameters(parameters: IDataObject): void {
		this.parameters = { ...this.parameters, ...parameters };
	}

	/** Activates (or re-activates after a restart: 'init'); n8n polls once at once and fails activation on an error. */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<LifecycleOutcome> {
		const workflow = this.buildWorkflow(JSON.parse(this.savedJson) as IDataObject);
		const run = this.pollRunner(workflow, activation);
		try {
			await run(true);
		} catch (error) {
			return { ok: false, error: error as LifecycleOutcome['error'] };
		} finally {
			await this.settleRuns();
		}
		// n8n saves the static data once the workflow's triggers are registered.
		this.save(workflow);
		this.active = { workflow, run };
		return { ok: true };
	}

	/** n8n's poll of the workflow through its executor, with a PollContext of its own. */
	private pollRunner(workflow: Workflow, activation: WorkflowActivateMode) {
		const node = workflow.getNode(POLL_NODE_NAME)!;
		const durable = this.durableCursors;
		const context = new PollContext(
			workflow,
			node,
			this.additionalData(),
			'trigger',
			activation,
			(data) => this.emit(workflow, data),
			(error) => this.errors.push(error),
			durable ? async () => this.commitCursorOnly() : undefined,
			durable ? async (poll) => await this.runPollStaged(workflow, poll) : undefined,
			durable ? () => this.stagedStaticData() : undefined,
			this.pollBudgetMs === undefined ? undefined : () => this.pollBudgetMs!,
		);
		return Container.get(PollTriggerExecutor).create(
			workflow,
			node,
			context,
			() => this.active?.workflow === workflow,
		);
	}

	/** One scheduled poll of the active workflow (what n8n's cron runs). */
	async poll(): Promise<void> {
		if (!this.active) throw new Error('harness: poll() without an active workflow');
		await this.active.run(false);
		await this.settleRuns();
	}

	/**
	 * n8n 2.41.1 restarting with durable cursors: its activation poll, and a scheduled poll task
	 * that read the cursor before that poll committed (the task's fence checks its lease only).
	 */
	async restartWithStalePoll(): Promise<LifecycleOutcome> {
		const stale = this.cursorRow;
		const outcome = await this.restart();
		this.prefetchedCursor = stale;
		await this.poll();
		return outcome;
	}

	/** Two scheduled polls at once (a poll that outlasts the interval). */
	async pollTwiceAtOnce(): Promise<void> {
		if (!this.active) throw new Error('harness: poll() without an active workflow');
		await Promise.all([this.active.run(false), this.active.run(false)]);
		await this.settleRuns();
	}

	/** n8n stops: what was not saved is lost; then it starts and activates the workflow again. */
	async restart(): Promise<LifecycleOutcome> {
		this.active = undefined;
		return await this.activate('init');
	}

	deactivate(): void {
		this.active = undefined;
	}

	/** "Fetch Test Event": WorkflowExecute runs the node in the manual mode (its execute()) on a copy of the saved workflow. */
	async fetchTestEvent(): Promise<{
		items: INodeExecutionData[] | null;
		error?: LifecycleOutcome['error'];
		staticData: IDataObject;
	}> {
		const workflow = this.buildWorkflow(JSON.parse(this.savedJson) as IDataObject);
		const run = await this.execute(workflow, 'manual', [{ json: {} }]);
		return {
			items: run.error || run.items.length === 0 ? null : run.items,
			...(run.error ? { error: run.error } : {}),
			staticData: workflow.staticData,
		};
	}

	/** Waits for the runs polls have started. */
	private async settleRuns(): Promise<void> {
		while (this.pendingRuns.length > 0) await Promise.all(this.pendingRuns.splice(0));
	}

	/** A run n8n started with a poll's items: a new Workflow from the saved static data. */
	private startRun(items: INodeExecutionData[]): void {
		if (this.dropping) {
			this.droppedRuns++;
			return;
		}
		const index = this.executions.length;
		this.executions.push({ items: [], hints: [] });
		this.runs.push([]);
		const workflow = this.buildWorkflow(JSON.parse(this.savedJson) as IDataObject);
		this.pendingRuns.push(
			this.execute(workflow, 'trigger', items).then((run) => {
				this.executions[index] = run;
				this.runs[index] = run.items;
			}),
		);
	}

	/** WorkflowExecute with the node first, `items` as its input. */
	private async execute(
		workflow: Workflow,
		mode: WorkflowExecuteMode,
		items: INodeExecutionData[],
	): Promise<PollRun> {
		const node = workflow.getNode(POLL_NODE_NAME)!;
		const { run, taskData } = await executeNodeFirst({
			workflow,
			node,
			mode,
			items,
			executionId: 'poll-execution',
			additionalData: (extra) => ({ ...this.additionalData(), ...extra }),
		});
		const error = (taskData?.error ?? run.data.resultData.error) as PollRun['error'];
		return {
			items: taskData?.data?.main?.[0] ?? [],
			hints: (taskData?.hints ?? []) as PollRun['hints'],
			customData: { ...(run.data.resultData.metadata ?? {}) },
			...(error ? { error } : {}),
		};
	}

	/** The factory's __emit: save the static data if it changed, then start one run with the items. */
	private emit(workflow: Workflow, data: INodeExecutionData[][]): void {
		const cursor = this.durableCursors ? this.takeStagedCursor() : null;
		if (cursor === null) {
			this.save(workflow);
			if (this.runFailure) this.failedRuns++;
			else this.startRun(data[0] ?? []);
			return;
		}
		// commitWithExecution: the cursor and the execution row in one transaction.
		if (this.runFailure) {
			this.failedRuns++;
			return;
		}
		this.cursorRow = JSON.stringify(cursor);
		this.startRun(data[0] ?? []);
	}

	/** PollCursorService.resolveCursor, then the poll on a staged copy. */
	private async runPollStaged<T>(workflow: Workflow, poll: () => Promise<T>): Promise<T> {
		this.cursorRow ??= JSON.stringify(
			workflow.getStaticData('node', workflow.getNode(POLL_NODE_NAME)!),
		);
		const row = this.prefetchedCursor ?? this.cursorRow;
		this.prefetchedCursor = undefined;
		const staged = { snapshot: JSON.parse(row) as IDataObject, seed: row };
		return await this.staged.run(staged, poll);
	}

	private stagedStaticData(): IDataObject {
		const staged = this.staged.getStore();
		if (!staged) throw new Error('harness: static data read outside of a poll');
		return staged.snapshot;
	}

	/** The staged cursor when the poll changed it (takeStagedCursor), else null. */
	private takeStagedCursor(): IDataObject | null {
		const staged = this.staged.getStore();
		if (!staged) return null;
		const cursor = JSON.stringify(staged.snapshot);
		if (cursor === staged.seed) return null;
		staged.seed = cursor;
		return JSON.parse(cursor) as IDataObject;
	}

	/** __commitCursor after a poll that emitted nothing (commitCursorOnly). */
	private commitCursorOnly(): void {
		const cursor = this.takeStagedCursor();
		if (cursor === null) return;
		if (this.runFailure) throw this.runFailure;
		this.cursorRow = JSON.stringify(cursor);
	}

	/** WorkflowStaticDataService.saveStaticData: writes the static data when it changed. */
	private save(workflow: Workflow): void {
		const staticData = workflow.staticData as StaticData;
		if (staticData.__dataChanged !== true) return;
		this.savedJson = JSON.stringify(staticData);
		staticData.__dataChanged = false;
	}

	private node(): INode {
		const credentialType =
			this.parameters.authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
		return {
			id: 'faxplus-poll-trigger-node',
			name: POLL_NODE_NAME,
			type: FAX_PLUS_POLL_TRIGGER_NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			parameters: structuredClone(this.parameters) as INode['parameters'],
			credentials: { [credentialType]: { id: '1', name: 'Fax.Plus' } },
		};
	}

	private buildWorkflow(staticData: IDataObject): Workflow {
		const { nodes, connections } = this.paired
			? pairedWorkflow(this.node())
			: { nodes: [this.node()], connections: {} };
		return new Workflow({
			id: this.workflowId,
			name: 'Fax.Plus polling trigger test',
			nodes,
			connections,
			nodeTypes: this.nodeTypes,
			active: true,
			staticData,
			settings: this.workflowSettings,
		});
	}

	private additionalData(): IWorkflowExecuteAdditionalData {
		return testAdditionalData(this.credentialsHelper);
	}
}
