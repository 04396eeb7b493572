'use strict';
// The delivery body the benchmarks send: a fax_received event as Fax.Plus's webhook payload has it.
const FAX_TIME = '2026-11-21 20:00:00';

/** A realistic fax_received payload for the fax `id`, with `comment` in its data. */
function faxReceivedPayload(id, comment = '') {
	return {
		hook: { id, event: 'fax_received', event_time: FAX_TIME, target: '' },
		data: {
			id,
			uid: 'owner_1',
			owner_id: 'owner_1',
			pages: 2,
			status: 'success',
			start_time: FAX_TIME,
			submit_time: FAX_TIME,
			last_update: FAX_TIME,
			file: `${id}.pdf`,
			file_name: `${id}.pdf`,
			header: '',
			comment,
			description: '',
			cost: 0,
			is_read: false,
			is_spam: false,
			direction: 'incoming',
			from: '+4930123456',
			to: '+15551230001',
			duration: 58,
		},
	};
}

module.exports = { faxReceivedPayload };
