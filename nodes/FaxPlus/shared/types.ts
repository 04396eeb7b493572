// The shapes the router and the resources read: an operation file and a resource.
import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
} from 'n8n-workflow';
import type { AgentRisk } from './display';
import type { UntrustedField } from './output';

/** An operation file (`<op>.operation.ts`) as the router and its resource read it. */
export interface FaxPlusOperation {
	option: INodePropertyOptions;
	/** Its parameters, shown only for it (updateDisplayOptions). */
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
	/** At most this many items at once, whatever Items at Once says; 1: in order, and no node Options. */
	maxItemsAtOnce?: number;
	/** The fields of its answer that others wrote, moved under `untrusted` for an AI agent. */
	untrusted?: UntrustedField[];
	/** What the operation does that an AI agent may do only when allowed (see display.ts); none: reading. */
	agentRisk?: AgentRisk;
	/** What an AI agent reads of it as a tool; none: made of its picker entry (display.ts). */
	toolDescription?: string;
}

/** One resource: its operation picker and operations' parameters, and its operations keyed by the picker's values. */
export interface FaxPlusResource {
	description: INodeProperties[];
	operations: Record<string, FaxPlusOperation>;
}
