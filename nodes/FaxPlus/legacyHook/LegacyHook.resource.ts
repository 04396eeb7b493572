import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import { resourceOf } from '../shared/pickers';

const deprecationNotice: INodeProperties = {
	displayName:
		'Fax.Plus will decommission the legacy hook API. Use the Webhook resource or the Fax.Plus Trigger node for new integrations.',
	name: 'legacyHookNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { resource: ['legacyHook'] } },
};

const resource = resourceOf('legacyHook', 'getAll', {
	create,
	delete: deleteOperation,
	getAll,
});

export const operations = resource.operations;

export const description: INodeProperties[] = [deprecationNotice, ...resource.description];
