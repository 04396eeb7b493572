import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	expectAuthHeaders,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
	type RecordedRequest,
} from '../../../support/faxplus';
import { runFaxPlusNode } from '../../../support/n8n-harness';
import { seedEndpoint } from './seed';

const endpoint = (value: string, mode = 'list') => ({ __rl: true, mode, value });

function update(updateFields: IDataObject, id = 'ep_a'): IDataObject {
	return { resource: 'webhook', operation: 'update', endpoint: endpoint(id), updateFields };
}

/** The body exactly as sent (so an omitted key and a null are told apart). */
const sentBody = (request: RecordedRequest) => JSON.parse(request.rawBody.toString('utf8'));

describe('Webhook → Update', () => {
	const server = useFaxPlusServer();

	beforeEach(() => {
		seedEndpoint(server(), 'ep_a', {
			url: 'https://a.example.com/in',
			filter_types: ['fax_received'],
			channels: ['+15551230001'],
		});
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'changes only the fields given and outputs the endpoint (%s)',
		async (auth) => {
			const items = await runOk(server(), update({ filterTypes: ['fax_sent', 'fax_received'] }), {
				auth,
			});

			const requests = apiRequests(server());
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'PATCH /v3/webhooks/ep_a',
				'GET /v3/webhooks',
			]);
			const [patch, list] = requests;
			expect(patch.query).toEqual({});
			expect(patch.headers['content-type']).toMatch(/^application\/json/);
			expect(sentBody(patch)).toEqual({ filter_types: ['fax_sent', 'fax_received'] });
			expectAuthHeaders(server(), patch, auth);
			expectAuthHeaders(server(), list, auth);
			expect(items).toEqual([
				{
					json: {
						id: 'ep_a',
						url: 'https://a.example.com/in',
						filter_types: ['fax_sent', 'fax_received'],
						channels: ['+15551230001'],
					},
					pairedItem: { item: 0 },
				},
			]);
			expect(JSON.stringify(items)).not.toContain('whsec_');
		},
	);

	it.each<AuthKind>(['pat', 'oauth'])(
		'sends "channels": null only to clear the number filter (%s)',
		async (auth) => {
			const items = await runOk(server(), update({ clearChannels: true }), { auth });

			const patch = apiRequests(server())[0];
			expect(sentBody(patch)).toEqual({ channels: null });
			expectAuthHeaders(server(), patch, auth);
			expect(server().state.webhooks.ep_a.channels).toBeNull();
			expect(items[0].json.channels).toBeNull();
		},
	);

	it('replaces the number filter with normalised numbers', async () => {
		await runOk(
			server(),
			update({ channels: '+1 555 123 0002, +49 30 123456', clearChannels: false }),
		);
		expect(sentBody(apiRequests(server())[0])).toEqual({
			channels: ['+15551230002', '+4930123456'],
		});
		expect(server().state.webhooks.ep_a.channels).toEqual(['+15551230002', '+4930123456']);
	});

	it('changes the URL alone', async () => {
		await runOk(server(), update({ url: 'https://b.example.com/new' }));
		expect(sentBody(apiRequests(server())[0])).toEqual({ url: 'https://b.example.com/new' });
		expect(server().state.webhooks.ep_a).toMatchObject({
			url: 'https://b.example.com/new',
			filter_types: ['fax_received'],
			channels: ['+15551230001'],
		});
	});

	it('refuses a new http:// URL before any request when the credential points at Fax.Plus', async () => {
		const result = await runFaxPlusNode({
			parameters: { authentication: 'accessToken', ...update({ url: 'http://b.example.com/new' }) },
			credentials: {
				faxPlusApi: { accessToken: server().tokens.pat, baseUrl: 'https://restapi.fax.plus/v3' },
			},
		});
		expect(result.error?.message).toBe(
			'URL http://b.example.com/new is http://, but Fax.Plus delivers webhooks only to https:// addresses',
		);
		expect(server().requests).toEqual([]);
	});

	it('evaluates expressions per input item', async () => {
		seedEndpoint(server(), 'ep_b');
		const items = await runOk(
			server(),
			{
				resource: 'webhook',
				operation: 'update',
				endpoint: endpoint('={{ $json.id }}', 'id'),
				updateFields: { url: '={{ $json.url }}' },
			},
			{
				items: [
					{ json: { id: 'ep_a', url: 'https://one.example.com' } },
					{ json: { id: 'ep_b', url: 'https://two.example.com' } },
				],
			},
		);
		const patches = apiRequests(server()).filter((request) => request.method === 'PATCH');
		expect(patches.map((request) => [request.path, sentBody(request)])).toEqual([
			['/v3/webhooks/ep_a', { url: 'https://one.example.com' }],
			['/v3/webhooks/ep_b', { url: 'https://two.example.com' }],
		]);
		expect(items.map((item) => [item.json.id, item.json.url, item.pairedItem])).toEqual([
			['ep_a', 'https://one.example.com', { item: 0 }],
			['ep_b', 'https://two.example.com', { item: 1 }],
		]);
	});

	it.each([
		[
			'an empty update',
			{},
			'Nothing to update: add URL, Events, Numbers Filter or Clear Number Filter under "Update Fields"',
		],
		[
			'only Clear Number Filter turned off',
			{ clearChannels: false },
			'Nothing to update: add URL, Events, Numbers Filter or Clear Number Filter under "Update Fields"',
		],
		['an empty numbers filter', { channels: ' ' }, 'Numbers Filter is empty'],
		[
			'numbers and clearing together',
			{ channels: '+15551230002', clearChannels: true },
			'Numbers Filter and Clear Number Filter cannot be used together',
		],
		[
			'a number without "+"',
			{ channels: '+15551230002, 4930123456' },
			'Numbers Filter: "4930123456" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		],
		['no events', { filterTypes: [] }, 'Events: choose at least one event'],
		[
			'a URL that is not http(s)',
			{ url: 'mailto:a@example.com' },
			'URL "mailto:a@example.com" is not an https:// (or http://) address',
		],
	])('refuses %s before sending anything', async (_case, updateFields, message) => {
		const { error } = await runOperation(server(), update(updateFields as IDataObject));
		expect(error?.message).toBe(message);
		expect(apiRequests(server())).toHaveLength(0);
		expect(server().state.webhooks.ep_a.channels).toEqual(['+15551230001']);
	});

	it('refuses an endpoint ID without "ep_" before sending anything', async () => {
		const { error } = await runOperation(server(), {
			resource: 'webhook',
			operation: 'update',
			endpoint: endpoint('={{ "hook_1" }}', 'id'),
			updateFields: { clearChannels: true },
		});
		expect(error?.message).toBe('Endpoint "hook_1" is not a webhook endpoint ID');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('fails clearly when the endpoint does not exist', async () => {
		const { error } = await runOperation(server(), update({ clearChannels: true }, 'ep_missing'));
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe(
			'Webhook endpoint ep_missing was not found: 404 (not_found: Webhook endpoint ep_missing was not found)',
		);
		expect(error?.description).toMatch(/list the endpoints/);
	});

	it('fails clearly with webhooks turned off (the API answers 404 there too)', async () => {
		server().setWebhooksEnabled(false);
		const { error } = await runOperation(server(), update({ clearChannels: true }));
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toMatch(
			/^Webhook endpoint ep_a was not found: 404 \(not_found: Webhooks are not enabled/,
		);
		expect(error?.description).toMatch(/Integrations settings/);
	});

	it('says the plan lacks webhooks when the API answers 403', async () => {
		server().setWebhooksFeature(false);
		const { error } = await runOperation(server(), update({ clearChannels: true }));
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/^The Fax\.Plus plan lacks the webhooks feature: 403/);
		expect(server().state.webhooks.ep_a.channels).toEqual(['+15551230001']);
	});

	it('shows the API error of a URL the API refuses, and changes nothing', async () => {
		const { error } = await runOperation(
			server(),
			update({ url: 'https://[bad', clearChannels: true }),
		);
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Invalid url/);
		expect(server().state.webhooks.ep_a).toMatchObject({
			url: 'https://a.example.com/in',
			channels: ['+15551230001'],
		});
	});
});
