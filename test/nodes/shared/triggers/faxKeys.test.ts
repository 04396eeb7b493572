import { faxKeyOf, faxKeysOfDelivery } from '../../../../nodes/shared/triggers/faxKeys';

describe('fax-level keys of the shared record', () => {
	it('fax_received and a first fax_sent: the event and the fax ID, as the polling trigger records them', () => {
		expect(faxKeysOfDelivery({ event: 'fax_received', id: 'f1' }, { id: 'f1' })).toEqual({
			gate: [faxKeyOf('fax_received', 'f1')],
			also: [],
		});
		expect(faxKeysOfDelivery({ event: 'fax_sent', id: 'f2' }, { id: 'f2' })).toEqual({
			gate: ['fax:fax_sent:f2'],
			also: [],
		});
		// hook.id is the fax; without it, data.id.
		expect(faxKeysOfDelivery({ event: 'fax_received' }, { id: 7 }).gate).toEqual([
			'fax:fax_received:7',
		]);
	});

	it('a fax_sent Fax.Plus retried: each attempt is its own event, and it stands for the fax under both IDs', () => {
		expect(faxKeysOfDelivery({ event: 'fax_sent', id: 'f3' }, { id: 's2' })).toEqual({
			gate: ['fax:fax_sent:f3:attempt:s2'],
			also: ['fax:fax_sent:f3', 'fax:fax_sent:s2'],
		});
	});

	it('fax_page_received (the fax list shows no pages), no fax ID or no event: none', () => {
		expect(faxKeysOfDelivery({ event: 'fax_page_received', id: 'f4' }, { page: 2 })).toEqual({
			gate: [],
			also: [],
		});
		expect(faxKeysOfDelivery({ event: 'fax_received' }, {})).toEqual({ gate: [], also: [] });
		expect(faxKeysOfDelivery(undefined, undefined)).toEqual({ gate: [], also: [] });
	});
});
