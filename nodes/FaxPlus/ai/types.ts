// Shapes of the Fax AI API's requests and answers, as the spec gives them.

/** GET /accounts/self/ai/credits. */
export interface AiCreditSummary {
	credits_remaining: number;
	/** Per-feature usage; features seen: `ocr`, `field_extraction`. */
	usage: Array<{ feature: string; credits_used: number }>;
	/** ISO 8601 UTC timestamp of the next credit reload. */
	reload_at: string;
}

/** An AI custom field definition. */
export interface AiCustomField {
	id: string;
	name: string;
	instructions: string;
	enabled: boolean;
}

/** GET /accounts/self/ai/custom-fields. */
export interface AiCustomFieldList {
	records: AiCustomField[];
}

/** Body of POST /accounts/self/ai/custom-fields. */
export interface AiCustomFieldCreate {
	name: string;
	instructions: string;
	enabled: boolean;
}

/** Body of PATCH /accounts/self/ai/custom-fields/{field_id}: only the fields being changed. */
export type AiCustomFieldUpdate = Partial<AiCustomFieldCreate>;
