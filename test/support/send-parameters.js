'use strict';
/** The parameters of a Fax → Send node with a PAT, to +4930123456 from the seeded number; `overrides` on top. */
function sendParameters(overrides = {}) {
	return {
		authentication: 'accessToken',
		resource: 'fax',
		operation: 'send',
		userId: 'self',
		to: '+4930123456',
		from: '+15551230001',
		options: {},
		...overrides,
	};
}

module.exports = { sendParameters };
