import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { answerOr } from '../shared/recordItems';
import { apiRequest } from '../shared/requests';
import { isEmailAddress } from './emails';
import { listOf } from '../shared/values';
import { operationError } from '../../shared/transport/nodeErrors';
import { updateDisplayOptions } from '../shared/display';

/** Fax.Plus's limit per request ("Invite corporate members"). */
const MAX_INVITATIONS = 10;

export const option = {
	name: 'Invite Member',
	value: 'inviteMember',
	action: 'Invite members to the corporate account',
	description: 'Email people an invitation to join the corporate account (admins only)',
};

export const agentRisk = { kind: 'changes' } as const;

const properties: INodeProperties[] = [
	{
		displayName: 'Emails',
		name: 'emails',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. ana@example.com, li@example.com',
		description:
			'Email addresses of the people to invite, separated by commas (up to 10); Fax.Plus emails each an invitation',
	},
];

const displayOptions = { show: { resource: ['account'], operation: ['inviteMember'] } };
export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, itemIndex: number) {
	const emails = listOf(this.getNodeParameter('emails', itemIndex, ''), /[\s,;]+/);
	const refuse = (message: string) =>
		operationError(this, {
			itemIndex,
			message,
			description: `Enter 1 to ${MAX_INVITATIONS} email addresses separated by commas, e.g. ana@example.com, li@example.com.`,
		});
	if (emails.length === 0) throw refuse('Emails needs at least one email address');
	if (emails.length > MAX_INVITATIONS)
		throw refuse(
			`Emails has ${emails.length} addresses; Fax.Plus takes at most ${MAX_INVITATIONS}`,
		);
	const wrong = emails.find((email) => !isEmailAddress(email));
	if (wrong !== undefined) throw refuse(`Emails: "${wrong}" is not an email address`);
	const answer = await apiRequest<IDataObject | undefined>(this, {
		method: 'POST',
		path: '/accounts/self/member-invitations',
		body: { emails },
		itemIndex,
	});
	return answerOr(answer, { invited: true, emails });
}
