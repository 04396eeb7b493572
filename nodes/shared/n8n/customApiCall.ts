// n8n appends its own "Custom API Call" to a resource or operation list of a node whose credential
// authenticates, unless the list's last entry has that name; a node saved with its value still runs
// (README.md; docs/operations.md, "Custom API Call").

/** n8n's value of its own entry (n8n's CUSTOM_API_CALL_KEY). */
export const N8N_CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** The name that, on a list's last entry, keeps n8n from adding its own. */
export const CUSTOM_API_CALL_NAME = 'Custom API Call';
