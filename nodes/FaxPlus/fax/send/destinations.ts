// Send's From and To, and the bounds on where it may fax: checked before anything is read or sent.
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import {
	countryCodeProblem,
	readPhoneNumber,
	readPhoneNumbers,
} from '../../../shared/phone/numbers';
import { runsAsTool } from '../../../shared/n8n/executeContext';
import { wholeNumber } from '../../shared/values';
import { operationError, refusalOf } from '../../../shared/transport/nodeErrors';
import { MAX_DESTINATIONS, NO_NUMBER, TOOL_MAX_DESTINATIONS } from './properties';
import { sendOption } from '../../shared/parameters';

/** The prefixes of Allowed Destinations: whole numbers read as To reads them, else "+" and digits. */
function allowedPrefixes(context: IExecuteFunctions, itemIndex: number, value: unknown): string[] {
	const entries = (Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,\n]/))
		.map((entry) => {
			const reading = readPhoneNumber(entry);
			// A prefix's bracketed national prefix, "+49 (0)30", stays and is refused: which numbers it means is unsure.
			if (reading.ok) return reading.number;
			return /\(\s*0/.test(entry) ? entry.trim() : entry.replace(/[\s\-.()]/g, '');
		})
		.filter((entry) => entry !== '');
	const wrong = entries.find((entry) => !/^\+\d{1,14}$/.test(entry));
	if (wrong === undefined) return entries;
	throw operationError(context, {
		itemIndex,
		message: `Allowed Destinations: "${wrong}" is not a calling code or number prefix`,
		description:
			'Enter prefixes with "+" and digits, separated by commas, e.g. +1, +44, +4930 (without a national prefix such as "(0)").',
	});
}

/** The numbers of To (national ones with the Default Country Code), checked against the bounds. */
export function destinationsOf(
	context: IExecuteFunctions,
	itemIndex: number,
	options: IDataObject,
): string[] {
	const refuse = refusalOf(context, itemIndex);
	const country = String(options.defaultCountryCode ?? '').trim();
	const problem = country === '' ? undefined : countryCodeProblem(country);
	if (problem) {
		throw refuse(
			`Default Country Code ${problem}`,
			`Enter the country calling code of the national numbers in ${sendOption('Default Country Code')}, or leave it empty and enter numbers with "+".`,
		);
	}
	const result = readPhoneNumbers(
		context.getNodeParameter('to', itemIndex, '') as string | string[],
		country,
		sendOption('Default Country Code'),
	);
	if (!result.ok) {
		throw refuse(
			`To: "${result.invalid}" ${result.reason}`,
			'Enter each fax number with "+" and the country code, e.g. +15551234567; separate several with commas.',
		);
	}
	if (result.numbers.length === 0) {
		throw refuse(
			'To is required',
			'Enter at least one fax number to send to, e.g. +15551234567 (an expression may have resolved to an empty value).',
		);
	}
	if (result.numbers.length > MAX_DESTINATIONS) {
		throw refuse(
			`To has ${result.numbers.length} numbers; Fax.Plus takes at most ${MAX_DESTINATIONS} per fax`,
			'Split the destinations over several faxes, e.g. with a Loop Over Items node.',
		);
	}
	const to = result.numbers;
	const asTool = runsAsTool(context);
	const ownMax = wholeNumber(context, itemIndex, options.maxDestinations, 'Max Destinations', {
		fallback: 0,
	});
	const max = ownMax > 0 ? ownMax : asTool ? TOOL_MAX_DESTINATIONS : Infinity;
	if (to.length > max) {
		throw refuse(
			`To has ${to.length} numbers; this node sends to at most ${max} per fax`,
			asTool
				? `Nothing was uploaded or sent. Send to at most ${max} numbers per call: split the numbers over several calls only if the user asked to fax all of them.`
				: `Nothing was uploaded or sent. Raise ${sendOption('Max Destinations')}, or split the numbers over several items.`,
		);
	}
	const prefixes = allowedPrefixes(context, itemIndex, options.allowedDestinations);
	const refused = to.find((number) => !prefixes.some((prefix) => number.startsWith(prefix)));
	if (prefixes.length === 0 || refused === undefined) return to;
	const allowed = prefixes.join(', ');
	throw refuse(
		`To: ${refused} is not an allowed destination (allowed: ${allowed})`,
		asTool
			? `Nothing was uploaded or sent. This tool may only fax numbers starting with ${allowed}. Do not try other numbers; tell the user that ${refused} is not allowed.`
			: `Nothing was uploaded or sent. Add its calling code or prefix to ${sendOption('Allowed Destinations')}, or remove the number.`,
	);
}

/** The `from` to send, checked: `no_number`, or E.164 numbers joined by commas. */
export function senderOf(context: IExecuteFunctions, itemIndex: number): string {
	const refuse = refusalOf(context, itemIndex);
	const value = String(
		context.getNodeParameter('from', itemIndex, '', { extractValue: true }) ?? '',
	).trim();
	const hint = `Pick one of the account's fax numbers, enter one or several separated by commas (e.g. +15551230001, +15551230002), or ${NO_NUMBER} for a corporate member without an assigned number.`;
	if (!value) {
		throw refuse(
			'From is required',
			`${hint} (An expression may have resolved to an empty value.)`,
		);
	}
	if (value === NO_NUMBER) return value;
	const entries = value.split(',').map((entry) => entry.trim());
	if (entries.includes(NO_NUMBER)) {
		throw refuse(
			`From: ${NO_NUMBER} cannot be combined with numbers`,
			`Use ${NO_NUMBER} alone (a corporate member without an assigned number), or list numbers only.`,
		);
	}
	const result = readPhoneNumbers(entries);
	if (!result.ok) {
		throw refuse(`From: "${result.invalid}" ${result.reason}`, hint);
	}
	return result.numbers.join(',');
}
