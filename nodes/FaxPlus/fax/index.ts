import * as operations from './operations';
import { defineResource } from '../shared/resource';
import { searchFaxes } from './shared/search';
import { searchSenderNumbers } from './send/senders';

export const fax = defineResource({
	option: { name: 'Fax', value: 'fax' },
	listSearch: { searchFaxes, searchSenderNumbers },
	operations: Object.values(operations),
	defaultOperation: 'send',
	defaultFirst: true,
	untrusted: [
		{ field: 'comment', as: 'comment' },
		{ field: 'header', as: 'faxHeader' },
		{ field: 'from', as: 'callerId', when: (record) => record.direction === 'incoming' },
		// apidoc's example records name the sender `from_number` (the SDK: `from`).
		{ field: 'from_number', as: 'callerId', when: (record) => record.direction === 'incoming' },
	],
});
