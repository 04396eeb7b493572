import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { resources } from './resources';
import { route } from './router';
import { loadOptions, listSearch } from './methods';
import { authenticationProperty } from '../api/authentication';
import { nodeOptionsProperty } from './shared/nodeOptions';

export class FaxPlus implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax.Plus',
		name: 'faxPlus',
		icon: { light: 'file:../../icons/faxplus.svg', dark: 'file:../../icons/faxplus.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Manage faxes, numbers, AI extraction and webhooks with the Fax.Plus API',
		defaults: { name: 'Fax.Plus' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'faxPlusApi',
				required: true,
				displayOptions: { show: { authentication: ['accessToken'] } },
			},
			{
				name: 'faxPlusOAuth2Api',
				required: true,
				displayOptions: { show: { authentication: ['oAuth2'] } },
			},
		],
		properties: [
			authenticationProperty,
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: Object.values(resources).map((resource) => resource.option),
				default: 'account',
			},
			...Object.values(resources).flatMap((resource) => resource.description),
			nodeOptionsProperty,
		],
	};

	methods = { loadOptions, listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await route.call(this);
	}
}
