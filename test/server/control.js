// @ts-check
'use strict';
/**
 * /_control/* endpoints (no auth, never recorded): let a test suite or the demo
 * in another process drive the server the way `server.*` does in-process.
 */
const { json, noContent, notFound, badRequest } = require('./http');
const { isObject, randomHex, faxTime } = require('./util');
const { fax } = require('./seed');
const { finishOutbox } = require('./routes/outbox');

/** @param {Buffer} b */
const bodyText = (b) => b.toString('utf8');

/**
 * @param {import('./index').FaxPlusServer} server
 * @param {string} method
 * @param {string} path e.g. '/_control/webhooks'
 * @param {any} body
 * @returns {Promise<import('./http').Reply>}
 */
async function handleControl(server, method, path, body) {
	const route = `${method} ${path.replace(/\/+$/, '')}`;
	let m;
	if (route === 'POST /_control/misbehave') {
		server.misbehave(body);
		return json({ misbehaviours: server.misbehaviours });
	}
	if (route === 'DELETE /_control/misbehave') {
		server.behave();
		return noContent();
	}
	if (route === 'GET /_control/webhooks') {
		return json({
			data: Object.values(server.state.webhooks).map(
				({ id, url, filter_types, channels, secret }) => ({
					id,
					url,
					filter_types,
					channels,
					secret,
				}),
			),
		});
	}
	if ((m = /^GET \/_control\/webhooks\/([^/]+)\/secret$/.exec(route))) {
		const secret = server.getEndpointSecret(decodeURIComponent(m[1]));
		if (!secret) throw notFound(`Webhook endpoint ${m[1]} was not found`);
		return json({ secret });
	}
	if (route === 'GET /_control/hooks') return json({ data: Object.values(server.state.hooks) });
	if (route === 'POST /_control/deliver') {
		if (!isObject(body)) throw badRequest('Body must be deliver() options');
		try {
			return json(await server.deliver(/** @type {any} */ (body)));
		} catch (err) {
			throw badRequest(err instanceof Error ? err.message : String(err));
		}
	}
	if (route === 'POST /_control/replay') {
		if (!isObject(body) || typeof body.webhookId !== 'string')
			throw badRequest('Body must be {webhookId}');
		try {
			return json(await server.replay(body.webhookId));
		} catch (err) {
			throw notFound(err instanceof Error ? err.message : String(err));
		}
	}
	if (route === 'GET /_control/deliveries') {
		return json(
			server.deliveries.map((d) => ({ ...d, body: bodyText(d.body), secret: undefined })),
		);
	}
	if (route === 'GET /_control/requests') {
		return json(
			server.requests.map(({ rawBody, ...r }) => ({
				...r,
				rawBodyBase64: rawBody.toString('base64'),
			})),
		);
	}
	if (route === 'DELETE /_control/requests') {
		server.clearRequests();
		return noContent();
	}
	if (route === 'POST /_control/reset') {
		server.reset();
		return noContent();
	}
	if (route === 'POST /_control/faxes') {
		// Fax records appear in the account (as Fax.Plus lists a fax once it is done): one, or a list;
		// the body's fields win over the defaults (an incoming fax to the owner's first number, started now).
		const bodies = Array.isArray(body) ? body : [body];
		if (!bodies.every(isObject))
			throw badRequest(
				'Body must be the fax record fields, e.g. {direction, start_time}, or a list of them',
			);
		const records = bodies.map((fields) => {
			const id =
				typeof fields.id === 'string' && fields.id !== '' ? fields.id : `fax_${randomHex(8)}`;
			const incoming = fields.direction !== 'outgoing';
			const record = fax({
				from: incoming ? '+4930123456' : '+15551230001',
				to: incoming ? '+15551230001' : '+4930123456',
				direction: 'incoming',
				start_time: faxTime(Date.now()),
				...fields,
				id,
			});
			server.state.faxes[id] = record;
			return record;
		});
		return json(Array.isArray(body) ? records : records[0]);
	}
	if (route === 'POST /_control/outbox/finish') {
		if (!isObject(body) || typeof body.id !== 'string')
			throw badRequest('Body must be {id, status?}');
		if (!server.state.outbox[body.id]) throw notFound(`No outbox fax ${body.id}`);
		return json(
			finishOutbox(
				server.state,
				body.id,
				typeof body.status === 'string' ? body.status : 'success',
			),
		);
	}
	if (route === 'POST /_control/outbox/plan') {
		// Outbox faxes to `to` sent from now on leave the outbox with `status` after `afterReads` reads.
		if (!isObject(body) || typeof body.to !== 'string' || typeof body.status !== 'string')
			throw badRequest('Body must be {to, status, afterReads?}');
		const afterReads = body.afterReads ?? 0;
		if (!Number.isInteger(afterReads) || afterReads < 0)
			throw badRequest('afterReads must be a whole number of 0 or more');
		server.state.outboxPlans = server.state.outboxPlans.filter((p) => p.to !== body.to);
		server.state.outboxPlans.push({ to: body.to, status: body.status, afterReads });
		return noContent();
	}
	if (route === 'POST /_control/ai/plan') {
		// Fax AI jobs requested from now on end with `outcome` after `afterReads` reads or `afterMs`.
		const outcomes = ['finished', 'failed', 'content_filtering_policy'];
		if (!isObject(body) || !outcomes.includes(body.outcome))
			throw badRequest(
				`Body must be {outcome: ${outcomes.join(' | ')}, faxId?, job?, afterReads?, afterMs?}`,
			);
		for (const key of ['afterReads', 'afterMs'])
			if (body[key] !== undefined && (!Number.isInteger(body[key]) || body[key] < 0))
				throw badRequest(`${key} must be a whole number of 0 or more`);
		if (body.job !== undefined && body.job !== 'ocr' && body.job !== 'field_extraction')
			throw badRequest('job must be ocr or field_extraction');
		const { faxId, job, outcome, afterReads, afterMs } = body;
		server.state.aiPlans.unshift({ faxId, job, outcome, afterReads, afterMs });
		return noContent();
	}
	if (route === 'GET /_control/tokens') return json(server.tokens);
	if (route === 'POST /_control/tokens/expire') {
		const accessToken = isObject(body) ? body.accessToken : undefined;
		if (accessToken !== undefined && typeof accessToken !== 'string')
			throw badRequest('Body must be {accessToken?}');
		const expired = server.expireAccessTokens(accessToken);
		if (accessToken !== undefined && !expired) throw notFound('No such OAuth access token');
		return json({ expired });
	}
	if (route === 'GET /_control/settings' || route === 'POST /_control/settings') {
		if (method === 'POST') {
			if (!isObject(body)) throw badRequest('Body must be {webhooksEnabled?, webhooksFeature?}');
			if (body.webhooksEnabled !== undefined)
				server.setWebhooksEnabled(Boolean(body.webhooksEnabled));
			if (body.webhooksFeature !== undefined)
				server.setWebhooksFeature(Boolean(body.webhooksFeature));
		}
		return json({ ...server.state.settings });
	}
	if (route === 'GET /_control/network' || route === 'POST /_control/network') {
		if (method === 'POST') {
			if (!isObject(body))
				throw badRequest(
					'Body must be {latencyMs?, rateLimit?: {requestsPerSecond, retryAfterSeconds?} | null, refuseNext?: {requests, retryAfterSeconds?} | null}',
				);
			try {
				server.setNetwork(body);
			} catch (err) {
				throw badRequest(err instanceof Error ? err.message : String(err));
			}
		}
		return json(server.network);
	}
	if (route === 'GET /_control/readings' || route === 'POST /_control/readings') {
		if (method === 'POST') {
			if (!isObject(body))
				throw badRequest('Body must be the readings to change, e.g. {pageCap: 50}');
			try {
				server.setReadings(body);
			} catch (err) {
				throw badRequest(err instanceof Error ? err.message : String(err));
			}
		}
		return json(server.readings);
	}
	throw notFound(`No control route ${route}`);
}

module.exports = { handleControl };
