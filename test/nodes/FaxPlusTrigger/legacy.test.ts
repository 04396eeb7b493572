import { createHash } from 'node:crypto';
import { apiRequests, useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses, type TriggerHarness } from '../../support/trigger-harness';
import { activateOk, callApi, runJson, runsOf } from './helpers';

const legacy = { useLegacyHooks: true };
const TOKENED = /\?hook_token=[A-Za-z0-9_-]{32}$/;

function hooksOf(harness: TriggerHarness, server: ReturnType<ReturnType<typeof useFaxPlusServer>>) {
	return Object.values(server.state.hooks).filter((hook) =>
		hook.target.startsWith(`${harness.productionUrl}?`),
	);
}

/** The target this node's hooks register: its production URL with its token (as Fax.Plus lists it; the node keeps only a hash). */
function targetOf(
	harness: TriggerHarness,
	server: ReturnType<ReturnType<typeof useFaxPlusServer>>,
): string {
	const [hook] = Object.values(server.state.hooks).filter((each) =>
		each.target.startsWith(`${harness.productionUrl}?`),
	);
	return hook.target;
}

describe('Fax.Plus Trigger → legacy hook API', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	it('registers one hook per event with { target, event } and stores their ids', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent', 'fax_received'], options: legacy },
		});
		await activateOk(harness);

		const posts = apiRequests(server()).filter((request) => request.method === 'POST');
		const target = targetOf(harness, server());
		expect(target).toMatch(TOKENED);
		expect(posts.map((request) => [request.path, request.body])).toEqual([
			['/v3/hooks', { target, event: 'fax_sent' }],
			['/v3/hooks', { target, event: 'fax_received' }],
		]);
		const hooks = hooksOf(harness, server());
		expect(hooks.map((hook) => hook.event)).toEqual(['fax_sent', 'fax_received']);
		expect(harness.savedNodeStaticData.registrations).toEqual([
			{
				url: harness.productionUrl,
				api: 'hooks',
				ids: hooks.map((hook) => hook.id),
				tokenHash: createHash('sha256').update(target.split('hook_token=')[1]).digest('base64url'),
			},
		]);
		expect(Object.keys(server().state.webhooks)).toEqual([]);
	});

	it('keeps only a hash of the token: neither the workflow (static data) nor a run holds the token', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'], options: legacy },
		});
		await activateOk(harness);
		const token = targetOf(harness, server()).split('hook_token=')[1];
		expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
		await server().deliver({ event: 'fax_received', data: { id: 'fax_h' } });
		expect(await runJson(harness)).toHaveLength(1);
		// Re-activated with more events: the same token (read back from Fax.Plus), still only its hash.
		harness.setParameters({ events: ['fax_received', 'fax_sent'] });
		harness.restart();
		await activateOk(harness);
		expect(targetOf(harness, server())).toMatch(new RegExp(`hook_token=${token}$`));
		expect(JSON.stringify(harness.savedStaticData)).not.toContain(token);
		expect(JSON.stringify(harness.executions)).not.toContain(token);
		expect(JSON.stringify(harness.answers.map((answer) => answer.result))).not.toContain(token);
	});

	it('sends the numbers filter as the hook numbers', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'], channels: '+1 555 123 0001', options: legacy },
		});
		await activateOk(harness);
		const post = apiRequests(server()).find((request) => request.method === 'POST')!;
		expect(post.body).toEqual({
			target: targetOf(harness, server()),
			event: 'fax_received',
			numbers: ['+15551230001'],
		});
	});

	it.each(['listed', 'ignored'] as const)(
		'keeps its hooks across restarts and re-activations, whether Fax.Plus lists their numbers or not (%s)',
		async (hookNumbers) => {
			server().setReadings({ hookNumbers });
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_received'], channels: '+15551230001', options: legacy },
			});
			await activateOk(harness);
			const [hook] = hooksOf(harness, server());
			harness.restart();
			expect(await harness.checkExists()).toBe(true);
			server().clearRequests();
			// Activating again (n8n does on every republish) finds the hook: nothing deleted or created.
			await activateOk(harness);
			expect(apiRequests(server()).filter((request) => request.method !== 'GET')).toEqual([]);
			expect(hooksOf(harness, server()).map((entry) => entry.id)).toEqual([hook.id]);

			// Other numbers: the hook is created again with them (hooks cannot be changed).
			harness.setParameters({ channels: '+15551230002' });
			expect(await harness.checkExists()).toBe(false);
			await activateOk(harness);
			const [changed] = hooksOf(harness, server());
			expect(changed.id).not.toBe(hook.id);
			const post = apiRequests(server())
				.filter((request) => request.method === 'POST')
				.at(-1)!;
			expect(post.body).toMatchObject({ numbers: ['+15551230002'] });
		},
	);

	it("registers the other events when Fax.Plus refuses fax_page_received, as its SDK's event list does", async () => {
		server().setReadings({ hookEvents: 'sdk' });
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received', 'fax_page_received'], options: legacy },
		});
		await activateOk(harness);
		expect(hooksOf(harness, server()).map((hook) => hook.event)).toEqual(['fax_received']);
		expect(harness.savedNodeStaticData.registrations).toEqual([
			expect.objectContaining({ refused: ['fax_page_received'] }),
		]);
		harness.restart();
		expect(await harness.checkExists()).toBe(true);
		const [result] = await server().deliver({ event: 'fax_received', data: { id: 'fax_r' } });
		expect(result.attempts[0].status).toBe(200);
		expect(await runsOf(harness)).toHaveLength(1);

		// That event alone: activation fails, naming the field and what to do.
		const alone = await trigger({
			server: server(),
			parameters: { events: ['fax_page_received'], options: legacy },
		});
		const { error } = await alone.activate();
		expect(error?.message).toBe('Trigger On: Fax.Plus refused a legacy hook for fax_page_received');
		expect(error?.description).toMatch(/turn off Use Legacy Hook API/);
	});

	it('reports the API’s refusal of a number the account does not own', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'], channels: '+4930123456', options: legacy },
		});
		const { error } = await harness.activate();
		expect(error?.message).toMatch(/400/);
		expect(error?.message).toMatch(/Only owned numbers are allowed/);
	});

	it('accepts unsigned deliveries that carry its token, flagged unverified, without a webhook-id', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], options: legacy },
		});
		await activateOk(harness);
		const [result] = await server().deliver({
			event: 'fax_sent',
			data: { id: 'fax_l', status: 'success' },
		});

		expect(result).toMatchObject({ legacy: true, webhookId: null });
		expect(result.attempts[0]).toEqual({ status: 200, body: '{"received":true}' });
		expect(await runJson(harness)).toEqual([
			expect.objectContaining({
				event: 'fax_sent',
				webhookId: null,
				signatureVerified: false,
				legacy: true,
				status: 'success',
				faxId: 'fax_l',
				// The token stays out of execution data.
				hook: expect.objectContaining({ target: harness.productionUrl }),
			}),
		]);
	});

	it.each([
		['no token', ''],
		['a wrong token', '?hook_token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'],
		['an empty token', '?hook_token='],
		['the token of another trigger', 'OTHER'],
	])('refuses a delivery with %s: 401, no run', async (_name, query) => {
		const other = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], options: legacy },
		});
		await activateOk(other);
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], options: legacy },
		});
		await activateOk(harness);
		const suffix =
			query === 'OTHER' ? targetOf(other, server()).slice(other.productionUrl.length) : query;
		const res = await fetch(`${harness.productionUrl}${suffix}`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({
				hook: { id: 'fax_x', event: 'fax_sent', target: harness.productionUrl },
				data: { id: 'fax_x', uid: 'member_1', status: 'success' },
			}),
		});
		expect(res.status).toBe(401);
		expect(await res.json()).toMatchObject({ received: false, reason: 'invalid_hook_token' });
		expect(await runsOf(harness)).toHaveLength(0);
	});

	it('gives every registration its own token, kept across re-activations', async () => {
		const first = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], options: legacy },
		});
		await activateOk(first);
		const second = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], options: legacy },
		});
		await activateOk(second);
		expect(targetOf(first, server())).not.toBe(targetOf(second, server()));
		const before = targetOf(first, server());
		first.setParameters({ events: ['fax_sent', 'fax_received'] });
		await activateOk(first);
		expect(targetOf(first, server())).toBe(before);
		expect(hooksOf(first, server()).every((hook) => hook.target === before)).toBe(true);
	});

	it('refuses Download Fax Document with legacy hooks at activation, registering nothing', async () => {
		const harness = await trigger({
			server: server(),
			parameters: {
				events: ['fax_received'],
				options: { ...legacy, downloadDocument: true },
			},
		});
		const { error } = await harness.activate();
		expect(error?.message).toBe('Download Fax Document is not available with Use Legacy Hook API');
		expect(hooksOf(harness, server())).toEqual([]);
		expect(apiRequests(server()).filter((request) => request.method === 'POST')).toEqual([]);
	});

	it('recognises a repeat by its exact body, also after a restart', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent'], options: legacy },
		});
		await activateOk(harness);
		const body = JSON.stringify({
			hook: { id: 'fax_r', event: 'fax_sent', target: targetOf(harness, server()) },
			data: { id: 'fax_r', status: 'success' },
		});
		await server().deliver({ event: 'fax_sent', rawBody: body });
		const [repeat] = await server().deliver({ event: 'fax_sent', rawBody: body });
		expect(repeat.attempts[0].body).toBe('{"received":true,"duplicate":true}');

		// After a restart the run recognises it in n8n's store: an execution without an output item.
		harness.restart();
		const [afterRestart] = await server().deliver({ event: 'fax_sent', rawBody: body });
		expect(afterRestart.attempts[0].body).toBe('{"received":true}');
		await harness.settled();
		expect(harness.executions.map((run) => run.items.length)).toEqual([1, 0]);
		// A different body is another delivery.
		await server().deliver({ event: 'fax_sent', rawBody: body.replace('fax_r', 'fax_s') });
		expect(await runsOf(harness)).toHaveLength(2);
	});

	it('checkExists: true after a restart; after a change of events only the difference is changed', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent', 'fax_received'], options: legacy },
		});
		await activateOk(harness);
		const [sent, received] = hooksOf(harness, server());
		harness.restart();
		expect(await harness.checkExists()).toBe(true);

		harness.setParameters({ events: ['fax_sent', 'fax_page_received'] });
		expect(await harness.checkExists()).toBe(false);
		server().clearRequests();
		await activateOk(harness);
		// Listing all hooks takes one GET per event (`event` is required): checkExists, then create.
		expect(
			apiRequests(server()).map((request) =>
				`${request.method} ${request.path} ${request.query.event ?? ''}`.trim(),
			),
		).toEqual([
			'GET /v3/hooks fax_sent',
			'GET /v3/hooks fax_received',
			'GET /v3/hooks fax_page_received',
			'GET /v3/hooks fax_sent',
			'GET /v3/hooks fax_received',
			'GET /v3/hooks fax_page_received',
			'POST /v3/hooks',
			`DELETE /v3/hooks/${received.id}`,
		]);
		expect(apiRequests(server()).every((request) => request.status < 400)).toBe(true);
		const hooks = hooksOf(harness, server());
		expect(hooks.map((hook) => hook.event).sort()).toEqual(['fax_page_received', 'fax_sent']);
		expect(hooks.find((hook) => hook.event === 'fax_sent')?.id).toBe(sent.id);
	});

	it('is false when one of its hooks was deleted, and registers it again', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent', 'fax_received'], options: legacy },
		});
		await activateOk(harness);
		const [, received] = hooksOf(harness, server());
		await callApi(server(), 'DELETE', `/hooks/${received.id}`);
		expect(await harness.checkExists()).toBe(false);
		await activateOk(harness);
		expect(
			hooksOf(harness, server())
				.map((hook) => hook.event)
				.sort(),
		).toEqual(['fax_received', 'fax_sent']);
	});

	it('deletes every hook on deactivation, treating 404 as already gone', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent', 'fax_received'], options: legacy },
		});
		await activateOk(harness);
		const [sent, received] = hooksOf(harness, server());
		await callApi(server(), 'DELETE', `/hooks/${sent.id}`);
		server().clearRequests();

		expect(await harness.deactivate()).toEqual({ created: false });
		expect(
			apiRequests(server()).map((request) => `${request.method} ${request.path} ${request.status}`),
		).toEqual([`DELETE /v3/hooks/${sent.id} 404`, `DELETE /v3/hooks/${received.id} 204`]);
		expect(hooksOf(harness, server())).toEqual([]);
		expect(harness.savedNodeStaticData.registrations).toBeUndefined();
	});

	it('with the record lost, still deletes the hooks this process registered for it', async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_sent', 'fax_received'], options: legacy },
		});
		await activateOk(harness);
		expect(hooksOf(harness, server())).toHaveLength(2);
		harness.overwriteSavedStaticData({});

		expect(await harness.deactivate()).toEqual({ created: false });
		expect(hooksOf(harness, server())).toEqual([]);
	});

	it("a copy of the workflow (same URL) whose publish failed never deletes the original's hooks", async () => {
		const harness = await trigger({
			server: server(),
			parameters: { events: ['fax_received'], options: legacy },
		});
		await activateOk(harness);
		harness.actAsWorkflow('copy-of-the-workflow');
		harness.overwriteSavedStaticData({});
		expect(await harness.deactivate()).toEqual({ created: false });
		expect(hooksOf(harness, server())).toHaveLength(1);
	});

	it('switching from the current API removes the endpoint it had created', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateOk(harness);
		const [endpoint] = Object.values(server().state.webhooks);
		harness.setParameters({ options: legacy });
		expect(await harness.checkExists()).toBe(false);
		await activateOk(harness);
		expect(server().state.webhooks[endpoint.id]).toBeUndefined();
		expect(hooksOf(harness, server())).toHaveLength(1);
	});
});
