// Shapes of the fax API's answers, as the spec gives them.

/** The JSON of the Download Thumbnail item when the input item has none. */
export interface ThumbnailReference {
	faxId: string;
	userId: string;
}

// ---- Beyond the published v3.5 spec (shapes from Fax.Plus's public SDK documentation).

/** A fax record (GET /accounts/{user_id}/faxes[/{fax_id}]); the spec does not show its fields. */
export type FaxRecord = Record<string, unknown> & { id?: string };

/** Answer of GET /accounts/{user_id}/faxes: the SDK's FaxList, `{ data: { records } }`. */
export interface FaxList {
	data?: { records?: FaxRecord[] };
}

/** Query of GET /accounts/{user_id}/faxes. */
export interface FaxListQuery {
	category?: FaxCategory;
	/** `YYYY-MM-DD HH:mm:ss`, UTC. */
	after?: string;
	/** `YYYY-MM-DD HH:mm:ss`, UTC. */
	before?: string;
	limit: number;
}

export type FaxCategory = 'inbox' | 'sent' | 'spam';

/** Body of PUT /accounts/{user_id}/faxes/{fax_id}: only the fields being changed. */
export interface FaxModification {
	is_read?: boolean;
	comment?: string;
}

/** The item Update outputs when the API answers without a body (204). */
export interface FaxUpdated extends FaxModification {
	updated: true;
	faxId: string;
	userId: string;
}

/** The item Delete outputs (the API answers 204). */
export interface FaxDeleted {
	deleted: true;
	faxId: string;
	userId: string;
}

/** The JSON of a Download / Download Report item when the input item has none. */
export interface FaxFileReference {
	faxId: string;
	userId: string;
}

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

/** Status of a Fax AI job (OCR or field extraction). */
export type AiJobStatus =
	'not_requested' | 'pending' | 'finished' | 'failed' | 'content_filtering_policy';

/** Answer of the Fax AI endpoints of one fax (GET or POST .../ai/ocr and .../ai/field-extraction, PATCH .../ai/field-extraction). */
export interface AiJobAnswer {
	status?: string;
	/** Null when the status is not `finished`. */
	data?: unknown;
}

/** Answer of .../ai/field-extraction: `data` holds the extracted fields as key-value pairs. */
export interface FieldExtractionAnswer extends AiJobAnswer {
	data?: Record<string, unknown> | null;
}

/** Body of PATCH /accounts/{user_id}/faxes/{fax_id}/ai/field-extraction: the user's corrections. */
export interface FieldExtractionCorrection {
	data: Record<string, string | number | boolean | null>;
}

/** The item of Request/Get OCR, Request/Get/Update Field Extraction. */
export interface AiJobResult<Data> {
	faxId: string;
	status: string;
	finished: boolean;
	/** This run asked Fax AI for the job (credits spent). */
	requested?: boolean;
	/** A job requested before was read or waited for instead of requesting it again. */
	reused?: boolean;
	/** What happened and what the status means, in plain words. */
	message: string;
	/** When finished: the recognised text (OCR), the extracted fields (field extraction). */
	data?: Data;
	/** With Wait for Result: how many times the status was read. */
	checks?: number;
}

/** The item Get / Update Field Extraction outputs: `data` holds the extracted fields. */
export type FieldExtractionResult = AiJobResult<Record<string, unknown>>;

/** The item Extract Text and Fields outputs. */
export interface TextAndFields {
	faxId: string;
	/** Both the text and the fields are there. */
	finished: boolean;
	/** The recognised text, once OCR is finished. */
	text: string | null;
	/** The extracted fields, once field extraction is finished. */
	fields: Record<string, unknown> | null;
	ocrStatus: string;
	fieldExtractionStatus: string;
	/** This run asked Fax AI for at least one of them (credits spent). */
	requested: boolean;
	/** At least one was requested before and read or waited for instead. */
	reused: boolean;
	message: string;
	checks?: number;
}
