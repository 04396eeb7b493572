import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runFaxPlusNode } from '../../../support/n8n-harness';
import { seedEndpoint } from './seed';

const URL = 'https://example.com/fax-events';

function create(parameters: IDataObject): IDataObject {
	return {
		resource: 'webhook',
		operation: 'create',
		url: URL,
		filterTypes: ['fax_received', 'fax_sent'],
		...parameters,
	};
}

describe('Webhook → Create', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		'creates an endpoint and outputs it with its ep_ ID (%s)',
		async (auth) => {
			seedEndpoint(server(), 'ep_other', { url: 'https://other.example.com/x' });
			const items = await runOk(server(), create({}), { auth });

			const requests = apiRequests(server());
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'POST /v3/webhooks',
				'GET /v3/webhooks',
			]);
			const [post, list] = requests;
			expect(post.query).toEqual({});
			expect(post.headers['content-type']).toMatch(/^application\/json/);
			// Exactly these keys: no channels when the filter is left empty.
			expect(JSON.parse(post.rawBody.toString('utf8'))).toEqual({
				url: URL,
				filter_types: ['fax_received', 'fax_sent'],
			});
			expectAuthHeaders(server(), post, auth);
			expectAuthHeaders(server(), list, auth);

			const created = Object.values(server().state.webhooks).find(
				(endpoint) => endpoint.url === URL,
			)!;
			expect(created.channels).toBeNull();
			expect(items).toEqual([
				{
					json: {
						id: created.id,
						url: URL,
						filter_types: ['fax_received', 'fax_sent'],
						channels: null,
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(created.id).toMatch(/^ep_/);
			expect(JSON.stringify(items)).not.toContain(server().getEndpointSecret(created.id));
			expect(JSON.stringify(items)).not.toContain('whsec_');
		},
	);

	it('sends the numbers filter normalised to E.164', async () => {
		const items = await runOk(
			server(),
			create({
				filterTypes: ['fax_sent'],
				channels: ' +1 555 123 0001 , +49 (0)30 123456\n+33144556677',
			}),
		);

		expect(apiRequests(server())[0].body).toEqual({
			url: URL,
			filter_types: ['fax_sent'],
			channels: ['+15551230001', '+4930123456', '+33144556677'],
		});
		expect(items[0].json.channels).toEqual(['+15551230001', '+4930123456', '+33144556677']);
	});

	it('evaluates expressions per input item', async () => {
		const items = await runOk(
			server(),
			create({
				url: '={{ $json.url }}',
				filterTypes: '={{ $json.events }}',
				channels: '={{ $json.numbers }}',
			}),
			{
				items: [
					{
						json: {
							url: 'https://a.example.com/in',
							events: ['fax_received'],
							numbers: ['+1 555 123 0001'],
						},
					},
					{
						json: {
							url: 'https://b.example.com/out',
							events: 'fax_sent,fax_page_received',
							numbers: '',
						},
					},
				],
			},
		);
		const posts = apiRequests(server()).filter((request) => request.method === 'POST');
		expect(posts.map((request) => request.body)).toEqual([
			{
				url: 'https://a.example.com/in',
				filter_types: ['fax_received'],
				channels: ['+15551230001'],
			},
			{ url: 'https://b.example.com/out', filter_types: ['fax_sent', 'fax_page_received'] },
		]);
		expect(items.map((item) => [item.json.url, item.pairedItem])).toEqual([
			['https://a.example.com/in', { item: 0 }],
			['https://b.example.com/out', { item: 1 }],
		]);
	});

	it('outputs the newest endpoint when several have the URL', async () => {
		seedEndpoint(server(), 'ep_old', { url: URL });
		const items = await runOk(server(), create({}));
		expect(items).toHaveLength(1);
		expect(items[0].json.id).not.toBe('ep_old');
		expect(items[0].json.id).toMatch(/^ep_/);
	});

	it('refuses a number without a leading "+" before sending anything, naming it', async () => {
		const { error } = await runOperation(
			server(),
			create({ channels: '+15551230001, 49 30 123456' }),
		);
		expect(error?.message).toBe(
			'Numbers Filter: "49 30 123456" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('refuses no events before sending anything', async () => {
		const { error } = await runOperation(server(), create({ filterTypes: '={{ [] }}' }));
		expect(error?.message).toBe('Events: choose at least one event');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('refuses a dotted event name before sending anything', async () => {
		const { error } = await runOperation(server(), create({ filterTypes: '={{ ["fax.sent"] }}' }));
		expect(error?.message).toBe('Events: "fax.sent" is not a Fax.Plus event');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it.each(['', 'example.com/x', 'ftp://example.com/x'])(
		'refuses the URL "%s" before sending anything',
		async (url) => {
			const { error } = await runOperation(
				server(),
				create({ url: `={{ ${JSON.stringify(url)} }}` }),
			);
			expect(error?.message).toBe(
				url ? `URL "${url}" is not an https:// (or http://) address` : 'URL is required',
			);
			expect(apiRequests(server())).toHaveLength(0);
		},
	);

	it('says to turn webhooks on when the API answers 404', async () => {
		server().setWebhooksEnabled(false);
		const { error } = await runOperation(server(), create({}));
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toMatch(/^Webhooks are not enabled for this Fax\.Plus account: 404/);
		expect(error?.description).toMatch(/Integrations settings/);
		expect(server().state.webhooks).toEqual({});
	});

	it('says the plan lacks webhooks when the API answers 403', async () => {
		server().setWebhooksFeature(false);
		const { error } = await runOperation(server(), create({}));
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/^The Fax\.Plus plan lacks the webhooks feature: 403/);
		expect(error?.description).toMatch(/upgrade the plan/);
	});

	it('shows the API error of a URL the API refuses', async () => {
		const { error } = await runOperation(server(), create({ url: 'https://[bad' }));
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Invalid url/);
		expect(server().state.webhooks).toEqual({});
	});

	describe('HTTPS: Fax.Plus delivers only to https:// addresses', () => {
		// Fax.Plus's Base URL as the transport reads it, also with a slash or spaces pasted around it.
		it.each([
			'https://restapi.fax.plus/v3',
			'https://restapi.fax.plus/v3/',
			' https://restapi.fax.plus/v3 ',
		])(
			'refuses an http:// URL before any request when the credential points at Fax.Plus (%j), saying how to fix it',
			async (baseUrl) => {
				const result = await runFaxPlusNode({
					parameters: {
						authentication: 'accessToken',
						...create({ url: 'http://n8n.example.com/webhook/abc' }),
					},
					credentials: {
						faxPlusApi: { accessToken: server().tokens.pat, baseUrl },
					},
				});
				expect(result.error?.message).toBe(
					'URL http://n8n.example.com/webhook/abc is http://, but Fax.Plus delivers webhooks only to https:// addresses',
				);
				expect(result.error?.description).toMatch(/WEBHOOK_URL.*reverse proxy.*tunnel/s);
				expect(server().requests).toEqual([]);
			},
		);

		it('leaves http:// to a test server (another base URL), which refuses it unless it is loopback', async () => {
			const { error } = await runOperation(
				server(),
				create({ url: 'http://n8n.example.com/webhook/abc' }),
			);
			expect(error?.httpCode).toBe('400');
			expect(error?.message).toMatch(/https/);
			expect(
				apiRequests(server()).map(
					(request) => `${request.method} ${request.path} ${request.status}`,
				),
			).toEqual(['POST /v3/webhooks 400']);

			await runOk(server(), create({ url: 'http://127.0.0.1:5678/webhook/abc' }));
			expect(Object.values(server().state.webhooks).map((endpoint) => endpoint.url)).toEqual([
				'http://127.0.0.1:5678/webhook/abc',
			]);
		});
	});
});
