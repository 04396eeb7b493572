import { entriesOf } from '../../../../nodes/shared/api/pager';

describe('api/lists entriesOf', () => {
	const a = { id: 'a' };
	const b = { id: 'b' };

	it.each([
		['a bare array', [a, b]],
		['records', { records: [a, b] }],
		['data', { data: [a, b] }],
		['faxes', { faxes: [a, b] }],
		['numbers', { numbers: [a, b] }],
		['members', { members: [a, b] }],
		['data.records, as the SDK documents the fax list', { data: { records: [a, b] } }],
	])('finds the entries in %s', (_case, answer) => {
		expect(entriesOf(answer)).toEqual([a, b]);
	});

	it('prefers the given key', () => {
		expect(entriesOf({ data: [a], numbers: [b] }, 'numbers')).toEqual([b]);
	});

	it.each([[undefined], [null], [''], [{}], [{ records: 'x' }], [{ total: 3 }]])(
		'answers no entry for %p',
		(answer) => {
			expect(entriesOf(answer)).toEqual([]);
		},
	);

	it('drops entries that are not objects', () => {
		expect(entriesOf([a, null, 'x', b])).toEqual([a, b]);
	});
});
