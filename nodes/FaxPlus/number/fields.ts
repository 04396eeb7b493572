import type { SimplifiedShape } from '../shared/output';

/** What Output → Simplified keeps of a number record (who it is assigned to as the user's ID). */
export const SIMPLIFIED_NUMBER: SimplifiedShape = {
	fields: ['id', 'number', 'status', 'assigned_to', 'acquired_date', 'expiration_date'],
	flatten: { assigned_to: 'uid' },
};
