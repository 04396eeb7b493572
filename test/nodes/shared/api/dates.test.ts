import {
	formatSendTime,
	formatUtc,
	isoTime,
	parseDateTime,
} from '../../../../nodes/shared/api/dates';
import { TOKEN_TIMES, withIsoTimes } from '../../../../nodes/FaxPlus/shared/items';
import { fromLuxon } from '../../../../nodes/shared/n8n/executeContext';

describe('shared/dates', () => {
	const iso = (value: unknown, zone?: string) => parseDateTime(value, zone)?.toISOString();

	it.each([
		['2030-01-15T09:30:00Z', '2030-01-15T09:30:00.000Z'],
		['2030-01-15T09:30:00.123z', '2030-01-15T09:30:00.123Z'],
		['2030-07-01T11:00:00+02:00', '2030-07-01T09:00:00.000Z'],
		['2030-07-01T11:00:00-0530', '2030-07-01T16:30:00.000Z'],
		['2030-07-01 11:00 +01', '2030-07-01T10:00:00.000Z'],
		['2030-01-15 09:00:00 +0000', '2030-01-15T09:00:00.000Z'],
	])('reads %s with its zone', (value, expected) => {
		expect(iso(value, 'Europe/Berlin')).toBe(expected);
	});

	it("reads a value without a zone in the workflow's time zone, summer and winter", () => {
		expect(iso('2030-01-15T09:00:00', 'Europe/Berlin')).toBe('2030-01-15T08:00:00.000Z');
		expect(iso('2030-07-15T09:00:00', 'Europe/Berlin')).toBe('2030-07-15T07:00:00.000Z');
		expect(iso('2030-07-15 09:00', 'America/New_York')).toBe('2030-07-15T13:00:00.000Z');
		expect(iso('2030-01-15', 'Asia/Kolkata')).toBe('2030-01-14T18:30:00.000Z');
	});

	it('reads a value without a zone as UTC when the zone is unknown or not given', () => {
		expect(iso('2030-01-15T09:00:00')).toBe('2030-01-15T09:00:00.000Z');
		expect(iso('2030-01-15T09:00:00', 'Not/AZone')).toBe('2030-01-15T09:00:00.000Z');
	});

	it('reads a Date, epoch milliseconds and a Luxon-like DateTime', () => {
		const date = new Date('2030-01-15T09:00:00Z');
		expect(iso(date)).toBe('2030-01-15T09:00:00.000Z');
		expect(iso(date.getTime())).toBe('2030-01-15T09:00:00.000Z');
		expect(iso(fromLuxon({ toJSDate: () => date }))).toBe('2030-01-15T09:00:00.000Z');
		expect(iso(fromLuxon({ toISO: () => '2030-01-15T10:00:00+01:00' }))).toBe(
			'2030-01-15T09:00:00.000Z',
		);
	});

	it.each([
		['tomorrow'],
		['2030-13-01T00:00:00Z'],
		['2030-02-30'],
		['2030-01-15T24:00:00Z'],
		[''],
		[{}],
		[true],
		[Number.NaN],
		[new Date('x')],
	])('answers undefined for %p', (value) => {
		expect(parseDateTime(value, 'UTC')).toBeUndefined();
	});

	it('formats in UTC, for queries and for send_time', () => {
		const date = new Date('2030-03-04T05:06:07.890Z');
		expect(formatUtc(date)).toBe('2030-03-04 05:06:07');
		expect(formatSendTime(date)).toBe('2030-03-04 05:06:07 +0000');
	});

	it("outputs each of Fax.Plus's times as ISO 8601 UTC under its camelCase name, in the form Fax.Plus writes it", () => {
		const record = {
			id: 'num_3',
			acquired_date: '2024-01-10 00:00:00',
			send_time: '2030-01-15 09:30:00 +0200',
			creation_date: '2024-03-01',
			submit_time: 'not a time',
			last_update: 1_700_000_000_000,
			other_date: '2024-01-10 00:00:00',
		};
		expect(withIsoTimes(record)).toEqual({
			id: 'num_3',
			acquiredDate: '2024-01-10T00:00:00Z',
			sendTime: '2030-01-15T07:30:00Z',
			creationDate: '2024-03-01T00:00:00Z',
			// Not in the form Fax.Plus writes the field: kept as it came.
			submitTime: 'not a time',
			lastUpdate: 1_700_000_000_000,
			// Not one of Fax.Plus's time fields: left alone.
			other_date: '2024-01-10 00:00:00',
		});
		const token = {
			created_date: 1_700_000_000_123,
			expiration_date: '2030-01-01',
			last_used: null,
		};
		expect(withIsoTimes(token, TOKEN_TIMES)).toEqual({
			createdDate: '2023-11-14T22:13:20.123Z',
			expirationDate: '2030-01-01',
			lastUsed: null,
		});
		expect(isoTime(8.64e15 + 1, 'milliseconds')).toBe(8.64e15 + 1);
		expect(isoTime('2024-13-01 00:00:00')).toBe('2024-13-01 00:00:00');
		// Outside text past any time's length is left as it came, never matched.
		const padded = `2024-01-10 00:00:00${' '.repeat(60)}`;
		expect(isoTime(padded.slice(0, 64))).toBe('2024-01-10T00:00:00Z');
		expect(isoTime(padded)).toBe(padded);
	});
});
