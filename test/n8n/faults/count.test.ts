/* eslint-disable @typescript-eslint/no-require-imports -- the counting module is plain JavaScript, shared with the fault suite */
// The fault suite's counting: an acknowledged delivery that no row names counts as held only when
// an error row n8n wrote without any run data was created between its first attempt and its 2xx.
const { figures } = require('./count.js');

const idPattern = /qtest_\d{4}/g;
const ack = (at: number, ms = 100) => ({ status: 200, body: '{"received":true}', at, ms });
const timeout = (at: number) => ({ status: 0, body: 'no answer in 15 s', at, ms: 15000 });

function delivery(...attempts: object[]) {
	return { attempts, outcome: 'acknowledged' };
}

/** A row as count.js reads it; `runData` empty and status error is n8n's processError shape. */
function row(id: string, createdAt: number, { status = 'error', runData = {}, names = '' } = {}) {
	const data = {
		resultData: { error: { message: `Worker failed to find data for execution ${id}` }, runData },
	};
	return {
		id,
		workflowId: '1',
		status,
		finished: false,
		mode: 'webhook',
		createdAt,
		raw: JSON.stringify(data) + names,
		data,
	};
}

const count = (deliveries: Map<string, object>, rows: object[]) =>
	figures({ deliveries, rows, nodeName: 'Trigger', idOfItem: () => undefined, idPattern });

describe('fault suite counting: error rows n8n wrote without the delivery', () => {
	it('pairs a delivery with an erased row created between its first attempt and its 2xx', () => {
		const f = count(new Map([['qtest_0001', delivery(timeout(1000), ack(17000))]]), [
			row('10', 3000),
		]);
		expect(f.lost).toEqual([]);
		expect(f.erased).toEqual(['qtest_0001 (10: Worker failed to find data for execution 10)']);
	});

	it('counts the delivery as lost when the only erased row was created after its 2xx', () => {
		const f = count(new Map([['qtest_0001', delivery(ack(1000))]]), [row('10', 1200)]);
		expect(f.lost).toEqual(['qtest_0001']);
		expect(f.erased).toEqual([]);
	});

	it('gives one row to one delivery only', () => {
		const deliveries = new Map([
			['qtest_0001', delivery(ack(1000, 500))],
			['qtest_0002', delivery(ack(1100, 500))],
		]);
		const f = count(deliveries, [row('10', 1200)]);
		expect(f.lost).toHaveLength(1);
		expect(f.erased).toHaveLength(1);
	});

	it('finds a pairing for every delivery when one exists (earliest 2xx first)', () => {
		const deliveries = new Map([
			['qtest_0001', delivery(ack(0, 100))],
			['qtest_0002', delivery(ack(0, 50))],
		]);
		const f = count(deliveries, [row('10', 40), row('11', 90)]);
		expect(f.lost).toEqual([]);
		expect(f.erased.sort()).toEqual([
			'qtest_0001 (11: Worker failed to find data for execution 11)',
			'qtest_0002 (10: Worker failed to find data for execution 10)',
		]);
	});

	it('does not pair with an error row that has run data or with a row of another status', () => {
		const rows = [
			row('10', 1200, { runData: { Trigger: [] } }),
			row('11', 1300, { status: 'crashed' }),
		];
		const f = count(new Map([['qtest_0001', delivery(ack(1000, 500))]]), rows);
		expect(f.lost).toEqual(['qtest_0001']);
		expect(f.erased).toEqual([]);
	});

	it('leaves a delivery that a row names out of the pairing', () => {
		const named = row('10', 1200, { status: 'crashed', names: ' qtest_0001' });
		const f = count(new Map([['qtest_0001', delivery(ack(1000, 500))]]), [named, row('11', 1300)]);
		expect(f.lost).toEqual([]);
		expect(f.erased).toEqual([]);
		expect(f.halfway).toEqual(['qtest_0001 (10 crashed)']);
	});
});
