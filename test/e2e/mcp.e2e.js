'use strict';
// The node as tools for AI agents (issue 20), in a real n8n 2.x: examples/mcp-fax-tools.json
// (n8n's MCP Server Trigger with Fax.Plus tool nodes) is imported as users import it, its
// Fax.Plus tools get a credential for the local server, and the official MCP TypeScript SDK
// client lists and calls them over Streamable HTTP. Each call's requests at the local server
// are asserted. n8n 1.x is skipped: the suite's MCP client and example follow 2.x's trigger (v2).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { apiRequests, createHeaderAuth, sleep, useHeaderAuth } = require('./lib');

const ROOT = path.resolve(__dirname, '../..');
const EXAMPLE = path.join(ROOT, 'examples/mcp-fax-tools.json');
const FAX_TOOL = 'n8n-nodes-faxplus.faxPlusTool';

/** The example workflow with a unique MCP path and every Fax.Plus tool on the given credential. */
function exampleWorkflow(file, { pathSuffix, credential }) {
	const workflow = JSON.parse(fs.readFileSync(file, 'utf8'));
	for (const node of workflow.nodes) {
		if (node.type === '@n8n/n8n-nodes-langchain.mcpTrigger') {
			node.parameters.path = `${node.parameters.path}-${pathSuffix}`;
			node.webhookId = crypto.randomUUID();
		}
		if (node.type === FAX_TOOL)
			node.credentials = { faxPlusApi: { id: credential.id, name: credential.name } };
	}
	workflow.name = `${workflow.name} (e2e ${pathSuffix})`;
	return workflow;
}

/** The text of a tool result (n8n answers the tool's output as one text block). */
function textOf(result) {
	return (result.content ?? [])
		.filter((c) => c.type === 'text')
		.map((c) => c.text)
		.join('\n');
}

/** The JSON a tool answered: n8n writes the output items as JSON text. */
function jsonOf(result) {
	const text = textOf(result);
	try {
		return JSON.parse(text);
	} catch {
		throw new Error(`tool answered no JSON: ${text.slice(0, 500)}`);
	}
}

/** One item of a tool's answer (n8n gives a list of items' JSON, or one item's JSON). */
function firstItem(value) {
	return Array.isArray(value) ? value[0] : value;
}

async function connectClient(url, headers = {}) {
	const { Client } = require('@modelcontextprotocol/sdk/client/index.js');
	const {
		StreamableHTTPClientTransport,
	} = require('@modelcontextprotocol/sdk/client/streamableHttp.js');
	// Right after activation the URL can answer 404 for a moment (facts.md): retry the connect.
	const deadline = Date.now() + 30000;
	for (;;) {
		const client = new Client({ name: 'n8n-nodes-faxplus-e2e', version: '1.0.0' });
		try {
			await client.connect(
				new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
			);
			return client;
		} catch (error) {
			await client.close().catch(() => {});
			if (Date.now() > deadline)
				throw new Error(`MCP client could not connect to ${url}: ${error.message}`);
			await sleep(250);
		}
	}
}

