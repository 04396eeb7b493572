import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import * as webhook from '../../../../nodes/FaxPlus/webhook/Webhook.resource';
import { faxEventOptions } from '../../../../nodes/shared/api/events';
import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';
import { seedEndpoint } from './seed';

describe('Webhook resource', () => {
	const server = useFaxPlusServer();

	it('offers the fax events of shared/api/events.ts', () => {
		const events = webhook.description.find((property) => property.name === 'filterTypes');
		expect(events?.type).toBe('multiOptions');
		expect(events?.options).toEqual(faxEventOptions);
	});

	it('is registered with the node, including its endpoint list', () => {
		const node = new FaxPlus();
		expect(node.methods.listSearch.searchWebhookEndpoints).toBeDefined();
		const locators = node.description.properties.filter((property) => property.name === 'endpoint');
		expect(locators).toHaveLength(2);
		for (const locator of locators) {
			expect(
				locator.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod,
			).toBe('searchWebhookEndpoints');
		}
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'loads the endpoint picker from the API, showing URL and events (%s)',
		async (auth) => {
			seedEndpoint(server(), 'ep_a', {
				url: 'https://a.example.com/in',
				filter_types: ['fax_received', 'fax_sent'],
			});
			seedEndpoint(server(), 'ep_b', {
				url: 'https://b.example.com/out',
				filter_types: ['fax_sent'],
			});
			const { results } = await runListSearch(server(), 'searchWebhookEndpoints', { auth });

			const requests = apiRequests(server());
			expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'GET /v3/webhooks',
			]);
			expectAuthHeaders(server(), requests[0], auth);
			expect(results).toEqual([
				{ name: 'https://a.example.com/in (fax_received, fax_sent)', value: 'ep_a' },
				{ name: 'https://b.example.com/out (fax_sent)', value: 'ep_b' },
			]);
		},
	);

	it('filters the endpoint picker by URL, event or ID', async () => {
		seedEndpoint(server(), 'ep_a', {
			url: 'https://a.example.com/in',
			filter_types: ['fax_received'],
		});
		seedEndpoint(server(), 'ep_b', {
			url: 'https://b.example.com/out',
			filter_types: ['fax_sent'],
		});
		const search = async (filter: string) =>
			(await runListSearch(server(), 'searchWebhookEndpoints', { filter })).results.map(
				(result) => result.value,
			);
		expect(await search('B.EXAMPLE')).toEqual(['ep_b']);
		expect(await search('fax_received')).toEqual(['ep_a']);
		expect(await search('ep_a')).toEqual(['ep_a']);
	});

	it('says to turn webhooks on when the picker gets a 404', async () => {
		server().setWebhooksEnabled(false);
		await expect(runListSearch(server(), 'searchWebhookEndpoints')).rejects.toThrow(
			/^Webhooks are not enabled/,
		);
	});
});
