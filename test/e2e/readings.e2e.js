'use strict';
// Fax → Get Many with Return All in a real n8n, with the local server answering at most 50 and at
// most 1 fax a page, whatever `limit` asks (no Fax.Plus document gives the largest page): every fax
// once, newest first (docs/fax-plus-readings.md). The other readings are proven by unit tests
// through n8n-core's engine.

const assert = require('node:assert/strict');
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	apiRequests,
	assertSuccess,
	uid,
} = require('./lib');

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

	for (const [pageCap, listBounds, perSecond] of [
		[50, 'exclusive', 3],
		[50, 'inclusive', 3],
		[1, 'exclusive', 1],
	]) {
		await check(
			`readings: Get Many lists every fax once with Fax.Plus answering at most ${pageCap} a page (\`before\` ${listBounds}, ${perSecond} a second)`,
			async () => {
				assert.ok(s.dep, 'the workflow was not deployed');
				server.reset();
				server.setReadings({ pageCap, listBounds });
				addFaxes(perSecond);
				const from = server.requests.length;
				const run = await s.dep.run({});
				assertSuccess(run.execution);
				assert.equal(run.status, 200);
				const ids = run.body.map((item) => item.id);
				assert.equal(ids.length, FAXES + 5, `listed ${ids.length} faxes`);
				assert.deepEqual(ids, everyFax());
				const lists = apiRequests(server, from);
				assert.ok(
					lists.every((r) => r.path === '/v3/accounts/self/faxes' && r.status === 200),
					'every request lists faxes, answered 200',
				);
				assert.ok(
					lists.length > (FAXES + 5) / pageCap,
					`${lists.length} pages for ${pageCap} a page`,
				);
			},
		);
	}

	server.reset();
};
// n8n 2.x only: paging is the node's own code, the same on both lines.
module.exports.n8nLines = [2];
