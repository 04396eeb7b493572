/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// `npm test`'s plan (scripts/test-plan.js): every e2e file lands in exactly one shard, the shards
// are balanced, and the budget warning names the stage that grew.
import { join } from 'node:path';

const ROOT = join(__dirname, '../..');
const plan = require('../../scripts/test-plan.js');
const { suiteFiles } = require('../n8n/e2e/run.js');
const N8N_2 = require('node:fs').readFileSync(join(ROOT, 'scripts/n8n/VERSION'), 'utf8').trim();
const N8N_1 = require('node:fs').readFileSync(join(ROOT, 'scripts/n8n/VERSION-1.x'), 'utf8').trim();

type File = { name: string };
type Shard = { files: File[]; seconds: number };

describe("npm test's plan", () => {
	it("leaves to npm test only test files that are there (jest.config.js's HEAVY)", () => {
		const { HEAVY } = require('../../jest.config.js') as { HEAVY: string[] };
		expect(HEAVY.length).toBeGreaterThan(0);
		for (const file of HEAVY) {
			expect(file).toMatch(/^test\/.+\.test\.ts$/);
			expect(require('node:fs').existsSync(join(ROOT, file))).toBe(true);
		}
	});

	it.each([N8N_2, N8N_1])(
		'puts every e2e file of n8n %s in exactly one shard, in the suite order',
		(version) => {
			const files: File[] = suiteFiles({ version, only: [] });
			expect(files.length).toBeGreaterThan(5);
			const shards: Shard[] = plan.shardFiles(
				files,
				plan.E2E_SHARDS[version.split('.')[0]],
				plan.FILE_SECONDS[version.split('.')[0]],
			);
			expect(shards).toHaveLength(plan.E2E_SHARDS[version.split('.')[0]]);
			const names = shards.flatMap((s) => s.files.map((f) => f.name));
			expect([...names].sort()).toEqual(files.map((f) => f.name).sort());
			for (const shard of shards) {
				const order = shard.files.map((f) => files.indexOf(f));
				expect(order).toEqual([...order].sort((a, b) => a - b));
			}
		},
	);

	it('balances shards by seconds, and counts a file it has no figure for as the default', () => {
		const files = ['a', 'b', 'c', 'd', 'new'].map((name) => ({ name }));
		const shards: Shard[] = plan.shardFiles(files, 2, { a: 100, b: 60, c: 50, d: 10 });
		expect(shards.map((s) => s.seconds).sort()).toEqual([100 + plan.DEFAULT_FILE_SECONDS, 120]);
		expect(shards.map((s) => s.files.map((f) => f.name))).toEqual([
			['a', 'new'],
			['b', 'c', 'd'],
		]);
		// More shards than files: only the shards that got one.
		expect(plan.shardFiles(files.slice(0, 2), 4, {})).toHaveLength(2);
		expect(plan.shardFiles(files, 1, {})[0].files).toEqual(files);
	});

	it('keeps the load units in use within the capacity; a light stage passes a heavy one that does not fit yet', async () => {
		const pool = plan.createPool(4);
		let inUse = 0;
		let most = 0;
		const started: string[] = [];
		const gates = new Map<string, () => void>();
		const tick = () => new Promise((r) => setImmediate(r));
		const stage = (name: string, units: number) =>
			pool.hold(units, async () => {
				inUse += Math.min(units, 4);
				most = Math.max(most, inUse);
				started.push(name);
				await new Promise<void>((release) => gates.set(name, release));
				inUse -= Math.min(units, 4);
			});
		const done = [stage('unit', 2), stage('e2e', 2), stage('queue', 3), stage('lint', 1)];
		await tick();
		expect(started).toEqual(['unit', 'e2e']);
		// Two units free: the queue (three) waits, lint (one) starts.
		gates.get('unit')!();
		await tick();
		expect(started).toEqual(['unit', 'e2e', 'lint']);
		gates.get('lint')!();
		await tick();
		expect(started).toEqual(['unit', 'e2e', 'lint']);
		gates.get('e2e')!();
		await tick();
		expect(started).toEqual(['unit', 'e2e', 'lint', 'queue']);
		// More than the capacity runs alone rather than never.
		const alone = stage('huge', 9);
		await tick();
		expect(started.at(-1)).toBe('queue');
		gates.get('queue')!();
		await tick();
		expect(started.at(-1)).toBe('huge');
		gates.get('huge')!();
		await Promise.all([...done, alone]);
		expect(most).toBeLessThanOrEqual(4);
	});

	it("tells how busy the cores were and how much of it was npm test's, from os.cpus() at both ends", () => {
		const cpu = (user: number, idle: number) => ({
			model: 'x',
			speed: 1,
			times: { user, nice: 0, sys: 0, idle, irq: 0 },
		});
		const before = [cpu(1000, 5000), cpu(2000, 5000)];
		// 100 s on two cores: 200,000 ms of core time, 40,000 of them idle.
		const after = [cpu(81000, 25000), cpu(82000, 25000)];
		const shares = plan.coreShares({ before, after, stageCpuSeconds: 100, seconds: 100 });
		expect(shares.busy).toBeCloseTo(0.8);
		expect(shares.ours).toBeCloseTo(0.5);
		expect(shares.others).toBeCloseTo(0.3);
		expect(plan.coreSharesLine(shares)).toBe(
			"The cores were 80% busy: 50% with npm test's stages, 30% with other processes.",
		);
		// PostgreSQL and Redis are named only in a run whose stages started them.
		expect(plan.coreSharesLine(shares, true)).toBe(
			"The cores were 80% busy: 50% with npm test's stages, 30% with other processes (the PostgreSQL and Redis a stage starts among them).",
		);
		// The stages' CPU counts at most what the cores did.
		expect(plan.coreShares({ before, after, stageCpuSeconds: 190, seconds: 100 }).others).toBe(0);
		expect(plan.coreShares({ before, after: before, stageCpuSeconds: 0, seconds: 0 })).toBe(
			undefined,
		);
	});

	it('warns only past the budget, naming the stages that grew most over their reference', () => {
		const { unit, e2e, 'faults queue': faults } = plan.STAGE_SECONDS;
		const stages = [
			{ name: 'unit', seconds: unit + 5 },
			{ name: 'e2e 2.41.1 [1/2]', seconds: e2e + 220 },
			{ name: 'faults queue', seconds: faults + 10 },
			{ name: 'visual', seconds: 200 },
		];
		expect(plan.budgetWarning({ totalSeconds: plan.BUDGET_SECONDS, stages })).toEqual([]);
		const warning: string[] = plan.budgetWarning({
			totalSeconds: plan.BUDGET_SECONDS + 60,
			stages,
		});
		expect(warning[0]).toMatch(/^WARNING: npm test took 21\.0 min, over its budget of 20\.0 min/);
		expect(warning[1]).toBe(`  e2e 2.41.1 [1/2]: ${e2e + 220} s, 220 s over its ${e2e} s`);
		expect(warning[2]).toMatch(/^ {2}visual: 200 s, a stage with no reference time/);
		expect(warning[3]).toMatch(
			new RegExp(`^ {2}faults queue: ${faults + 10} s, 10 s over its ${faults} s`),
		);
		// A machine busy with other processes: the warning says so.
		const shares = { busy: 0.99, ours: 0.6, others: 0.39 };
		expect(
			plan.budgetWarning({ totalSeconds: plan.BUDGET_SECONDS + 60, stages, shares }),
		).toContain(
			"  Other processes kept 39% of the cores busy (npm test's stages 60%): the budget is for a machine that runs npm test alone, and a busy machine takes about its CPU-seconds over the cores left to it.",
		);
		expect(
			plan
				.budgetWarning({
					totalSeconds: plan.BUDGET_SECONDS + 60,
					stages,
					shares: { busy: 0.7, ours: 0.6, others: 0.1 },
				})
				.some((line: string) => line.includes('Other processes')),
		).toBe(false);
		// A fresh machine (installs in this run) has the larger budget.
		expect(
			plan.budgetWarning({ totalSeconds: plan.BUDGET_SECONDS + 60, stages, fresh: true }),
		).toEqual([]);
		expect(
			plan.budgetWarning({ totalSeconds: plan.FRESH_BUDGET_SECONDS + 1, stages, fresh: true })[0],
		).toMatch(/over its budget of 35\.0 min \(installs included\)/);
	});
});
