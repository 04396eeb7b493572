import type { ListSearchMethod, LoadOptionsMethod } from './shared/types';
import { resources } from './resources';

// The lists the editor loads from the API, gathered from every resource.
export const loadOptions: Record<string, LoadOptionsMethod> = Object.assign(
	{},
	...Object.values(resources).map((resource) => resource.loadOptions ?? {}),
);

export const listSearch: Record<string, ListSearchMethod> = Object.assign(
	{},
	...Object.values(resources).map((resource) => resource.listSearch ?? {}),
);
