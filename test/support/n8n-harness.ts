/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Runs our nodes inside n8n-core's real execution engine (WorkflowExecute, real
// request helpers, real OAuth2 signing and refresh), with credentials kept in memory.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from '@n8n/di';
import { BinaryDataService, ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeExecutionData,
	type INodeType,
	type INodeTypes,
	type IRun,
	type IRunExecutionData,
	type ITaskData,
	type IWorkflowExecuteAdditionalData,
	type IVersionedNodeType,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { FaxPlusWebhookSecretApi } from '../../credentials/FaxPlusWebhookSecretApi.credentials';
import { FaxPlus } from '../../nodes/FaxPlus/FaxPlus.node';

export const FAX_PLUS_NODE_TYPE = 'n8n-nodes-faxplus.faxPlus';
/** The tool n8n makes of the node for AI agents and the MCP Server Trigger (its name ends in "Tool"). */
export const FAX_PLUS_TOOL_NODE_TYPE = 'n8n-nodes-faxplus.faxPlusTool';

/** The node as n8n 2.x turns a `usableAsTool` node into a tool (tool-generation/ai-tools.js): the same node, renamed. */
function faxPlusTool(): INodeType {
	const node = new FaxPlus();
	node.description = { ...node.description, name: 'faxPlusTool', displayName: 'Fax.Plus Tool' };
	delete node.description.usableAsTool;
	return node;
}

const credentialTypes: Record<string, ICredentialType> = Object.fromEntries(
	[new FaxPlusApi(), new FaxPlusOAuth2Api(), new FaxPlusWebhookSecretApi()].map((type) => [
		type.name,
		type,
	]),
);

/** The node types our workflows use, under the names n8n gives a community package's nodes. */
export class TestNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType>;

	constructor(extra: Record<string, INodeType> = {}) {
		this.types = {
			[FAX_PLUS_NODE_TYPE]: new FaxPlus(),
			[FAX_PLUS_TOOL_NODE_TYPE]: faxPlusTool(),
			...extra,
		};
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		return this.getByNameAndVersion(name);
	}

	getByNameAndVersion(name: string): INodeType {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	}

	getKnownTypes() {
		return {};
	}
}

