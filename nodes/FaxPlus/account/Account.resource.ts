import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as getAllMembers from './getAllMembers.operation';
import * as getMember from './getMember.operation';
import * as getPlan from './getPlan.operation';
import * as inviteMember from './inviteMember.operation';
import * as update from './update.operation';
import * as updateMember from './updateMember.operation';
import { nodeOptions } from '../shared/nodeOptions';
import { operationPicker } from '../shared/pickers';
import type { FaxPlusOperation } from '../shared/types';

export const operations: Record<string, FaxPlusOperation> = {
	get,
	getAllMembers,
	getMember,
	getPlan,
	inviteMember,
	update,
	updateMember,
};

export const description: INodeProperties[] = [
	operationPicker('account', operations, 'getPlan'),
	...Object.values(operations).flatMap((operation) => operation.description),
	...nodeOptions('account', operations),
];
