'use strict';
// Fax.Plus as its own documents and its webhook vendor show it, in a real n8n
// (docs/fax-plus-readings.md): Fax → Get Many with Return All whether the local server caps a
// page at 50 or 1, refuses a larger `limit`, or lists oldest first (every fax once, newest first);
// Get and Get Many with the sender named `from_number`; the Fax.Plus Trigger with Svix's own
// header names, apidoc's example body and a member's token; the Polling Trigger under a refusing
// cap and oldest-first lists. The other readings are proven by unit tests through n8n-core's engine.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const path = require('node:path');
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	apiRequests,
	assertSuccess,
	outputOf,
	pollingTriggerNode,
	thenReceived,
	triggerNode,
	uid,
} = require('./lib');
const { documentedWebhookExample } = require(path.join(__dirname, '../../server'));
const { waitFor } = require('../../support/checks');
const { patience } = require('../../../scripts/n8n/n8n');

const FAXES = 122;

module.exports = async function readings(t) {
	const { check, n8n, server, ctx } = t;
	server.reset();
	const s = {};

	/** `FAXES` received faxes of owner_1, `perSecond` to a second, older than every seeded fax. */
	function addFaxes(perSecond) {
		const template = server.state.faxes.fax_2;
		for (let i = 0; i < FAXES; i++) {
			const id = `fax_page_${String(i).padStart(3, '0')}`;
			const at = Date.UTC(2024, 11, 31, 23, 0, 0) - Math.floor(i / perSecond) * 7000;
			server.state.faxes[id] = {
				...template,
				id,
				start_time: new Date(at).toISOString().replace('T', ' ').slice(0, 19),
			};
		}
	}

	/** The owner's faxes, newest first, as the server holds them. */
	function everyFax() {
		return Object.values(server.state.faxes)
			.filter((fax) => fax.uid === 'owner_1')
			.sort((a, b) => (a.start_time < b.start_time ? 1 : a.start_time > b.start_time ? -1 : 0))
			.map((fax) => fax.id);
	}

	await check('readings: a workflow with Fax → Get Many, Return All', async () => {
		s.pat =
			ctx.patCredential ??
			(await n8n.createCredential('Fax.Plus PAT (readings e2e)', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			}));
		s.dep = await deployWebhookWorkflow(
			n8n,
			webhookWorkflow({
				name: 'e2e readings: Get Many, Return All',
				path: uid('readings-get-many'),
				nodes: [
					{
						name: 'Fax.Plus',
						parameters: {
							authentication: 'accessToken',
							resource: 'fax',
							operation: 'getAll',
							userId: 'self',
							returnAll: true,
						},
						credentials: credRef('faxPlusApi', s.pat),
					},
				],
			}),
		);
	});

	/** Newest first by start_time (ties in any order). */
	function assertNewestFirst(items) {
		const times = items.map((item) => server.state.faxes[item.id]?.start_time);
		for (let i = 1; i < times.length; i++)
			assert.ok(times[i - 1] >= times[i], `item ${i} is newer than the one before it`);
	}

	for (const [pageCap, listBounds, perSecond, largeLimit, listOrder] of [
		[50, 'exclusive', 3, 'capped', 'newestFirst'],
		[50, 'inclusive', 3, 'capped', 'newestFirst'],
		[1, 'exclusive', 1, 'capped', 'newestFirst'],
		[50, 'exclusive', 3, 'refused', 'newestFirst'],
		[50, 'exclusive', 3, 'refused', 'oldestFirst'],
		[50, 'inclusive', 3, 'capped', 'oldestFirst'],
	]) {
		await check(
			`readings: Get Many lists every fax once, newest first, with Fax.Plus answering at most ${pageCap} a page (a larger limit ${largeLimit}, \`before\` ${listBounds}, ${perSecond} a second, ${listOrder})`,
			async () => {
				assert.ok(s.dep, 'the workflow was not deployed');
				server.reset();
				server.setReadings({ pageCap, listBounds, largeLimit, listOrder });
				addFaxes(perSecond);
				const from = server.requests.length;
				const run = await s.dep.run({});
				assertSuccess(run.execution);
				assert.equal(run.status, 200);
				const ids = run.body.map((item) => item.id);
				assert.equal(ids.length, FAXES + 5, `listed ${ids.length} faxes`);
				assert.deepEqual([...ids].sort(), [...everyFax()].sort());
				assertNewestFirst(run.body);
				const lists = apiRequests(server, from);
				assert.ok(
					lists.every((r) => r.path === '/v3/accounts/self/faxes'),
					'every request lists faxes',
				);
				// A refused limit is asked again once at 50, and 50 is kept.
				const refused = lists.filter((r) => r.status !== 200);
				if (largeLimit === 'refused') {
					assert.deepEqual(
						refused.map((r) => [r.status, r.query.limit]),
						[[400, '100']],
					);
					assert.ok(lists.slice(1).every((r) => Number(r.query.limit) <= 50));
				} else assert.equal(refused.length, 0, 'a request was refused');
				assert.ok(
					lists.length > (FAXES + 5) / pageCap,
					`${lists.length} pages for ${pageCap} a page`,
				);
			},
		);
	}

	await check(
		"readings: Get and Get Many show the sender when Fax.Plus names it from_number (apidoc's example answers)",
		async () => {
			assert.ok(s.dep, 'the workflow was not deployed');
			server.reset();
			server.setReadings({ faxSender: 'from_number' });
			const senders = Object.fromEntries(
				Object.values(server.state.faxes).map((fax) => [fax.id, fax.from]),
			);
			const many = await s.dep.run({});
			assertSuccess(many.execution);
			assert.equal(many.body.length, 5);
			for (const item of many.body) assert.equal(item.from, senders[item.id], item.id);
			const get = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'e2e readings: Get',
					path: uid('readings-get'),
					nodes: [
						{
							name: 'Fax.Plus',
							parameters: {
								authentication: 'accessToken',
								resource: 'fax',
								operation: 'get',
								userId: 'self',
								faxId: 'fax_1',
							},
							credentials: credRef('faxPlusApi', s.pat),
						},
					],
				}),
			);
			const one = await get.run({});
			assertSuccess(one.execution);
			assert.equal(one.body[0].id, 'fax_1');
			assert.equal(one.body[0].from, senders.fax_1);
			assert.ok(senders.fax_1, 'fax_1 has a sender');
		},
	);

	// The Fax.Plus Trigger: Svix's header names, apidoc's example body, a member's token.
	const trigger = { webhookId: crypto.randomUUID() };
	const TRIGGER = 'Fax.Plus Trigger';
	// A run passes the delivery on; a refused signature's failed execution (signature-refusal.e2e.js) does not.
	const isRun = (e) => (outputOf(e, TRIGGER)?.length ?? 0) > 0;
	const runs = async (wf) => (await n8n.executions(wf.id)).filter(isRun);

	/** Delivers to the endpoint; returns its last answer's status and the delivery result. */
	async function deliverTo(endpointId, opts) {
		const results = await server.deliver({ onlyEndpointId: endpointId, ...opts });
		assert.equal(results.length, 1, `deliveries: ${JSON.stringify(results)}`);
		return results[0];
	}

	/** A trigger workflow with its endpoint registered and its signing secret pasted. */
	async function activeTrigger(name, webhookId, pat, parameters) {
		const secretCred = await n8n.createCredential(`${name} secret`, 'faxPlusWebhookSecretApi', {
			secret: '',
		});
		const wf = await n8n.importWorkflow({
			name,
			...thenReceived(triggerNode({ webhookId, pat, secretCred, parameters })),
		});
		const url = n8n.webhookUrl(`${webhookId}/webhook`);
		const mine = () => Object.values(server.state.webhooks).filter((ep) => ep.url === url);
		await n8n.activate(wf.id);
		await waitFor(() => mine().length > 0, 'the endpoint at the server');
		await n8n.waitForWebhook(`${webhookId}/webhook`);
		const [endpoint] = mine();
		await n8n.updateCredential(secretCred.id, {
			name: secretCred.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret: server.getEndpointSecret(endpoint.id) },
		});
		return { wf, endpointId: endpoint.id, secret: server.getEndpointSecret(endpoint.id) };
	}

	/**
	 * A delivery that must run once (re-sent while a just-pasted secret is not yet read, as
	 * Fax.Plus re-sends a 401); returns the run.
	 */
	async function runsOnce(t, opts) {
		const before = (await runs(t.wf)).length;
		let res = await deliverTo(t.endpointId, opts);
		const deadline = Date.now() + patience(30000);
		while (res.attempts.at(-1).status === 401 && Date.now() < deadline) {
			await new Promise((resolve) => setTimeout(resolve, 1000));
			[res] = await server.replay(res.webhookId);
		}
		assert.equal(res.attempts.at(-1).status, 200, `answers ${JSON.stringify(res.attempts)}`);
		const enough = Object.assign((all) => all.filter(isRun).length >= before + 1, {
			description: `with ${before + 1} runs`,
		});
		const all = await n8n.waitForExecutions(t.wf.id, before + 1, { until: enough });
		const list = all.filter(isRun);
		assert.equal(list.length, before + 1, `${list.length - before} runs`);
		return list.at(-1);
	}

	await check(
		'readings: the Fax.Plus Trigger runs once for a delivery signed with svix-* headers',
		async () => {
			server.reset();
			server.setReadings({ signatureHeaders: 'svix' });
			trigger.t = await activeTrigger('e2e readings: trigger', trigger.webhookId, s.pat);
			const run = await runsOnce(trigger.t, {
				event: 'fax_received',
				data: { id: 'fax_readings_svix', from: '+4930123456', to: '+15551230001' },
			});
			const [item] = outputOf(run, TRIGGER);
			assert.equal(item.json.faxId, 'fax_readings_svix');
			assert.equal(item.json.signatureVerified, true);
			assert.match(item.json.webhookId, /^msg_/);
		},
	);
	if (!trigger.t) return;

	await check(
		'readings: a forged svix-signature is refused with 401 and passes nothing on; a webhook-* delivery still runs',
		async () => {
			server.setReadings({ signatureHeaders: 'svix' });
			const before = (await runs(trigger.t.wf)).length;
			const forged = await deliverTo(trigger.t.endpointId, {
				event: 'fax_received',
				data: { id: 'fax_readings_forged' },
				secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
			});
			assert.equal(forged.attempts.at(-1).status, 401);
			// The fence: a webhook-* delivery runs, and it is the only run since.
			server.setReadings({ signatureHeaders: 'webhook' });
			const run = await runsOnce(trigger.t, {
				event: 'fax_received',
				data: { id: 'fax_readings_webhook' },
			});
			assert.equal(outputOf(run, TRIGGER)[0].json.faxId, 'fax_readings_webhook');
			assert.equal((await runs(trigger.t.wf)).length, before + 1);
		},
	);

	await check(
		"readings: apidoc's example body, byte for byte, runs once with from and to in E.164",
		async () => {
			const rawBody = documentedWebhookExample(
				'fax_sent',
				n8n.webhookUrl(`${trigger.webhookId}/webhook`),
			);
			const run = await runsOnce(trigger.t, { event: 'fax_sent', rawBody });
			const [item] = outputOf(run, TRIGGER);
			assert.equal(item.json.event, 'fax_sent');
			assert.equal(item.json.faxId, '66df09cf1d6d0b295c363956');
			assert.equal(item.json.from, '+13343041234');
			assert.equal(item.json.to, '+13343045678');
			assert.equal(item.json.status, 'success');
			// The fax's own fields as Fax.Plus sent them.
			assert.equal(item.json.data.from, '+1 334-304-1234');
			assert.equal(server.deliveries.at(-1).body.toString('utf8'), rawBody);
		},
	);

	await check(
		"readings: a member's token, which may name no user but self, gets the fax document",
		async () => {
			server.setReadings({ memberUserId: 'self', webhookBody: 'documented' });
			const memberPat = await n8n.createCredential(
				'Fax.Plus member PAT (readings e2e)',
				'faxPlusApi',
				{
					accessToken: server.tokens.patMember,
					baseUrl: server.baseUrl,
				},
			);
			const member = await activeTrigger(
				'e2e readings: member trigger',
				crypto.randomUUID(),
				memberPat,
				{
					authentication: 'accessToken',
					events: ['fax_received'],
					options: { downloadDocument: true },
				},
			);
			const from = server.requests.length;
			const run = await runsOnce(member, {
				event: 'fax_received',
				data: { id: 'fax_6', uid: 'member_1', owner_id: 'member_1' },
			});
			const [item] = outputOf(run, TRIGGER);
			assert.equal(item.json.documentError, undefined, item.json.documentError);
			assert.equal(item.binary?.data?.fileName, 'fax_6.pdf');
			const files = apiRequests(server, from).filter((r) => r.path.includes('/files/'));
			assert.deepEqual(
				files.map((r) => [r.path, r.status]),
				[['/v3/accounts/self/files/fax_6', 200]],
			);
			await n8n.deactivate(member.wf.id);
		},
	);

	await check(
		'readings: the Polling Trigger emits every fax once under a 50-record cap that refuses larger limits and oldest-first lists',
		async () => {
			server.reset();
			server.setReadings({ pageCap: 50, largeLimit: 'refused', listOrder: 'oldestFirst' });
			const NODE = 'Fax.Plus Polling Trigger';
			const { node } = pollingTriggerNode({ name: NODE, pat: s.pat });
			const from = server.requests.length;
			const inboxLists = () =>
				apiRequests(server, from).filter(
					(r) => r.path === '/v3/accounts/self/faxes' && r.query.category === 'inbox',
				);
			const wf = await n8n.importWorkflow({
				name: 'e2e readings: Polling Trigger',
				...thenReceived(node),
			});
			await n8n.activate(wf.id);
			// Activation's poll: the window holds no fax, so one empty page; then the faxes arrive.
			await waitFor(() => inboxLists().length > 0, "activation's poll");
			const COUNT = 61;
			const now = Date.now();
			const ids = [];
			for (let i = 0; i < COUNT; i++) {
				const id = `fax_readings_poll_${String(i).padStart(2, '0')}`;
				ids.push(id);
				// Five a second, over the 12 seconds before now.
				const at = new Date(now - 12000 + Math.floor(i / 5) * 1000);
				server.state.faxes[id] = {
					...server.state.faxes.fax_2,
					id,
					start_time: at.toISOString().replace('T', ' ').slice(0, 19),
				};
			}
			const emitted = async () => {
				const counts = new Map();
				for (const execution of await n8n.executions(wf.id))
					for (const item of outputOf(execution, NODE) ?? [])
						counts.set(item.json.faxId, (counts.get(item.json.faxId) ?? 0) + 1);
				return counts;
			};
			const deadline = Date.now() + patience(120000);
			let counts = await emitted();
			while (ids.some((id) => !counts.has(id)) && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				counts = await emitted();
			}
			// A fence: a fax added now is emitted alone, so nothing came twice meanwhile.
			server.state.faxes.fax_readings_poll_fence = {
				...server.state.faxes.fax_2,
				id: 'fax_readings_poll_fence',
				start_time: new Date().toISOString().replace('T', ' ').slice(0, 19),
			};
			while (!counts.has('fax_readings_poll_fence') && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 1000));
				counts = await emitted();
			}
			await n8n.deactivate(wf.id);
			for (const id of [...ids, 'fax_readings_poll_fence'])
				assert.equal(counts.get(id), 1, `${id} emitted ${counts.get(id) ?? 0} times`);
			assert.equal(counts.size, COUNT + 1, `emitted ${[...counts.keys()]}`);
			assert.ok(
				inboxLists().every((r) => r.status === 200 && Number(r.query.limit) <= 50),
				'a list request was refused',
			);
		},
	);

	server.reset();
};
module.exports.n8nLines = [1, 2];
