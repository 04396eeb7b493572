import type { IDataObject, INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';
import { formatUtc } from '../../../../nodes/shared/api/dates';
import { FIRST_FAX_PAGE, faxPages, type FaxCursor } from '../../../../nodes/shared/api/faxList';
import { collectPages } from '../../../../nodes/shared/api/pager';

// The pager against a model of the fax list: newest first, `before` exclusive or inclusive,
// pages capped below what is asked. Every fax must come once, in the list's order, whatever
// the cap, as long as no second holds more faxes than a page (the API has no other cursor).

type Bounds = 'exclusive' | 'inclusive';

/** A list of faxes at the given start seconds (epoch ms), in the order the API answers. */
function faxList(seconds: number[]): IDataObject[] {
	return seconds
		.map((at, index) => ({ id: `fax_${index}`, start_time: formatUtc(new Date(at)) }))
		.sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0));
}

function modelRead(list: IDataObject[], bounds: Bounds, cap: number, requests: IDataObject[]) {
	return async (query: { before?: string; limit: number }) => {
		requests.push(query);
		return list
			.filter(
				(fax) =>
					query.before === undefined ||
					(bounds === 'inclusive'
						? String(fax.start_time) <= query.before
						: String(fax.start_time) < query.before),
			)
			.slice(0, Math.min(cap, query.limit));
	};
}

const noStartTime = (): never => {
	throw new Error('no start_time');
};

async function readAll(list: IDataObject[], bounds: Bounds, cap: number, pageSize = 100) {
	const requests: IDataObject[] = [];
	const step = faxPages(modelRead(list, bounds, cap, requests), { pageSize, noStartTime });
	const faxes = await collectPages(FIRST_FAX_PAGE, step);
	return { faxes, requests };
}

