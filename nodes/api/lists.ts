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

/**
 * The entries of a list answer, however the API wraps them: a bare array, or an array
 * under `records`, `data`, `faxes`, `numbers` or `members` (also one level deeper, as in
 * `{ data: { records: [...] } }`). Answers an empty list when there is none.
 */
export function entriesOf(answer: unknown, preferredKey?: string): IDataObject[] {
	return findEntries(answer, preferredKey, 0) ?? [];
}

function findEntries(
	answer: unknown,
	preferredKey: string | undefined,
	depth: number,
): IDataObject[] | undefined {
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
