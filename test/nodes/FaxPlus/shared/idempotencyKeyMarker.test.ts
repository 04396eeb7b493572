// The Idempotency Key's pure rules, by property (fast-check): the marker (found only whole, at its
// place, kept by a comment's change) and n8n's record of a node's keys (how long an entry holds,
// and what the record's answer to a claim and to its read-back means).
import fc from 'fast-check';
import {
	carriesMarker,
	keepingMarker,
	lastLine,
	markedParts,
	markerOf,
} from '../../../../nodes/FaxPlus/shared/idempotencyKeyMarker';
import {
	claimVerdict,
	entriesOfRecord,
	keyRecordOf,
	MARK_WINDOW_MS,
	readBackVerdict,
	type KeyRecord,
} from '../../../../nodes/FaxPlus/fax/send/idempotency/keyRules';

const hex = (length: number) =>
	fc
		.array(fc.constantFrom(...'0123456789abcdef'), { minLength: length, maxLength: length })
		.map((digits) => digits.join(''));
const keyId = hex(24);
const parts = hex(48);
const HOUR = 3_600_000;
const lifetime = fc.integer({ min: 1, max: 24 * 30 }).map((hours) => hours * HOUR);
const instant = fc.integer({ min: 1_600_000_000_000, max: 2_000_000_000_000 });

/** Which of the entries written (a claim's by default) the record answered as new: any subset. */
const answered = (record: KeyRecord, written = entriesOfRecord(record)) =>
	fc
		.array(fc.boolean(), { minLength: written.length, maxLength: written.length })
		.map((flags) => new Set(written.filter((_, i) => flags[i])));
const records = fc
	.tuple(keyId, instant, lifetime, fc.string({ minLength: 1, maxLength: 16 }))
	.map(([id, now, life, nonce]) => keyRecordOf(id, now, life, nonce));
const allNew = (entries: string[], added: Set<string>) =>
	entries.every((entry) => added.has(entry));

describe('the marker', () => {
	it('is found in its place (a whole tag, the last line of a text) with its parts, and only for its key', () => {
		fc.assert(
			fc.property(keyId, keyId, parts, fc.string(), (id, other, p, text) => {
				const marker = markerOf(id, p);
				expect(carriesMarker(marker)).toBe(true);
				expect(markedParts([marker], id)).toBe(p);
				expect(markedParts([lastLine(`${text}\n${marker}`)], id)).toBe(p);
				if (other !== id) expect(markedParts([marker], other)).toBeUndefined();
				// Anywhere but its place, it is not the key's.
				expect(markedParts([`${marker} ${text}`.trimEnd() + 'x'], id)).toBeUndefined();
			}),
		);
	});

	it('stays the last line of a comment whatever new text is written (Update keeps it)', () => {
		fc.assert(
			fc.property(keyId, parts, fc.string(), fc.string(), (id, p, before, after) => {
				const current = before ? `${before}\n${markerOf(id, p)}` : markerOf(id, p);
				const changed = keepingMarker(current, after);
				expect(markedParts([lastLine(changed)], id)).toBe(p);
				// A text without a marker is written as given.
				if (!carriesMarker(before)) expect(keepingMarker(before, after)).toBe(after);
			}),
		);
	});
});

describe("n8n's record of a node's keys", () => {
	it('a key written at one time is still seen for one lifetime, never after two', () => {
		fc.assert(
			fc.property(
				keyId,
				instant,
				lifetime,
				fc.double({ min: 0, max: 3, noNaN: true }),
				(id, then, life, later) => {
					const first = keyRecordOf(id, then, life, 'a');
					const next = keyRecordOf(id, then + Math.floor(later * life), life, 'b');
					const shared = next.used.some((entry) => first.used.includes(entry));
					if (later < 1) expect(shared).toBe(true);
					if (later >= 2) expect(shared).toBe(false);
					expect(next.posting.some((entry) => first.posting.includes(entry))).toBe(shared);
				},
			),
		);
	});

	it('an in-flight mark is seen for 30 s, never after 60 s', () => {
		fc.assert(
			fc.property(keyId, instant, fc.integer({ min: 0, max: 120_000 }), (id, then, ms) => {
				const first = keyRecordOf(id, then, HOUR, 'a');
				const next = keyRecordOf(id, then + ms, HOUR, 'b');
				const shared = next.marks.some((entry) => first.marks.includes(entry));
				if (ms < MARK_WINDOW_MS) expect(shared).toBe(true);
				if (ms >= 2 * MARK_WINDOW_MS) expect(shared).toBe(false);
			}),
		);
	});

	it('other keys and other nonces never share an entry', () => {
		fc.assert(
			fc.property(keyId, keyId, instant, (a, b, now) => {
				const first = keyRecordOf(a, now, HOUR, 'x');
				const second = keyRecordOf(b, now, HOUR, 'y');
				const all = (r: KeyRecord) => [...entriesOfRecord(r), ...r.posting];
				const common = all(second).filter((entry) => all(first).includes(entry));
				expect(common).toEqual(a !== b ? [] : [...second.used, ...second.marks, ...second.posting]);
				expect(new Set(all(first)).size).toBe(all(first).length);
			}),
		);
	});

	it('a claim goes on only where the key is new to the record and not in flight', () => {
		fc.assert(
			fc.property(
				records.chain((record) => fc.tuple(fc.constant(record), answered(record))),
				([record, added]) => {
					const verdict = claimVerdict(record, added);
					const used = !allNew(record.used, added);
					const inFlight = !allNew(record.marks, added);
					// A key the record has never sends from the record's answer.
					expect(verdict === 'claimed').toBe(!used && !inFlight);
					if (verdict === 'used') expect(used && !inFlight).toBe(true);
					if (verdict === 'inFlight') expect(inFlight).toBe(true);
				},
			),
		);
	});

	it("a read-back holds only where the claim's nonce is still there and no other send's posting is", () => {
		const readBack = (record: KeyRecord) => [...entriesOfRecord(record), ...record.posting];
		fc.assert(
			fc.property(
				records.chain((record) =>
					fc.tuple(fc.constant(record), answered(record, readBack(record)), fc.boolean()),
				),
				([record, added, posted]) => {
					const verdict = readBackVerdict(record, added, posted);
					const othersPosting = !posted && !allNew(record.posting, added);
					expect(verdict === 'held').toBe(!added.has(record.nonce) && !othersPosting);
					expect(verdict === 'erased').toBe(
						allNew(entriesOfRecord(record), added) && !othersPosting,
					);
				},
			),
		);
	});
});
