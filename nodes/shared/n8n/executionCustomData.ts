// Where a run's custom data is, beyond n8n-workflow's types (README.md).
import type { IExecuteFunctions, IWorkflowExecutionCustomData } from 'n8n-workflow';

/** The execution's custom data, or undefined where this context has none (then none is saved and the run goes on). */
export function executionCustomData(context: IExecuteFunctions) {
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
