import type { INodePropertyOptions } from 'n8n-workflow';
import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import * as legacyHook from '../../../../nodes/FaxPlus/legacyHook/LegacyHook.resource';
import {
	apiRequests,
	expectAuthHeaders,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { runListSearch } from '../../../support/list-search';
import { seedHook } from './seed';

describe('Legacy Hook resource', () => {
	const server = useFaxPlusServer();

	it('is marked as deprecated and to be decommissioned', () => {
		const picker = new FaxPlus().description.properties.find((p) => p.name === 'resource')!;
		const option = (picker.options as INodePropertyOptions[]).find((o) => o.value === 'legacyHook');
		expect(option?.name).toBe('Legacy Hook (Deprecated)');
		expect(option?.description).toMatch(/decommissioned/);
		const notice = legacyHook.description.find((property) => property.type === 'notice');
		expect(notice?.displayName).toMatch(/decommission/);
		expect(notice?.displayOptions).toEqual({ show: { resource: ['legacyHook'] } });
	});

	it('is registered with the node, including its hook list', () => {
		const node = new FaxPlus();
		expect(node.methods.listSearch.searchLegacyHooks).toBeDefined();
		const locator = node.description.properties.find((property) => property.name === 'hook');
		expect(
			locator?.modes?.find((mode) => mode.name === 'list')?.typeOptions?.searchListMethod,
		).toBe('searchLegacyHooks');
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'loads the hook picker from the API, showing target and event (%s)',
		async (auth) => {
			seedHook(server(), 'hook_a', { target: 'https://a.example.com', event: 'fax_received' });
			seedHook(server(), 'hook_b', { target: 'https://b.example.com', event: 'fax_sent' });
			const { results } = await runListSearch(server(), 'searchLegacyHooks', { auth });

			// GET /hooks requires `event`: the picker asks once per event.
			const requests = apiRequests(server());
			expect(
				requests.map((request) => `${request.method} ${request.path} ${request.status}`),
			).toEqual(['GET /v3/hooks 200', 'GET /v3/hooks 200', 'GET /v3/hooks 200']);
			expect(requests.map((request) => request.query)).toEqual([
				{ event: 'fax_sent' },
				{ event: 'fax_received' },
				{ event: 'fax_page_received' },
			]);
			for (const request of requests) expectAuthHeaders(server(), request, auth);
			expect(results).toEqual([
				{ name: 'https://b.example.com (fax_sent)', value: 'hook_b' },
				{ name: 'https://a.example.com (fax_received)', value: 'hook_a' },
			]);

			const filtered = await runListSearch(server(), 'searchLegacyHooks', { filter: 'FAX_SENT' });
			expect(filtered.results.map((result) => result.value)).toEqual(['hook_b']);
		},
	);
});
