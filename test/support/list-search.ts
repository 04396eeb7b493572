// Runs a `listSearch` method of the Fax.Plus node the way the n8n editor does:
// in n8n-core's real LoadOptionsContext (real request helpers and credentials), which a test
// can also get for itself (loadOptionsContext).
import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeListSearchResult,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { FaxPlus } from '../../nodes/FaxPlus/FaxPlus.node';
import { FAX_PLUS_NODE_TYPE, TestCredentialsHelper, TestNodeTypes } from './n8n-harness';
import { oauthCredentials, patCredentials, type AuthKind, type FaxPlusServer } from './faxplus';

/** Calls `methods.listSearch[method]` of the node with the given parameters and filter. */
export async function runListSearch(
	server: FaxPlusServer,
	method: string,
	options: {
		auth?: AuthKind;
		filter?: string;
		paginationToken?: string;
		parameters?: IDataObject;
		token?: string;
	} = {},
): Promise<INodeListSearchResult> {
	const auth = options.auth ?? 'pat';
	const parameters = {
		authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken',
		...options.parameters,
	};
	const credentials =
		auth === 'oauth' ? oauthCredentials(server) : patCredentials(server, options.token);
	const context = loadOptionsContext(credentials, parameters);
	const search = new FaxPlus().methods.listSearch[method];
	if (!search) throw new Error(`No listSearch method ${method}`);
	return await search.call(context, options.filter, options.paginationToken);
}

/** n8n-core's LoadOptionsContext for the node, with its real request helpers and these credentials. */
export function loadOptionsContext(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	parameters: IDataObject,
): LoadOptionsContext {
	const credentialType = parameters.authentication === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
	const node: INode = {
		id: 'faxplus-node',
		name: 'Fax.Plus',
		type: FAX_PLUS_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: parameters as INode['parameters'],
		credentials: { [credentialType]: { id: '1', name: 'Test credential' } },
	};
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: [node],
		connections: {},
		nodeTypes: new TestNodeTypes(),
		active: false,
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(structuredClone(credentials)),
		currentNodeParameters: parameters,
		restApiUrl: 'http://127.0.0.1:1/rest',
		instanceBaseUrl: 'http://127.0.0.1:1/',
		variables: {},
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, 'parameters');
}
