import type { INodeProperties } from 'n8n-workflow';
import * as create from './create.operation';
import * as deleteOperation from './delete.operation';
import * as getAll from './getAll.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

const deprecationNotice: INodeProperties = {
	displayName:
		'Fax.Plus will decommission the legacy hook API. Use the Webhook resource or the Fax.Plus Trigger node for new integrations.',
	name: 'legacyHookNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: { resource: ['legacyHook'] } },
};

export const operations: Record<string, FaxPlusOperation> = {
	create,
	delete: deleteOperation,
	getAll,
};

export const description: INodeProperties[] = [
	deprecationNotice,
	operationPicker('legacyHook', operations, 'getAll'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('legacyHook', operations),
];
