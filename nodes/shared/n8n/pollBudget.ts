// n8n's time for one poll (IPollFunctions.getPollBudgetMs), which not every release has.
import type { IExecuteFunctions, IPollFunctions } from 'n8n-workflow';

/** n8n's budget for this poll in milliseconds; undefined where the context or release gives none. */
export function n8nPollBudgetMs(context: IPollFunctions | IExecuteFunctions): number | undefined {
	const budget = 'getPollBudgetMs' in context ? Number(context.getPollBudgetMs?.()) : NaN;
	return Number.isFinite(budget) && budget > 0 ? budget : undefined;
}
