// Shapes of the legacy hook API's answers. The hook record lives in hooks.ts (shared with the trigger);
// the spec does not give the field names of legacy bodies.
export type { LegacyHook } from '../../api/legacyHooks';

/** The item Delete outputs: the API answers with an empty body. */
export interface LegacyHookDeleted {
	deleted: true;
	hookId: string;
}
