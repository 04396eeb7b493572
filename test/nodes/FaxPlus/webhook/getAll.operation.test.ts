import {
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { seedEndpoint } from './seed';

describe('Webhook → List', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		'gives one item per endpoint, without secrets (%s)',
		async (auth) => {
			seedEndpoint(server(), 'ep_a', { url: 'https://a.example.com', filter_types: ['fax_sent'] });
			seedEndpoint(server(), 'ep_b', {
				url: 'https://b.example.com',
				filter_types: ['fax_received'],
				channels: ['+15551230001'],
			});
			const items = await runOk(server(), { resource: 'webhook', operation: 'getAll' }, { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('GET');
			expect(request.path).toBe('/v3/webhooks');
			expect(request.query).toEqual({});
			expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: {
						id: 'ep_a',
						url: 'https://a.example.com',
						filter_types: ['fax_sent'],
						channels: null,
					},
					pairedItem: { item: 0 },
				},
				{
					json: {
						id: 'ep_b',
						url: 'https://b.example.com',
						filter_types: ['fax_received'],
						channels: ['+15551230001'],
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(JSON.stringify(items)).not.toContain('whsec_');
		},
	);

	it('returns only "Limit" endpoints unless "Return All" is on', async () => {
		seedEndpoint(server(), 'ep_a', { url: 'https://a.example.com', filter_types: ['fax_sent'] });
		seedEndpoint(server(), 'ep_b', { url: 'https://b.example.com', filter_types: ['fax_sent'] });
		const limited = await runOk(server(), {
			resource: 'webhook',
			operation: 'getAll',
			returnAll: false,
			limit: 1,
		});
		expect(limited.map((item) => item.json.id)).toEqual(['ep_a']);
		expect(
			await runOk(server(), { resource: 'webhook', operation: 'getAll', returnAll: true }),
		).toHaveLength(2);
	});

	it('gives no item when there is no endpoint', async () => {
		expect(await runOk(server(), { resource: 'webhook', operation: 'getAll' })).toEqual([]);
	});

	it('says to turn webhooks on when the API answers 404', async () => {
		server().setWebhooksEnabled(false);
		const { error } = await runOperation(server(), { resource: 'webhook', operation: 'getAll' });
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toMatch(/^Webhooks are not enabled for this Fax\.Plus account: 404/);
	});

	it('says the plan lacks webhooks when the API answers 403', async () => {
		server().setWebhooksFeature(false);
		const { error } = await runOperation(server(), { resource: 'webhook', operation: 'getAll' });
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/^The Fax\.Plus plan lacks the webhooks feature: 403/);
	});

	it('keeps going with an error item under continueOnFail', async () => {
		server().setWebhooksEnabled(false);
		const { items, error } = await runOperation(
			server(),
			{ resource: 'webhook', operation: 'getAll' },
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: {
					error: expect.stringMatching(/^Webhooks are not enabled/),
					description: expect.stringMatching(/Integrations/),
					httpCode: '404',
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
