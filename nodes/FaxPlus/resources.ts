// Every resource of the action node, keyed by the Resource picker's values; the router reads it.
import type { FaxPlusResource } from './shared/types';
import * as account from './account/Account.resource';
import * as contact from './contact/Contact.resource';
import * as contactGroup from './contactGroup/ContactGroup.resource';
import * as outbox from './outbox/Outbox.resource';
import * as fax from './fax/Fax.resource';
import * as number from './number/Number.resource';
import * as ai from './ai/Ai.resource';
import * as shop from './shop/Shop.resource';
import * as token from './token/Token.resource';
import * as webhook from './webhook/Webhook.resource';
import * as legacyHook from './legacyHook/LegacyHook.resource';
import { customApiCallResource } from './customApiCall/customApiCall.operation';

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
	customApiCall: customApiCallResource,
};
