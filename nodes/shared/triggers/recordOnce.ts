// What the triggers passed on, in n8n's processed-data store, written by the accepted run.
import type {
	DeduplicationScope,
	IDataObject,
	IDeduplicationOutput,
	IExecuteFunctions,
	INodeExecutionData,
} from 'n8n-workflow';
import { createHmac } from 'node:crypto';
import type { RecordKeys } from './faxKeys';
import { operationError } from '../transport/nodeErrors';
import { afterFirstWriteCollision, isModeConflict } from '../n8n/processedData';
export type ItemRecord = { own: string[]; shared: RecordKeys };
/** The gate keys recorded before: the own record's, and the shared record's as sealed. */
export type RecordedBefore = { own: string[]; shared: string[] };

interface PendingCheck {
	keys: RecordKeys;
	check: (keys: string[]) => Promise<IDeduplicationOutput>;
	settle: (recordedBefore: string[]) => void;
	fail: (error: unknown) => void;
}

/** Checks waiting per record: n8n's store writes a whole record without a lock (n8n/executeContext.ts); module state, one per process (nodes/shared/n8n/README.md): it orders this process's writes for both triggers. */
const waiting = new Map<string, PendingCheck[]>();

/** Most runs per call: a call that fails fails all of its runs, so it takes at most this many. */
const MOST_RUNS_PER_CHECK = 100;

const TRIGGER_NAMES = ['faxPlusTrigger', 'faxPlusPollTrigger'];

/** A record's checks, one call at a time; those that arrived meanwhile go together. */
async function drain(record: string, pending: PendingCheck[]): Promise<void> {
	while (pending.length > 0) {
		const batch = pending.splice(0, MOST_RUNS_PER_CHECK);
		const keys = [...new Set(batch.flatMap((entry) => [...entry.keys.gate, ...entry.keys.also]))];
		try {
			// The first waiting run's context makes the call: every entry is the same record's.
			const result = await batch[0].check(keys);
			const fresh = new Set(result.new.map(String));
			// A key twice in one batch: the first run takes it, the other is a repeat.
			for (const entry of batch) {
				const recordedBefore = entry.keys.gate.filter((key) => !fresh.has(key));
				if (recordedBefore.length === 0)
					for (const key of [...entry.keys.gate, ...entry.keys.also]) fresh.delete(key);
				entry.settle(recordedBefore);
			}
		} catch (error) {
			for (const entry of batch) entry.fail(error);
		}
	}
	waiting.delete(record);
}

/** The `keys.gate` recorded before in one record; records every key either way. */
async function checkRecord(
	context: IExecuteFunctions,
	scope: DeduplicationScope,
	keys: RecordKeys,
	maxEntries: number,
): Promise<string[]> {
	if (keys.gate.length === 0 && keys.also.length === 0) return [];
	const record = JSON.stringify([
		context.getWorkflow().id ?? '',
		scope === 'node' ? context.getNode().id : '',
	]);
	const options = { mode: 'entries' as const, maxEntries };
	const check = async (values: string[]) =>
		await afterFirstWriteCollision(
			async () => await context.helpers.checkProcessedAndRecord(values, scope, options),
		);
	return await new Promise<string[]>((settle, fail) => {
		const entry = { keys, check, settle, fail };
		const pending = waiting.get(record);
		if (pending) return void pending.push(entry);
		waiting.set(record, [entry]);
		void drain(record, waiting.get(record) ?? []);
	});
}

/** Whether another enabled Fax.Plus trigger feeds a node this one feeds: then they share a record. */
export function isPaired(context: IExecuteFunctions): boolean {
	const self = context.getNode();
	const prefix = self.type.slice(0, self.type.lastIndexOf('.') + 1);
	const isTrigger = (type: string) => TRIGGER_NAMES.some((name) => type === `${prefix}${name}`);
	return context
		.getChildNodes(self.name)
		.some((child) =>
			context
				.getParentNodes(child.name)
				.some((node) => node.name !== self.name && node.disabled !== true && isTrigger(node.type)),
		);
}

/** Checks and records one item: the shared record decides when paired, else the own record. */
export async function recordOnce(
	context: IExecuteFunctions,
	keys: ItemRecord,
	maxEntries: number,
	paired: boolean,
): Promise<RecordedBefore> {
	const own = { gate: keys.own, also: [] };
	// A page, or a delivery without a fax ID, is the trigger's own business: its record decides.
	if ((keys.shared.gate.length === 0 && keys.shared.also.length === 0) || !paired) {
		return { own: await checkRecord(context, 'node', own, maxEntries), shared: [] };
	}
	// An HMAC of the key under the workflow's ID: the same entry from either trigger, on any process.
	const hmacKey = `n8n-nodes-faxplus:${context.getWorkflow().id ?? ''}`;
	const seal = (key: string) => createHmac('sha256', hmacKey).update(key).digest('base64url');
	const shared = await checkRecord(
		context,
		'workflow',
		{ gate: keys.shared.gate.map(seal), also: keys.shared.also.map(seal) },
		maxEntries,
	);
	// The shared record has decided; the own record is a second opinion.
	const ownBefore = await checkRecord(context, 'node', own, maxEntries).catch(() => []);
	return { own: ownBefore, shared };
}

/** An item n8n's store could not check: goes on under Continue On Fail, else fails the run. */
export function itemWithoutRecord(
	context: IExecuteFunctions,
	error: unknown,
	{ index, json }: { index: number; json: IDataObject },
	what: string,
	kept: string,
): INodeExecutionData {
	const message = messageOf(error);
	if (context.continueOnFail())
		return { json: { ...json, duplicateCheckError: message }, pairedItem: { item: index } };
	const todo = isModeConflict(message)
		? `Another node of this workflow keeps the workflow's shared record in another mode (Remove Duplicates ` +
			`with Scope "Workflow" and Keep Items Where "Value Is Higher than Any Previous Value" or "...a ` +
			`Date Later..."): set that node's Scope to "Node". ${kept} is kept in this failed execution: ` +
			`retry it from the executions list then.`
		: `${kept} is kept in this failed execution: retry it from the executions list once n8n can reach its database.`;
	throw operationError(context, {
		itemIndex: index,
		message: `The duplicate check could not use n8n's processed-data store, so ${what} was not passed on`,
		description: `${message}. ${todo}`,
	});
}

export function wasRecorded(before: RecordedBefore): boolean {
	return before.own.length > 0 || before.shared.length > 0;
}

export function messageOf(error: unknown): string {
	const message = (error as { message?: unknown } | undefined)?.message;
	return typeof message === 'string' && message !== '' ? message : String(error);
}
