import type { ListSearchMethod } from './shared/types';
import { resources } from './resources';

/** The lists the editor searches in the API, gathered from every resource. */
export const listSearch: Record<string, ListSearchMethod> = Object.assign(
	{},
	...Object.values(resources).map((resource) => resource.listSearch ?? {}),
);
