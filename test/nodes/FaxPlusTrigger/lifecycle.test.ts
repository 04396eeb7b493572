import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
	type FaxPlusServer,
} from '../../support/faxplus';
import { useTriggerHarnesses } from '../../support/trigger-harness';
import { FaultProxy } from '../../support/fault-proxy';
import {
	activateOk,
	callApi,
	calls,
	endpointsWithUrl,
	onlyEndpoint,
	registerEndpoint,
} from './helpers';

/** Registers an endpoint under the ID given (Fax.Plus's order by ID need not be the list's). */
async function registerAs(server: FaxPlusServer, url: string, id: string) {
	const made = await registerEndpoint(server, url, ['fax_sent']);
	const { webhooks } = server.state;
	webhooks[id] = { ...webhooks[made.id], id };
	delete webhooks[made.id];
	return { id };
}

describe('Fax.Plus Trigger → lifecycle (current webhook API)', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	describe('create', () => {
		it.each<AuthKind>(['pat', 'oauth'])(
			'registers the production URL with the events and stores the ep_ id (%s)',
			async (auth) => {
				const harness = await trigger({
					server: server(),
					auth,
					parameters: { events: ['fax_sent', 'fax_received'] },
				});
				const outcome = await harness.activate();
				expect(outcome).toEqual({ created: true });

				expect(calls(server())).toEqual([
					'GET /v3/webhooks',
					'POST /v3/webhooks',
					'GET /v3/webhooks',
				]);
				const post = apiRequests(server())[1];
				expect(post.body).toEqual({
					url: harness.productionUrl,
					filter_types: ['fax_sent', 'fax_received'],
				});
				for (const request of apiRequests(server())) expectAuthHeaders(server(), request, auth);

				const endpoint = onlyEndpoint(server(), harness.productionUrl);
				expect(endpoint.id).toMatch(/^ep_/);
				expect(harness.savedNodeStaticData.endpoints).toEqual({
					[harness.productionUrl]: endpoint.id,
				});
			},
		);

		it("two of n8n's mains activating at once (each does at its start): the one that lists both keeps the lowest ID and deletes its own", async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const proxy = await FaultProxy.start(server().origin);
			try {
				harness.setBaseUrl(proxy.baseUrl);
				let other: { id: string } | undefined;
				// The other main's endpoint is made while this one's request is on its way ("ep_0" sorts first).
				proxy.failNext({
					before: async () => (other = await registerAs(server(), harness.productionUrl, 'ep_0')),
					matches: (r) => r.method === 'POST',
				});
				expect(await harness.activate()).toEqual({ created: true });
				expect(onlyEndpoint(server(), harness.productionUrl).id).toBe(other?.id);
				expect(harness.savedNodeStaticData.endpoints).toEqual({
					[harness.productionUrl]: other?.id,
				});
			} finally {
				await proxy.close();
			}
		});

		it("three of n8n's mains: the one that creates its endpoint while two others are made keeps the lowest ID, whatever the list's order, and deletes the others", async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const proxy = await FaultProxy.start(server().origin);
			try {
				harness.setBaseUrl(proxy.baseUrl);
				// Listed after the POST as ep_z, ep_0, then its own (random ep_ + hex: after "ep_0").
				proxy.failNext({
					before: async () => {
						await registerAs(server(), harness.productionUrl, 'ep_z');
						await registerAs(server(), harness.productionUrl, 'ep_0');
					},
					matches: (r) => r.method === 'POST',
				});
				expect(await harness.activate()).toEqual({ created: true });
				expect(onlyEndpoint(server(), harness.productionUrl).id).toBe('ep_0');
				expect(harness.savedNodeStaticData.endpoints).toEqual({
					[harness.productionUrl]: 'ep_0',
				});
			} finally {
				await proxy.close();
			}
		});

		it('adopting among three listed endpoints keeps the same one as creating: the lowest ID, not the first or last listed', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			for (const id of ['ep_c', 'ep_a', 'ep_b'])
				await registerAs(server(), harness.productionUrl, id);
			server().clearRequests();

			await activateOk(harness);
			expect(calls(server())).toEqual([
				'GET /v3/webhooks',
				'DELETE /v3/webhooks/ep_c',
				'DELETE /v3/webhooks/ep_b',
			]);
			expect(onlyEndpoint(server(), harness.productionUrl).id).toBe('ep_a');
			expect(harness.savedNodeStaticData.endpoints).toEqual({ [harness.productionUrl]: 'ep_a' });
		});

		it('sends the numbers filter normalised to E.164', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_received'], channels: '+1 555 123 0001,\n +49 (0)30 123456' },
			});
			await activateOk(harness);
			const post = apiRequests(server()).find((request) => request.method === 'POST')!;
			expect(post.body).toEqual({
				url: harness.productionUrl,
				filter_types: ['fax_received'],
				channels: ['+15551230001', '+4930123456'],
			});
			expect(onlyEndpoint(server(), harness.productionUrl).channels).toEqual([
				'+15551230001',
				'+4930123456',
			]);
		});

		it('adopts a leftover endpoint with its exact URL instead of creating a second, updating its events and numbers', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent', 'fax_received'], channels: '+15551230001' },
			});
			const leftover = await registerEndpoint(server(), harness.productionUrl, [
				'fax_page_received',
			]);
			const secretBefore = server().getEndpointSecret(leftover.id);
			server().clearRequests();

			expect(await harness.activate()).toEqual({ created: true });
			expect(calls(server())).toEqual(['GET /v3/webhooks', `PATCH /v3/webhooks/${leftover.id}`]);
			expect(apiRequests(server())[1].body).toEqual({
				filter_types: ['fax_sent', 'fax_received'],
				channels: ['+15551230001'],
			});
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			expect(endpoint.id).toBe(leftover.id);
			expect(endpoint.filter_types).toEqual(['fax_sent', 'fax_received']);
			// Adopting keeps the endpoint, so a secret already in the credential stays valid.
			expect(server().getEndpointSecret(leftover.id)).toBe(secretBefore);
			expect(harness.savedNodeStaticData.endpoints).toEqual({
				[harness.productionUrl]: leftover.id,
			});
		});

		it('adopts a matching leftover without changing it, and removes extra endpoints with its URL', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const kept = await registerAs(server(), harness.productionUrl, 'ep_1');
			const extra = await registerAs(server(), harness.productionUrl, 'ep_2');
			const unrelated = await registerEndpoint(server(), 'https://example.com/other', ['fax_sent']);
			server().clearRequests();

			await activateOk(harness);
			expect(calls(server())).toEqual(['GET /v3/webhooks', `DELETE /v3/webhooks/${extra.id}`]);
			expect(onlyEndpoint(server(), harness.productionUrl).id).toBe(kept.id);
			expect(server().state.webhooks[unrelated.id]).toBeDefined();
		});

		it('registers a test URL of its own and deletes it after the first test run, leaving production alone', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const production = onlyEndpoint(server(), harness.productionUrl);

			expect(await harness.listenForTestEvent()).toEqual({ created: true });
			const test = onlyEndpoint(server(), harness.testUrl);
			expect(test.id).not.toBe(production.id);
			expect(harness.testNodeStaticData?.endpoints).toEqual({
				[harness.productionUrl]: production.id,
				[harness.testUrl]: test.id,
			});

			await server().deliver({ event: 'fax_sent', onlyEndpointId: test.id });
			expect(await harness.testSessionEnded()).toEqual({ created: false });
			expect(endpointsWithUrl(server(), harness.testUrl)).toHaveLength(0);
			expect(server().state.webhooks[production.id]).toBeDefined();
			expect(harness.savedNodeStaticData.endpoints).toEqual({
				[harness.productionUrl]: production.id,
			});
		});

		it('deletes the test endpoint when listening is cancelled', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_received'] } });
			await harness.listenForTestEvent();
			const test = onlyEndpoint(server(), harness.testUrl);
			expect(await harness.stopListening()).toEqual({ created: false });
			expect(server().state.webhooks[test.id]).toBeUndefined();
		});
	});

	describe('checkExists', () => {
		it('is true after a restart when the stored endpoint still exists with the URL, events and numbers', async () => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_received', 'fax_sent'], channels: '+15551230001' },
			});
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			harness.restart();
			server().clearRequests();

			expect(await harness.checkExists()).toBe(true);
			expect(await harness.activate('init')).toEqual({ created: false });
			expect(calls(server())).toEqual(['GET /v3/webhooks', 'GET /v3/webhooks']);
			expect(onlyEndpoint(server(), harness.productionUrl).id).toBe(endpoint.id);
		});

		it('a check that fails at a restart (503) keeps the endpoint, and so the signing secret pasted: n8n would delete what a failed check leaves', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			const proxy = await FaultProxy.start(server().origin);
			try {
				harness.restart();
				harness.setBaseUrl(proxy.baseUrl);
				proxy.failNext({ status: 503, matches: (r) => r.method === 'GET' });
				expect(await harness.activate('init')).toEqual({ created: false });
				expect(onlyEndpoint(server(), harness.productionUrl).id).toBe(endpoint.id);
				expect(harness.savedNodeStaticData.endpoints).toEqual({
					[harness.productionUrl]: endpoint.id,
				});
			} finally {
				await proxy.close();
			}
		});

		it('is false without a stored endpoint', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			expect(await harness.checkExists()).toBe(false);
			expect(calls(server())).toEqual([]);
		});

		it('replaces a stored endpoint that was deleted in Fax.Plus', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const old = onlyEndpoint(server(), harness.productionUrl);
			await callApi(server(), 'DELETE', `/webhooks/${old.id}`);

			expect(await harness.checkExists()).toBe(false);
			expect(await harness.activate('init')).toEqual({ created: true });
			const replacement = onlyEndpoint(server(), harness.productionUrl);
			expect(replacement.id).not.toBe(old.id);
			expect(harness.savedNodeStaticData.endpoints).toEqual({
				[harness.productionUrl]: replacement.id,
			});
		});

		it('brings a changed endpoint back in line (events or numbers changed in Fax.Plus)', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			await callApi(server(), 'PATCH', `/webhooks/${endpoint.id}`, {
				filter_types: ['fax_received'],
				channels: ['+1555'],
			});
			server().clearRequests();

			expect(await harness.activate('init')).toEqual({ created: true });
			expect(calls(server())).toEqual([
				'GET /v3/webhooks',
				'GET /v3/webhooks',
				`PATCH /v3/webhooks/${endpoint.id}`,
			]);
			expect(apiRequests(server())[2].body).toEqual({ filter_types: ['fax_sent'], channels: null });
			expect(onlyEndpoint(server(), harness.productionUrl)).toMatchObject({
				id: endpoint.id,
				filter_types: ['fax_sent'],
				channels: null,
			});
		});

		it('updates the endpoint when the node’s events change (republished workflow)', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			harness.setParameters({ events: ['fax_sent', 'fax_page_received'] });

			expect(await harness.checkExists()).toBe(false);
			await activateOk(harness);
			expect(onlyEndpoint(server(), harness.productionUrl)).toMatchObject({
				id: endpoint.id,
				filter_types: ['fax_sent', 'fax_page_received'],
			});
		});

		it('does not take an endpoint of another URL for its own', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			await callApi(server(), 'PATCH', `/webhooks/${endpoint.id}`, {
				url: 'https://example.com/moved',
			});

			expect(await harness.checkExists()).toBe(false);
			await activateOk(harness);
			// The moved one may serve whoever moved it: left alone; a new one is registered.
			expect(server().state.webhooks[endpoint.id].url).toBe('https://example.com/moved');
			expect(onlyEndpoint(server(), harness.productionUrl).id).not.toBe(endpoint.id);
		});
	});

	describe('delete', () => {
		it('deletes the stored endpoint and clears the static data', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			server().clearRequests();

			expect(await harness.deactivate()).toEqual({ created: false });
			expect(calls(server())).toEqual([`DELETE /v3/webhooks/${endpoint.id}`]);
			expect(server().state.webhooks[endpoint.id]).toBeUndefined();
			expect(harness.savedNodeStaticData.endpoints).toBeUndefined();
		});

		it('treats 404 as already gone', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			await callApi(server(), 'DELETE', `/webhooks/${endpoint.id}`);
			server().clearRequests();

			expect(await harness.deactivate()).toEqual({ created: false });
			expect(apiRequests(server()).map((request) => request.status)).toEqual([404]);
			expect(harness.savedNodeStaticData.endpoints).toBeUndefined();
		});

		it('with nothing recorded, sends nothing: an endpoint with its URL that it did not register stays', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const someone = await registerEndpoint(server(), harness.productionUrl, ['fax_sent']);
			server().clearRequests();
			expect(await harness.deactivate()).toEqual({ created: false });
			expect(calls(server())).toEqual([]);
			expect(server().state.webhooks[someone.id]).toBeDefined();
		});

		it('with the record lost (static data saved over by a concurrent save), deletes the endpoint this process registered for it, and only that', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			const other = await registerEndpoint(server(), `${harness.productionUrl}-other`, [
				'fax_sent',
			]);
			harness.overwriteSavedStaticData({});
			server().clearRequests();

			expect(await harness.deactivate()).toEqual({ created: false });
			expect(calls(server())).toEqual([`DELETE /v3/webhooks/${endpoint.id}`]);
			expect(endpointsWithUrl(server(), harness.productionUrl)).toEqual([]);
			expect(server().state.webhooks[other.id]).toBeDefined();
		});

		it('with the record lost and n8n restarted, keeps the endpoint; the next activation adopts it again, with its secret', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			const secret = server().getEndpointSecret(endpoint.id);
			harness.overwriteSavedStaticData({});
			harness.restart();
			server().clearRequests();

			expect(await harness.deactivate()).toEqual({ created: false });
			expect(calls(server())).toEqual([]);
			expect(server().state.webhooks[endpoint.id]).toBeDefined();

			await activateOk(harness);
			expect(onlyEndpoint(server(), harness.productionUrl).id).toBe(endpoint.id);
			expect(server().getEndpointSecret(endpoint.id)).toBe(secret);
			await harness.deactivate();
			expect(server().state.webhooks[endpoint.id]).toBeUndefined();
		});

		it("a copy of the workflow (same webhook ID, so the same URL) whose publish failed never deletes the original's endpoint", async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const original = onlyEndpoint(server(), harness.productionUrl);
			const saved = harness.savedStaticData;
			// n8n 1.x refuses the copy ("The URL path is already taken") and then removes the
			// copy's webhooks: its own (empty) static data, in the same process as the original.
			harness.actAsWorkflow('copy-of-the-workflow');
			harness.overwriteSavedStaticData({});
			server().clearRequests();
			expect(await harness.deactivate()).toEqual({ created: false });
			expect(calls(server())).toEqual([]);
			expect(server().state.webhooks[original.id]).toBeDefined();

			// The original still removes its own.
			harness.actAsWorkflow(undefined);
			harness.overwriteSavedStaticData(saved);
			expect(await harness.deactivate()).toEqual({ created: false });
			expect(calls(server())).toEqual([`DELETE /v3/webhooks/${original.id}`]);
		});

		it('reports any other failure and keeps the endpoint recorded (403: plan lacks webhooks)', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			server().setWebhooksFeature(false);

			const outcome = await harness.deactivate();
			expect(outcome.error?.message).toMatch(/plan lacks the webhooks feature: 403/);
			expect(harness.savedNodeStaticData.endpoints).toEqual({
				[harness.productionUrl]: endpoint.id,
			});

			// Once it can be deleted, deactivating again cleans up.
			server().setWebhooksFeature(true);
			expect(await harness.deactivate()).toEqual({ created: false });
			expect(server().state.webhooks[endpoint.id]).toBeUndefined();
		});

		it('reports a rejected token (401) without the token', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			await activateOk(harness);
			const endpoint = onlyEndpoint(server(), harness.productionUrl);
			harness.setAccessToken('alohi_pat_revoked');

			const outcome = await harness.deactivate();
			expect(outcome.error?.message).toMatch(/401/);
			expect(JSON.stringify(outcome.error)).not.toContain('alohi_pat_revoked');
			expect(server().state.webhooks[endpoint.id]).toBeDefined();
		});
	});

	describe('activation errors a user can act on', () => {
		it('404: says to turn webhooks on in the integrations settings', async () => {
			server().setWebhooksEnabled(false);
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const { error } = await harness.activate();
			expect(error?.message).toMatch(/Webhooks are not enabled for this Fax\.Plus account: 404/);
			expect(error?.description).toMatch(/Integrations settings/);
			expect(Object.keys(server().state.webhooks)).toHaveLength(0);
		});

		it('403: says the plan lacks the webhooks feature', async () => {
			server().setWebhooksFeature(false);
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			const { error } = await harness.activate();
			expect(error?.message).toMatch(/plan lacks the webhooks feature: 403/);
			expect(error?.description).toMatch(/upgrade the plan/);
		});

		it.each([
			['5551230001', /Numbers Filter: the entry "5551230001" has no country code/],
			['+15551230001, 030 123456', /Numbers Filter: the entry "030 123456" has no country code/],
			['+1', /Numbers Filter: the entry "\+1" is too short for \+1 \(US/],
		])(
			'400: names the invalid numbers filter entry of %p and sends nothing',
			async (channels, message) => {
				const harness = await trigger({
					server: server(),
					parameters: { events: ['fax_sent'], channels },
				});
				const { error } = await harness.activate();
				expect(error?.message).toMatch(message);
				expect(calls(server())).toEqual([]);
			},
		);

		it.each<AuthKind>(['pat', 'oauth'])(
			'refuses an http:// Production URL when the credential points at Fax.Plus, before any request, saying how to get https (%s)',
			async (auth) => {
				const harness = await trigger({
					server: server(),
					auth,
					parameters: { events: ['fax_sent'] },
				});
				harness.setBaseUrl('https://restapi.fax.plus/v3/');
				const { created, error } = await harness.activate();
				expect(created).toBe(false);
				expect(error?.message).toBe(
					`This trigger's Production URL ${harness.productionUrl} is http://, but Fax.Plus delivers webhooks only to https:// addresses`,
				);
				expect(error?.description).toMatch(/WEBHOOK_URL/);
				expect(error?.description).toMatch(/reverse proxy/);
				expect(error?.description).toMatch(/tunnel/);
				// Nothing reached any server: the local one saw nothing, and Fax.Plus's was never called (no network here).
				expect(server().requests).toEqual([]);
				expect(harness.savedNodeStaticData.endpoints).toBeUndefined();
			},
		);

		it('registers an http:// URL with a test server (another base URL), which takes loopback http', async () => {
			const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
			expect(harness.productionUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
			await activateOk(harness);
			expect(onlyEndpoint(server(), harness.productionUrl).url).toBe(harness.productionUrl);
		});

		it('refuses an empty event list before sending anything', async () => {
			const harness = await trigger({ server: server(), parameters: { events: [] } });
			const { error } = await harness.activate();
			expect(error?.message).toMatch(/Trigger On: choose at least one event/);
			expect(calls(server())).toEqual([]);
		});
	});
});
