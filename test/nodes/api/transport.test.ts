import { describeFaxPlusError } from '../../../nodes/api/transport';

describe('describeFaxPlusError', () => {
	it('tells the user to reconnect on 401, on any path', () => {
		const { message, description } = describeFaxPlusError(401, { error: 'unauthorized', description: 'expired' }, '/shop/balance');
		expect(message).toBe('Fax.Plus rejected the credential: 401 unauthorized (unauthorized: expired)');
		expect(description).toMatch(/Reconnect the Fax\.Plus credential/);
	});

	it('says webhooks are not enabled for a 404 on the webhook collection', () => {
		expect(describeFaxPlusError(404, { error: 'not_found' }, '/webhooks').message).toMatch(/^Webhooks are not enabled/);
	});

	it('does not blame the integrations settings for a 404 on one endpoint or on legacy hooks', () => {
		expect(describeFaxPlusError(404, { error: 'not_found' }, '/webhooks/ep_1').message).toBe('Fax.Plus API error 404 (not_found)');
		expect(describeFaxPlusError(404, { error: 'not_found' }, '/hooks').message).toBe('Fax.Plus API error 404 (not_found)');
	});

	it('says the plan lacks webhooks for a 403 on webhooks that names the plan, but names a missing scope as such', () => {
		const plan = describeFaxPlusError(403, { error: 'forbidden', description: 'The account does not have the webhooks feature' }, '/webhooks');
		expect(plan.message).toMatch(/^The Fax\.Plus plan lacks the webhooks feature/);
		expect(plan.description).not.toMatch(/scope/);
		expect(describeFaxPlusError(403, { error: 'forbidden', description: 'Upgrade your plan' }, '/webhooks/ep_1').message).toMatch(/plan lacks/);
		const scope = describeFaxPlusError(403, { error: 'insufficient_scope', description: 'needs fax:webhook:edit' }, '/webhooks');
		expect(scope.message).toBe('The Fax.Plus token lacks the scope for this operation: 403 (insufficient_scope: needs fax:webhook:edit)');
		expect(describeFaxPlusError(403, { error: 'forbidden' }, '/hooks').message).toBe('Fax.Plus API error 403 (forbidden)');
	});

	it("mentions the token's fax:webhook:* scopes for a 403 on webhooks that does not name the plan", () => {
		for (const body of [{ error: 'forbidden' }, {}, { error: 'access_denied', description: 'Forbidden' }]) {
			const { message, description } = describeFaxPlusError(403, body, '/webhooks');
			expect(message).toMatch(/^Fax\.Plus refused the webhook operation: 403/);
			expect(description).toMatch(/plan lacks the webhooks feature/);
			expect(description).toMatch(/fax:webhook:read and fax:webhook:edit/);
		}
	});

	it('names status, code and description otherwise', () => {
		expect(describeFaxPlusError(400, { error: 'invalid_user_id', description: 'bad id' }, '/accounts/x/plan')).toEqual({
			message: 'Fax.Plus API error 400 (invalid_user_id: bad id)',
			description: 'bad id',
		});
	});
});
