// Custom data to find an execution by fax; values joined, cut to n8n's 255 at an entry.
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { executionCustomData } from '../n8n/executionCustomData';
import { oneLine } from './log';

const CUSTOM_DATA_KEYS = {
	faxId: 'faxId',
	event: 'faxEvent',
	status: 'faxStatus',
	deliveryId: 'faxDeliveryId',
	outboxIds: 'faxOutboxIds',
	from: 'faxFrom',
	to: 'faxTo',
} as const;

type FaxCustomData = Partial<Record<keyof typeof CUSTOM_DATA_KEYS, unknown>>;

/** Below n8n's 255: nothing is cut by n8n, and no error is logged. */
const MAX_VALUE_LENGTH = 255;
const MAX_ENTRY_LENGTH = 100;
const COUNT_ROOM = ', +99999 more'.length;

function entriesOf(value: unknown): string[] {
	const list: unknown[] = Array.isArray(value) ? value : [value];
	// oneLine reads null and undefined as '', which is left out.
	const texts = list.map((each) => oneLine(each, MAX_ENTRY_LENGTH).replace(/,\s*/g, ' ').trim());
	return [...new Set(texts)].filter((text) => text !== '');
}

/** `added` joined to a key's value, each once; entries past MAX_VALUE_LENGTH are counted. */
function mergedValue(existing: string | undefined, added: unknown): string {
	const more = /(?:^|, )\+(\d+) more$/.exec(existing ?? '');
	const kept = existing ? (more ? existing.slice(0, more.index) : existing) : '';
	const entries = kept === '' ? [] : kept.split(', ');
	let dropped = more ? Number(more[1]) : 0;
	for (const entry of entriesOf(added)) {
		if (entries.includes(entry)) continue;
		// Once an entry is left out, later ones are only counted: the first ones stay as they are.
		if (dropped === 0 && [...entries, entry].join(', ').length <= MAX_VALUE_LENGTH - COUNT_ROOM)
			entries.push(entry);
		else dropped++;
	}
	const value = entries.join(', ');
	return dropped > 0 ? `${value}, +${dropped} more` : value;
}

/** Saves the fax's facts with the execution; never throws (worth less than the run). */
export function saveFaxCustomData(
	context: IExecuteFunctions,
	data: FaxCustomData,
	{ numbers = true }: { numbers?: boolean } = {},
): void {
	const customData = executionCustomData(context);
	if (!customData) return;
	for (const [name, key] of Object.entries(CUSTOM_DATA_KEYS)) {
		if (!numbers && (name === 'from' || name === 'to')) continue;
		const added = data[name as keyof FaxCustomData];
		if (entriesOf(added).length === 0) continue;
		try {
			const existing = customData.get(key);
			const value = mergedValue(typeof existing === 'string' ? existing : undefined, added);
			if (value !== existing) customData.set(key, value);
		} catch {
			// n8n refused the value (it throws in manual runs only).
		}
	}
}

export const customDataNumbersOption: INodeProperties = {
	displayName: 'Save Numbers in Custom Data',
	name: 'saveNumbersInCustomData',
	type: 'boolean',
	default: false,
	description:
		"Whether to save the fax's numbers as the execution's custom data, to find executions by number (n8n's redaction does not clear it)",
};
