// Webhook endpoints put straight into the local server's state, for the tests of this resource.
import type { FaxPlusServer } from '../../../support/faxplus';

export function seedEndpoint(
	server: FaxPlusServer,
	id: string,
	fields: { url?: string; filter_types?: string[]; channels?: string[] | null } = {},
) {
	server.state.webhooks[id] = {
		id,
		url: fields.url ?? `https://example.com/hooks/${id}`,
		filter_types: fields.filter_types ?? ['fax_received'],
		channels: fields.channels === undefined ? null : fields.channels,
		secret: `whsec_${Buffer.from(`secret of ${id}`).toString('base64')}`,
		created_at: '2025-01-10 08:00:00',
	};
	return server.state.webhooks[id];
}
