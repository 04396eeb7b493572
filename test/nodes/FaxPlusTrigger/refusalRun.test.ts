// The refusal run's gate and marker (refusalRun.ts): at most one run per endpoint an hour, an
// endpoint not yet recorded counting as the same one, a replaced endpoint as a new one.
import {
	RefusalRunGate,
	refusalOfItem,
	refusalRunItem,
} from '../../../nodes/FaxPlusTrigger/refusalRun';

const HOUR_MS = 60 * 60 * 1000;

describe('RefusalRunGate', () => {
	it('admits the first refusal of a webhook, then none for an hour, whatever the flood', () => {
		const gate = new RefusalRunGate();
		expect(gate.admits('wf:node', 'ep_1', 0)).toBe(true);
		for (let i = 1; i <= 10_000; i++) expect(gate.admits('wf:node', 'ep_1', i * 300)).toBe(false);
		expect(gate.admits('wf:node', 'ep_1', HOUR_MS - 1)).toBe(false);
		expect(gate.admits('wf:node', 'ep_1', HOUR_MS)).toBe(true);
	});

	it('counts an endpoint activation has not recorded yet as the same endpoint', () => {
		const gate = new RefusalRunGate();
		expect(gate.admits('wf:node', undefined, 0)).toBe(true);
		expect(gate.admits('wf:node', 'ep_1', 1)).toBe(false);
		expect(gate.admits('wf:node', undefined, 2)).toBe(false);
		// The endpoint it stood for is now known: another one is a replacement.
		expect(gate.admits('wf:node', 'ep_2', 3)).toBe(true);
	});

	it('admits a replaced endpoint at once, and keeps webhooks apart', () => {
		const gate = new RefusalRunGate();
		expect(gate.admits('wf:node', 'ep_1', 0)).toBe(true);
		expect(gate.admits('wf:node', 'ep_2', 1)).toBe(true);
		expect(gate.admits('wf:node', 'ep_2', 2)).toBe(false);
		expect(gate.admits('wf:other', 'ep_3', 3)).toBe(true);
	});

	it('counts a clock that went back as a new window', () => {
		const gate = new RefusalRunGate();
		expect(gate.admits('wf:node', 'ep_1', 100_000)).toBe(true);
		expect(gate.admits('wf:node', 'ep_1', 50_000)).toBe(true);
		expect(gate.admits('wf:node', 'ep_1', 50_001)).toBe(false);
	});

	it('forgets the oldest webhooks past its bound, never growing without limit', () => {
		const gate = new RefusalRunGate();
		for (let i = 0; i < 1001; i++) gate.admits(`wf:${i}`, 'ep', 0);
		expect(gate.admits('wf:0', 'ep', 1)).toBe(true);
		expect(gate.admits('wf:1000', 'ep', 1)).toBe(false);
	});
});

describe('the refusal marker', () => {
	it('reads back what it carries, and nothing from a delivery or a malformed marker', () => {
		const refusal = { message: 'm', description: 'd' };
		expect(refusalOfItem(refusalRunItem(refusal).json)).toEqual(refusal);
		expect(refusalOfItem({ event: 'fax_received', webhookId: 'msg_1' })).toBeUndefined();
		expect(refusalOfItem({ signatureRefusal: 'm' })).toBeUndefined();
		expect(refusalOfItem({ signatureRefusal: [] })).toBeUndefined();
		expect(refusalOfItem({ signatureRefusal: { message: 'm' } })).toBeUndefined();
	});
});
