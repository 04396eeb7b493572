import { eventsSubtitle } from '../shared/api/events';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { pollTriggerProperties } from './description';
import { poller } from './poll';
import { runPolledFaxes } from './execute';
import { signInCredentials } from '../shared/transport/authentication';

export class FaxPlusPollTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Fax.Plus Polling Trigger',
		name: 'faxPlusPollTrigger',
		icon: { light: 'file:../../icons/faxplus.svg', dark: 'file:../../icons/faxplus.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: eventsSubtitle,
		description:
			'Starts the workflow once for each new received or sent fax, checking Fax.Plus on a schedule; needs no public URL',
		defaults: { name: 'Fax.Plus Polling Trigger' },
		polling: true,
		builderHint: {
			searchHint:
				'Pick this for "when a fax arrives" (fax_received) or "when a fax is sent" (fax_sent) when ' +
				'n8n has no public URL Fax.Plus can reach: it checks Fax.Plus on the schedule set in the node ' +
				'and starts one run per new fax. When n8n has a public HTTPS URL prefer the Fax.Plus Trigger, ' +
				'which starts within seconds. To act on the fax add the Fax.Plus node.',
			relatedNodes: [
				{
					nodeType: 'n8n-nodes-faxplus.faxPlusTrigger',
					relationHint: 'The same events within seconds, when n8n has a public URL',
				},
				{
					nodeType: 'n8n-nodes-faxplus.faxPlus',
					relationHint: 'Downloads, sends and manages faxes in the workflow this trigger starts',
				},
			],
		},
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: signInCredentials,
		properties: pollTriggerProperties,
	};

	poll = poller();

	/** The run's first step: passes each fax on once (n8n's processed-data store), and "Fetch Test Event". */
	execute = runPolledFaxes;
}
