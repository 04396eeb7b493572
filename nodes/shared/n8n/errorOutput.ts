// Under On Error → Continue (using error output), n8n sends an item that has `error` to the error
// output (WorkflowExecute.handleNodeErrorOutput).
import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

/** The field that sends a failed item to the error output, where the node has one. */
export function errorOutputField(
	context: IExecuteFunctions,
	error: () => NonNullable<INodeExecutionData['error']>,
): Pick<INodeExecutionData, 'error'> {
	return context.getNode().onError === 'continueErrorOutput' ? { error: error() } : {};
}