/** A small deterministic generator (the same cases on every run). */
function random(seed: number) {
	let state = seed;
	return (below: number) => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return state % below;
	};
}

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('the fax list pager (nodes/shared/api/faxList.ts)', () => {
	it.each<[Bounds, number]>([
		['exclusive', 50],
		['inclusive', 50],
		['exclusive', 1],
		['inclusive', 1],
		['exclusive', 7],
		['inclusive', 100],
	])(
		'lists every fax once, newest first, with `before` %s and pages capped at %i',
		async (bounds, cap) => {
			const next = random(cap * 31 + bounds.length);
			for (let round = 0; round < 40; round++) {
				// Up to `cap` faxes per second (more cannot be listed by time), gaps of 0–3 seconds.
				const seconds: number[] = [];
				let at = T0;
				const count = next(3 * cap + 5);
				while (seconds.length < count) {
					const inSecond = 1 + next(Math.min(cap, 4));
					for (let i = 0; i < inSecond && seconds.length < count; i++) seconds.push(at);
					at -= 1000 * (1 + next(3));
				}
				const list = faxList(seconds);
				const { faxes } = await readAll(list, bounds, cap);
				expect(faxes.map((fax) => fax.id)).toEqual(list.map((fax) => fax.id));
			}
		},
	);

	it('reads on after a page shorter than asked, and ends on a page that brings nothing new', async () => {
		const list = faxList([T0, T0 - 1000, T0 - 2000]);
		const { faxes, requests } = await readAll(list, 'exclusive', 2);
		expect(faxes).toHaveLength(3);
		expect(requests).toEqual([
			{ limit: 100 },
			// One second after the oldest fax read: the faxes of its second come again.
			{ before: '2025-01-01 12:00:00', limit: 100 },
			{ before: '2025-01-01 11:59:59', limit: 100 },
			// Nothing new: one second back, where an exclusive `before` answers nothing more.
			{ before: '2025-01-01 11:59:58', limit: 100 },
		]);
	});

	it('steps back over a second that fills a page whole under an inclusive `before`', async () => {
		// Two faxes in 12:00:00 and a page of two: each second is asked for until it brings nothing new.
		const list = faxList([T0 + 1000, T0, T0, T0 - 1000]);
		const { faxes, requests } = await readAll(list, 'inclusive', 2);
		expect(faxes.map((fax) => fax.id)).toEqual(list.map((fax) => fax.id));
		expect(requests.map((query) => query.before)).toEqual([
			undefined,
			'2025-01-01 12:00:01',
			// 12:00:01 brought nothing new: 12:00:00 holds the second fax of its second.
			'2025-01-01 12:00:00',
			'2025-01-01 12:00:00',
			'2025-01-01 11:59:59',
			'2025-01-01 11:59:59',
			'2025-01-01 11:59:58',
		]);
	});

	it('fails, saying so, when the API answers the same page whatever `before` says', async () => {
		const list = faxList([T0, T0 - 1000]);
		const requests: IDataObject[] = [];
		const step = faxPages(
			async (query) => {
				requests.push(query);
				return list;
			},
			{ pageSize: 100, noStartTime },
		);
		// The second page's `before` is 12:00:00 (one second after the oldest): a fax of 12:00:00 is
		// still allowed (an inclusive `before`); the first page again, with a fax after it, is not.
		await expect(collectPages(FIRST_FAX_PAGE, step)).rejects.toThrow(
			/answered faxes after the "before" asked for .* the cursor does not move/,
		);
		expect(requests.length).toBeLessThanOrEqual(3);
	});

	it("never asks past the user's Before, and stops below a floor (an API that ignores `after`)", async () => {
		const list = faxList([T0, T0 - 1000, T0 - 2000, T0 - 3000]);
		const requests: IDataObject[] = [];
		const step = faxPages(modelRead(list, 'inclusive', 1, requests), {
			pageSize: 100,
			before: '2025-01-01 11:59:59',
			floor: T0 - 2000,
			noStartTime,
		});
		const faxes = await collectPages<IDataObject, FaxCursor>(
			{ ...FIRST_FAX_PAGE, before: '2025-01-01 11:59:59' },
			step,
		);
		expect(faxes.map((fax) => fax.start_time)).toEqual([
			'2025-01-01 11:59:59',
			'2025-01-01 11:59:58',
			'2025-01-01 11:59:57',
		]);
		expect(requests.every((query) => String(query.before) <= '2025-01-01 11:59:59')).toBe(true);
	});

	it('asks for what a Limit still needs, plus the faxes a page can bring again', async () => {
		const list = faxList(Array.from({ length: 10 }, (_, i) => T0 - i * 1000));
		const requests: IDataObject[] = [];
		const step = faxPages(modelRead(list, 'exclusive', 4, requests), {
			pageSize: 100,
			limit: 6,
			noStartTime,
		});
		const faxes = await collectPages(FIRST_FAX_PAGE, step, 6);
		expect(faxes.map((fax) => fax.id)).toEqual(list.slice(0, 6).map((fax) => fax.id));
		expect(requests.map((query) => query.limit)).toEqual([6, 4]);
	});

	it('hands a picker a cursor it can give back as JSON', async () => {
		const list = faxList(Array.from({ length: 5 }, (_, i) => T0 - i * 1000));
		const requests: IDataObject[] = [];
		const read = modelRead(list, 'exclusive', 2, requests);
		const ids: unknown[] = [];
		let cursor: FaxCursor | undefined = FIRST_FAX_PAGE;
		while (cursor) {
			// A new step per call, as each picker call is a new request of the editor.
			const page = await faxPages(read, { pageSize: 2, noStartTime })(cursor, 0);
			ids.push(...page.fresh.map((fax) => fax.id));
			cursor = page.next && (JSON.parse(JSON.stringify(page.next)) as FaxCursor);
		}
		expect(ids).toEqual(list.map((fax) => fax.id));
	});

	it('says so when a page has no start_time to page by', async () => {
		const step = faxPages(async () => [{ id: 'a' }], { pageSize: 100, noStartTime });
		await expect(collectPages(FIRST_FAX_PAGE, step)).rejects.toThrow('no start_time');
	});
});

