// Where a node finds its execution's custom data: n8n-workflow's types do not place it alike on
// every release. Read in n8n-core on n8n 1.123.81, 2.0.3 and 2.41.1: 2.41.1 has the context's
// customData (it throws where the context has no run data); 1.123.81 and 2.0.3 have only the
// expressions' $execution.customData (n8n's docs show it in the Code node), through the workflow
// data proxy, which 2.41.1 keeps too. Elsewhere no custom data is saved: the run goes on.
import type { IExecuteFunctions, IWorkflowExecutionCustomData } from 'n8n-workflow';

/** The execution's custom data, or undefined where this context has none. */
export function executionCustomData(
	context: IExecuteFunctions,
): IWorkflowExecutionCustomData | undefined {
	try {
		const direct = (context as { customData?: IWorkflowExecutionCustomData }).customData;
		if (direct && typeof direct.set === 'function') return direct;
	} catch {
		// n8n 2.x throws when the context has no run data.
	}
	try {
		const proxy = context.getWorkflowDataProxy(0) as {
			$execution?: { customData?: IWorkflowExecutionCustomData };
		};
		const viaProxy = proxy?.$execution?.customData;
		if (viaProxy && typeof viaProxy.set === 'function') return viaProxy;
	} catch {
		// No custom data in this context.
	}
	return undefined;
}
