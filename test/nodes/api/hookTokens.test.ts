// A legacy hook's token never leaves in what the package outputs: the Legacy Hook resource
// (Get Many, Create; as an AI tool too), its picker, and the function they share.
import { randomBytes } from 'node:crypto';
import { hookWithoutToken, withoutHookToken } from '../../../nodes/api/hookTokens';
import { runOk, useFaxPlusServer } from '../../support/faxplus';
import { expectLinear } from '../../support/linear';
import { runListSearch } from '../../support/list-search';
import { seedHook } from '../FaxPlus/legacyHook/seed';

// Made up per run, as the trigger makes its tokens.
const TOKEN = randomBytes(24).toString('base64url');
const URL_OF_TRIGGER = 'https://n8n.example.com/webhook/3f1c7a52/webhook';

describe('legacy hook tokens stay out of output', () => {
	const server = useFaxPlusServer();

	describe('withoutHookToken', () => {
		it.each([
			[`${URL_OF_TRIGGER}?hook_token=${TOKEN}`, URL_OF_TRIGGER],
			[`${URL_OF_TRIGGER}?a=1&hook_token=${TOKEN}&b=2`, `${URL_OF_TRIGGER}?a=1&b=2`],
			[`${URL_OF_TRIGGER}?hook_token=${TOKEN}&hook_token=${TOKEN}`, URL_OF_TRIGGER],
			[`${URL_OF_TRIGGER}?hook%5Ftoken=${TOKEN}`, URL_OF_TRIGGER],
			[`${URL_OF_TRIGGER}?hook_token[]=${TOKEN}#x`, `${URL_OF_TRIGGER}#x`],
			[`/relative?hook_token=${TOKEN}&x=1`, '/relative?x=1'],
			[`not a url?hook_token=${TOKEN}`, 'not a url'],
			[`not a url?hook_token=${TOKEN}&HOOK%5ftoken[x]=${TOKEN}&b=1#f`, 'not a url?b=1#f'],
			[`not a url?a=1&hook_token=${TOKEN}`, 'not a url?a=1'],
			[`not a url&hook_token=${TOKEN}?a=1`, 'not a url?a=1'],
		])('%s → %s', (target, expected) => {
			expect(withoutHookToken(target)).toBe(expected);
			expect(withoutHookToken(target)).not.toContain(TOKEN);
		});

		it('leaves a target without a token as it is, character for character', () => {
			for (const target of ['https://a.example.com', 'https://a.example.com/x?y=a%20b&z']) {
				expect(withoutHookToken(target)).toBe(target);
			}
		});

		it('reads a target that is no URL in linear time: ?hook_token[ repeated', async () => {
			// 12 to 7,200 characters, below the cut: a pattern that backtracks costs 10,000 times more.
			await expectLinear((size) => `x${'?hook_token['.repeat(size)}`, withoutHookToken, 6);
		});

		it('leaves what is not a hook record alone', () => {
			expect(hookWithoutToken(null)).toBeNull();
			expect(hookWithoutToken({ id: 'h', target: 7 })).toEqual({ id: 'h', target: 7 });
		});
	});

	describe('the Legacy Hook resource', () => {
		beforeEach(() => {
			seedHook(server(), 'hook_trigger', {
				target: `${URL_OF_TRIGGER}?hook_token=${TOKEN}`,
				event: 'fax_received',
			});
			seedHook(server(), 'hook_user', {
				target: 'https://a.example.com/in?k=v',
				event: 'fax_sent',
			});
		});

		it.each([false, true])(
			"Get Many shows each hook's target without the token (as a tool: %s)",
			async (asTool) => {
				const items = await runOk(
					server(),
					{ resource: 'legacyHook', operation: 'getAll', eventFilter: 'all', returnAll: true },
					{ asTool },
				);
				expect(JSON.stringify(items)).not.toContain(TOKEN);
				expect(items.map((item) => [item.json.id, item.json.target])).toEqual([
					['hook_user', 'https://a.example.com/in?k=v'],
					['hook_trigger', URL_OF_TRIGGER],
				]);
			},
		);

		it.each([false, true])(
			'Create answers the hook it made without the token (as a tool: %s)',
			async (asTool) => {
				const items = await runOk(
					server(),
					{
						resource: 'legacyHook',
						operation: 'create',
						targetUrl: `${URL_OF_TRIGGER}?hook_token=${TOKEN}`,
						event: 'fax_sent',
						// As a tool, a change to the account needs the author's consent.
						agentMayRun: true,
					},
					{ asTool },
				);
				expect(JSON.stringify(items)).not.toContain(TOKEN);
				expect(items[0].json.target).toBe(URL_OF_TRIGGER);
				// Fax.Plus got the target as given: the hook still delivers with its token.
				const created = Object.values(server().state.hooks).find(
					(hook) => hook.id === items[0].json.id,
				);
				expect(created?.target).toBe(`${URL_OF_TRIGGER}?hook_token=${TOKEN}`);
			},
		);

		it('Get Many answers a hook whose target is a megabyte of ?hook_token[ that is no URL, cut, without the token', async () => {
			const target = `x?hook_token=${TOKEN}${'?hook_token['.repeat(87_382)}&hook_token=${TOKEN}`;
			expect(target.length).toBeGreaterThan(1_048_576);
			seedHook(server(), 'hook_long', { target, event: 'fax_sent' });
			const items = await runOk(server(), {
				resource: 'legacyHook',
				operation: 'getAll',
				eventFilter: 'all',
				returnAll: true,
			});
			expect(JSON.stringify(items)).not.toContain(TOKEN);
			// Cut at 8,192 characters, then the token's piece dropped.
			const kept = 8192 - `x?hook_token=${TOKEN}`.length;
			const long = items.find((item) => item.json.id === 'hook_long');
			expect(long?.json.target).toBe(`x${'?hook_token['.repeat(700).slice(0, kept)}`);
		});

		it('the Delete picker names hooks without the token', async () => {
			const { results } = await runListSearch(server(), 'searchLegacyHooks');
			expect(JSON.stringify(results)).not.toContain(TOKEN);
			expect(results.map((result) => result.name)).toContain(`${URL_OF_TRIGGER} (fax_received)`);
		});
	});
});
