// What n8n's loader and editor make of the nodes' descriptions (README.md).

/** n8n's value of its own "Custom API Call" entry (CUSTOM_API_CALL_KEY); a node saved with it still runs. */
export const N8N_CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

/** The name that, on a resource or operation list's last entry, keeps n8n from adding its own. */
export const CUSTOM_API_CALL_NAME = 'Custom API Call';

/** The node panel shows an action node and its trigger (the same name + "Trigger") as one entry, with the trigger's description: both nodes carry it. */
export const PANEL_DESCRIPTION =
	'Send faxes and check their status; read, download and extract the text of faxes; manage numbers and webhooks';
