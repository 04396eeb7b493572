'use strict';
// The Fax.Plus Polling Trigger in a real n8n: n8n loads it with its Poll Times, an active
// workflow starts one run per poll that finds new faxes (one item per fax, each fax once),
// and none again after a restart; on n8n 2.41 a workflow set to Engine 2.0 is refused.
//
// n8n refuses a poll time shorter than a minute (each cron may fire once a minute), but a
// node may have several poll times: twelve crons at fixed seconds 5 s apart poll every 5 s,
// which keeps this file short without bending n8n's rule.

const assert = require('node:assert/strict');
const { POLL_TRIGGER, errorOf, outputOf, pollingTriggerNode, thenReceived } = require('./lib');
const { waitFor } = require('../../support/checks');
const { patience } = require('../../../scripts/n8n/n8n');

const NODE = 'Fax.Plus Polling Trigger';
const WAIT_MS = 120000;

module.exports = async function poll(t) {
	const { check, n8n, server, ctx } = t;
	server.reset();
	const s = {};

	async function addFax(fields) {
		const res = await fetch(`${server.origin}/_control/faxes`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(fields),
		});
		assert.equal(res.status, 200, await res.clone().text());
		return res.json();
	}

	/** Every fax id the workflow's runs emitted, with how many times. */
	async function emittedCounts(wf = s.wf) {
		const counts = new Map();
		for (const execution of await n8n.executions(wf.id)) {
			for (const item of outputOf(execution, NODE) ?? [])
				counts.set(item.json.faxId, (counts.get(item.json.faxId) ?? 0) + 1);
		}
		return counts;
	}

	/** Waits until a run emitted the fax; answers that run. */
	async function runWith(faxId, wf = s.wf) {
		const deadline = Date.now() + patience(WAIT_MS);
		for (;;) {
			const list = await n8n.executions(wf.id);
			const found = list.find((execution) =>
				(outputOf(execution, NODE) ?? []).some((item) => item.json.faxId === faxId),
			);
			if (found && found.status !== 'running' && found.status !== 'new') return found;
			if (Date.now() > deadline)
				throw new Error(`no run emitted ${faxId} within ${WAIT_MS / 1000} s (${list.length} runs)`);
			await new Promise((r) => setTimeout(r, 500));
		}
	}

	await check(
		'poll: n8n loads the polling trigger with its Poll Times (every minute by default)',
		async () => {
			const types = await n8n.nodeTypes();
			const node = types.find((type) => type.name === POLL_TRIGGER);
			assert.ok(
				node,
				`faxPlusPollTrigger missing; fax types: ${types.map((type) => type.name).filter((name) => /fax/i.test(name))}`,
			);
			assert.equal(node.displayName, 'Fax.Plus Polling Trigger');
			assert.equal(node.polling, true);
			const pollTimes = node.properties.find((property) => property.name === 'pollTimes');
			assert.deepEqual(pollTimes?.default, { item: [{ mode: 'everyMinute' }] });
			assert.ok(node.icon || node.iconUrl, 'no icon');
			assert.deepEqual(node.credentials.map((credential) => credential.name).sort(), [
				'faxPlusApi',
				'faxPlusOAuth2Api',
			]);
		},
	);

	await check(
		'poll: an active workflow polling every 5 s emits no history on activation',
		async () => {
			const pat =
				ctx.patCredential ??
				(await n8n.createCredential('Fax.Plus PAT (poll e2e)', 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			s.pat = pat;
			await addFax({ id: 'fax_poll_history' });
			const { node } = pollingTriggerNode({
				name: NODE,
				pat,
				parameters: { events: ['fax_received', 'fax_sent'], channels: '' },
			});
			s.wf = await n8n.importWorkflow({
				name: 'e2e Fax.Plus Polling Trigger',
				...thenReceived(node),
			});
			const before = server.requests.length;
			await n8n.activate(s.wf.id);
			// Activation polls once at once: the inbox and the sent list of the last hour.
			// Each list's first page (a list reads on with `before` until a page brings nothing new).
			const lists = () =>
				server.requests
					.slice(before)
					.filter((request) => request.path === '/v3/accounts/self/faxes' && !request.query.before);
			const deadline = Date.now() + patience(20000);
			while (lists().length < 2 && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 100));
			assert.deepEqual(
				lists()
					.slice(0, 2)
					.map((request) => request.query.category)
					.sort(),
				['inbox', 'sent'],
			);
			// A fence: the first fax added after activation is the first run's only item.
			await addFax({ id: 'fax_poll_1' });
			const run = await runWith('fax_poll_1');
			s.firstRun = run;
			assert.equal(run.mode, 'trigger');
			assert.equal(run.status, 'success');
			const items = outputOf(run, NODE);
			assert.deepEqual(
				items.map((item) => item.json.faxId),
				['fax_poll_1'],
			);
			const j = items[0].json;
			assert.equal(j.event, 'fax_received');
			assert.equal(j.from, '+4930123456');
			assert.equal(j.to, '+15551230001');
			assert.equal(j.status, 'success');
			assert.equal(j.data.id, 'fax_poll_1');
			assert.equal(outputOf(run, 'Received')?.length, 1, 'the next node did not run');
			assert.equal((await emittedCounts()).has('fax_poll_history'), false, 'history was emitted');
		},
	);
	if (!s.wf) return;

	await check("poll: the run's execution carries its fax in its custom data", async () => {
		const { customData } = await n8n.rest('GET', `/executions/${s.firstRun.id}`);
		assert.deepEqual(customData, {
			faxId: 'fax_poll_1',
			faxEvent: 'fax_received',
			faxStatus: 'success',
		});
	});

	await check(
		'poll: new faxes start one run per poll, oldest first, each fax exactly once',
		async () => {
			await addFax({
				id: 'fax_poll_sent',
				direction: 'outgoing',
				start_time: new Date(Date.now() - 20000).toISOString().slice(0, 19).replace('T', ' '),
			});
			await addFax({ id: 'fax_poll_2' });
			await runWith('fax_poll_2');
			await runWith('fax_poll_sent');
			// In one run or two (a poll may fall between the two additions), the older fax comes first.
			const runs = (await n8n.executions(s.wf.id)).sort((a, b) => Number(a.id) - Number(b.id));
			const order = runs.flatMap((execution) =>
				(outputOf(execution, NODE) ?? []).map((item) => item.json.faxId),
			);
			assert.ok(order.indexOf('fax_poll_sent') < order.indexOf('fax_poll_2'), `order: ${order}`);
			// A later fence: its run holds only itself, so nothing was emitted again meanwhile.
			await addFax({ id: 'fax_poll_3' });
			const fence = await runWith('fax_poll_3');
			assert.deepEqual(
				outputOf(fence, NODE).map((item) => item.json.faxId),
				['fax_poll_3'],
			);
			const counts = await emittedCounts();
			for (const id of ['fax_poll_1', 'fax_poll_sent', 'fax_poll_2', 'fax_poll_3'])
				assert.equal(counts.get(id), 1, `${id} emitted ${counts.get(id)} times`);
			// Every run once finished (a poll's run may still be writing its data), with its faxes.
			for (const execution of await n8n.waitForExecutions(s.wf.id, 1))
				assert.ok(
					outputOf(execution, NODE)?.length > 0,
					`run ${execution.id} (${execution.status}) is empty: ${errorOf(execution)?.message ?? 'no error'}`,
				);
		},
	);

	await check(
		'poll: a fax listed in_progress, then success, is emitted once with its final status, with and without Only Fax Statuses',
		async () => {
			const { node } = pollingTriggerNode({
				name: NODE,
				pat: s.pat,
				parameters: { events: ['fax_received'], channels: '', options: { statuses: ['success'] } },
			});
			s.wfSuccess = await n8n.importWorkflow({
				name: 'e2e Fax.Plus Polling Trigger, success only',
				nodes: [node],
				connections: {},
			});
			await n8n.activate(s.wfSuccess.id);
			const startTime = new Date(Date.now() - 5000).toISOString().slice(0, 19).replace('T', ' ');
			await addFax({ id: 'fax_poll_arriving', status: 'in_progress', start_time: startTime });
			// Both workflows poll twice while the fax is in progress (two inbox lists each, at least).
			const mark = server.requests.length;
			const inboxLists = () =>
				server.requests
					.slice(mark)
					.filter(
						(r) =>
							r.path === '/v3/accounts/self/faxes' &&
							r.query.category === 'inbox' &&
							!r.query.before,
					).length;
			const deadline = Date.now() + patience(WAIT_MS);
			while (inboxLists() < 4 && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 250));
			assert.ok(
				inboxLists() >= 4,
				`only ${inboxLists()} inbox lists while the fax was in progress`,
			);
			// Runs of polls that were under way may still be finishing.
			await waitFor(async () => {
				for (const wf of [s.wf, s.wfSuccess])
					if ((await n8n.executions(wf.id)).some((e) => ['new', 'running'].includes(e.status)))
						return false;
				return true;
			}, 'the runs of the polls under way to end');
			for (const wf of [s.wf, s.wfSuccess])
				assert.equal(
					(await emittedCounts(wf)).get('fax_poll_arriving'),
					undefined,
					'emitted in progress',
				);
			await addFax({ id: 'fax_poll_arriving', status: 'success', start_time: startTime });
			for (const wf of [s.wf, s.wfSuccess]) {
				const run = await runWith('fax_poll_arriving', wf);
				const item = outputOf(run, NODE).find((i) => i.json.faxId === 'fax_poll_arriving');
				assert.equal(item.json.status, 'success');
				assert.equal(item.json.statusFinal, true);
			}
			await addFax({ id: 'fax_poll_fence_final' });
			await runWith('fax_poll_fence_final');
			await runWith('fax_poll_fence_final', s.wfSuccess);
			for (const wf of [s.wf, s.wfSuccess])
				assert.equal((await emittedCounts(wf)).get('fax_poll_arriving'), 1);
			await n8n.deactivate(s.wfSuccess.id);
		},
	);

	await check(
		'poll: after a restart of n8n nothing is emitted again, and a fax of the restart is emitted once',
		async () => {
			await addFax({ id: 'fax_poll_restart' });
			await n8n.restart();
			await runWith('fax_poll_restart');
			await addFax({ id: 'fax_poll_after' });
			const fence = await runWith('fax_poll_after');
			assert.deepEqual(
				outputOf(fence, NODE).map((item) => item.json.faxId),
				['fax_poll_after'],
			);
			const counts = await emittedCounts();
			for (const [id, count] of counts) assert.equal(count, 1, `${id} emitted ${count} times`);
			assert.deepEqual([...counts.keys()].sort(), [
				'fax_poll_1',
				'fax_poll_2',
				'fax_poll_3',
				'fax_poll_after',
				'fax_poll_arriving',
				'fax_poll_fence_final',
				'fax_poll_restart',
				'fax_poll_sent',
			]);
		},
	);

	await check('poll: deactivating stops the polls', async () => {
		await n8n.deactivate(s.wf.id);
	});

	await check(
		'poll: "Fetch Test Event" (a manual run from the editor) outputs the most recent fax through the node\'s run step, and keeps no record',
		async () => {
			const { node } = pollingTriggerNode({
				name: NODE,
				pat: ctx.patCredential ?? s.pat,
				parameters: { events: ['fax_received'], channels: '' },
			});
			const wf = await n8n.importWorkflow({
				name: 'e2e Fax.Plus Polling Trigger, test event',
				nodes: [node],
				connections: {},
			});
			await addFax({ id: 'fax_poll_test_event' });
			// What the editor sends when the trigger's "Fetch Test Event" is clicked.
			const manualRun = async (attempt) => {
				const started = await n8n.runManually(wf.id, {
					triggerToStartFrom: { name: NODE },
					destinationNode: { nodeName: NODE, mode: 'inclusive' },
				});
				assert.ok(started?.executionId, `no execution started: ${JSON.stringify(started)}`);
				const finished = await n8n.waitForExecutions(wf.id, attempt, { timeoutMs: 30000 });
				return finished.find((execution) => String(execution.id) === String(started.executionId));
			};
			// Twice: a test event is not a delivery, so the second shows the same fax (nothing recorded).
			for (const attempt of [1, 2]) {
				const execution = await manualRun(attempt);
				assert.ok(
					execution,
					`attempt ${attempt}: the manual run is not among the workflow's executions`,
				);
				assert.equal(execution.mode, 'manual');
				assert.equal(
					execution.status,
					'success',
					`attempt ${attempt}: ${JSON.stringify(execution.data?.resultData?.error ?? {})}`,
				);
				assert.deepEqual(
					(outputOf(execution, NODE) ?? []).map((item) => item.json.faxId),
					['fax_poll_test_event'],
					`attempt ${attempt}`,
				);
			}
			await n8n.deleteWorkflow(wf.id);
		},
	);

	// Engine 2.0 (n8n 2.41) runs no trigger's execute(), the duplicate check: refused, not skipped.
	const [major, minor] = String(n8n.version).split('.').map(Number);
	if (major > 2 || (major === 2 && minor >= 41))
		await check(
			"poll: a workflow set to n8n's Engine 2.0 is refused on publishing, naming the setting, and lists nothing",
			async () => {
				const { node } = pollingTriggerNode({
					name: NODE,
					pat: ctx.patCredential ?? s.pat,
					parameters: { events: ['fax_received'], channels: '' },
				});
				// The editor's API keeps the setting as the workflow settings dialog saves it.
				const wf = await n8n.rest('POST', '/workflows', {
					name: 'e2e Fax.Plus Polling Trigger, Engine 2.0',
					nodes: [node],
					connections: {},
					settings: { executionOrder: 'v1', engineType: 'v2' },
				});
				try {
					const mark = server.requests.length;
					const refusal = await n8n
						.activate(wf.id)
						.then(() => n8n.waitForPublication(wf.id))
						.then(
							(status) => JSON.stringify(status),
							(error) => String(error.message),
						);
					assert.match(refusal, /The Fax\.Plus Polling Trigger cannot run on n8n's Engine 2\.0/);
					assert.equal(
						server.requests.slice(mark).filter((r) => r.path === '/v3/accounts/self/faxes').length,
						0,
						'the refused workflow listed faxes',
					);
					assert.deepEqual(await n8n.executions(wf.id, { includeData: false }), []);
				} finally {
					await n8n.deleteWorkflow(wf.id).catch(() => undefined);
				}
			},
		);

	server.reset();
};
// Both n8n lines: n8n 1.x runs the polling trigger's lifecycle and restarts its own way.
module.exports.n8nLines = [1, 2];
