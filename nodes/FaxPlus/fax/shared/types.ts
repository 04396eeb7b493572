// Shapes of the fax API's answers, as the spec gives them.

/** The JSON of the Download Thumbnail item when the input item has none. */
export interface ThumbnailReference {
	faxId: string;
	userId: string;
}

// ---- Beyond the published v3.5 spec (shapes from Fax.Plus's public SDK documentation).

/** A fax record (GET /accounts/{user_id}/faxes[/{fax_id}]); the spec does not show its fields. */
export type FaxRecord = Record<string, unknown> & { id?: string };

/** The formats a fax document can be downloaded (and a file uploaded) in. */
export type { FaxFileFormat } from '../../../api/faxFiles';

/** Answer of POST /accounts/{user_id}/files (multipart part `fax_file`): the SDK's FilePath model says `path`, its prose `file_path`. */
export interface UploadedFile {
	path?: string;
	file_path?: string;
}

/** Body of POST /accounts/{user_id}/outbox. */
export interface OutboxPayload {
	/**
	 * One of the account's numbers (E.164), several separated by commas (Fax.Plus picks one per
	 * destination), or `no_number` for a corporate member without one.
	 */
	from: string;
	to: string[];
	files: string[];
	/** Comment of the fax (the SDK's OutboxComment: `text` and `tags`). */
	comment?: { text?: string; tags?: string[] };
	options?: { enhancement?: boolean; retry?: { count?: number; delay?: number } };
	/** `YYYY-MM-DD HH:mm:ss +HHMM`. */
	send_time?: string;
	return_ids: true;
	cover_page?: CoverPage;
	/**
	 * A fax whose document is sent again (resend, forward), after the uploaded `files`
	 * (apidoc.fax.plus "Send a fax" note; its shape is not in the SDKs: read as the fax's ID).
	 */
	from_fax?: string;
}

export type CoverPageFlag = 'urgent' | 'for_review' | 'please_reply' | 'confidential';

export interface CoverPage {
	name_to: string;
	name_from: string;
	subject: string;
	message?: string;
	flags?: CoverPageFlag[];
}

/** Answer of POST /accounts/{user_id}/outbox with `return_ids` (the SDK's SendFaxResponse): outbox fax ids by destination number. */
export interface OutboxCreated {
	ids: Record<string, string>;
}

/** What one Send created: its outbox faxes by destination, and what every item of it carries. */
export interface FaxSent {
	/** Outbox fax id per destination number, as Fax.Plus answers them. */
	ids: Record<string, string>;
	to: string[];
	from: string;
	/** When n8n queued it, ISO 8601 UTC: what Fax → Get Status matches a sent fax by. */
	sentAt: string;
	/** Pages of the uploaded documents, when every one could be counted. */
	pages?: number;
	/** The fax sent again, when the document source is an existing fax. */
	fromFax?: string;
	/** `YYYY-MM-DD HH:mm:ss +0000` when the fax is scheduled. */
	sendTime?: string;
	/** The marker of the Idempotency Key in the comment's tags and text, when the send has a key. */
	commentTag?: string;
}
