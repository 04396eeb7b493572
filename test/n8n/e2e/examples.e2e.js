'use strict';
// The example workflows of examples/ in a real n8n, so they never rot. Each file is imported as
// shipped (every node type must exist in this n8n), then imported again the way docs/examples.md tells a
// user to finish it: the credentials re-selected, the folder and the notification URL set, the
// sender number picked. Then it runs against the local Fax.Plus server:
//   fax-received-to-disk.json        a signed fax_received → the PDF and the OCR text on disk, one notification
//   poll-fax-received-to-disk.json   the same, started by the polling trigger's next poll
//   send-fax-report-status.json      a PDF posted to the webhook (with its Header Auth header) is faxed; Send
//                                    waits for its final status, which is reported; the same requestId again
//                                    is reported as a duplicate
//   fax-intake-to-data-table.json    (n8n 2.x) faxes delivered to the trigger become rows of a data table:
//                                    text and fields after Fax AI's delay, and rows that say what failed
// Each delivery-driven example (fax-received-to-disk, never-miss-a-fax, and on n8n 2.x fax-intake-to-data-table)
// also gets a dozen signed faxes delivered at the same moment, on a fresh install (no data table yet) and again
// later: a dozen successful runs and a dozen rows or files each time.
// Every example a stranger can reach (Webhook, MCP Server Trigger) ships with authentication on, and
// refuses a call without its header. Other example files (AI agents, MCP) also run in their own e2e files.

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { outputOf, errorOf, assertSuccess, createHeaderAuth, useHeaderAuth } = require('./lib');
const { makePdf } = require(path.join(__dirname, '../../server/media'));
const { loadTypeScript } = require('../../nodes/shared/documentReader/support/loadTypeScript');
const { writtenPdf } = loadTypeScript(
	path.join(__dirname, '../../nodes/shared/documentReader/support/written.ts'),
);
const { waitFor } = require('../../support/checks');

const EXAMPLES = path.join(__dirname, '../../../examples');
const FILES = [
	'fax-received-to-disk.json',
	'poll-fax-received-to-disk.json',
	'send-fax-report-status.json',
];
// n8n 2.x only: data tables' Table → Create, the AI Agent v3, the MCP Server Trigger v2.
const FILES_2X = [
	'fax-intake-to-data-table.json',
	'ai-agent-fax-assistant.json',
	'ai-agent-fax-approval.json',
	'mcp-fax-tools.json',
];
// Triggers anyone who knows the URL can call, and the authentication each must have on.
const OPEN_TRIGGERS = {
	'n8n-nodes-base.webhook': 'authentication',
	'@n8n/n8n-nodes-langchain.mcpTrigger': 'authentication',
	'@n8n/n8n-nodes-langchain.chatTrigger': 'authentication',
	'n8n-nodes-base.formTrigger': 'authentication',
};
// What the examples hold for the user to change (docs/examples.md, "After importing").
const FOLDER = '/home/node/.n8n-files/faxes';
const NOTIFY = 'https://example.com/fax-notifications';
const API_CRED = 'REPLACE_WITH_YOUR_FAX_PLUS_CREDENTIAL';
const SECRET_CRED = 'REPLACE_WITH_YOUR_SIGNING_SECRET_CREDENTIAL';

/** A local endpoint that records every notification posted to it. */
function startNotificationServer() {
	const received = [];
	const server = http.createServer((req, res) => {
		const chunks = [];
		req.on('data', (c) => chunks.push(c));
		req.on('end', () => {
			const text = Buffer.concat(chunks).toString('utf8');
			let body = text;
			try {
				body = JSON.parse(text);
			} catch {
				// kept as text
			}
			received.push({
				method: req.method,
				path: req.url,
				contentType: req.headers['content-type'],
				body,
			});
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end('{"ok":true}');
		});
	});
	return new Promise((resolve) => {
		server.listen(0, '127.0.0.1', () =>
			resolve({
				url: `http://127.0.0.1:${server.address().port}`,
				received,
				close: () => new Promise((r) => server.close(r)),
			}),
		);
	});
}

