// What n8n does with "Custom API Call", read in n8n 2.41.1's and 2.0.3's server and editor and
// tried in both editors (docs/operations.md, "Custom API Call"). On loading a node whose credential
// has `authenticate` or extends oAuth2Api (both of ours), n8n appends
// { name: 'Custom API Call', value: '__CUSTOM_API_CALL__' } to every `resource` and `operation`
// list, unless the list's last entry is already named "Custom API Call"
// (load-nodes-and-credentials.js, injectCustomApiCallOptions). Chosen in the node, that value makes
// the editor hide every parameter but Credential, Resource and Operation and say "Use the HTTP
// Request node…" (mustHideDuringCustomApiCall), whose predefined credential restrictToSupportedNodes
// refuses from 2.24; for an installed community node the node panel shows no custom-call link. So
// each of the node's lists ends with the package's own entry of that name
// (nodes/FaxPlus/shared/customApiCall.ts) and n8n adds none; a node saved with n8n's value still
// runs the call.

/** n8n's value of its own entry (n8n's CUSTOM_API_CALL_KEY). */
export const N8N_CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** The name that, on a list's last entry, keeps n8n from adding its own. */
export const CUSTOM_API_CALL_NAME = 'Custom API Call';
