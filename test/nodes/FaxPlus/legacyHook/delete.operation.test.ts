import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';
import { seedHook } from './seed';

const hook = (value: string, mode = 'list') => ({ __rl: true, mode, value });

describe('Legacy Hook → Delete', () => {
	const server = useFaxPlusServer();

	beforeEach(() => {
		seedHook(server(), 'hook_a');
		seedHook(server(), 'hook_b');
	});

	it.each<AuthKind>(['pat', 'oauth'])('deletes the hook and says so (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{ resource: 'legacyHook', operation: 'delete', hook: hook('hook_a') },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.method).toBe('DELETE');
		expect(request.path).toBe('/v3/hooks/hook_a');
		expect(request.query).toEqual({});
		expect(request.rawBody.length).toBe(0);
		expectAuthHeaders(server(), request, auth);
		expect(items).toEqual([{ json: { deleted: true, hookId: 'hook_a' }, pairedItem: { item: 0 } }]);
		expect(Object.keys(server().state.hooks)).toEqual(['hook_b']);
	});

	it('deletes the hook of each input item, by ID from an expression', async () => {
		const items = await runOk(
			server(),
			{ resource: 'legacyHook', operation: 'delete', hook: hook('={{ $json.id }}', 'id') },
			{ items: [{ json: { id: 'hook_b' } }, { json: { id: 'hook_a' } }] },
		);
		expect(apiRequests(server()).map((request) => request.path)).toEqual([
			'/v3/hooks/hook_b',
			'/v3/hooks/hook_a',
		]);
		expect(items.map((item) => [item.json.hookId, item.pairedItem])).toEqual([
			['hook_b', { item: 0 }],
			['hook_a', { item: 1 }],
		]);
		expect(server().state.hooks).toEqual({});
	});

	it('fails clearly when the hook does not exist', async () => {
		const { error } = await runOperation(server(), {
			resource: 'legacyHook',
			operation: 'delete',
			hook: hook('hook_missing', 'id'),
		});
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('404');
		expect(error?.message).toBe('Legacy hook hook_missing was not found: 404');
		expect(error?.description).toMatch(/list the hooks/);
	});

	it('refuses an empty hook ID before sending anything', async () => {
		const { error } = await runOperation(
			server(),
			{ resource: 'legacyHook', operation: 'delete', hook: hook('={{ $json.id }}', 'id') },
			{ items: [{ json: { id: ' ' } }] },
		);
		expect(error?.message).toBe('Hook is required');
		expect(apiRequests(server())).toHaveLength(0);
	});
});
