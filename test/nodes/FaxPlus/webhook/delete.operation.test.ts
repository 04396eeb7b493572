import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { seedEndpoint } from './seed';

const endpoint = (value: string, mode = 'list') => ({ __rl: true, mode, value });

describe('Webhook → Delete', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])('deletes the endpoint and says so (%s)', async (auth) => {
		seedEndpoint(server(), 'ep_a');
		seedEndpoint(server(), 'ep_b');
		const items = await runOk(
			server(),
			{ resource: 'webhook', operation: 'delete', endpoint: endpoint('ep_a') },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe('/v3/webhooks/ep_a');
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([
			{ json: { deleted: true, endpointId: 'ep_a' }, pairedItem: { item: 0 } },
		]);
		expect(Object.keys(server().state.webhooks)).toEqual(['ep_b']);
	});

	it('deletes the endpoint of each input item, by ID from an expression', async () => {
		seedEndpoint(server(), 'ep_a');
		seedEndpoint(server(), 'ep_b');
		const items = await runOk(
			server(),
			{ resource: 'webhook', operation: 'delete', endpoint: endpoint('={{ $json.id }}', 'id') },
			{ items: [{ json: { id: 'ep_b' } }, { json: { id: 'ep_a' } }] },
		);
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/webhooks/ep_b',
			'/v3/webhooks/ep_a',
		]);
		expect(items.map((item) => [item.json.endpointId, item.pairedItem])).toEqual([
			['ep_b', { item: 0 }],
			['ep_a', { item: 1 }],
		]);
		expect(server().state.webhooks).toEqual({});
	});

	it('fails clearly when the endpoint does not exist', async () => {
		seedEndpoint(server(), 'ep_a');
		const { error } = await runOperation(server(), {
			resource: 'webhook',
			operation: 'delete',
			endpoint: endpoint('ep_missing'),
		});
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe(
			'Webhook endpoint ep_missing was not found: 404 (not_found: Webhook endpoint ep_missing was not found)',
		);
		expect(error?.description).toMatch(/list the endpoints/);
		expect(error?.description).toMatch(/webhooks are turned off/);
	});

	it('fails clearly with webhooks turned off (the API answers 404 there too)', async () => {
		seedEndpoint(server(), 'ep_a');
		server().setWebhooksEnabled(false);
		const { error } = await runOperation(server(), {
			resource: 'webhook',
			operation: 'delete',
			endpoint: endpoint('ep_a'),
		});
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe(
			'Webhook endpoint ep_a was not found: 404 (not_found: Webhooks are not enabled in the integrations settings of this account)',
		);
		expect(error?.description).toMatch(/Integrations settings/);
		expect(Object.keys(server().state.webhooks)).toEqual(['ep_a']);
	});

	it('says the plan lacks webhooks when the API answers 403', async () => {
		seedEndpoint(server(), 'ep_a');
		server().setWebhooksFeature(false);
		const { error } = await runOperation(server(), {
			resource: 'webhook',
			operation: 'delete',
			endpoint: endpoint('ep_a'),
		});
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/^The Fax\.Plus plan lacks the webhooks feature: 403/);
	});

	it.each(['hook_1', ''])(
		'refuses the endpoint ID "%s" from an expression before sending anything',
		async (id) => {
			const { error } = await runOperation(
				server(),
				{ resource: 'webhook', operation: 'delete', endpoint: endpoint('={{ $json.id }}', 'id') },
				{ items: [{ json: { id } }] },
			);
			expect(error?.message).toBe(
				id ? `Endpoint "${id}" is not a webhook endpoint ID` : 'Endpoint is required',
			);
			expect(apiRequests(server())).toHaveLength(0);
		},
	);
});
