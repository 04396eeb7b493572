import type {
	IDataObject,
	IExecuteFunctions,
	ILoadOptionsFunctions,
	INodeExecutionData,
	INodeListSearchResult,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';

/** An operation file (`<op>.operation.ts`) as the router and its resource read it. */
export interface FaxPlusOperation {
	/** Its entry in the operation picker. */
	option: INodePropertyOptions;
	/** Its parameters, shown only for it (updateDisplayOptions). */
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	/** At most this many items at once, whatever Items at Once says; 1: in order, and no node Options. */
	maxItemsAtOnce?: number;
	/** The fields of its answer that others wrote, moved under `untrusted` for an AI agent. */
	untrusted?: UntrustedField[];
	/** What the operation does that an AI agent may do only when allowed (see agentAccess.ts); none: reading. */
	agentRisk?: AgentRisk;
}

/** A field of an answer written by someone else, and the name it gets under `untrusted`. */
export interface UntrustedField {
	field: string;
	as: string;
	/** Only for records this is true of (e.g. a caller ID of a received fax). */
	when?: (record: IDataObject) => boolean;
}

/** Why an agent may not run an operation unless allowed, and, if only sometimes, when. */
export interface AgentRisk {
	kind: 'spends' | 'deletes' | 'changes';
	/** Only when this is true for the item (e.g. an option that requests paid work is on). */
	when?: (context: IExecuteFunctions, itemIndex: number) => boolean;
	/** When, in words, for the switch's description (with `when`). */
	whenText?: string;
}

export type ListSearchMethod = (
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
) => Promise<INodeListSearchResult>;

/** One resource: its operation picker and operations' parameters, and its operations keyed by the picker's values. */
export interface FaxPlusResource {
	description: INodeProperties[];
	operations: Record<string, FaxPlusOperation>;
}
