import type { IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

/** One operation of one resource: its parameters and what it does for one item. */
export interface FaxPlusOperation {
	description: INodeProperties[];
	execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]>;
}

/** One resource: its operation picker, and its operations keyed by the picker's values. */
export interface FaxPlusResource {
	description: INodeProperties[];
	operations: Record<string, FaxPlusOperation>;
}
