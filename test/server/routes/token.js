// @ts-check
'use strict';
/** GET /auth/token: metadata about the token used for the call (any valid token). */
const { json } = require('../http');

/** @type {import('../router').Route[]} */
module.exports = [
	{ method: 'GET', path: '/auth/token', handler: (ctx) => json(ctx.auth.tokenInfo(ctx.token)) },
];