/** An example as a user finishes it after importing (see docs/examples.md). */
function finished(file, { dir, notifyUrl, api, secret, header }) {
	const text = fs
		.readFileSync(path.join(EXAMPLES, file), 'utf8')
		.replaceAll(FOLDER, dir)
		.replaceAll(NOTIFY, notifyUrl)
		.replaceAll(API_CRED, api.id)
		.replaceAll(SECRET_CRED, secret?.id ?? SECRET_CRED);
	const workflow = JSON.parse(text);
	for (const node of workflow.nodes) {
		if (node.credentials?.faxPlusApi) node.credentials.faxPlusApi.name = api.name;
		if (node.credentials?.faxPlusWebhookSecretApi && secret)
			node.credentials.faxPlusWebhookSecretApi.name = secret.name;
		// Fresh webhook ids: each run's workflow gets its own production URL.
		if (node.webhookId) node.webhookId = crypto.randomUUID();
	}
	if (header) useHeaderAuth(workflow, header);
	return workflow;
}

const nodeNamed = (workflow, name) => workflow.nodes.find((n) => n.name === name);

module.exports = async function examples(t) {
	const { check, n8n, server, ctx } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const s = { workflows: [] };

	const major = Number(String(n8n.version).split('.')[0]);
	await check(
		'examples: every trigger a stranger can reach (Webhook, MCP Server Trigger, chat, form) ships with authentication on',
		async () => {
			const open = [];
			for (const file of fs.readdirSync(EXAMPLES).filter((f) => f.endsWith('.json'))) {
				const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
				for (const node of workflow.nodes) {
					const parameter = OPEN_TRIGGERS[node.type];
					if (!parameter) continue;
					const value = node.parameters?.[parameter];
					if (!value || value === 'none' || !node.credentials)
						open.push(`${file}: "${node.name}" (${parameter}: ${value ?? 'none'})`);
				}
			}
			assert.deepEqual(open, [], 'examples whose trigger answers anyone');
		},
	);

	await check(
		'examples: each file imports as shipped, and this n8n has every node type it uses',
		async () => {
			const known = new Set((await n8n.nodeTypes()).map((type) => type.name));
			for (const file of major >= 2 ? [...FILES, ...FILES_2X] : FILES) {
				const workflow = JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
				const missing = workflow.nodes.map((n) => n.type).filter((type) => !known.has(type));
				assert.deepEqual(missing, [], `${file}: node types this n8n lacks`);
				for (const [from, outputs] of Object.entries(workflow.connections)) {
					assert.ok(
						nodeNamed(workflow, from),
						`${file}: a connection from "${from}", which is no node`,
					);
					// main, and the AI connections (ai_tool, ai_languageModel).
					for (const target of Object.values(outputs).flat(2))
						assert.ok(
							nodeNamed(workflow, target.node),
							`${file}: a connection to "${target.node}", which is no node`,
						);
				}
				const imported = await n8n.importWorkflow(workflow);
				assert.equal(
					imported.nodes.length,
					workflow.nodes.length,
					`${file}: n8n kept ${imported.nodes.length} of ${workflow.nodes.length} nodes`,
				);
				await n8n.deleteWorkflow(imported.id);
			}
		},
	);

	await check(
		'examples: a folder n8n may write to, a notification endpoint and the credentials',
		async () => {
			s.dir = path.join(n8n.filesDir, `examples-${tag}`);
			fs.mkdirSync(s.dir, { recursive: true });
			s.notify = await startNotificationServer();
			t.started.push({ stop: () => s.notify.close() });
			s.api =
				ctx.patCredential ??
				(await n8n.createCredential(`Fax.Plus API (examples ${tag})`, 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			s.header = await createHeaderAuth(n8n, `examples ${tag}`);
			s.secret = await n8n.createCredential(
				`Fax.Plus signing secret (examples ${tag})`,
				'faxPlusWebhookSecretApi',
				{
					secret: `whsec_${crypto.randomBytes(24).toString('base64')}`,
				},
			);
		},
	);
	if (!s.notify) return;

	const notificationsTo = (name) => s.notify.received.filter((r) => r.path === `/${name}`);
	async function deploy(file, name) {
		const workflow = finished(file, {
			dir: s.dir,
			notifyUrl: `${s.notify.url}/${name}`,
			api: s.api,
			secret: s.secret,
			header: s.header.credential,
		});
		workflow.name = `${workflow.name} (e2e ${tag})`;
		return { workflow, imported: await n8n.importWorkflow(workflow) };
	}

	/**
	 * An example with a Fax.Plus Trigger, published as README says: its endpoint registered at the
	 * server, the endpoint's signing secret pasted into the credential, the webhook ready.
	 */
	async function publishWithSecret(file, name) {
		const { workflow, imported } = await deploy(file, name);
		s.workflows.push(imported.id);
		const webhookId = nodeNamed(workflow, 'Fax.Plus Trigger').webhookId;
		const url = n8n.webhookUrl(`${webhookId}/webhook`);
		await n8n.activate(imported.id);
		const endpoint = await waitFor(
			() => Object.values(server.state.webhooks).find((e) => e.url === url),
			'the endpoint at the server',
		);
		await n8n.updateCredential(s.secret.id, {
			name: s.secret.name,
			type: 'faxPlusWebhookSecretApi',
			data: { secret: server.getEndpointSecret(endpoint.id) },
		});
		await n8n.waitForWebhook(`${webhookId}/webhook`);
		return { imported, endpoint };
	}

	/** The document the server serves for a fax, fetched with the token. */
	async function servedPdf(faxId) {
		const res = await fetch(
			`${server.baseUrl}/accounts/self/files/${encodeURIComponent(faxId)}?format=pdf`,
			{
				headers: { authorization: `Bearer ${server.tokens.pat}` },
			},
		);
		assert.equal(res.status, 200);
		return Buffer.from(await res.arrayBuffer());
	}

	/** The effects of one received fax: both files on disk and the notification. */
	async function assertReceivedFax(faxId, name) {
		const [note] = await waitFor(
			() => (notificationsTo(name).length ? notificationsTo(name) : undefined),
			`the notification of ${faxId}`,
			120000,
		);
		assert.equal(
			notificationsTo(name).length,
			1,
			`notifications: ${JSON.stringify(notificationsTo(name))}`,
		);
		assert.equal(note.method, 'POST');
		const pdfPath = path.join(s.dir, `${faxId}.pdf`);
		const textPath = path.join(s.dir, `${faxId}.txt`);
		assert.deepEqual(note.body, {
			event: 'fax_received',
			faxId,
			from: '+4930123456',
			to: '+15551230001',
			pdf: pdfPath,
			text: textPath,
			problem: '',
		});
		assert.ok(
			fs.readFileSync(pdfPath).equals(await servedPdf(faxId)),
			'the PDF on disk is not the document the server serves',
		);
		// The local server's OCR text of a one-page fax.
		assert.equal(fs.readFileSync(textPath, 'utf8'), `Fax ${faxId} page 1`);
		const ocr = server.requests.filter((r) => r.path === `/v3/accounts/self/faxes/${faxId}/ai/ocr`);
		assert.deepEqual(
			ocr.map((r) => r.method),
			['GET', 'POST', 'GET'],
			'OCR read, requested once (nobody had), then read once it was finished (Wait for Result)',
		);
	}

	/** How many faxes the "at the same moment" checks deliver together. */
	const DOZEN = 12;

	/**
	 * One signed fax_received per fax ID to the endpoint, every request sent in the same tick, so
	 * all are in flight together (as a morning batch or a retry storm reaches n8n); each is
	 * answered 200.
	 */
	async function deliverTogether(endpoint, faxIds) {
		const results = await Promise.all(
			faxIds.map((faxId) =>
				server.deliver({
					event: 'fax_received',
					onlyEndpointId: endpoint.id,
					data: { id: faxId, from: '+4930123456', to: '+15551230001', pages: 1 },
				}),
			),
		);
		assert.deepEqual(
			results.map((r) => r[0]?.attempts.at(-1).status),
			faxIds.map(() => 200),
			`deliveries: ${JSON.stringify(results.map((r) => r[0]?.attempts))}`,
		);
	}

	/**
	 * Waits for `total` finished runs and for a finished run that passed on each fax of `faxIds`;
	 * each run succeeded, and `node` passed on each fax in exactly one of them. The example's
	 * Polling Trigger (every 5 minutes on the clock) adds runs of its own, so `total` runs can be
	 * finished while a delivery's run is not yet.
	 */
	async function assertOneRunEach(imported, total, faxIds, node) {
		const passedOn = (executions) =>
			executions.flatMap((e) => (outputOf(e, node) ?? []).map((i) => i.json.faxId));
		const eachPassedOn = (executions) =>
			faxIds.every((faxId) => passedOn(executions).includes(faxId));
		eachPassedOn.description = `with a run passing on each of ${faxIds.length} faxes`;
		const executions = await n8n.waitForExecutions(imported.id, total, {
			timeoutMs: 150000,
			until: eachPassedOn,
		});
		const failed = executions.filter((e) => e.status !== 'success');
		assert.deepEqual(
			failed.map((e) => `${e.id}: ${JSON.stringify(errorOf(e) ?? e.status)}`),
			[],
			'runs that failed',
		);
		const passed = passedOn(executions);
		for (const faxId of faxIds)
			assert.equal(
				passed.filter((id) => id === faxId).length,
				1,
				`runs that passed ${faxId} on: ${passed.filter((id) => id === faxId).length}`,
			);
	}

	/** The data tables of this project named `name`. */
	const tablesNamed = async (name) =>
		(
			await n8n.api('GET', `/data-tables?filter=${encodeURIComponent(JSON.stringify({ name }))}`)
		).data.filter((table) => table.name === name);

	/**
	 * An example that files each fax on disk, published, then a dozen faxes delivered at the same
	 * moment to it twice (its first deliveries, then again): a dozen successful runs each time, and
	 * each fax's files and notification once.
	 */
	async function dozenOnDisk(file, name, { triggerNode, withText }) {
		const { imported, endpoint } = await publishWithSecret(file, name);
		let total = 0;
		for (const round of ['first', 'again']) {
			const faxIds = Array.from({ length: DOZEN }, (_, i) => `fax_${name}_${round}_${i}_${tag}`);
			await deliverTogether(endpoint, faxIds);
			total += DOZEN;
			await assertOneRunEach(imported, total, faxIds, triggerNode);
			for (const faxId of faxIds) {
				const pdfPath = path.join(s.dir, `${faxId}.pdf`);
				assert.ok(
					fs.readFileSync(pdfPath).equals(await servedPdf(faxId)),
					`${pdfPath} is not the document the server serves`,
				);
				if (withText)
					assert.equal(
						fs.readFileSync(path.join(s.dir, `${faxId}.txt`), 'utf8'),
						`Fax ${faxId} page 1`,
					);
				const notes = notificationsTo(name).filter((note) => note.body.faxId === faxId);
				assert.equal(notes.length, 1, `notifications of ${faxId}: ${JSON.stringify(notes)}`);
				assert.equal(notes[0].body.pdf, pdfPath);
			}
		}
		await n8n.deactivate(imported.id);
	}

	try {
		// Runs at the same moment: no step two runs of the example can race (create-if-missing, one
		// output path, a read-modify-write of one record). Delivered together on purpose, not by load.
		if (major >= 2) {
			await check(
				`examples: fax-intake-to-data-table.json — ${DOZEN} faxes delivered at the same moment, before the table exists and again later: ${DOZEN} successful runs and ${DOZEN} rows each time`,
				async () => {
					// A fresh install: no table "Fax intake" yet, so every run of the first dozen creates it.
					for (const table of await tablesNamed('Fax intake'))
						await n8n.api('DELETE', `/data-tables/${table.id}`);
					const { imported, endpoint } = await publishWithSecret(
						'fax-intake-to-data-table.json',
						'intake-together',
					);
					let total = 0;
					for (const round of ['fresh', 'later']) {
						const faxIds = Array.from(
							{ length: DOZEN },
							(_, i) => `fax_intake_${round}_${i}_${tag}`,
						);
						await deliverTogether(endpoint, faxIds);
						total += DOZEN;
						await assertOneRunEach(imported, total, faxIds, 'Fax');
						const tables = await tablesNamed('Fax intake');
						assert.equal(tables.length, 1, `tables named "Fax intake": ${tables.length}`);
						const rows = (await n8n.api('GET', `/data-tables/${tables[0].id}/rows?limit=250`)).data;
						for (const faxId of faxIds) {
							const mine = rows.filter((row) => row.faxId === faxId);
							assert.equal(mine.length, 1, `rows of ${faxId}: ${JSON.stringify(mine)}`);
							assert.equal(mine[0].text, `Fax ${faxId} page 1`);
							assert.equal(mine[0].problem, '');
						}
					}
					await n8n.deactivate(imported.id);
				},
			);
		}

		await check(
			`examples: fax-received-to-disk.json — ${DOZEN} faxes delivered at the same moment, twice: ${DOZEN} successful runs, each fax's PDF, text and notification once`,
			async () =>
				await dozenOnDisk('fax-received-to-disk.json', 'received-together', {
					triggerNode: 'Fax.Plus Trigger',
					withText: true,
				}),
		);

		await check(
			`examples: never-miss-a-fax.json — ${DOZEN} faxes delivered at the same moment, twice: ${DOZEN} successful runs, each fax's PDF and notification once`,
			async () =>
				await dozenOnDisk('never-miss-a-fax.json', 'never-miss-together', {
					triggerNode: 'Fax.Plus Trigger',
					withText: false,
				}),
		);

		await check(
			'examples: fax-received-to-disk.json — a signed fax_received writes the PDF and the OCR text and posts one notification',
			async () => {
				const { imported, endpoint } = await publishWithSecret(
					'fax-received-to-disk.json',
					'received',
				);

				const faxId = `fax_example_${tag}`;
				const results = await server.deliver({
					event: 'fax_received',
					onlyEndpointId: endpoint.id,
					data: { id: faxId, from: '+4930123456', to: '+15551230001', pages: 1 },
				});
				assert.equal(
					results[0]?.attempts.at(-1).status,
					200,
					`deliveries: ${JSON.stringify(results)}`,
				);
				await assertReceivedFax(faxId, 'received');
				const [execution] = await n8n.waitForExecutions(imported.id, 1);
				assertSuccess(execution);
				await n8n.deactivate(imported.id);
			},
		);

		await check(
			'examples: poll-fax-received-to-disk.json — a new fax, found by the next poll, gets its PDF, OCR text and notification',
			async () => {
				const { imported } = await deploy('poll-fax-received-to-disk.json', 'polled');
				s.workflows.push(imported.id);
				const lists = () =>
					server.requests.filter(
						(r) => r.path === '/v3/accounts/self/faxes' && r.query.category === 'inbox',
					).length;
				const before = lists();
				await n8n.activate(imported.id);
				// Activation polls once (faxes already listed are history); the fax comes after that.
				await waitFor(() => lists() > before, 'the first poll');
				const faxId = `fax_example_poll_${tag}`;
				const added = await fetch(`${server.origin}/_control/faxes`, {
					method: 'POST',
					headers: { 'content-type': 'application/json' },
					body: JSON.stringify({ id: faxId, pages: 1 }),
				});
				assert.equal(added.status, 200);
				// Poll Times: every minute, as shipped.
				await assertReceivedFax(faxId, 'polled');
				await n8n.deactivate(imported.id);
				const runs = await n8n.executions(imported.id);
				assert.equal(runs.length, 1, `${runs.length} runs`);
				assertSuccess(runs[0]);
			},
		);

		await check(
			'examples: send-fax-report-status.json — a posted PDF is faxed, Send waits for its final status, which is reported once',
			async () => {
				const { workflow, imported } = await deploy('send-fax-report-status.json', 'sent');
				s.workflows.push(imported.id);
				// What the user picks on import: the number to send from.
				const send = nodeNamed(workflow, 'Send Fax');
				send.parameters.from = { __rl: true, mode: 'id', value: '+15551230001' };
				await n8n.updateWorkflow(imported.id, workflow);
				const webhookPath = nodeNamed(workflow, 'Upload PDF').parameters.path;
				await n8n.activate(imported.id);
				await n8n.waitForWebhook(webhookPath);

				const to = `+4930${crypto.randomInt(1000000, 9999999)}`;
				const pdf = makePdf([`Example ${tag}`, 'Sent by the example workflow']);
				const requestId = `order-${tag}`;
				const url = `${n8n.webhookUrl(webhookPath)}?to=${encodeURIComponent(to)}&requestId=${requestId}`;
				const post = (headers) =>
					fetch(url, {
						method: 'POST',
						headers: { 'content-type': 'application/pdf', ...headers },
						body: pdf,
					});
				// Without the Header Auth header (or with another value) n8n answers 403 and runs nothing.
				for (const headers of [{}, { authorization: 'Bearer guessed' }]) {
					const refused = await post(headers);
					assert.equal(refused.status, 403, await refused.text());
				}
				const res = await post(s.header.headers);
				assert.equal(res.status, 200, await res.text());

				const outboxFax = await waitFor(
					() => Object.values(server.state.outbox).find((o) => o.to[0] === to),
					'the outbox fax',
				);
				const uploaded = server.state.files[outboxFax.files[0]];
				const written = await writtenPdf(pdf);
				assert.equal(
					uploaded?.size,
					written.length,
					'the uploaded file is not the PDF written from the posted one',
				);
				// Send checks the outbox (at once, then every 20 s) until the fax has left it.
				const outboxReads = () =>
					server.requests.filter(
						(r) => r.method === 'GET' && r.path === '/v3/accounts/self/outbox',
					);
				await waitFor(() => outboxReads().length > 0, 'a check of the outbox', 90000);
				assert.equal(notificationsTo('sent').length, 0, 'reported before the fax was done');

				const finishedFax = await (
					await fetch(`${server.origin}/_control/outbox/finish`, {
						method: 'POST',
						headers: { 'content-type': 'application/json' },
						body: JSON.stringify({ id: outboxFax.id, status: 'success' }),
					})
				).json();
				const [note] = await waitFor(
					() => (notificationsTo('sent').length ? notificationsTo('sent') : undefined),
					'the status report',
					90000,
				).catch(async (error) => {
					const runs = await n8n.executions(imported.id);
					const last = runs.at(-1);
					const ran = Object.entries(last?.data?.resultData?.runData ?? {}).map(
						([node, r]) => `${node}×${r.length}`,
					);
					throw new Error(
						`${error.message}; ${runs.length} runs, the last ${last?.status}: ${JSON.stringify(errorOf(last) ?? null)}; nodes run: ${ran.join(', ')}`,
					);
				});
				assert.deepEqual(note.body, {
					event: 'fax_finished',
					requestId,
					faxId: finishedFax.id,
					to,
					status: 'success',
					statusMeaning: 'The fax was sent (or received) completely.',
					pages: 1,
					outboxFaxId: outboxFax.id,
				});
				assert.ok(outboxReads().length >= 2, 'Send did not check again after the fax was done');

				const [execution] = await n8n.waitForExecutions(imported.id, 1);
				assertSuccess(execution);
				assert.equal((outputOf(execution, 'Send Fax') ?? []).length, 1);
				assert.equal(notificationsTo('sent').length, 1, 'reported more than once');

				// The same requestId again: nothing is faxed, and the report says it was a duplicate.
				const outboxPosts = () =>
					server.requests.filter(
						(r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox',
					).length;
				const postsBefore = outboxPosts();
				const again = await post(s.header.headers);
				assert.equal(again.status, 200, await again.text());
				const [, duplicate] = await waitFor(
					() => (notificationsTo('sent').length > 1 ? notificationsTo('sent') : undefined),
					'the duplicate report',
					60000,
				);
				assert.equal(outboxPosts(), postsBefore, 'a repeated requestId was faxed again');
				assert.equal(duplicate.body.event, 'fax_duplicate');
				assert.equal(duplicate.body.requestId, requestId);
				assert.equal(duplicate.body.status, 'duplicate');
				assert.equal(duplicate.body.to, to);
				assert.match(duplicate.body.statusMeaning, /^Not sent again/);
				const runs = await n8n.waitForExecutions(imported.id, 2, { settleMs: 1000 });
				assert.equal(runs.length, 2, 'the refused calls started executions');
				await n8n.deactivate(imported.id);
			},
		);

		if (major >= 2) {
			await check(
				'examples: fax-intake-to-data-table.json — delivered faxes become rows: text and fields once Fax AI is done, and rows that say what failed',
				async () => {
					const { imported, endpoint } = await publishWithSecret(
						'fax-intake-to-data-table.json',
						'intake',
					);

					// Fax AI as it behaves: done after a few seconds, or failed, or refused.
					const id = (name) => `fax_intake_${name}_${tag}`;
					const plans = [
						{ faxId: id('done'), outcome: 'finished', afterMs: 4000 },
						{ faxId: id('nofields'), job: 'field_extraction', outcome: 'failed', afterReads: 1 },
						{ faxId: id('nofields'), outcome: 'finished', afterReads: 1 },
						{ faxId: id('filtered'), outcome: 'content_filtering_policy', afterReads: 1 },
					];
					server.state.aiPlans.unshift(...plans);
					const faxes = [
						{ id: id('done'), pages: 2, status: 'success' },
						{ id: id('nofields'), pages: 1, status: 'success' },
						{ id: id('filtered'), pages: 1, status: 'success' },
						{ id: id('failed'), pages: 0, status: 'failed' },
					];
					for (const fax of faxes) {
						const results = await server.deliver({
							event: 'fax_received',
							onlyEndpointId: endpoint.id,
							data: { ...fax, from: '+4930123456', to: '+15551230001' },
						});
						assert.equal(results[0]?.attempts.at(-1).status, 200, JSON.stringify(results));
					}
					// A run for each fax, also when the Polling Trigger's poll on the clock adds one.
					const faxIds = faxes.map((fax) => fax.id);
					await assertOneRunEach(imported, faxes.length, faxIds, 'Fax');

					const [table] = (
						await n8n.api(
							'GET',
							`/data-tables?filter=${encodeURIComponent('{"name":"Fax intake"}')}`,
						)
					).data.filter((t) => t.name === 'Fax intake');
					assert.ok(table, 'the data table "Fax intake" was not created');
					const rows = (await n8n.api('GET', `/data-tables/${table.id}/rows?limit=250`)).data;
					const rowOf = (name) => {
						const mine = rows.filter((row) => row.faxId === id(name));
						assert.equal(mine.length, 1, `rows of ${id(name)}: ${JSON.stringify(mine)}`);
						return mine[0];
					};
					const ocrText = (faxId, pages) =>
						Array.from({ length: pages }, (_, i) => `Fax ${faxId} page ${i + 1}`).join('\n');

					const done = rowOf('done');
					assert.deepEqual(
						{
							sender: done.sender,
							pages: done.pages,
							status: done.status,
							text: done.text,
							problem: done.problem,
						},
						{
							sender: '+4930123456',
							pages: 2,
							status: 'success',
							text: ocrText(id('done'), 2),
							problem: '',
						},
					);
					assert.deepEqual(
						Object.entries(JSON.parse(done.fields)).filter(([key]) =>
							['document_type', 'sender_fax', 'recipient_fax', 'page_count'].includes(key),
						),
						[
							['document_type', 'fax'],
							['sender_fax', '+4930123456'],
							['recipient_fax', '+15551230001'],
							['page_count', '2'],
						],
					);
					const nofields = rowOf('nofields');
					assert.equal(nofields.text, ocrText(id('nofields'), 1));
					assert.equal(nofields.fields, '');
					assert.match(nofields.problem, /Field extraction failed for this fax/);
					const filtered = rowOf('filtered');
					assert.equal(filtered.text, '');
					assert.match(filtered.problem, /content filtering policy/);
					const failed = rowOf('failed');
					assert.equal(failed.status, 'failed');
					assert.equal(failed.text, '');
					assert.match(failed.problem, /^Fax failed: .+ Not read by Fax AI\.$/);

					// Fax AI was asked once per fax and job, and never for the failed fax.
					const aiPosts = (faxId) =>
						server.requests
							.filter(
								(r) =>
									r.method === 'POST' && r.path.startsWith(`/v3/accounts/self/faxes/${faxId}/ai/`),
							)
							.map((r) => r.path.split('/').pop())
							.sort();
					for (const name of ['done', 'nofields', 'filtered'])
						assert.deepEqual(aiPosts(id(name)), ['field-extraction', 'ocr'], name);
					assert.deepEqual(aiPosts(id('failed')), []);
					await n8n.deactivate(imported.id);
				},
			);

			await check(
				'examples: the AI agent and MCP examples refuse a call without their Header Auth header (403), starting nothing',
				async () => {
					const openAi = await n8n.createCredential(`Model (examples ${tag})`, 'openAiApi', {
						apiKey: 'sk-none',
						url: 'http://127.0.0.1:9/v1',
					});
					const smtp = await n8n.createCredential(`SMTP (examples ${tag})`, 'smtp', {
						host: '127.0.0.1',
						port: 9,
						secure: false,
						user: '',
						password: '',
					});
					for (const file of [
						'ai-agent-fax-assistant.json',
						'ai-agent-fax-approval.json',
						'mcp-fax-tools.json',
					]) {
						const workflow = finished(file, {
							dir: s.dir,
							notifyUrl: s.notify.url,
							api: s.api,
							secret: s.secret,
							header: s.header.credential,
						});
						workflow.name = `${workflow.name} (e2e ${tag}, unauthenticated calls)`;
						const suffix = crypto.randomBytes(3).toString('hex');
						let target;
						// The credentials docs/examples.md's after-import steps have the user select.
						const selected = {
							'n8n-nodes-faxplus.faxPlusTool': { faxPlusApi: s.api },
							'@n8n/n8n-nodes-langchain.lmChatOpenAi': { openAiApi: openAi },
							'n8n-nodes-base.emailSendHitlTool': { smtp },
						};
						for (const node of workflow.nodes) {
							for (const [type, credential] of Object.entries(selected[node.type] ?? {}))
								node.credentials = { [type]: { id: credential.id, name: credential.name } };
							if (OPEN_TRIGGERS[node.type]) {
								node.parameters.path = `${node.parameters.path}-${suffix}`;
								target =
									node.type === 'n8n-nodes-base.webhook'
										? n8n.webhookUrl(node.parameters.path)
										: `${n8n.url}/mcp/${node.parameters.path}`;
							}
						}
						const imported = await n8n.importWorkflow(workflow);
						s.workflows.push(imported.id);
						await n8n.activate(imported.id);
						const call = (headers) =>
							fetch(target, {
								method: 'POST',
								headers: {
									'content-type': 'application/json',
									accept: 'application/json, text/event-stream',
									...headers,
								},
								body: JSON.stringify({
									jsonrpc: '2.0',
									id: 1,
									method: 'tools/list',
									message: 'List my faxes',
								}),
							});
						// Right after activation the URL can answer 404 for a moment.
						const refused = await waitFor(async () => {
							const res = await call({});
							return res.status === 404 ? undefined : res;
						}, `${file}: its trigger`);
						assert.equal(refused.status, 403, `${file}: ${await refused.text()}`);
						const guessed = await call({ authorization: 'Bearer guessed' });
						assert.equal(guessed.status, 403, `${file} with another header: ${guessed.status}`);
						const runs = await n8n.executions(imported.id, { includeData: false });
						assert.deepEqual(runs, [], `${file}: an unauthenticated call started an execution`);
						await n8n.deactivate(imported.id);
					}
					await n8n.deleteCredential(openAi.id).catch(() => {});
					await n8n.deleteCredential(smtp.id).catch(() => {});
				},
			);
		}
	} finally {
		for (const id of s.workflows) await n8n.deactivate(id).catch(() => {});
		fs.rmSync(s.dir, { recursive: true, force: true });
		await n8n.deleteCredential(s.secret.id).catch(() => {});
		await n8n.deleteCredential(s.header.credential.id).catch(() => {});
	}
};
// Both n8n lines: the examples' built-in nodes and their versions differ between the lines.
module.exports.n8nLines = [1, 2];
