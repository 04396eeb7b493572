'use strict';
// examples/ai-agent-fax-approval.json offline in a real n8n 2.x: the agent's Fax.Plus Send tool
// ("Let an AI Agent Run This" on, as a Send tool needs to send) sits behind n8n's human review
// for tools (Send Email → Send and Wait as a tool, `n8n-nodes-base.emailSendHitlTool`). A
// scripted OpenAI-compatible model asks to send a fax; n8n mails the approval request to a
// local SMTP server and the execution waits. Declined, the agent gets n8n's refusal and nothing
// is uploaded or sent; approved, the fax is sent once.
// n8n 2.x only (no human review for tools on 1.x).

const assert = require('node:assert/strict');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { apiRequests, assertSuccess, createHeaderAuth, outputOf, useHeaderAuth } = require('./lib');
const { startScriptedModel } = require('./ai-agent.e2e');
const { waitFor } = require('../../support/checks');

const ROOT = path.resolve(__dirname, '../../..');
const EXAMPLE = path.join(ROOT, 'examples/ai-agent-fax-approval.json');

/** A minimal SMTP server on 127.0.0.1 that keeps each message's data (no TLS, no auth). */
async function startSmtpServer() {
	const messages = [];
	const sockets = new Set();
	const server = net.createServer((socket) => {
		sockets.add(socket);
		socket.on('close', () => sockets.delete(socket));
		socket.on('error', () => {});
		let buffer = '';
		let data = null;
		socket.write('220 localhost ESMTP test\r\n');
		socket.on('data', (chunk) => {
			buffer += chunk.toString('utf8');
			for (;;) {
				if (data !== null) {
					const end = buffer.indexOf('\r\n.\r\n');
					if (end === -1) return;
					messages.push(data + buffer.slice(0, end));
					buffer = buffer.slice(end + 5);
					data = null;
					socket.write('250 OK queued\r\n');
					continue;
				}
				const newline = buffer.indexOf('\r\n');
				if (newline === -1) return;
				const line = buffer.slice(0, newline);
				buffer = buffer.slice(newline + 2);
				const verb = line.slice(0, 4).toUpperCase();
				if (verb === 'EHLO' || verb === 'HELO') socket.write('250 localhost\r\n');
				else if (verb === 'DATA') {
					data = '';
					socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
				} else if (verb === 'QUIT') {
					socket.end('221 Bye\r\n');
					return;
				} else socket.write('250 OK\r\n');
			}
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
	return {
		port: server.address().port,
		messages,
		close: () =>
			new Promise((resolve) => {
				for (const socket of sockets) socket.destroy();
				server.close(resolve);
			}),
	};
}

/** Opens a link as a person's browser does (n8n ignores approval links opened by bots and link previewers). */
const click = async (url) =>
	await fetch(url, {
		headers: {
			'user-agent':
				'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
		},
	});

/** An email's text, quoted-printable decoded. */
const decodedMail = (message) =>
	Buffer.from(
		message
			.replace(/=\r\n/g, '')
			.replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
		'latin1',
	).toString('utf8');

/** The approve and decline links of an approval email. */
function approvalLinks(message) {
	const decoded = decodedMail(message);
	const links = [...decoded.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
	return {
		approve: links.find((link) => link.includes('approved=true')),
		decline: links.find((link) => link.includes('approved=false')),
	};
}

module.exports = async function aiApproval(t) {
	const { check, n8n, server, ctx, started } = t;
	const tag = crypto.randomBytes(4).toString('hex');
	const s = {};

	await check(
		'ai-approval: set up the example with a scripted model and a local SMTP server',
		async () => {
			s.model = await startScriptedModel({
				toolName: 'Send_fax_from_text',
				args: {
					toolParameters: {
						destinations: '+4930123456',
						text: 'Your referral is confirmed.',
						comment: '',
					},
					hitlParameters: {},
				},
				final: (content) => `Tool said: ${content}`,
			});
			started.push({ stop: () => s.model.close() });
			s.smtp = await startSmtpServer();
			started.push({ stop: () => s.smtp.close() });
			const pat =
				ctx.patCredential ??
				(await n8n.createCredential(`Fax.Plus PAT (approval e2e ${tag})`, 'faxPlusApi', {
					accessToken: server.tokens.pat,
					baseUrl: server.baseUrl,
				}));
			const openAi = await n8n.createCredential(`Scripted model (approval ${tag})`, 'openAiApi', {
				apiKey: 'sk-scripted',
				url: s.model.url,
			});
			const smtp = await n8n.createCredential(`Local SMTP (approval ${tag})`, 'smtp', {
				host: '127.0.0.1',
				port: s.smtp.port,
				secure: false,
				disableStartTls: true,
				user: '',
				password: '',
			});
			const workflow = JSON.parse(fs.readFileSync(EXAMPLE, 'utf8'));
			s.auth = await createHeaderAuth(n8n, `approval e2e ${tag}`);
			useHeaderAuth(workflow, s.auth.credential);
			s.webhook = workflow.nodes.find((n) => n.type === 'n8n-nodes-base.webhook');
			s.webhook.parameters.path = `fax-approval-${tag}`;
			s.webhook.webhookId = crypto.randomUUID();
			for (const node of workflow.nodes) {
				if (node.type === 'n8n-nodes-faxplus.faxPlusTool')
					node.credentials = { faxPlusApi: { id: pat.id, name: pat.name } };
				if (node.type === '@n8n/n8n-nodes-langchain.lmChatOpenAi')
					node.credentials = { openAiApi: { id: openAi.id, name: openAi.name } };
				if (node.type === 'n8n-nodes-base.emailSendHitlTool') {
					node.credentials = { smtp: { id: smtp.id, name: smtp.name } };
					node.webhookId = crypto.randomUUID();
				}
			}
			const imported = await n8n.importWorkflow(workflow);
			s.workflowId = imported.id;
			await n8n.activate(imported.id);
			await n8n.waitForWebhook(s.webhook.parameters.path);
		},
	);
	if (!s.workflowId) return;

	/** Asks the agent to send; answers the waiting execution's approval links once the email arrived. */
	async function askToSend() {
		const mails = s.smtp.messages.length;
		const res = await fetch(n8n.webhookUrl(s.webhook.parameters.path), {
			method: 'POST',
			headers: { 'content-type': 'application/json', ...s.auth.headers },
			body: JSON.stringify({ message: 'Fax "Your referral is confirmed." to +4930123456' }),
		});
		assert.equal(res.status, 200, await res.text());
		const mail = await waitFor(() => s.smtp.messages[mails], 'the approval email', 60000);
		const links = approvalLinks(mail);
		assert.ok(links.approve && links.decline, `no approval links in: ${mail.slice(0, 2000)}`);
		// The email shows the person what the agent wants to send.
		const text = decodedMail(mail);
		const shown = text.slice(text.indexOf('fax assistant wants'), text.indexOf('Approve to send'));
		assert.match(shown, /4930123456/, `the email does not show the fax: ${shown || text}`);
		const waiting = await waitFor(
			async () => (await n8n.executions(s.workflowId)).find((e) => e.status === 'waiting'),
			'the execution waiting for approval',
			30000,
		);
		return { links, executionId: waiting.id };
	}

	const finished = async (executionId, what) =>
		await waitFor(
			async () => {
				const e = await n8n.execution(executionId);
				return ['success', 'error'].includes(e.status) ? e : undefined;
			},
			`${what} to finish`,
			60000,
		);

	const outboxPosts = (from) =>
		apiRequests(server, from).filter((r) => r.method === 'POST' && r.path.endsWith('/outbox'));

	await check('ai-approval: a declined send uploads and sends nothing', async () => {
		const from = server.requests.length;
		const { links, executionId } = await askToSend();
		assert.deepEqual(apiRequests(server, from), [], 'Fax.Plus was called before the approval');
		const answer = await click(links.decline);
		assert.ok(answer.status < 400, `decline answered ${answer.status}`);
		const execution = await finished(executionId, 'the declined execution');
		assertSuccess(execution);
		assert.deepEqual(apiRequests(server, from), [], 'a declined send reached Fax.Plus');
		const output = outputOf(execution, 'AI Agent')?.[0]?.json?.output;
		assert.match(String(output), /rejected the tool call/);
	});

	await check('ai-approval: an approved send is sent once', async () => {
		const from = server.requests.length;
		const { links, executionId } = await askToSend();
		assert.deepEqual(apiRequests(server, from), []);
		const answer = await click(links.approve);
		assert.ok(answer.status < 400, `approve answered ${answer.status}`);
		const execution = await finished(executionId, 'the approved execution');
		assertSuccess(execution);
		const posts = outboxPosts(from);
		assert.equal(posts.length, 1, 'not sent exactly once');
		assert.deepEqual(posts[0].body.to, ['+4930123456']);
		const output = String(outputOf(execution, 'AI Agent')?.[0]?.json?.output);
		assert.match(output, /outbox ID/);
		// Opening the approval link again: n8n says no action is required, and nothing runs again.
		const again = await click(links.approve);
		assert.ok(again.status < 500, `the second click answered ${again.status}`);
		const runs = await n8n.executions(s.workflowId, { includeData: false });
		assert.deepEqual(
			runs.map((e) => e.status),
			['success', 'success'],
		);
		assert.equal(outboxPosts(from).length, 1);
	});

	await n8n.deactivate(s.workflowId).catch(() => {});
};
// n8n 2.x only: n8n 1.x has no human review for tools.
module.exports.n8nLines = [2];
