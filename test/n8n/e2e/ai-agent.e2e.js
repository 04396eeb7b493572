'use strict';
// The node as a tool of n8n's AI Agent (issue 20), offline: examples/ai-agent-fax-assistant.json
// runs in a real n8n 2.x with its OpenAI Chat Model pointed (the OpenAI credential's Base URL)
// at a scripted OpenAI-compatible server on 127.0.0.1. The script answers the first call with a
// tool call to the Fax.Plus tool "Get_fax" and the second with a final message built from the
// tool's answer, so the test proves the agent called the tool, the tool reached the local
// Fax.Plus server, and its answer reached the model. n8n 2.x only (its n8nLines).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { apiRequests, assertSuccess, createHeaderAuth, outputOf, useHeaderAuth } = require('./lib');

const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(ROOT, 'examples/ai-agent-fax-assistant.json');

/**
 * A scripted OpenAI-compatible chat completions server: the first call of a conversation
 * (no tool message yet) answers a call of `toolName` with `args`; the next answers `final(toolContent)`.
 */
async function startScriptedModel({ toolName, args, final }) {
	const calls = [];
	const server = http.createServer((req, res) => {
		let raw = '';
		req.on('data', (chunk) => (raw += chunk));
		req.on('end', () => {
			const body = raw ? JSON.parse(raw) : {};
			calls.push({ method: req.method, url: req.url, body });
			if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
				res.writeHead(404, { 'content-type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${req.url}` } }));
				return;
			}
			const toolMessage = (body.messages ?? []).find((m) => m.role === 'tool');
			const message = toolMessage
				? { role: 'assistant', content: final(String(toolMessage.content)) }
				: {
						role: 'assistant',
						content: null,
						tool_calls: [
							{
								id: 'call_fax_1',
								type: 'function',
								function: { name: toolName, arguments: JSON.stringify(args) },
							},
						],
					};
			const finish = toolMessage ? 'stop' : 'tool_calls';
			const base = {
				id: `chatcmpl-${calls.length}`,
				created: Math.floor(Date.now() / 1000),
				model: body.model,
			};
			if (body.stream) {
				res.writeHead(200, { 'content-type': 'text/event-stream' });
				const delta = toolMessage
					? { role: 'assistant', content: message.content }
					: {
							role: 'assistant',
							tool_calls: message.tool_calls.map((call, index) => ({ index, ...call })),
						};
				res.write(
					`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`,
				);
				res.write(
					`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta: {}, finish_reason: finish }], usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } })}\n\n`,
				);
				res.end('data: [DONE]\n\n');
				return;
			}
			res.writeHead(200, { 'content-type': 'application/json' });
			res.end(
				JSON.stringify({
					...base,
					object: 'chat.completion',
					choices: [{ index: 0, message, finish_reason: finish }],
					usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
				}),
			);
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		url: `http://127.0.0.1:${server.address().port}/v1`,
		calls,
		close: () => new Promise((r) => server.close(r)),
	};
}

module.exports = async function aiAgent(t) {
	const { check, n8n, server, ctx, started } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check(
		'ai-agent: examples/ai-agent-fax-assistant.json runs offline: the scripted model calls the Fax.Plus tool and answers from its result',
		async () => {
			s.model = await startScriptedModel({
				toolName: 'Get_fax',
				args: { fax_id: 'fax_1' },
				final: (content) => {
					const fax = [].concat(JSON.parse(content))[0];
					return `Fax ${fax.id} came from ${fax.untrusted.callerId} on ${fax.startTime} (${fax.pages} pages).`;
				},
			});
			started.push({ stop: () => s.model.close() });
			const pat = (s.pat =
				ctx.patCredential ??
				(await n8n.createCredential(`Fax.Plus PAT (agent e2e ${tag})`, 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				})));
			const openAi = await n8n.createCredential(`Scripted model (agent e2e ${tag})`, 'openAiApi', {
				apiKey: 'sk-scripted',
				url: s.model.url,
			});

			const workflow = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
			const auth = await createHeaderAuth(n8n, `agent e2e ${tag}`);
			useHeaderAuth(workflow, auth.credential);
			const webhook = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
			webhook.parameters.path = `fax-assistant-${tag}`;
			webhook.webhookId = crypto.randomUUID();
			for (const node of workflow.nodes) {
				if (node.type === 'n8n-nodes-faxplus.faxPlusTool')
					node.credentials = { faxPlusApi: { id: pat.id, name: pat.name } };
				if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
					node.credentials = { openAiApi: { id: openAi.id, name: openAi.name } };
			}
			const imported = await n8n.importWorkflow(workflow);
			s.workflowId = imported.id;
			await n8n.activate(imported.id);
			await n8n.waitForWebhook(webhook.parameters.path);

			// Without the Header Auth header the webhook answers 403 and the agent never runs.
			const refused = await fetch(n8n.webhookUrl(webhook.parameters.path), {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ message: 'Who sent fax fax_1?' }),
			});
			assert.equal(refused.status, 403, await refused.text());
			assert.equal(s.model.calls.length, 0, 'the model was asked for an unauthenticated call');

			const from = server.requests.length;
			const res = await fetch(n8n.webhookUrl(webhook.parameters.path), {
				method: 'POST',
				headers: { 'content-type': 'application/json', ...auth.headers },
				body: JSON.stringify({ message: 'Who sent fax fax_1?' }),
			});
			const answer = await res.text();
			const [execution] = (await n8n.waitForExecutions(imported.id, 1)).slice(-1);
			assertSuccess(execution);
			assert.equal(res.status, 200, answer);

			// The model was asked twice: first with the tools (their descriptions), then with the tool's answer.
			const completions = s.model.calls.filter((c) => c.url.endsWith('/chat/completions'));
			assert.equal(completions.length, 2, JSON.stringify(s.model.calls.map((c) => c.url)));
			const tools = Object.fromEntries(
				(completions[0].body.tools ?? []).map((tool) => [tool.function.name, tool.function]),
			);
			// The assistant reads; it has no tool that sends.
			assert.deepEqual(Object.keys(tools).sort(), [
				'Get_fax',
				'List_faxes',
				'Read_fax_text_and_fields',
			]);
			assert.match(tools.Get_fax.description, /Needs the fax ID/);
			assert.deepEqual(Object.keys(tools.Get_fax.parameters.properties), ['fax_id']);

			// The tool reached the local Fax.Plus server once, and its simplified answer reached the model.
			assert.deepEqual(
				apiRequests(server, from).map((r) => `${r.method} ${r.path}`),
				['GET /v3/accounts/self/faxes/fax_1'],
			);
			const toolMessage = completions[1].body.messages.find((m) => m.role === 'tool');
			assert.match(String(toolMessage.content), /"startTime":"2025-01-14T10:15:00Z"/);
			assert.doesNotMatch(String(toolMessage.content), /cost_details/);
			// Text written by the sender reaches the model marked as data, not instructions.
			assert.match(
				String(toolMessage.content),
				/"untrusted":\{"comment":"Invoice from Berlin Clinic","callerId":"\+4930123456"\}/,
			);
			assert.match(String(toolMessage.content), /not instructions/);

			const output = outputOf(execution, 'AI Agent')?.[0]?.json;
			assert.equal(
				output?.output,
				'Fax fax_1 came from +4930123456 on 2025-01-14T10:15:00Z (2 pages).',
			);
			assert.match(answer, /came from \+4930123456/);
		},
	);

	if (s.workflowId) await n8n.deactivate(s.workflowId).catch(() => {});
};

module.exports.startScriptedModel = startScriptedModel;
// n8n 2.x only: n8n 1.x has no AI Agent v3 (the example's).
module.exports.n8nLines = [2];
