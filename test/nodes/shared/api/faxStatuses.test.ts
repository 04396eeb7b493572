import {
	faxStatusFields,
	isFinalStatus,
	outboxStatusFields,
} from '../../../../nodes/shared/api/faxStatuses';
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { triggerParameters } from '../../../../nodes/shared/triggers/properties';

// The SDK's FaxStatus (AlohiHQ/faxplus-js models/fax-status.ts), in its order.
const SDK_STATUSES = [
	'success',
	'partially_sent',
	'partially_received',
	'insufficient_credit',
	'failed',
	'failed_internal_process_error',
	'failed_user_busy',
	'failed_no_answer',
	'failed_unallocated_number',
	'failed_office_converter_issue',
	'failed_separate_file_pages_issue',
	'failed_render_header_issue',
	'failed_invalid_number_format',
	'failed_mimetype_not_supported',
	'failed_destination_not_supported',
	'failed_image_preparation',
	'failed_to_send',
	'failed_normal_temporary_failure',
	'failed_unknown_converter_issue',
	'failed_normal_clearing',
	'failed_convert_to_tiff_issue',
	'failed_fs_49',
	'failed_fs_2',
];

const ALL_STATUSES = [...SDK_STATUSES, 'in_progress'];

describe('fax statuses', () => {
	it("knows the SDK's 23 statuses and in_progress from the API reference, each with a meaning", () => {
		expect(SDK_STATUSES).toHaveLength(23);
		for (const status of ALL_STATUSES) {
			const { statusMeaning, statusRetryable } = faxStatusFields(status);
			expect(statusMeaning).toMatch(/^[A-Z].*\.$/);
			expect(typeof statusRetryable).toBe('boolean');
		}
	});

	it('says a retry makes sense where the API reference says to wait or retry, not where something must change first', () => {
		const retryable = ALL_STATUSES.filter((s) => faxStatusFields(s).statusRetryable);
		expect(retryable).toEqual([
			'partially_sent',
			'failed',
			'failed_internal_process_error',
			'failed_user_busy',
			'failed_no_answer',
			'failed_to_send',
			'failed_normal_temporary_failure',
			'failed_normal_clearing',
			'failed_fs_49',
			'failed_fs_2',
		]);
		expect(faxStatusFields('insufficient_credit').statusRetryable).toBe(false);
		expect(faxStatusFields('failed_unallocated_number').statusMeaning).toMatch(/Check the number/);
	});

	it('explains a status in outputs, any case, and null for one it does not know', () => {
		expect(faxStatusFields('FAILED_USER_BUSY')).toEqual({
			statusMeaning: 'The destination line was busy. Wait a little and try again.',
			statusRetryable: true,
		});
		expect(faxStatusFields('failed_new_reason')).toEqual({
			statusMeaning: null,
			statusRetryable: null,
		});
		expect(faxStatusFields(undefined)).toEqual({ statusMeaning: null, statusRetryable: null });
	});

	it("explains an outbox status, never sending again; a name of JavaScript's own objects is no status", () => {
		expect(outboxStatusFields(' Converting ')).toEqual({
			statusMeaning: 'Fax.Plus is converting the documents into fax pages.',
			statusRetryable: false,
		});
		for (const name of ['constructor', 'toString', '__proto__']) {
			expect(faxStatusFields(name)).toEqual({ statusMeaning: null, statusRetryable: null });
			expect(outboxStatusFields(name)).toEqual({ statusMeaning: null, statusRetryable: null });
			expect(isFinalStatus(name)).toBe(false);
		}
	});

	it('takes every known status as final except in_progress; an unknown or missing one is not final', () => {
		const final = ALL_STATUSES.filter((s) => isFinalStatus(s));
		expect(final).toEqual(SDK_STATUSES);
		expect(isFinalStatus('IN_PROGRESS')).toBe(false);
		expect(isFinalStatus('receiving')).toBe(false);
		expect(isFinalStatus(null)).toBe(false);
		expect(isFinalStatus('Partially_Received')).toBe(true);
	});

	it('offers every status as a choice, sorted by label the way the editor compares them', () => {
		const options = triggerParameters({}, []).find((p) => p.name === 'options')?.options;
		const statuses = (options as INodeProperties[]).find((o) => o.name === 'statuses');
		const choices = statuses?.options as INodePropertyOptions[];
		expect(choices).toHaveLength(24);
		const names = choices.map((o) => o.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(new Set(choices.map((o) => o.value))).toEqual(new Set(ALL_STATUSES));
	});
});
