/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- test code, not node code: it reads names with n8n's own query parser (qs, plain JavaScript without types) */
// A legacy hook's token never leaves in what the package outputs: the Legacy Hook resource
// (Get Many, Create; as an AI tool too), its picker, and the function they share.
import { randomBytes } from 'node:crypto';
import { hookWithoutToken, withoutHookToken } from '../../../../nodes/shared/api/hookTokens';
import { runOk, useFaxPlusServer } from '../../../support/faxplus';
import { expectLinear } from '../../../support/linear';
import { runListSearch } from '../../../support/list-search';
import { seedHook } from '../../FaxPlus/legacyHook/seed';

// n8n's query parser: express's "extended" one is qs (n8n-core's, installed with it).
const { parse } = require('qs') as { parse: (query: string) => Record<string, unknown> };

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

		// Each of hook_token's 10 characters as it is or as %XX, the hex in upper or lower case (alike where it has no letter).
		const ENCODED_NAMES = Array.from({ length: 2048 }, (_unused, variant) =>
			[...'hook_token']
				.map((char, at) => {
					if (!(variant & (1 << at))) return char;
					const hex = char.charCodeAt(0).toString(16);
					return `%${variant & 1024 ? hex.toUpperCase() : hex}`;
				})
				.join(''),
		);

		it.each(['not a url', URL_OF_TRIGGER])(
			"drops the token however its name is percent-encoded (2,048 ways), in a target %s, as n8n's query parser reads them",
			(before) => {
				const kept = ENCODED_NAMES.filter((name) => {
					// n8n's query parser (express's "extended": qs) reads each as hook_token.
					expect(parse(`${name}=${TOKEN}`)).toEqual({ hook_token: TOKEN });
					return withoutHookToken(`${before}?a=1&${name}=${TOKEN}&b=2`).includes(TOKEN);
				});
				expect(kept).toEqual([]);
			},
		);

		it.each([
			'HOOK_TOKEN',
			'Hook_%54oken',
			'[hook_token]',
			'%5Bhook_token%5D',
			'hook_token[a][b]',
			'hook_token[x=y]',
			'a=hook_token]',
			'hook%5ftoken+',
		])('drops a piece named %s, which qs reads as hook_token or holds it', (name) => {
			for (const before of ['not a url', URL_OF_TRIGGER])
				expect(withoutHookToken(`${before}?${name}=${TOKEN}&b=2`)).toBe(`${before}?b=2`);
		});

		it("keeps no token that n8n's query parser reads as hook_token, in any query made of its name's pieces", () => {
			const pieces = [
				'hook_token',
				'hook',
				'_',
				'token',
				'%68ook',
				'hook%5Ftoken',
				'%74oken',
				'+',
				'[',
				']',
				'=',
				'&',
				'a',
				'%',
			];
			const kept: string[] = [];
			let checked = 0;
			let seed = 87;
			const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
			for (let round = 0; round < 5000; round++) {
				const length = 1 + (next() % 12);
				const name = Array.from({ length }, () => pieces[next() % pieces.length]).join('');
				const query = `${name}=${TOKEN}`;
				const parsed: Record<string, unknown> = parse(query);
				const read = Object.entries(parsed).some(
					([key, value]) =>
						key.toLowerCase().includes('hook_token') && JSON.stringify(value).includes(TOKEN),
				);
				if (!read) continue;
				checked++;
				for (const before of ['not a url', URL_OF_TRIGGER])
					if (withoutHookToken(`${before}?${query}`).includes(TOKEN)) kept.push(query);
			}
			expect(kept).toEqual([]);
			expect(checked).toBeGreaterThan(500);
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

		it('reads percent-encoded names in linear time: one long name of escapes, and many ]= pieces', async () => {
			await expectLinear((size) => `x?${'%68%6F'.repeat(size)}=1`, withoutHookToken, 12);
			await expectLinear((size) => `x${'&a]=b]='.repeat(size)}`, withoutHookToken, 10);
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
