import type { IExecuteFunctions } from 'n8n-workflow';
import { operationError } from '../../shared/transport/nodeErrors';
import { listOf } from '../shared/parameters';

const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/; // labels between dots: one reading, linear

/** An email address as Fax.Plus takes one: at most 254 characters (checked before the pattern). */
export const isEmailAddress = (text: string) => text.length <= 254 && EMAIL.test(text);

/** One to `max` email addresses from a list or one string separated by commas, semicolons or spaces. */
export function emailAddresses(
	context: IExecuteFunctions,
	itemIndex: number,
	value: unknown,
	label: string,
	max: number,
): string[] {
	const refuse = (message: string, description: string) =>
		operationError(context, { itemIndex, message, description });
	const emails = listOf(value, /[\s,;]+/);
	const fix = `Enter 1 to ${max} email addresses separated by commas, e.g. ana@example.com, li@example.com.`;
	if (emails.length === 0) throw refuse(`${label} needs at least one email address`, fix);
	if (emails.length > max)
		throw refuse(`${label} has ${emails.length} addresses; Fax.Plus takes at most ${max}`, fix);
	const wrong = emails.find((email) => !isEmailAddress(email));
	if (wrong !== undefined) throw refuse(`${label}: "${wrong}" is not an email address`, fix);
	return emails;
}