/**
 * In-memory credentials with n8n's own semantics: generic `authenticate` blocks
 * are resolved by n8n's expression engine; OAuth2 types report oAuth2Api as parent
 * so n8n-core signs and refreshes them itself.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	/** Token data n8n saved after an OAuth2 refresh, per credential type. */
	readonly savedOauthTokenData: Record<string, ICredentialDataDecryptedObject> = {};

	/** Credential types n8n cannot read now (its database unreachable): reading them throws. */
	readonly unreadable = new Set<string>();

	/** How often each credential type was read (decrypted), as n8n reads it from its database. */
	readonly reads: Record<string, number> = {};

	constructor(private readonly credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(name: string): string[] {
		return credentialTypes[name]?.extends ?? [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
		workflow: Workflow,
		node: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate || authenticate.type !== 'generic') return requestOptions;
		const resolve = (value: string) =>
			workflow.expression.getSimpleParameterValue(node, value, 'internal', {
				$credentials: credentials,
			}) as string;
		for (const [target, entries] of Object.entries(authenticate.properties)) {
			const bag = ((requestOptions as unknown as Record<string, IDataObject>)[target] ??= {});
			for (const [key, value] of Object.entries(entries as IDataObject)) {
				bag[resolve(key)] = resolve(value as string);
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties() {
		return [];
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		this.reads[type] = (this.reads[type] ?? 0) + 1;
		if (this.unreadable.has(type))
			throw new Error('Connection terminated due to connection timeout');
		const data = this.credentials[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return structuredClone(data);
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used by these tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.savedOauthTokenData[type] = structuredClone(
			data.oauthTokenData as ICredentialDataDecryptedObject,
		);
		this.credentials[type] = { ...this.credentials[type], ...data };
	}
}

let binaryDataReady: Promise<void> | undefined;

/** n8n keeps binary data through its BinaryDataService; tests keep it in memory. */
export async function initBinaryData(): Promise<void> {
	binaryDataReady ??= Container.get(BinaryDataService).init();
	await binaryDataReady;
}

export interface RunNodeOptions {
	parameters: IDataObject;
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** Input items; one empty item by default. */
	items?: INodeExecutionData[];
	/** On Error → Continue: true for the regular output, 'errorOutput' for the error output. */
	continueOnFail?: boolean | 'errorOutput';
	mode?: WorkflowExecuteMode;
	/** Run the node as the tool variant n8n makes for AI agents. */
	asTool?: boolean;
	/** The node's ID (n8n's processed-data store keeps a record per node ID at scope node). */
	nodeId?: string;
	/** The ID of the node's credential ('1' unless set). */
	credentialId?: string;
}

export interface RunNodeResult {
	/** Output items of the Fax.Plus node (empty when it failed). */
	items: INodeExecutionData[];
	/** Items on the error output (On Error → Continue (using error output)). */
	errorItems: INodeExecutionData[];
	/** The node's error, when the run failed. */
	error?: Error & { description?: string; httpCode?: string; context?: IDataObject };
	run: IRun;
	credentialsHelper: TestCredentialsHelper;
}

/**
 * Runs a workflow with `node` first and `items` as its input, through n8n-core's real
 * WorkflowExecute (what WorkflowRunner does); answers the run and the node's first task.
 * `additionalData` gets the run's lifecycle hooks and execution id.
 */
export async function executeNodeFirst(options: {
	workflow: Workflow;
	node: INode;
	mode: WorkflowExecuteMode;
	items: INodeExecutionData[];
	executionId: string;
	additionalData: (
		extra: Pick<IWorkflowExecuteAdditionalData, 'hooks' | 'executionId'>,
	) => IWorkflowExecuteAdditionalData;
}): Promise<{ run: IRun; taskData: ITaskData | undefined }> {
	const { workflow, node, mode, executionId } = options;
	const hooks = new ExecutionLifecycleHooks(mode, executionId, {
		id: workflow.id,
		name: workflow.name ?? 'test',
		nodes: [node],
		connections: {},
		active: workflow.active,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	const finished = new Promise<IRun>((resolve) =>
		hooks.addHandler('workflowExecuteAfter', resolve),
	);
	const runExecutionData = {
		version: 1,
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			nodeExecutionStack: [{ node, data: { main: [options.items] }, source: null }],
			waitingExecution: {},
			waitingExecutionSource: {},
		},
	} as unknown as IRunExecutionData;
	await new WorkflowExecute(
		options.additionalData({ hooks, executionId }),
		mode,
		runExecutionData,
	).processRunExecutionData(workflow);
	const run = await finished;
	return { run, taskData: run.data.resultData.runData[node.name]?.[0] };
}

/** Runs one Fax.Plus node on the given items, the way n8n runs a workflow. */
export async function runFaxPlusNode(options: RunNodeOptions): Promise<RunNodeResult> {
	await initBinaryData();
	const nodeName = 'Fax.Plus';
	const authentication =
		options.parameters.authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
	const node: INode = {
		id: options.nodeId ?? 'faxplus-node',
		name: nodeName,
		type: options.asTool ? FAX_PLUS_TOOL_NODE_TYPE : FAX_PLUS_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		credentials: { [authentication]: { id: options.credentialId ?? '1', name: 'Test credential' } },
		onError:
			options.continueOnFail === 'errorOutput'
				? 'continueErrorOutput'
				: options.continueOnFail
					? 'continueRegularOutput'
					: 'stopWorkflow',
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		nodeTypes: new TestNodeTypes(),
		active: false,
	});

	const credentialsHelper = new TestCredentialsHelper(structuredClone(options.credentials));
	const { run, taskData } = await executeNodeFirst({
		workflow,
		node,
		// A workflow's run from its trigger, as in production; the editor's runs pass 'manual'.
		mode: options.mode ?? 'trigger',
		items: options.items ?? [{ json: {} }],
		executionId: 'test-execution',
		additionalData: (extra) => testAdditionalData(credentialsHelper, undefined, extra),
	});
	return {
		items: taskData?.data?.main?.[0] ?? [],
		errorItems: taskData?.data?.main?.[1] ?? [],
		error: (taskData?.error ?? run.data.resultData.error) as RunNodeResult['error'],
		run,
		credentialsHelper,
	};
}

/** A fresh folder for files a test writes. */
export function tempDir(): string {
	return mkdtempSync(join(tmpdir(), 'faxplus-test-'));
}

/**
 * What n8n-core's contexts read of n8n's server: its URLs on `origin` (nothing listens on
 * the default), credentials from `credentialsHelper`, and no sub-workflows or task runners.
 */
export function testAdditionalData(
	credentialsHelper: unknown,
	origin = 'http://127.0.0.1:1',
	extra: Partial<IWorkflowExecuteAdditionalData> = {},
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper,
		executionId: undefined,
		restApiUrl: `${origin}/rest`,
		instanceBaseUrl: `${origin}/`,
		webhookBaseUrl: `${origin}/webhook`,
		webhookTestBaseUrl: `${origin}/webhook-test`,
		webhookWaitingBaseUrl: `${origin}/webhook-waiting`,
		formWaitingBaseUrl: `${origin}/form-waiting`,
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => {
			throw new Error('not used');
		},
		logAiEvent: () => {},
		getRunExecutionData: async () => undefined,
		startRunnerTask: async () => {
			throw new Error('not used');
		},
		...extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}
