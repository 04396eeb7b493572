import type { IDataObject } from 'n8n-workflow';
import {
	apiRequests,
	expectAuthHeaders,
	onlyApiRequest,
	runOk,
	runOperation,
	useFaxPlusServer,
	type AuthKind,
} from '../../../support/faxplus';

const TARGET = 'https://example.com/legacy-events';

function create(parameters: IDataObject): IDataObject {
	return {
		resource: 'legacyHook',
		operation: 'create',
		targetUrl: TARGET,
		event: 'fax_received',
		...parameters,
	};
}

describe('Legacy Hook → Create', () => {
	const server = useFaxPlusServer();

	it.each<AuthKind>(['pat', 'oauth'])(
		'creates a hook of one event and outputs it (%s)',
		async (auth) => {
			const items = await runOk(server(), create({}), { auth });

			const request = onlyApiRequest(server());
			expect(request.method).toBe('POST');
			expect(request.path).toBe('/v3/hooks');
			expect(request.query).toEqual({});
			expect(request.headers['content-type']).toMatch(/^application\/json/);
			expect(JSON.parse(request.rawBody.toString('utf8'))).toEqual({
				target: TARGET,
				event: 'fax_received',
			});
			expectAuthHeaders(server(), request, auth);

			const [hook] = Object.values(server().state.hooks);
			expect(hook.id).toMatch(/^hook_/);
			expect(items).toEqual([
				{ json: { id: hook.id, target: TARGET, event: 'fax_received' }, pairedItem: { item: 0 } },
			]);
		},
	);

	it('sends owned numbers normalised to E.164', async () => {
		const items = await runOk(
			server(),
			create({ event: 'fax_sent', numbers: ' +1 555 123 0001,\n+15551230002 ' }),
		);

		expect(onlyApiRequest(server()).body).toEqual({
			target: TARGET,
			event: 'fax_sent',
			numbers: ['+15551230001', '+15551230002'],
		});
		expect(items[0].json).toMatchObject({
			event: 'fax_sent',
			numbers: ['+15551230001', '+15551230002'],
		});
		expect(Object.values(server().state.hooks)[0].numbers).toEqual([
			'+15551230001',
			'+15551230002',
		]);
	});

	it('evaluates expressions per input item', async () => {
		const items = await runOk(
			server(),
			create({ targetUrl: '={{ $json.target }}', event: '={{ $json.event }}' }),
			{
				items: [
					{ json: { target: 'https://a.example.com', event: 'fax_sent' } },
					{ json: { target: 'https://b.example.com', event: 'fax_page_received' } },
				],
			},
		);
		expect(apiRequests(server()).map((request) => request.body)).toEqual([
			{ target: 'https://a.example.com', event: 'fax_sent' },
			{ target: 'https://b.example.com', event: 'fax_page_received' },
		]);
		expect(items.map((item) => [item.json.target, item.pairedItem])).toEqual([
			['https://a.example.com', { item: 0 }],
			['https://b.example.com', { item: 1 }],
		]);
	});

	it('refuses a number without a leading "+" before sending anything, naming it', async () => {
		const { error } = await runOperation(
			server(),
			create({ numbers: '+15551230001, 15551230002' }),
		);
		expect(error?.message).toBe(
			'Owned Numbers: "15551230002" has no country code: type it with "+" and the country code, e.g. +49 30 1234567',
		);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('refuses a dotted event name before sending anything', async () => {
		const { error } = await runOperation(server(), create({ event: '={{ "fax.received" }}' }));
		expect(error?.message).toBe('Event: "fax.received" is not a Fax.Plus event');
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('refuses a target that is not an http(s) address before sending anything', async () => {
		const { error } = await runOperation(server(), create({ targetUrl: 'example.com/in' }));
		expect(error?.message).toBe(
			'Target URL "example.com/in" is not an https:// (or http://) address',
		);
		expect(apiRequests(server())).toHaveLength(0);
	});

	it('shows the API error of a number the account does not own', async () => {
		const { error } = await runOperation(server(), create({ numbers: '+4930999999' }));
		expect(apiRequests(server())).toHaveLength(1);
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/bad_request: Only owned numbers are allowed: \+4930999999/);
		expect(error?.message).toMatch(/^Fax\.Plus refused the numbers of the legacy hook: 400/);
		expect(error?.description).toMatch(/Remove the numbers/);
		expect(server().state.hooks).toEqual({});
	});

	it("names the event and what to do when Fax.Plus refuses fax_page_received, as its SDK's event list does", async () => {
		server().setReadings({ hookEvents: 'sdk' });
		const { error } = await runOperation(server(), create({ event: 'fax_page_received' }));
		expect(error?.httpCode).toBe('400');
		expect(error?.message).toMatch(/^Fax\.Plus refused the legacy hook event: 400/);
		expect(error?.description).toMatch(/For fax_page_received use the current webhook API/);
	});
});
