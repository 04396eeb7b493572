import type { IDataObject } from 'n8n-workflow';

/** Where list answers keep their entries, in the order they are looked for. */
const LIST_KEYS = [
	'records',
	'data',
	'faxes',
	'numbers',
	'members',
	'accounts',
	'items',
	'webhooks',
	'endpoints',
];

/** A list answer's entries, bare or under a known key (one level deeper too). */
export function entriesOf(answer: unknown, preferredKey?: string): IDataObject[] {
	return findEntries(answer, preferredKey) ?? [];
}

function findEntries(answer: unknown, preferredKey?: string, depth = 0): IDataObject[] | undefined {
	if (Array.isArray(answer))
		return answer.filter((entry) => entry && typeof entry === 'object') as IDataObject[];
	if (!answer || typeof answer !== 'object' || depth > 1) return undefined;
	const object = answer as IDataObject;
	const keys = preferredKey
		? [preferredKey, ...LIST_KEYS.filter((key) => key !== preferredKey)]
		: LIST_KEYS;
	for (const key of keys) {
		if (Array.isArray(object[key])) return findEntries(object[key], undefined, depth + 1);
	}
	for (const key of keys) {
		const nested = findEntries(object[key], preferredKey, depth + 1);
		if (nested) return nested;
	}
	return undefined;
}
