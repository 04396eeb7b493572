import { faxStatusFields } from '../../../api/faxStatuses';
import type { FaxRecord } from './types';

/** A fax record with its status explained (`statusMeaning`, `statusRetryable`), when it has a status. */
export function withStatusMeaning(fax: FaxRecord): FaxRecord {
	return fax && typeof fax === 'object' && 'status' in fax
		? { ...fax, ...faxStatusFields(fax.status) }
		: fax;
}
