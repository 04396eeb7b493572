import {
	describeFaxPlusError,
	parseErrorBody,
} from '../../../../nodes/shared/transport/nodeErrors';

describe('describeFaxPlusError', () => {
	it('tells the user to reconnect on 401, on any path', () => {
		const { message, description } = describeFaxPlusError(
			401,
			{ error: 'unauthorized', description: 'expired' },
			'/shop/balance',
		);
		expect(message).toBe(
			'Fax.Plus rejected the credential: 401 unauthorized (unauthorized: expired)',
		);
		expect(description).toMatch(/Reconnect the Fax\.Plus credential/);
	});

	it('says webhooks are not enabled for a 404 on the webhook collection', () => {
		expect(describeFaxPlusError(404, { error: 'not_found' }, '/webhooks').message).toMatch(
			/^Webhooks are not enabled/,
		);
	});

	it('does not blame the integrations settings for a 404 on one endpoint or on legacy hooks', () => {
		const notFound =
			'Fax.Plus found nothing at this address: 404 (not_found). Check the ID: it must exist in this account (list them with the matching Get Many operation).';
		expect(describeFaxPlusError(404, { error: 'not_found' }, '/webhooks/ep_1').message).toBe(
			notFound,
		);
		expect(describeFaxPlusError(404, { error: 'not_found' }, '/hooks').message).toBe(notFound);
	});

	it('says the plan lacks webhooks for a 403 on webhooks that names the plan, but names a missing scope as such', () => {
		const plan = describeFaxPlusError(
			403,
			{ error: 'forbidden', description: 'The account does not have the webhooks feature' },
			'/webhooks',
		);
		expect(plan.message).toMatch(/^The Fax\.Plus plan lacks the webhooks feature/);
		expect(plan.description).not.toMatch(/scope/);
		expect(
			describeFaxPlusError(
				403,
				{ error: 'forbidden', description: 'Upgrade your plan' },
				'/webhooks/ep_1',
			).message,
		).toMatch(/plan lacks/);
		const scope = describeFaxPlusError(
			403,
			{ error: 'insufficient_scope', description: 'needs fax:webhook:edit' },
			'/webhooks',
		);
		expect(scope.message).toBe(
			'The Fax.Plus token lacks the scope for this operation: 403 (insufficient_scope: needs fax:webhook:edit)',
		);
		expect(describeFaxPlusError(403, { error: 'forbidden' }, '/hooks').message).toMatch(
			/^Fax\.Plus refused access: 403 \(forbidden\)\. This credential may not do this/,
		);
	});

	it("mentions the token's fax:webhook:* scopes for a 403 on webhooks that does not name the plan", () => {
		for (const body of [
			{ error: 'forbidden' },
			{},
			{ error: 'access_denied', description: 'Forbidden' },
		]) {
			const { message, description } = describeFaxPlusError(403, body, '/webhooks');
			expect(message).toMatch(/^Fax\.Plus refused the webhook operation: 403/);
			expect(description).toMatch(/plan lacks the webhooks feature/);
			expect(description).toMatch(/fax:webhook:read and fax:webhook:edit/);
		}
	});

	it('names what happened, the status, code and description, and what to do next otherwise', () => {
		expect(
			describeFaxPlusError(
				400,
				{ error: 'invalid_user_id', description: 'bad id' },
				'/accounts/x/plan',
			),
		).toEqual({
			message:
				'Fax.Plus refused the request as invalid: 400 (invalid_user_id: bad id). Check the values sent: an ID must be one Fax.Plus gave (a fax ID from Fax → Get Many, an outbox ID from Send or Outbox → Get Many, a user ID from Account → Get Many Members, or "self"), and numbers need "+" and the country code.',
			description: 'bad id',
		});
		for (const [status, start, advice] of [
			[409, 'Fax.Plus reported a conflict: 409', /read it again/],
			[413, 'Fax.Plus refused the request as too large: 413', /fewer or smaller files/],
			[429, 'Fax.Plus is limiting the request rate: 429', /Wait a minute/],
			[502, 'Fax.Plus failed on its side: 502', /Try again in a few minutes/],
			[418, 'Fax.Plus answered with an unexpected status: 418', /Check the parameters/],
		] as const) {
			const { message, description } = describeFaxPlusError(status, {}, '/accounts/self/faxes');
			expect(message.startsWith(`${start}. `)).toBe(true);
			expect(message).toMatch(advice);
			expect(description).toMatch(advice);
			expect(message).not.toMatch(/\berror\b|\bproblem\b/i);
		}
	});
});

