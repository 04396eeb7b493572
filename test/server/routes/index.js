// @ts-check
'use strict';
/** Every API route under /v3, in matching order. */

/** @type {import('../router').Route[]} */
module.exports = [
	...require('./token'),
	...require('./accounts'),
	...require('./contacts'),
	...require('./outbox'),
	...require('./faxes'),
	...require('./files'),
	...require('./ai'),
	...require('./numbers'),
	...require('./shop'),
	...require('./webhooks'),
	...require('./hooks'),
];
