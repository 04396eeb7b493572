import type { IDataObject } from 'n8n-workflow';
import { answerOr } from '../shared/items';
import { faxPlusApiRequest } from '../../shared/transport/transport';
import type { FaxPlusOperation } from '../shared/types';
import { emailAddresses } from './emails';

/** Fax.Plus's limit per request ("Invite corporate members"). */
const MAX_INVITATIONS = 10;

export const inviteMember: FaxPlusOperation = {
	agentRisk: { kind: 'changes' },
	description: [
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
	],
	async execute(itemIndex) {
		const value = this.getNodeParameter('emails', itemIndex, '');
		const emails = emailAddresses(this, itemIndex, value, 'Emails', MAX_INVITATIONS);
		const answer = await faxPlusApiRequest<IDataObject | undefined>(this, {
			method: 'POST',
			path: '/accounts/self/member-invitations',
			body: { emails },
			itemIndex,
		});
		return answerOr(answer, { invited: true, emails });
	},
};
