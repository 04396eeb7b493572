import { formatSendTime, formatUtc, parseDateTime } from '../../../../nodes/shared/api/dates';
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
});