// No document gives the list's order or its largest `limit` (docs/fax-plus-readings.md): the
// pager against a model that lists newest or oldest first, and cuts or refuses a larger limit.
describe('the fax list pager under either order and a refused limit', () => {
	type Order = 'newestFirst' | 'oldestFirst';
	type Large = 'capped' | 'refused';
	const NODE: INode = {
		id: 'n',
		name: 'Fax.Plus',
		type: 'faxPlus',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};

	function modelList(
		list: IDataObject[],
		o: { bounds: Bounds; cap: number; order: Order; large: Large },
		requests: IDataObject[],
	) {
		return async (query: { before?: string; after?: string; limit: number }) => {
			requests.push(query);
			if (o.large === 'refused' && query.limit > o.cap)
				throw new NodeApiError(NODE, { httpCode: '400' } as JsonObject, { httpCode: '400' });
			const within = (time: string) =>
				o.bounds === 'inclusive'
					? (query.before === undefined || time <= query.before) &&
						(query.after === undefined || time >= query.after)
					: (query.before === undefined || time < query.before) &&
						(query.after === undefined || time > query.after);
			const ordered = o.order === 'oldestFirst' ? [...list].reverse() : list;
			return ordered
				.filter((fax) => within(String(fax.start_time)))
				.slice(0, Math.min(o.cap, query.limit));
		};
	}

	async function readWith(
		list: IDataObject[],
		o: { bounds: Bounds; cap: number; order: Order; large: Large },
		paging: { pageSize?: number; limit?: number } = {},
	) {
		const requests: IDataObject[] = [];
		const step = faxPages(modelList(list, o, requests), {
			pageSize: paging.pageSize ?? 100,
			limit: paging.limit,
			noStartTime,
		});
		const faxes = await collectPages(FIRST_FAX_PAGE, step, paging.limit);
		return { faxes, requests };
	}

	const startOf = (fax: IDataObject) => String(fax.start_time);

	it.each<[Order, Large, Bounds, number]>([
		['oldestFirst', 'capped', 'exclusive', 50],
		['oldestFirst', 'capped', 'inclusive', 50],
		['oldestFirst', 'refused', 'exclusive', 50],
		['oldestFirst', 'capped', 'exclusive', 7],
		['oldestFirst', 'refused', 'inclusive', 50],
		['newestFirst', 'refused', 'exclusive', 50],
		['newestFirst', 'refused', 'inclusive', 50],
	])(
		'lists every fax once, newest first, when Fax.Plus lists %s and a larger limit is %s (`before`/`after` %s, %i a page)',
		async (order, large, bounds, cap) => {
			const next = random(cap * 17 + order.length + large.length);
			for (let round = 0; round < 30; round++) {
				const seconds: number[] = [];
				let at = T0;
				const count = next(3 * cap + 5);
				while (seconds.length < count) {
					const inSecond = 1 + next(Math.min(cap - 1, 4));
					for (let i = 0; i < inSecond && seconds.length < count; i++) seconds.push(at);
					at -= 1000 * (1 + next(3));
				}
				const list = faxList(seconds);
				const { faxes, requests } = await readWith(list, { bounds, cap, order, large });
				expect(faxes.map((fax) => fax.id).sort()).toEqual(list.map((fax) => fax.id).sort());
				const times = faxes.map(startOf);
				expect(times).toEqual([...times].sort().reverse());
				// A refused limit is asked for once more at 50 (above this cap: refused again, and so failed).
				if (large === 'refused' && cap >= 50)
					expect(requests.filter((r) => Number(r.limit) > 50)).toHaveLength(1);
			}
		},
	);

	it('asks a refused limit again once at 50 and keeps 50 for the next pages', async () => {
		const list = faxList(Array.from({ length: 120 }, (_, i) => T0 - Math.floor(i / 3) * 1000));
		const { faxes, requests } = await readWith(list, {
			bounds: 'exclusive',
			cap: 50,
			order: 'newestFirst',
			large: 'refused',
		});
		expect(faxes).toHaveLength(120);
		expect(requests.map((r) => r.limit)).toEqual([100, 50, 50, 50, 50, 50]);
	});

	it('fails when 50 is refused too (nothing else to try)', async () => {
		const list = faxList([T0, T0 - 1000]);
		await expect(
			readWith(list, { bounds: 'exclusive', cap: 20, order: 'newestFirst', large: 'refused' }),
		).rejects.toThrow(NodeApiError);
	});

	it('keeps the newest faxes for a Limit when Fax.Plus lists oldest first', async () => {
		const list = faxList(Array.from({ length: 30 }, (_, i) => T0 - i * 1000));
		const { faxes } = await readWith(
			list,
			{ bounds: 'exclusive', cap: 10, order: 'oldestFirst', large: 'capped' },
			{ limit: 5, pageSize: 10 },
		);
		expect(faxes.map((fax) => fax.id)).toEqual(list.slice(0, 5).map((fax) => fax.id));
	});

	it('gives a picker oldest-first pages as they come, moving `after` on', async () => {
		const list = faxList(Array.from({ length: 12 }, (_, i) => T0 - i * 1000));
		const requests: IDataObject[] = [];
		const step = faxPages(
			modelList(
				list,
				{ bounds: 'exclusive', cap: 5, order: 'oldestFirst', large: 'capped' },
				requests,
			),
			{ pageSize: 5, noStartTime, holdOldestFirst: false },
		);
		const first = await step(FIRST_FAX_PAGE, 0);
		expect(first.fresh.map((fax) => fax.id)).toEqual(list.slice(7).map((fax) => fax.id));
		expect(first.next).toMatchObject({ order: 'oldestFirst', after: expect.any(String) });
		const second = await step(JSON.parse(JSON.stringify(first.next)) as FaxCursor, 5);
		expect(second.fresh.map((fax) => fax.id)).toEqual(list.slice(3, 7).map((fax) => fax.id));
	});
});
