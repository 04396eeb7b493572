// Legacy hooks put straight into the local server's state, for the tests of this resource.
import type { FaxPlusServer } from '../../../support/faxplus';

export function seedHook(
	server: FaxPlusServer,
	id: string,
	fields: { target?: string; event?: string; numbers?: string[] } = {},
) {
	server.state.hooks[id] = {
		id,
		target: fields.target ?? `https://example.com/legacy/${id}`,
		event: fields.event ?? 'fax_received',
		...(fields.numbers ? { numbers: fields.numbers } : {}),
		created_at: '2025-01-10 08:00:00',
	};
	return server.state.hooks[id];
}
