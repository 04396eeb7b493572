/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// What every action-node test needs: the local Fax.Plus-compatible server, both
// credentials pointing at it, and a way to run the node and read what the server got.
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type {
	IBinaryData,
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeExecutionData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { startFaxPlusServer } from '../server';
import type { FaxPlusServer, RecordedRequest } from '../server';
import { runFaxPlusNode, type RunNodeResult } from './n8n-harness';

export type { FaxPlusServer, RecordedRequest };

export type AuthKind = 'pat' | 'oauth';

/** Starts the server before the file's tests and stops it after; resets it before each test. */
export function useFaxPlusServer(): () => FaxPlusServer {
	let server: FaxPlusServer | undefined;
	beforeAll(async () => {
		server = await startFaxPlusServer({ port: 0 });
	});
	beforeEach(() => server!.reset());
	afterAll(async () => {
		await server?.close();
	});
	return () => server!;
}

export function patCredentials(
	server: FaxPlusServer,
	token = server.tokens.pat,
): Record<string, ICredentialDataDecryptedObject> {
	return { faxPlusApi: { accessToken: token, baseUrl: server.baseUrl } };
}

// What n8n stores for the fields the credential hides (grant type, scope, client authentication).
const oauthHiddenDefaults = Object.fromEntries(
	new FaxPlusOAuth2Api().properties
		.filter((p) => p.type === 'hidden')
		.map((p) => [p.name, p.default]),
) as ICredentialDataDecryptedObject;

export function oauthCredentials(
	server: FaxPlusServer,
	accessToken = server.tokens.oauthAccessToken,
): Record<string, ICredentialDataDecryptedObject> {
	return {
		faxPlusOAuth2Api: {
			...oauthHiddenDefaults,
			authUrl: `${server.authUrl}/login`,
			accessTokenUrl: `${server.authUrl}/token`,
			clientId: server.tokens.clientId,
			clientSecret: server.tokens.clientSecret,
			baseUrl: server.baseUrl,
			oauthTokenData: {
				access_token: accessToken,
				refresh_token: server.tokens.oauthRefreshToken,
				token_type: 'bearer',
			},
		},
	};
}

export interface RunOptions {
	auth?: AuthKind;
	/** A PAT other than the full-scope one (e.g. server.tokens.patMember). */
	token?: string;
	items?: INodeExecutionData[];
	continueOnFail?: boolean | 'errorOutput';
	/** Run the node as the tool n8n makes of it for AI agents. */
	asTool?: boolean;
	/** How the run started: 'trigger' (a workflow's run) unless set; 'manual' is the editor's. */
	mode?: WorkflowExecuteMode;
	/** The ID of the node's credential ('1' unless set). */
	credentialId?: string;
}

/** Runs the Fax.Plus node with the given parameters against the server. */
export async function runOperation(
	server: FaxPlusServer,
	parameters: IDataObject,
	options: RunOptions = {},
): Promise<RunNodeResult> {
	const auth = options.auth ?? 'pat';
	return await runFaxPlusNode({
		parameters: { authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken', ...parameters },
		credentials:
			auth === 'oauth' ? oauthCredentials(server) : patCredentials(server, options.token),
		items: options.items,
		continueOnFail: options.continueOnFail,
		asTool: options.asTool,
		mode: options.mode,
		credentialId: options.credentialId,
	});
}

/** The API requests the server received (under /v3), oldest first. */
export function apiRequests(server: FaxPlusServer): RecordedRequest[] {
	return server.requests.filter((request) => request.path.startsWith('/v3/'));
}

/** The single API request of a run; fails the test when there were more or none. */
/** The storage paths of the files Fax → Send sent in the outbox fax of one of its items. */
export function filesSent(server: FaxPlusServer, item: INodeExecutionData): string[] {
	const fax = server.state.outbox[String(item.json.outboxFaxId)];
	if (!fax) throw new Error(`No outbox fax "${String(item.json.outboxFaxId)}" on the server`);
	return fax.files as string[];
}

/** Fax.Plus sends an outbox fax: it leaves the outbox for the sent list with `status`. */
export async function finishOutboxFax(
	server: FaxPlusServer,
	id: string,
	status = 'success',
): Promise<void> {
	const answer = await fetch(`${server.origin}/_control/outbox/finish`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify({ id, status }),
	});
	if (answer.status !== 200) throw new Error(`finishing ${id} answered ${answer.status}`);
}

export function onlyApiRequest(server: FaxPlusServer): RecordedRequest {
	const requests = apiRequests(server);
	expect(requests.map((r) => `${r.method} ${r.path}`)).toHaveLength(1);
	return requests[0];
}

/** Asserts the headers that tell which credential was used. */
export function expectAuthHeaders(
	server: FaxPlusServer,
	request: RecordedRequest,
	auth: AuthKind,
): void {
	if (auth === 'oauth') {
		expect(request.headers.authorization).toBe(`Bearer ${server.tokens.oauthAccessToken}`);
		expect(request.headers['x-fax-clientid']).toBe(server.tokens.clientId);
	} else {
		expect(request.headers.authorization).toBe(`Bearer ${server.tokens.pat}`);
		expect(request.headers['x-fax-clientid']).toBeUndefined();
	}
}

/** Runs the node and returns its items, failing the test with the node's error if it failed. */
export async function runOk(
	server: FaxPlusServer,
	parameters: IDataObject,
	options: RunOptions = {},
): Promise<INodeExecutionData[]> {
	const result = await runOperation(server, parameters, options);
	if (result.error)
		throw new Error(`Node failed: ${result.error.message} (${result.error.description ?? ''})`);
	return result.items;
}

/** The bytes of an output binary, in whichever mode n8n stores it (base64 in `data`, or a stored file by `id`). */
export async function bytesOf(binary: IBinaryData): Promise<Buffer> {
	if (!binary.id) return Buffer.from(binary.data, 'base64');
	return await Container.get(BinaryDataService).getAsBuffer(binary);
}

/** What the server serves at an API path, fetched directly with the full-scope PAT. */
export async function served(server: FaxPlusServer, path: string): Promise<Buffer> {
	const response = await fetch(`${server.baseUrl}${path}`, {
		headers: { authorization: `Bearer ${server.tokens.pat}` },
	});
	expect(response.status).toBe(200);
	return Buffer.from(await response.arrayBuffer());
}