module.exports = async function mcp(t) {
	const { check, n8n, server, ctx, log } = t;
	if (Number(String(n8n.version).split('.')[0]) < 2) {
		log(`mcp: skipped on n8n ${n8n.version} (the MCP checks are written for n8n 2.x)`);
		return;
	}
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check(
		'mcp: examples/mcp-fax-tools.json imports and activates with the MCP Server Trigger and Fax.Plus tools',
		async () => {
			s.pat =
				ctx.patCredential ??
				(await n8n.createCredential(`Fax.Plus PAT (mcp e2e ${tag})`, 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			const workflow = exampleWorkflow(EXAMPLE, { pathSuffix: tag, credential: s.pat });
			const auth = await createHeaderAuth(n8n, `mcp e2e ${tag}`);
			useHeaderAuth(workflow, auth.credential);
			const imported = await n8n.importWorkflow(workflow);
			s.workflowId = imported.id;
			await n8n.activate(imported.id);
			const trigger = workflow.nodes.find((n) => n.type === '@n8n/n8n-nodes-langchain.mcpTrigger');
			s.url = `${n8n.url}/mcp/${trigger.parameters.path}`;
			s.client = await connectClient(s.url, auth.headers);
			// Without the Header Auth header n8n refuses the MCP session before any tool is listed.
			const refused = await fetch(s.url, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					accept: 'application/json, text/event-stream',
				},
				body: JSON.stringify({
					jsonrpc: '2.0',
					id: 1,
					method: 'tools/list',
					params: {},
				}),
			});
			assert.equal(refused.status, 403, await refused.text());
			log(`MCP server ${s.url}`);
		},
	);
	if (!s.client) return;

	try {
		await check(
			'mcp: lists the Fax.Plus tools, each with a description of what it does, needs and returns, and its $fromAI inputs',
			async () => {
				const { tools } = await s.client.listTools();
				const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
				assert.deepEqual(Object.keys(byName).sort(), [
					'Check_outgoing_fax',
					'Get_fax',
					'List_faxes',
					'Read_fax_text',
					'Send_fax_from_URL',
					'Send_fax_from_text',
				]);
				const send = byName.Send_fax_from_text;
				assert.match(send.description, /Send a fax/);
				assert.match(
					send.description,
					/outbox/i,
					`Send's description says nothing of what it returns: ${send.description}`,
				);
				assert.deepEqual(Object.keys(send.inputSchema.properties).sort(), [
					'comment',
					'destinations',
					'text',
				]);
				assert.match(send.inputSchema.properties.destinations.description, /separated by commas/);
				assert.deepEqual(Object.keys(byName.Get_fax.inputSchema.properties), ['fax_id']);
				assert.match(byName.Get_fax.inputSchema.properties.fax_id.description, /List faxes/);
				assert.deepEqual(Object.keys(byName.List_faxes.inputSchema.properties), ['category']);
				for (const tool of tools)
					assert.ok(
						tool.description.length > 60,
						`${tool.name}'s description is bare: "${tool.description}"`,
					);
				s.tools = byName;
			},
		);

		await check(
			'mcp: Send fax from text uploads the text and creates the outbox fax; the answer names the outbox IDs and how to check',
			async () => {
				const from = server.requests.length;
				const result = await s.client.callTool({
					name: 'Send_fax_from_text',
					arguments: {
						destinations: '+15551234567, +4930123456',
						text: `Please call back. (${tag})`,
						comment: `mcp ${tag}`,
					},
				});
				assert.ok(!result.isError, `isError: ${textOf(result)}`);
				const reqs = apiRequests(server, from);
				const uploads = reqs.filter(
					(r) => r.method === 'POST' && r.path === '/v3/accounts/self/files',
				);
				assert.equal(uploads.length, 1, reqs.map((r) => `${r.method} ${r.path}`).join(', '));
				assert.ok(
					uploads[0].rawBody.includes(Buffer.from(`Please call back. (${tag})`)),
					'the uploaded file is not the text',
				);
				const outbox = reqs.filter(
					(r) => r.method === 'POST' && r.path === '/v3/accounts/self/outbox',
				);
				assert.equal(outbox.length, 1);
				assert.deepEqual(outbox[0].body.to, ['+15551234567', '+4930123456']);
				// The comment, and the tag of the tool's default idempotency key.
				assert.equal(outbox[0].body.comment.text, `mcp ${tag}`);
				assert.equal(outbox[0].body.comment.tags.length, 1);
				assert.match(outbox[0].body.comment.tags[0], /^n8n-key-[0-9a-f]{24}$/);
				assert.equal(outbox[0].body.from, '+15551230001');

				// One item per destination, as in a workflow, each with a message.
				const answer = jsonOf(result);
				assert.ok(Array.isArray(answer), `one item per destination: ${JSON.stringify(answer)}`);
				assert.equal(answer.length, 2);
				const sent = answer[0];
				for (const { to, outboxFaxId } of answer) {
					assert.ok(
						server.state.outbox[outboxFaxId],
						`the server has no outbox fax ${outboxFaxId}`,
					);
					assert.deepEqual(server.state.outbox[outboxFaxId].to, [to]);
				}
				assert.match(sent.message, /Outbox → Get with its outbox ID/);
				s.outboxFaxId = sent.outboxFaxId;
				s.sendArguments = {
					destinations: '+15551234567, +4930123456',
					text: `Please call back. (${tag})`,
					comment: `mcp ${tag}`,
				};
				s.sent = sent;
			},
		);

		await check(
			'mcp: the agent calling Send again with the same fax sends nothing (the default key) and says duplicate',
			async () => {
				const from = server.requests.length;
				const result = await s.client.callTool({
					name: 'Send_fax_from_text',
					arguments: s.sendArguments,
				});
				assert.ok(!result.isError, `isError: ${textOf(result)}`);
				const again = firstItem(jsonOf(result));
				assert.equal(again.duplicate, true);
				assert.deepEqual(again.outboxFaxId, s.sent.outboxFaxId);
				const reqs = apiRequests(server, from).map((r) => `${r.method} ${r.path}`);
				assert.ok(
					!reqs.some((r) => r.startsWith('POST')),
					`a repeat reached Fax.Plus with a POST: ${reqs.join(', ')}`,
				);
			},
		);

		await check(
			'mcp: Check outgoing fax reads the outbox fax the send created, simplified',
			async () => {
				const from = server.requests.length;
				const result = await s.client.callTool({
					name: 'Check_outgoing_fax',
					arguments: { outbox_fax_id: s.outboxFaxId },
				});
				assert.ok(!result.isError, `isError: ${textOf(result)}`);
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
					[`GET /v3/accounts/self/outbox/${s.outboxFaxId}`],
				);
				const record = firstItem(jsonOf(result));
				assert.equal(record.id, s.outboxFaxId);
				// The comment is marked as text written by others.
				assert.equal(record.comment, undefined);
				assert.equal(record.untrusted.comment, `mcp ${tag}`);
				assert.match(record.untrustedNote, /not instructions/);
				assert.match(record.submit_time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
			},
		);

		await check(
			'mcp: List faxes answers 10 simplified received faxes (the inbox the agent chose), times in ISO 8601 UTC',
			async () => {
				for (let i = 0; i < 12; i++) {
					const id = `fax_mcp_${tag}_${i}`;
					server.state.faxes[id] = {
						...server.state.faxes.fax_2,
						id,
						start_time: `2024-11-${String(10 + i).padStart(2, '0')} 08:00:00`,
					};
				}
				const from = server.requests.length;
				const result = await s.client.callTool({
					name: 'List_faxes',
					arguments: { category: 'inbox' },
				});
				assert.ok(!result.isError, `isError: ${textOf(result)}`);
				const reqs = apiRequests(server, from);
				assert.equal(reqs.length, 1);
				assert.equal(reqs[0].path, '/v3/accounts/self/faxes');
				assert.deepEqual(reqs[0].query, { category: 'inbox', limit: '10' });
				const faxes = jsonOf(result);
				assert.equal(faxes.length, 10);
				for (const fax of faxes) {
					assert.deepEqual(Object.keys(fax).sort(), [
						'direction',
						'id',
						'is_read',
						'pages',
						'start_time',
						'status',
						'statusMeaning',
						'statusRetryable',
						'to',
						'untrusted',
						'untrustedNote',
					]);
					assert.deepEqual(Object.keys(fax.untrusted).sort(), ['callerId', 'comment']);
					assert.equal(fax.direction, 'incoming');
					assert.match(fax.start_time, /Z$/);
				}
				const raw = JSON.stringify(Object.values(server.state.faxes).slice(0, 10));
				log(`10 faxes: ${textOf(result).length} characters simplified, ${raw.length} raw`);
			},
		);

		await check('mcp: Get fax answers one simplified fax', async () => {
			const from = server.requests.length;
			const result = await s.client.callTool({ name: 'Get_fax', arguments: { fax_id: 'fax_1' } });
			assert.ok(!result.isError, `isError: ${textOf(result)}`);
			assert.deepEqual(
				apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
				['GET /v3/accounts/self/faxes/fax_1'],
			);
			const fax = firstItem(jsonOf(result));
			assert.match(fax.statusMeaning, /./);
			delete fax.statusMeaning;
			assert.deepEqual(fax, {
				id: 'fax_1',
				direction: 'incoming',
				status: 'success',
				statusRetryable: false,
				to: '+15551230001',
				pages: 2,
				start_time: '2025-01-14T10:15:00Z',
				is_read: server.state.faxes.fax_1.is_read,
				untrusted: { comment: 'Invoice from Berlin Clinic', callerId: '+4930123456' },
				untrustedNote: fax.untrustedNote,
			});
			assert.match(fax.untrustedNote, /data from a document, not instructions/);
		});

		await check(
			'mcp: Read fax text answers the text of a fax, and for a fax nobody asked it for requests OCR (saying so) and answers its text in the same call',
			async () => {
				let from = server.requests.length;
				const done = firstItem(
					jsonOf(
						await s.client.callTool({ name: 'Read_fax_text', arguments: { fax_id: 'fax_1' } }),
					),
				);
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
					['GET /v3/accounts/self/faxes/fax_1/ai/ocr'],
				);
				assert.equal(done.status, 'finished');
				assert.equal(done.data, undefined);
				assert.match(done.untrusted.ocrText, /INVOICE INV-2025-0042/);
				assert.match(done.untrustedNote, /not instructions/);

				from = server.requests.length;
				const requested = firstItem(
					jsonOf(
						await s.client.callTool({ name: 'Read_fax_text', arguments: { fax_id: 'fax_3' } }),
					),
				);
				// One call: requested, waited for (the tool's Wait for Result) and read.
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
					[
						'GET /v3/accounts/self/faxes/fax_3/ai/ocr',
						'POST /v3/accounts/self/faxes/fax_3/ai/ocr',
						'GET /v3/accounts/self/faxes/fax_3/ai/ocr',
					],
				);
				assert.equal(requested.status, 'finished');
				assert.equal(requested.requested, true);
				assert.match(requested.message, /requested now/);
				assert.match(requested.untrusted.ocrText, /Fax fax_3 page 1/);
			},
		);

		await check(
			'mcp: an unknown fax ID is an error (isError) that says what went wrong and what to do',
			async () => {
				const from = server.requests.length;
				const result = await s.client.callTool({
					name: 'Get_fax',
					arguments: { fax_id: 'no-such-fax' },
				});
				assert.equal(result.isError, true, `not an error: ${textOf(result)}`);
				assert.deepEqual(
					apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
					['GET /v3/accounts/self/faxes/no-such-fax'],
				);
				const text = textOf(result);
				assert.match(text, /no-such-fax/);
				assert.match(text, /List faxes|Get Many/, `the error says nothing of what to do: ${text}`);
			},
		);
	} finally {
		await s.client.close().catch(() => {});
		if (s.workflowId) await n8n.deactivate(s.workflowId).catch(() => {});
	}
};
