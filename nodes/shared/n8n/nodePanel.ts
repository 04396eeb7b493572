// n8n's node panel shows an action node and its trigger (the same name + "Trigger") as one entry,
// with the trigger's description (the editor's generateMergedNodesAndActions).

/** What the one panel entry of Fax.Plus and Fax.Plus Trigger says: both nodes carry it. */
export const PANEL_DESCRIPTION =
	'Send faxes and check their status; read, download and extract the text of faxes; manage numbers and webhooks';
