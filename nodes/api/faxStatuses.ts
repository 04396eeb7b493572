// Every fax status Fax.Plus reports, what it means in plain words and whether sending again makes
// sense. Pure (no n8n imports): the triggers' and the action's status choices and the fax outputs use it.
//
// Sources: the 23 values and their order are the SDK's FaxStatus (AlohiHQ/faxplus-js models/fax-status.ts);
// the meanings and what to do are apidoc.fax.plus/concepts/fax ("Fax Error Statuses"), which also lists
// `in_progress` (a fax still being received). failed_fs_49 and failed_fs_2 are not in the table: their
// meaning is read from the fax protocol's result codes (T.30: 49 call dropped, 2 no fax answer) and is unconfirmed.

interface FaxStatusInfo {
	/** The status as the API sends it, e.g. `failed_user_busy`. */
	value: string;
	/** A short label for pickers. */
	name: string;
	/** What happened, in plain words. */
	meaning: string;
	/** Whether sending the same fax again, unchanged, may succeed (busy, no answer, network); false when something must change first. */
	retryable: boolean;
}

const status = (
	value: string,
	name: string,
	meaning: string,
	retryable: boolean,
): FaxStatusInfo => ({ value, name, meaning, retryable });

/** In the SDK's order; `in_progress` (from the API reference, not the SDK's enum) last. */
const FAX_STATUSES: readonly FaxStatusInfo[] = [
	status('success', 'Success', 'The fax was sent (or received) completely.', false),
	status(
		'partially_sent',
		'Partially Sent',
		'The first pages went through, then the call dropped because of connection problems.',
		true,
	),
	status(
		'partially_received',
		'Partially Received',
		'The first pages arrived, then the call dropped because of connection problems; the sender has to send again.',
		false,
	),
	status(
		'insufficient_credit',
		'Insufficient Credit',
		'Not enough credit to send or receive the pages. Add credit or wait for the plan to reset before trying again.',
		false,
	),
	status(
		'failed',
		'Failed',
		'A generic error. Try again, and contact Fax.Plus support if it keeps failing.',
		true,
	),
	status(
		'failed_internal_process_error',
		'Failed: Internal Error',
		'An internal error at Fax.Plus. Try again, and contact support if it keeps failing.',
		true,
	),
	status(
		'failed_user_busy',
		'Failed: Line Busy',
		'The destination line was busy. Wait a little and try again.',
		true,
	),
	status(
		'failed_no_answer',
		'Failed: No Answer',
		'Nobody answered at the destination. Try again when the recipient is available.',
		true,
	),
	status(
		'failed_unallocated_number',
		'Failed: Number Not in Service',
		'The number does not exist. Check the number, with its country and area codes.',
		false,
	),
	status(
		'failed_office_converter_issue',
		'Failed: Office Conversion',
		'The Microsoft Office document could not be converted. Recreate the file and send it again.',
		false,
	),
	status(
		'failed_separate_file_pages_issue',
		'Failed: File Pages',
		'The file could not be converted. Check that every page of the documents is valid.',
		false,
	),
	status(
		'failed_render_header_issue',
		'Failed: Header Rendering',
		'The file could not be converted. Check that every page of the documents is valid.',
		false,
	),
	status(
		'failed_invalid_number_format',
		'Failed: Invalid Number Format',
		'The number is not in a valid format. Check it, with its country and area codes.',
		false,
	),
	status(
		'failed_mimetype_not_supported',
		'Failed: File Type Not Supported',
		'The file type cannot be faxed. Convert it, e.g. to PDF.',
		false,
	),
	status(
		'failed_destination_not_supported',
		'Failed: Destination Not Supported',
		'The number is a special service number, or the plan does not cover it.',
		false,
	),
	status(
		'failed_image_preparation',
		'Failed: Image Preparation',
		'The file could not be converted. Check that every page of the documents is valid.',
		false,
	),
	status('failed_to_send', 'Failed: System Busy', 'Fax.Plus was busy. Try again later.', true),
	status(
		'failed_normal_temporary_failure',
		'Failed: Temporary Network Issue',
		'A temporary network problem. Try again right away.',
		true,
	),
	status(
		'failed_unknown_converter_issue',
		'Failed: Conversion',
		'The file could not be converted. Check that it is not password-protected.',
		false,
	),
	status(
		'failed_normal_clearing',
		'Failed: Destination Busy',
		'The destination was busy. Wait a little and try again.',
		true,
	),
	status(
		'failed_convert_to_tiff_issue',
		'Failed: Conversion to TIFF',
		'The file could not be converted to a fax image. Check that every page of the documents is valid.',
		false,
	),
	status(
		'failed_fs_49',
		'Failed: Call Dropped (FS 49)',
		'The call dropped before the fax was complete (fax protocol code 49). Try again.',
		true,
	),
	status(
		'failed_fs_2',
		'Failed: No Fax Answered (FS 2)',
		'No fax machine answered in time (fax protocol code 2). Try again, and check that the number is a fax line.',
		true,
	),
	status(
		'in_progress',
		'In Progress',
		'The fax is still being received; some pages may already be there. Wait for the final status.',
		false,
	),
];

const BY_VALUE = new Map(FAX_STATUSES.map((info) => [info.value, info]));

/** What a status means, or undefined for a status this list does not know (a newer one). */
function faxStatusInfo(value: unknown): FaxStatusInfo | undefined {
	return typeof value === 'string' ? BY_VALUE.get(value.trim().toLowerCase()) : undefined;
}

/**
 * Whether a fax's status is its last: a status this list knows other than in_progress (its record
 * changes again). An unknown status counts as not final, so a fax is never taken as complete on a guess.
 */
export function isFinalStatus(value: unknown): boolean {
	const info = faxStatusInfo(value);
	return info !== undefined && info.value !== 'in_progress';
}

/** The choices of a status picker ("Only Fax Statuses"), sorted by label. */
export const FAX_STATUS_OPTIONS: Array<{ name: string; value: string; description: string }> =
	FAX_STATUSES.map((info) => ({
		name: info.name,
		value: info.value,
		description: info.meaning,
	})).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** The fields a fax output gets beside its `status`: the meaning and whether a retry makes sense (null for an unknown status). */
export function faxStatusFields(value: unknown): {
	statusMeaning: string | null;
	statusRetryable: boolean | null;
} {
	const info = faxStatusInfo(value);
	return { statusMeaning: info?.meaning ?? null, statusRetryable: info?.retryable ?? null };
}

/** What the statuses of a fax still in the outbox mean: none is final, and sending again would send twice. */
const OUTBOX_STATUS_MEANINGS: Record<string, string> = {
	submitted: 'Queued in the outbox; Fax.Plus is about to convert and send it.',
	converting: 'Fax.Plus is converting the documents into fax pages.',
	scheduled: 'Waiting in the outbox until its Send At time.',
	scheduled_for_sending: 'Converted and waiting for a line to send it.',
	sending: 'Being sent now.',
};

/** `statusMeaning` and `statusRetryable` of an outbox fax (null for a status this list does not know). */
export function outboxStatusFields(value: unknown): {
	statusMeaning: string | null;
	statusRetryable: boolean | null;
} {
	const meaning =
		typeof value === 'string' ? OUTBOX_STATUS_MEANINGS[value.trim().toLowerCase()] : undefined;
	return meaning === undefined
		? { statusMeaning: null, statusRetryable: null }
		: { statusMeaning: meaning, statusRetryable: false };
}
