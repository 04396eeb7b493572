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

describe('Legacy Hook → List', () => {
	const server = useFaxPlusServer();

	beforeEach(() => {
		seedHook(server(), 'hook_a', {
			target: 'https://a.example.com',
			event: 'fax_received',
			numbers: ['+15551230001'],
		});
		seedHook(server(), 'hook_b', { target: 'https://b.example.com', event: 'fax_sent' });
	});

	it.each<AuthKind>(['pat', 'oauth'])(
		'gives one item per hook of every event, asking once per event (%s)',
		async (auth) => {
			seedHook(server(), 'hook_c', { target: 'https://c.example.com', event: 'fax_page_received' });
			const items = await runOk(
				server(),
				{ resource: 'legacyHook', operation: 'getAll', eventFilter: 'all' },
				{ auth },
			);

			// GET /hooks requires `event`: one request per event, in the order of the events.
			const requests = apiRequests(server());
			expect(
				requests.map((request) => [request.method, request.path, request.query, request.status]),
			).toEqual([
				['GET', '/v3/hooks', { event: 'fax_sent' }, 200],
				['GET', '/v3/hooks', { event: 'fax_received' }, 200],
				['GET', '/v3/hooks', { event: 'fax_page_received' }, 200],
			]);
			for (const request of requests) expectAuthHeaders(server(), request, auth);
			expect(items).toEqual([
				{
					json: { id: 'hook_b', target: 'https://b.example.com', event: 'fax_sent' },
					pairedItem: { item: 0 },
				},
				{
					json: {
						id: 'hook_a',
						target: 'https://a.example.com',
						event: 'fax_received',
						numbers: ['+15551230001'],
					},
					pairedItem: { item: 0 },
				},
				{
					json: { id: 'hook_c', target: 'https://c.example.com', event: 'fax_page_received' },
					pairedItem: { item: 0 },
				},
			]);
		},
	);

	it("lists the other events' hooks, and says which event was refused, when Fax.Plus refuses fax_page_received as its SDK's event list does", async () => {
		server().setReadings({ hookEvents: 'sdk' });
		const result = await runOperation(server(), {
			resource: 'legacyHook',
			operation: 'getAll',
			eventFilter: 'all',
		});
		expect(result.error).toBeUndefined();
		expect(
			apiRequests(server()).map((request) => `${request.query.event} ${request.status}`),
		).toEqual(['fax_sent 200', 'fax_received 200', 'fax_page_received 400']);
		expect(result.items.map((item) => item.json.id)).toEqual(['hook_b', 'hook_a']);
		const hints = result.run.data.resultData.runData['Fax.Plus'][0].hints;
		expect(hints).toEqual([
			{
				message:
					'Fax.Plus refused to list legacy hooks for fax_page_received; the hooks of the other events are listed.',
				location: 'outputPane',
			},
		]);

		// Asked for that event alone, the refusal is the error, naming what to do.
		const alone = await runOperation(server(), {
			resource: 'legacyHook',
			operation: 'getAll',
			eventFilter: 'fax_page_received',
		});
		expect(alone.error?.message).toMatch(/^Fax\.Plus refused the legacy hook event: 400/);
	});

	it('returns only "Limit" hooks unless "Return All" is on', async () => {
		const limited = await runOk(server(), {
			resource: 'legacyHook',
			operation: 'getAll',
			eventFilter: 'all',
			returnAll: false,
			limit: 1,
		});
		expect(limited.map((item) => item.json.id)).toEqual(['hook_b']);
		const all = await runOk(server(), {
			resource: 'legacyHook',
			operation: 'getAll',
			eventFilter: 'all',
			returnAll: true,
		});
		expect(all.map((item) => item.json.id)).toEqual(['hook_b', 'hook_a']);
	});

	it('treats an empty event as all events', async () => {
		const items = await runOk(server(), {
			resource: 'legacyHook',
			operation: 'getAll',
			eventFilter: '={{ "" }}',
		});
		expect(apiRequests(server()).map((request) => request.query.event)).toEqual([
			'fax_sent',
			'fax_received',
			'fax_page_received',
		]);
		expect(items.map((item) => item.json.id)).toEqual(['hook_b', 'hook_a']);
	});

	it.each<AuthKind>(['pat', 'oauth'])('asks for the hooks of one event (%s)', async (auth) => {
		const items = await runOk(
			server(),
			{ resource: 'legacyHook', operation: 'getAll', eventFilter: 'fax_sent' },
			{ auth },
		);

		const request = onlyApiRequest(server());
		expect(request.query).toEqual({ event: 'fax_sent' });
		expectAuthHeaders(server(), request, auth);
		expect(items.map((item) => item.json.id)).toEqual(['hook_b']);
	});

	it('evaluates the event per input item', async () => {
		await runOk(
			server(),
			{ resource: 'legacyHook', operation: 'getAll', eventFilter: '={{ $json.event }}' },
			{ items: [{ json: { event: 'fax_received' } }, { json: { event: 'all' } }] },
		);
		expect(apiRequests(server()).map((request) => request.query)).toEqual([
			{ event: 'fax_received' },
			{ event: 'fax_sent' },
			{ event: 'fax_received' },
			{ event: 'fax_page_received' },
		]);
	});

	it('refuses a dotted event name before sending anything', async () => {
		const { error } = await runOperation(server(), {
			resource: 'legacyHook',
			operation: 'getAll',
			eventFilter: '={{ "fax.sent" }}',
		});
		expect(error?.message).toBe('Event: "fax.sent" is not a Fax.Plus event');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('turns a token without the webhook scope into a clear API error', async () => {
		const { error } = await runOperation(
			server(),
			{ resource: 'legacyHook', operation: 'getAll', eventFilter: 'all' },
			{ token: server().tokens.patNoScopes },
		);
		expect(error?.httpCode).toBe('403');
		expect(error?.message).toMatch(/insufficient_scope/);
	});
});
