'use strict';
// Fax AI's Wait for Result in a real n8n (2.x): Request OCR → Request Field Extraction, each
// waiting for its job, against the local server's Fax AI, which ends jobs as planned (state.aiPlans).
// A job done after a delay gives its text and fields; a failed one says failed; one still running at
// the limit comes back pending with what to do next; a fax already done is read, not requested again
// (counted at the server). Checks are 5 s apart, the floor n8n users get.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const { deployWebhookWorkflow, webhookWorkflow, credRef } = require('./lib');

module.exports = async function faxAi(t) {
	const { check, n8n, server, ctx } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check(
		'fax-ai: a workflow that requests OCR and field extraction and waits for both',
		async () => {
			const pat =
				ctx.patCredential ??
				(await n8n.createCredential(`Fax.Plus PAT (fax-ai ${tag})`, 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			const waiting = (operation) => ({
				authentication: 'accessToken',
				resource: 'fax',
				operation,
				userId: { __rl: true, mode: 'list', value: 'self' },
				faxId: { __rl: true, mode: 'id', value: "={{ $('Webhook').item.json.body.faxId }}" },
				waitForResult: true,
				resultCheckInterval: 5,
				maxResultChecks: "={{ $('Webhook').item.json.body.maxChecks }}",
			});
			s.flow = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: `Fax AI wait (e2e ${tag})`,
					path: `fax-ai-${tag}`,
					nodes: [
						{
							name: 'Request OCR',
							parameters: waiting('requestOcr'),
							credentials: credRef('faxPlusApi', pat),
						},
						{
							name: 'Request Field Extraction',
							parameters: waiting('requestFieldExtraction'),
							credentials: credRef('faxPlusApi', pat),
						},
						// Both items in the webhook's answer, so runs side by side each read their own.
						{
							name: 'Both',
							type: 'n8n-nodes-base.set',
							typeVersion: 3.4,
							parameters: {
								assignments: {
									assignments: [
										{
											id: 'ocr',
											name: 'ocr',
											value: "={{ $('Request OCR').item.json }}",
											type: 'object',
										},
										{ id: 'fields', name: 'fields', value: '={{ $json }}', type: 'object' },
									],
								},
								options: {},
							},
						},
					],
				}),
			);
		},
	);
	if (!s.flow) return;

	const id = (name) => `fax_ai_${name}_${tag}`;
	const posts = (faxId) =>
		server.requests
			.filter(
				(r) => r.method === 'POST' && r.path.startsWith(`/v3/accounts/self/faxes/${faxId}/ai/`),
			)
			.map((r) => r.path.split('/').pop())
			.sort();
	/** One run: the items of both nodes, from the webhook's answer. */
	async function run(faxId, maxChecks = 6) {
		const { status, body } = await s.flow.run({ faxId, maxChecks });
		assert.equal(status, 200, JSON.stringify(body));
		const [both] = [].concat(body);
		assert.equal(both?.ocr?.faxId, faxId, JSON.stringify(body));
		return both;
	}

	await check(
		'fax-ai: text and fields of a job done after a delay, failed for one that fails, pending at the limit',
		async () => {
			for (const name of ['delayed', 'failing', 'slow']) {
				server.state.faxes[id(name)] = { ...server.state.faxes.fax_2, id: id(name), pages: 1 };
			}
			server.state.aiPlans.unshift(
				{ faxId: id('delayed'), outcome: 'finished', afterMs: 6000 },
				{ faxId: id('failing'), outcome: 'failed', afterReads: 1 },
				{ faxId: id('slow'), outcome: 'finished', afterReads: 1000 },
			);
			const [delayed, failing, slow] = await Promise.all([
				run(id('delayed')),
				run(id('failing')),
				run(id('slow'), 2),
			]);

			assert.equal(delayed.ocr.status, 'finished');
			assert.equal(delayed.ocr.data, `Fax ${id('delayed')} page 1`);
			assert.equal(delayed.ocr.requested, true);
			assert.ok(delayed.ocr.checks >= 2, `done at the first check: ${delayed.ocr.checks}`);
			assert.equal(delayed.fields.status, 'finished');
			assert.equal(delayed.fields.data.sender_fax, '+12125550199');

			for (const job of [failing.ocr, failing.fields]) {
				assert.equal(job.status, 'failed');
				assert.equal(job.finished, false);
				assert.equal(job.data, undefined);
				assert.match(job.message, /failed for this fax/);
			}

			for (const job of [slow.ocr, slow.fields]) {
				assert.equal(job.status, 'pending');
				assert.equal(job.checks, 2);
				assert.match(job.message, /still in progress after 2 checks .*it is not requested again/);
			}
			for (const name of ['delayed', 'failing', 'slow'])
				assert.deepEqual(
					posts(id(name)),
					['field-extraction', 'ocr'],
					`${name}: one request per job`,
				);
		},
	);

	await check(
		'fax-ai: a fax already processed is read, not requested again (no second credit)',
		async () => {
			const again = await run(id('delayed'));
			for (const job of [again.ocr, again.fields]) {
				assert.equal(job.status, 'finished');
				assert.equal(job.requested, false);
				assert.equal(job.reused, true);
			}
			assert.equal(again.ocr.data, `Fax ${id('delayed')} page 1`);
			assert.deepEqual(posts(id('delayed')), ['field-extraction', 'ocr']);
			// A job still running is waited for, not requested again.
			const slow = await run(id('slow'), 1);
			assert.equal(slow.ocr.reused, true);
			assert.deepEqual(posts(id('slow')), ['field-extraction', 'ocr']);
		},
	);

	await n8n.deactivate(s.flow.id).catch(() => {});
};
// n8n 2.x only: the waits are the node's own code, and n8n gives it the same helpers (the
// execution's cancel signal included) on both lines.
module.exports.n8nLines = [2];
