import type { FaxPlusResource } from './shared/types';
import { account } from './account';

/** Every resource of the node, keyed by the `resource` parameter's values. */
export const resources: Record<string, FaxPlusResource> = {
	account,
};
