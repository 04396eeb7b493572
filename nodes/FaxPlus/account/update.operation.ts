import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateFieldsCollection, userIdFields } from '../shared/descriptions';
import { answerOr, nonEmptyUpdate, userIdOf } from '../shared/items';
import { retryFields, retryOf } from '../shared/retry';
import { faxPlusApiRequest } from '../../api/transport';
import type { AccountModification } from './types';
import type { FaxPlusOperation } from '../shared/types';
import { readPhoneNumber } from '../../api/numbers';
import { operationError } from '../../api/nodeErrors';
import { isEmailAddress } from './emails';

export const update: FaxPlusOperation = {
	agentRisk: { kind: 'changes' },
	description: [
		...userIdFields(),
		updateFieldsCollection([
			{
				displayName: 'Caller ID Name',
				name: 'callerIdName',
				type: 'string',
				default: '',
				description: 'The name shown to the receiving fax machine',
			},
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
				description: 'Email address of the account',
			},
			{ displayName: 'First Name', name: 'name', type: 'string', default: '' },
			{ displayName: 'Last Name', name: 'lastname', type: 'string', default: '' },
			{
				displayName: 'Phone',
				name: 'phone',
				type: 'string',
				default: '',
				placeholder: 'e.g. +15551234567',
				description:
					'Phone number of the account, with "+" and the country code (E.164, 8 to 15 digits)',
			},
			...retryFields(
				'How many times a failed fax is tried again by default',
				'Seconds between two tries by default',
			),
			{
				displayName: 'Text Enhancement',
				name: 'shouldEnhance',
				type: 'boolean',
				default: true,
				description: 'Whether faxes are optimised for text by default',
			},
		]),
	],
	async execute(itemIndex) {
		const userId = userIdOf(this, itemIndex);
		const body = modification(this, itemIndex);
		const answer = await faxPlusApiRequest<IDataObject | undefined>(this, {
			method: 'PUT',
			path: `/accounts/${encodeURIComponent(userId)}`,
			body: body as IDataObject,
			itemIndex,
		});
		return answerOr(answer, { updated: true, userId, ...body });
	},
};

/** PayloadAccountModification from the fields the user added; refuses an empty update before any request. */
function modification(context: IExecuteFunctions, itemIndex: number): AccountModification {
	const fields = context.getNodeParameter('updateFields', itemIndex, {}) as IDataObject;
	const text = (name: string) =>
		fields[name] === undefined ? undefined : String(fields[name] ?? '').trim();
	const refuse = (message: string) => operationError(context, { itemIndex, message });
	const body: AccountModification = {};
	const [name, lastname, email, phone] = ['name', 'lastname', 'email', 'phone'].map(text);
	if (name !== undefined) body.name = name;
	if (lastname !== undefined) body.lastname = lastname;
	if (email === '') throw refuse('Email cannot be empty');
	if (email !== undefined && !isEmailAddress(email))
		throw refuse(`Email: "${email}" is not an email address`);
	if (email !== undefined) body.email = email;
	if (phone !== undefined) {
		const reading = phone === '' ? { ok: true as const, number: '' } : readPhoneNumber(phone);
		if (!reading.ok) throw refuse(`Phone: "${phone}" ${reading.reason}`);
		// Also the SDK's pattern ^[+]?[0-9]{8,}$: at least 8 digits.
		if (reading.number !== '' && reading.number.length < 9)
			throw refuse(`Phone: "${phone}" has fewer than the 8 digits Fax.Plus takes`);
		body.phone = reading.number;
	}
	const settings: NonNullable<AccountModification['settings']> = {};
	const callerIdName = text('callerIdName');
	if (callerIdName !== undefined) settings.caller_id_name = callerIdName;
	if (fields.shouldEnhance !== undefined) settings.should_enhance = fields.shouldEnhance === true;
	const retry = retryOf(context, itemIndex, fields);
	if (retry) settings.send_fax = { retry };
	if (Object.keys(settings).length > 0) body.settings = settings;
	return nonEmptyUpdate(context, itemIndex, body, 'a field');
}
