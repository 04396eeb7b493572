// Shapes of the fax API's answers, as the spec gives them.

/** GET /accounts/{user_id}/faxes/{fax_id}/ai/field-extraction. */
export interface FieldExtractionResult {
	/** Processing status; only `finished` carries data. Other values are not listed by the spec. */
	status: string;
	/** Extracted fields as string-keyed values; present when processing is finished. */
	data?: Record<string, unknown>;
}

/** The item Get Field Extraction outputs when the extraction is finished. */
export interface FieldExtractionFinished {
	faxId: string;
	status: 'finished';
	finished: true;
	data: Record<string, unknown>;
}

/** The item Get Field Extraction outputs while there is no data (yet). */
export interface FieldExtractionNotFinished {
	faxId: string;
	status: string;
	finished: false;
	message: string;
}

/** The JSON of the Download Thumbnail item when the input item has none. */
export interface ThumbnailReference {
	faxId: string;
	userId: string;
}
