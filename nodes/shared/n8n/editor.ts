// What n8n's loader and editor make of the nodes' descriptions (README.md).

/** What the action node does, in words n8n shows where it lists the node alone (as a tool). */
export const ACTION_DESCRIPTION =
	'Send faxes and check their status; read, download and extract the text of faxes; manage numbers and webhooks';

/** The node panel shows an action node and its trigger (the same name + "Trigger") as one entry, with the trigger's description: it says both are inside. */
export const PANEL_DESCRIPTION = `${ACTION_DESCRIPTION}. Its trigger starts a workflow when a fax arrives or is sent`;
