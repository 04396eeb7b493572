import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IPollFunctions,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { pollTriggerProperties } from './description';
import { pollFaxes } from './poll';
import { runPolledFaxes } from './run';

export class FaxPlusPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax.Plus Polling Trigger',
		name: 'faxPlusPollTrigger',
		icon: { light: 'file:../../icons/faxplus.svg', dark: 'file:../../icons/faxplus.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{$parameter["events"].join(", ")}}',
		description:
			'Starts the workflow once for each new received or sent fax, checking Fax.Plus on a schedule; needs no public URL',
		defaults: { name: 'Fax.Plus Polling Trigger' },
		polling: true,
		inputs: [],
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
		properties: pollTriggerProperties,
	};

	async poll(this: IPollFunctions): Promise<INodeExecutionData[][] | null> {
		return await pollFaxes.call(this);
	}

	/** The run's first step: passes each fax on once (n8n's processed-data store), and "Fetch Test Event". */
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][] | null> {
		return await runPolledFaxes.call(this);
	}
}
