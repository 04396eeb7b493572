/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may use do not apply to it */
// n8n's processed-data store for the tests: n8n-core's real DataDeduplicationService (what
// `this.helpers.checkProcessedAndRecord` calls) over an in-memory copy of the deduplicator n8n
// itself registers (`n8n/dist/deduplication/deduplication-helper.js`, mode "entries"): one
// record per workflow and context (`n:<node id>` for scope node, empty for scope workflow), each value stored as the MD5
// of the value in base64, the oldest dropped past maxEntries, read then written without a lock
// (the awaits in between let concurrent calls interleave as they do on a database).
import { createHash } from 'node:crypto';
import { DataDeduplicationService } from 'n8n-core';
import type {
	DeduplicationScope,
	ICheckProcessedContextData,
	IDataDeduplicator,
	IDeduplicationOutput,
	ICheckProcessedOptions,
	DeduplicationItemTypes,
} from 'n8n-workflow';

interface StoredRecord {
	mode: string;
	data: string[];
}

/** How n8n stores a value in its processed-data store. */
export const hashOf = (value: DeduplicationItemTypes) =>
	createHash('md5').update(String(value)).digest('base64');

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** One "database": the records, and a switch that makes it unreachable. */
export class ProcessedDataStore {
	readonly rows = new Map<string, StoredRecord>();

	/** Calls made (reads of the record). */
	calls = 0;

	private failure: Error | undefined;

	/** Called after each write of checkProcessedAndRecord (a test plays another process's write here). */
	afterRecord: ((items: string[], key: string) => void) | undefined;

	/** Makes the store unreachable (every call throws this), or reachable again. */
	fail(error: Error | undefined = new Error('connect ECONNREFUSED 127.0.0.1:5432')): void {
		this.failure = error;
	}

	/** The values behind the hashes recorded so far (the tests read them back; n8n cannot). */
	private readonly values = new Map<string, string>();

	/** Entries recorded at scope workflow (their hashes). */
	entries(workflowId: string): string[] {
		return this.rows.get(`${workflowId}|`)?.data ?? [];
	}

	/** Entries recorded at scope workflow, as the values recorded, oldest first. */
	recordedValues(workflowId: string): string[] {
		return this.entries(workflowId).map((hash) => this.values.get(hash) ?? hash);
	}

	/** Whether a value is recorded at scope workflow. */
	has(workflowId: string, value: string): boolean {
		return this.entries(workflowId).includes(hashOf(value));
	}

	/** Entries recorded at scope node by one node (their hashes). */
	nodeEntries(workflowId: string, nodeId: string): string[] {
		return this.rows.get(`${workflowId}|n:${nodeId}`)?.data ?? [];
	}

	/** Entries recorded at scope node by one node, as the values recorded, oldest first. */
	recordedNodeValues(workflowId: string, nodeId: string): string[] {
		return this.nodeEntries(workflowId, nodeId).map((hash) => this.values.get(hash) ?? hash);
	}

	async checkProcessedAndRecord(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
		options: ICheckProcessedOptions,
	): Promise<IDeduplicationOutput> {
		if (options.mode !== 'entries')
			throw new Error(`test store: mode ${options.mode} is not used by the trigger`);
		const key = `${contextData.workflow.id}|${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
		this.calls++;
		await tick();
		if (this.failure) throw this.failure;
		const found = this.rows.get(key);
		// As n8n: a record kept in another mode is refused.
		if (found && found.mode !== options.mode)
			throw new Error(
				'Deduplication data was originally saved with an incompatible setting of the ‘Keep Items Where’ parameter. Try ’Clean Database’ operation to reset.',
			);
		const stored: StoredRecord | undefined = found
			? { mode: found.mode, data: [...found.data] }
			: undefined;
		await tick();
		const hashed = items.map(hashOf);
		items.forEach((item, index) => this.values.set(hashed[index], String(item)));
		if (!stored) {
			const data = options.maxEntries ? hashed.slice(-options.maxEntries) : hashed;
			if (this.rows.has(key))
				throw new Error('duplicate key value violates unique constraint "PK_processed_data"');
			this.rows.set(key, { mode: options.mode, data });
			this.afterRecord?.(items.map(String), key);
			return { new: items, processed: [] };
		}
		const seen = new Set(stored.data);
		const output: IDeduplicationOutput = { new: [], processed: [] };
		hashed.forEach((hash, index) => {
			if (seen.has(hash)) output.processed.push(items[index]);
			else {
				output.new.push(items[index]);
				stored.data.push(hash);
			}
		});
		if (options.maxEntries) stored.data.splice(0, stored.data.length - options.maxEntries);
		await tick();
		if (this.failure) throw this.failure;
		this.rows.set(key, stored);
		this.afterRecord?.(items.map(String), key);
		return output;
	}

	async removeProcessed(
		items: DeduplicationItemTypes[],
		scope: DeduplicationScope,
		contextData: ICheckProcessedContextData,
	): Promise<void> {
		const key = `${contextData.workflow.id}|${scope === 'node' ? `n:${contextData.node?.id}` : ''}`;
		this.calls++;
		await tick();
		if (this.failure) throw this.failure;
		const found = this.rows.get(key);
		if (!found) return;
		const data = [...found.data];
		for (const hash of items.map(hashOf)) {
			const index = data.indexOf(hash);
			if (index !== -1) data.splice(index, 1);
		}
		await tick();
		this.rows.set(key, { mode: found.mode, data });
	}
}

/** What n8n-core's service calls; routed to the current store. */
class RoutingDeduplicator implements IDataDeduplicator {
	store: ProcessedDataStore | undefined;

	private get current(): ProcessedDataStore {
		if (!this.store) throw new Error('no processed-data store');
		return this.store;
	}

	async checkProcessedAndRecord(
		...args: Parameters<ProcessedDataStore['checkProcessedAndRecord']>
	) {
		return await this.current.checkProcessedAndRecord(...args);
	}

	async checkProcessedItemsAndRecord(): Promise<IDeduplicationOutput> {
		throw new Error('not used by the trigger');
	}

	async removeProcessed(...args: Parameters<ProcessedDataStore['removeProcessed']>) {
		return await this.current.removeProcessed(...args);
	}

	async clearAllProcessedItems(): Promise<void> {
		throw new Error('not used by the trigger');
	}

	async getProcessedDataCount(): Promise<number> {
		throw new Error('not used by the trigger');
	}
}

const router = new RoutingDeduplicator();
let initialised: Promise<void> | undefined;

/** A fresh store, made the one n8n-core's DataDeduplicationService uses from now on. */
export function useProcessedDataStore(store = new ProcessedDataStore()): ProcessedDataStore {
	initialised ??= DataDeduplicationService.init(
		router as unknown as Parameters<typeof DataDeduplicationService.init>[0],
	);
	router.store = store;
	return store;
}