describe("describeFaxPlusError for a Custom API Call: its Method, Path and fields, Fax.Plus's API reference", () => {
	const custom = (status: number, path: string, description?: string) =>
		describeFaxPlusError(status, { error: 'x', description }, path, { method: 'POST' });

	it.each([
		[404, /Check Method and Path \(POST \/account\/self\) against Fax\.Plus's API reference/],
		[400, /Check Query Parameters and JSON Body against .* lists for POST \/account\/self/],
		[422, /Check Query Parameters and JSON Body/],
		[403, /the role and token scope POST \/account\/self needs; .* "self" in Path/],
	])('%i: what to check in the call, never an operation or an ID', (status, advice) => {
		const { message } = custom(status, '/account/self');
		expect(message).toMatch(advice);
		expect(message).toContain('https://apidoc.fax.plus');
		expect(message).not.toMatch(/\bIDs?\b|Get Many|User "self"/);
		// Positive control: an operation's words for the same answer.
		expect(describeFaxPlusError(status, { error: 'x' }, '/account/self').message).toMatch(
			/\bID\b|User "self"/,
		);
	});

	it("gives an operation's field names only to operations", () => {
		const fromFax = 'from_fax must be the ID of one of your faxes';
		expect(custom(400, '/accounts/self/outbox', fromFax).message).not.toMatch(/Fax to Send Again/);
		expect(
			describeFaxPlusError(400, { error: 'x', description: fromFax }, '/accounts/self/outbox')
				.message,
		).toMatch(/Fax to Send Again/);
		// Account-wide causes keep their words.
		expect(custom(401, '/x').message).toMatch(/^Fax\.Plus rejected the credential/);
		expect(custom(404, '/webhooks').message).toMatch(/^Webhooks are not enabled/);
	});

	it('cuts a long Path', () => {
		const { message } = custom(404, `/${'a'.repeat(500)}`);
		expect(message.length).toBeLessThan(500);
	});
});

describe('describeFaxPlusError where Fax.Plus documents disagree (docs/fax-plus-readings.md)', () => {
	const refusal = (description: string, path: string) =>
		describeFaxPlusError(400, { error: 'bad_request', description }, path);

	it.each([
		[
			'from_fax must be the ID of one of your faxes',
			'/accounts/self/outbox',
			'Fax.Plus refused Fax to Send Again (from_fax): 400',
			/download the fax \(Fax → Download\)/,
		],
		[
			'The number +15559990000 is not one you can send from',
			'/accounts/self/outbox',
			'Fax.Plus refused From: 400',
			/if several were given, give one/,
		],
		[
			'Invalid number: phone must match ^[+]?[0-9]{8,}$',
			'/accounts/self',
			'Fax.Plus refused Phone: 400',
			/at least 8 digits/,
		],
		[
			'comment and is_read are both required',
			'/accounts/self/faxes/fax_1',
			'Fax.Plus refused the change of the fax: 400',
			/Set both Comment and Is Read/,
		],
		[
			'event must be one of fax_sent, fax_received',
			'/hooks',
			'Fax.Plus refused the legacy hook event: 400',
			/use the current webhook API/,
		],
		[
			'Only owned numbers are allowed: +4930123456',
			'/hooks',
			'Fax.Plus refused the numbers of the legacy hook: 400',
			/Remove the numbers/,
		],
	])('names the field and what to do for "%s"', (description, path, message, advice) => {
		const described = refusal(description, path);
		expect(described.message).toBe(`${message} (bad_request: ${description})`);
		expect(described.description).toMatch(advice);
	});

	it('keeps the general message for the same words on other paths', () => {
		expect(refusal('from is required', '/accounts/self/faxes/fax_1').message).toMatch(
			/^Fax\.Plus refused the request as invalid: 400/,
		);
	});
});

describe('parseErrorBody and a secret in the text it cuts to 300 characters', () => {
	const echoed = 'alohi_pat_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
	// Each puts the token across the 300th character, where the cut falls.
	it.each([
		['plain text', `${'x'.repeat(280)}${echoed} rest`],
		[
			'a JSON description',
			JSON.stringify({ error: 'bad', description: `${'y'.repeat(280)}${echoed}` }),
		],
		['a JSON error code', JSON.stringify({ error: `${'e'.repeat(280)}${echoed}` })],
		// The token spelt with JSON escapes reaches the cut only after JSON.parse.
		[
			'a JSON description with escapes',
			`{"description":"${'y'.repeat(280)}\\u0061${echoed.slice(1)}"}`,
		],
		['a Buffer', Buffer.from(`${'z'.repeat(290)}${echoed}`)],
	])('masks the token before the cut (%s)', (_name, body) => {
		const shown = JSON.stringify(parseErrorBody(body, [echoed]));
		expect(shown).not.toContain(echoed.slice(0, 8));
		// Positive control: the token was within the text kept, masked.
		expect(shown).toContain('***');
		expect(shown.length).toBeLessThan(700);
	});

	it('leaves a text without the token as it was, cut', () => {
		const parsed = parseErrorBody(JSON.stringify({ description: 'd'.repeat(400) }), [echoed]);
		expect(parsed.description).toBe(`${'d'.repeat(299)}…`);
	});
});
