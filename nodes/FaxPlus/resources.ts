import type { FaxPlusResource } from './shared/types';
import { account } from './account';
import { contact } from './contact';
import { contactGroup } from './contactGroup';
import { outbox } from './outbox';
import { fax } from './fax';
import { number } from './number';
import { ai } from './ai';
import { shop } from './shop';
import { token } from './token';
import { webhook } from './webhook';
import { legacyHook } from './legacyHook';
import { customApiCall } from './customApiCall';

/** Every resource of the node, keyed by the `resource` parameter's values. */
export const resources: Record<string, FaxPlusResource> = {
	fax,
	number,
	outbox,
	account,
	contact,
	contactGroup,
	ai,
	shop,
	token,
	webhook,
	legacyHook,
	customApiCall,
};
