// The trigger's execute() phase: n8n calls it in the run, with the items webhook() returned as
// its input, on whichever process runs the execution (a queue worker too), with the full
// execute context. Here
// - the durable record is written: n8n's processed-data store (`checkProcessedAndRecord`, scope
//   node, mode entries, at most "Duplicate Check Max Entries"), so a repeat that reached another
//   process, or came after a restart, gives a run with no output item: no second fax;
// - "Download Fax Document" runs, after n8n has answered Fax.Plus; a failure becomes
//   `documentError` on the item.
// Nothing here reads or writes the workflow's static data (workers run with empty static data).
import type { IDataObject, IDeduplicationOutput, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { keyOfDeliveryId, keyOfRawBody } from './deduplication';
import { DOCUMENT_EVENTS, withDocument } from '../triggers/document';
import { eventOf, payloadOf } from '../triggers/output';
import { readOptions } from '../triggers/settings';

/** One delivery's check, waiting for its node's next batch. */
interface PendingCheck {
	key: string;
	check: (keys: string[]) => Promise<IDeduplicationOutput>;
	settle: (isNew: boolean) => void;
	fail: (error: unknown) => void;
}

/**
 * Checks waiting per trigger node, in this process. n8n's store reads, changes and writes a
 * node's whole record without a lock, so a node's checks run one after another; the checks
 * that arrive while one is under way go together in the next call (one read and one write of
 * the record for all of them), which keeps the record's cost per delivery low under load.
 */
const waiting = new Map<string, PendingCheck[]>();

/** Most keys per call: a call that fails fails all of its runs, so it takes at most this many. */
const MOST_KEYS_PER_CHECK = 100;

async function drain(scope: string, pending: PendingCheck[]): Promise<void> {
	while (pending.length > 0) {
		const batch = pending.splice(0, MOST_KEYS_PER_CHECK);
		const keys = [...new Set(batch.map((entry) => entry.key))];
		try {
			// The first waiting run's context makes the call: every entry is the same node's.
			const result = await batch[0].check(keys);
			const fresh = new Set(result.new.map(String));
			// A key twice in one batch (two copies in flight at once): the first is new, the other a repeat.
			for (const entry of batch) entry.settle(fresh.delete(entry.key));
		} catch (error) {
			for (const entry of batch) entry.fail(error);
		}
	}
	waiting.delete(scope);
}

async function checkWithOthers(scope: string, key: string, check: PendingCheck['check']): Promise<boolean> {
	return await new Promise<boolean>((settle, fail) => {
		const pending = waiting.get(scope);
		if (pending) {
			pending.push({ key, check, settle, fail });
			return;
		}
		const started: PendingCheck[] = [{ key, check, settle, fail }];
		waiting.set(scope, started);
		void drain(scope, started);
	});
}

/** The record's key of a delivery item: its webhook-id, else (legacy hooks) its body. */
export function keyOfItem(json: IDataObject): string {
	const webhookId = json.webhookId;
	if (typeof webhookId === 'string' && webhookId !== '') return keyOfDeliveryId(webhookId);
	return keyOfRawBody(Buffer.from(JSON.stringify({ hook: json.hook ?? {}, data: json.data ?? {} }), 'utf8'));
}

function repeatHint(json: IDataObject): string {
	const webhookId = json.webhookId;
	return typeof webhookId === 'string' && webhookId !== ''
		? `Delivery ${webhookId} was processed before (n8n's processed-data store), so no item was passed on`
		: 'A delivery with this body was processed before (n8n\'s processed-data store), so no item was passed on';
}

function messageOf(error: unknown): string {
	const message = (error as { message?: unknown } | undefined)?.message;
	return typeof message === 'string' && message !== '' ? message : String(error);
}

/** True for a delivery not processed before; records it. Throws when n8n's store cannot be used. */
async function recordOnce(context: IExecuteFunctions, key: string, maxEntries: number): Promise<boolean> {
	const node = context.getNode();
	const scope = `${context.getWorkflow().id ?? ''}:${node.id ?? node.name}`;
	const check = async (keys: string[]) => {
		const once = async () => await context.helpers.checkProcessedAndRecord(keys, 'node', { mode: 'entries', maxEntries });
		try {
			return await once();
		} catch {
			// The first record of a node can meet another process's first record (a unique
			// key): once more, which then reads the record that process wrote.
			return await once();
		}
	};
	return await checkWithOthers(scope, key, check);
}

/** Whether this run keeps the durable record: not for a test event, and only where n8n offers the store. */
function keepsRecord(context: IExecuteFunctions): boolean {
	return context.getMode() !== 'manual' && typeof context.helpers.checkProcessedAndRecord === 'function';
}

/** Names the delivery in an error, so a failed execution says which delivery it holds. */
function deliveryName(json: IDataObject): string {
	return typeof json.webhookId === 'string' && json.webhookId !== '' ? `delivery ${json.webhookId}` : 'the fax';
}

export async function runDeliveries(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	const options = readOptions(this);
	const durable = keepsRecord(this);
	const output: INodeExecutionData[] = [];
	for (let index = 0; index < items.length; index++) {
		const json = items[index].json;
		if (durable) {
			try {
				// A delivery already processed gives no output item: the run ends here, with a hint
				// that names it (seen in the editor and in the stored execution).
				if (!(await recordOnce(this, keyOfItem(json), options.maxEntries))) {
					this.addExecutionHints({ message: repeatHint(json), type: 'info', location: 'outputPane' });
					continue;
				}
			} catch (error) {
				if (!this.continueOnFail()) {
					throw new NodeOperationError(this.getNode(), `The duplicate check could not use n8n's processed-data store, so ${deliveryName(json)} was not passed on`, {
						itemIndex: index,
						description: `${messageOf(error)}. The delivery is kept in this failed execution: retry it from the executions list once n8n can reach its database.`,
					});
				}
				output.push({ json: { ...json, duplicateCheckError: messageOf(error) }, pairedItem: { item: index } });
				continue;
			}
		}
		const payload = payloadOf(json);
		if (payload && options.downloadDocument && DOCUMENT_EVENTS.includes(eventOf(payload) ?? '')) {
			// Never throws: a failed download becomes `documentError`.
			output.push({ ...(await withDocument(this, payload, options, json)), pairedItem: { item: index } });
		} else {
			output.push({ json, ...(items[index].binary ? { binary: items[index].binary } : {}), pairedItem: { item: index } });
		}
	}
	return [output];
}
