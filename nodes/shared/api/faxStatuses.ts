// Fax statuses (SDK's FaxStatus, apidoc's meanings; failed_fs_49/_2 from T.30, unconfirmed), then the outbox's.

const PAGES_INVALID =
	'The file could not be converted. Check that every page of the documents is valid.';

interface FaxStatusInfo {
	name: string;
	meaning: string;
	/** Whether sending the same fax again, unchanged, may succeed (busy, no answer, network); absent when something must change first. */
	retryable?: true;
}

/** Keyed by the status as the API sends it; in the SDK's order, `in_progress` (from the API reference, not the SDK's enum) last. */
export const FAX_STATUSES: Record<string, FaxStatusInfo> = {
	success: { name: 'Success', meaning: 'The fax was sent (or received) completely.' },
	partially_sent: {
		name: 'Partially Sent',
		meaning: 'The first pages went through, then the call dropped because of connection problems.',
		retryable: true,
	},
	partially_received: {
		name: 'Partially Received',
		meaning:
			'The first pages arrived, then the call dropped because of connection problems; the sender has to send again.',
	},
	insufficient_credit: {
		name: 'Insufficient Credit',
		meaning:
			'Not enough credit to send or receive the pages. Add credit or wait for the plan to reset before trying again.',
	},
	failed: {
		name: 'Failed',
		meaning: 'A generic error. Try again, and contact Fax.Plus support if it keeps failing.',
		retryable: true,
	},
	failed_internal_process_error: {
		name: 'Failed: Internal Error',
		meaning: 'An internal error at Fax.Plus. Try again, and contact support if it keeps failing.',
		retryable: true,
	},
	failed_user_busy: {
		name: 'Failed: Line Busy',
		meaning: 'The destination line was busy. Wait a little and try again.',
		retryable: true,
	},
	failed_no_answer: {
		name: 'Failed: No Answer',
		meaning: 'Nobody answered at the destination. Try again when the recipient is available.',
		retryable: true,
	},
	failed_unallocated_number: {
		name: 'Failed: Number Not in Service',
		meaning: 'The number does not exist. Check the number, with its country and area codes.',
	},
	failed_office_converter_issue: {
		name: 'Failed: Office Conversion',
		meaning:
			'The Microsoft Office document could not be converted. Recreate the file and send it again.',
	},
	failed_separate_file_pages_issue: { name: 'Failed: File Pages', meaning: PAGES_INVALID },
	failed_render_header_issue: { name: 'Failed: Header Rendering', meaning: PAGES_INVALID },
	failed_invalid_number_format: {
		name: 'Failed: Invalid Number Format',
		meaning: 'The number is not in a valid format. Check it, with its country and area codes.',
	},
	failed_mimetype_not_supported: {
		name: 'Failed: File Type Not Supported',
		meaning: 'The file type cannot be faxed. Convert it, e.g. to PDF.',
	},
	failed_destination_not_supported: {
		name: 'Failed: Destination Not Supported',
		meaning: 'The number is a special service number, or the plan does not cover it.',
	},
	failed_image_preparation: { name: 'Failed: Image Preparation', meaning: PAGES_INVALID },
	failed_to_send: {
		name: 'Failed: System Busy',
		meaning: 'Fax.Plus was busy. Try again later.',
		retryable: true,
	},
	failed_normal_temporary_failure: {
		name: 'Failed: Temporary Network Issue',
		meaning: 'A temporary network problem. Try again right away.',
		retryable: true,
	},
	failed_unknown_converter_issue: {
		name: 'Failed: Conversion',
		meaning: 'The file could not be converted. Check that it is not password-protected.',
	},
	failed_normal_clearing: {
		name: 'Failed: Destination Busy',
		meaning: 'The destination was busy. Wait a little and try again.',
		retryable: true,
	},
	failed_convert_to_tiff_issue: {
		name: 'Failed: Conversion to TIFF',
		meaning:
			'The file could not be converted to a fax image. Check that every page of the documents is valid.',
	},
	failed_fs_49: {
		name: 'Failed: Call Dropped (FS 49)',
		meaning: 'The call dropped before the fax was complete (fax protocol code 49). Try again.',
		retryable: true,
	},
	failed_fs_2: {
		name: 'Failed: No Fax Answered (FS 2)',
		meaning:
			'No fax machine answered in time (fax protocol code 2). Try again, and check that the number is a fax line.',
		retryable: true,
	},
	in_progress: {
		name: 'In Progress',
		meaning:
			'The fax is still being received; some pages may already be there. Wait for the final status.',
	},
};

/** A status's entry in `table` (case and spaces aside), or undefined for one it does not know (a newer one). */
function entryOf<T>(table: Record<string, T>, value: unknown): T | undefined {
	const key = typeof value === 'string' ? value.trim().toLowerCase() : '';
	return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** Whether a status is final; an unknown one is not (never complete on a guess). */
export function isFinalStatus(value: unknown): boolean {
	const info = entryOf(FAX_STATUSES, value);
	return info !== undefined && info !== FAX_STATUSES.in_progress;
}

/** The fields a fax output gets beside its `status`: the meaning and whether a retry makes sense (null for an unknown status). */
export function faxStatusFields(value: unknown) {
	const info = entryOf(FAX_STATUSES, value);
	return {
		statusMeaning: info?.meaning ?? null,
		statusRetryable: info ? info.retryable === true : null,
	};
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
export function outboxStatusFields(value: unknown) {
	const meaning = entryOf(OUTBOX_STATUS_MEANINGS, value) ?? null;
	return { statusMeaning: meaning, statusRetryable: meaning === null ? null : false };
}
