// A signing secret shorter than Standard Webhooks' 24-byte key is refused by the credential
// test and by the trigger's activation: signatures made with it could be forged.
import type { ICredentialTestFunctions } from 'n8n-workflow';
import { FaxPlusWebhookSecretApi } from '../../../credentials/FaxPlusWebhookSecretApi.credentials';
import { FaxPlusTrigger } from '../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { useFaxPlusServer } from '../../support/faxplus';
import { useTriggerHarnesses } from '../../support/trigger-harness';
import { endpointsWithUrl } from './helpers';

const key = (bytes: number) => `whsec_${Buffer.alloc(bytes, 0x5a).toString('base64')}`;
const WEAK = ['whsec_AA', key(1), key(16), key(23)];

describe('weak signing secrets', () => {
	describe('the credential test', () => {
		const test = new FaxPlusTrigger().methods.credentialTest.faxPlusWebhookSecretTest;
		const run = async (secret: string) =>
			await test.call({} as ICredentialTestFunctions, {
				id: '1',
				name: 'secret',
				type: 'faxPlusWebhookSecretApi',
				data: { secret },
			});

		it.each(WEAK)('refuses %s, saying what a real secret looks like', async (secret) => {
			const result = await run(secret);
			expect(result.status).toBe('Error');
			expect(result.message).toMatch(
				/"whsec_" followed by the base64 of a key of at least 24 bytes/,
			);
			expect(result.message).not.toContain(secret.slice('whsec_'.length));
		});

		it.each(['', '   '])(
			'passes an empty secret (%j, the set-up before publishing), saying none is there yet',
			async (secret) => {
				const result = await run(secret);
				expect(result.status).toBe('OK');
				expect(result.message).toMatch(
					/^No signing secret yet, which is expected until the workflow is published/,
				);
			},
		);

		it('is explained in the dialog by a notice: save it empty, then paste the secret', () => {
			const notice = new FaxPlusWebhookSecretApi().properties.find((p) => p.type === 'notice');
			expect(notice?.displayName).toMatch(
				/^Save this credential empty until the trigger's workflow is published/,
			);
			// Shown whatever the secret (n8n's dialog would ask "Close without saving?" otherwise).
			expect(notice?.displayOptions).toBeUndefined();
		});

		it.each([key(24), key(32), key(64)])('accepts %s (positive control)', async (secret) => {
			expect((await run(secret)).status).toBe('OK');
		});
	});

	describe("the trigger's activation", () => {
		const server = useFaxPlusServer();
		const trigger = useTriggerHarnesses();

		it.each(WEAK)('refuses %s before registering anything', async (secret) => {
			const harness = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'] },
				secret,
			});
			const outcome = await harness.activate();
			expect(outcome.error?.message).toBe('The signing secret credential is too weak');
			expect(outcome.error?.description).toMatch(/at least 24 bytes/);
			expect(`${outcome.error?.message} ${outcome.error?.description}`).not.toContain(
				secret.slice('whsec_'.length),
			);
			expect(endpointsWithUrl(server(), harness.productionUrl)).toHaveLength(0);
		});

		it('activates with a 24-byte key (positive control)', async () => {
			const strong = await trigger({
				server: server(),
				parameters: { events: ['fax_sent'] },
				secret: key(24),
			});
			expect((await strong.activate()).error).toBeUndefined();
			expect(endpointsWithUrl(server(), strong.productionUrl)).toHaveLength(1);
		});
	});
});
