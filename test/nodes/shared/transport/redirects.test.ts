/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- test code, not node code: a made-up token */
// The token never leaves the credential's Base URL (transport.ts): a redirect to another origin,
// or to another path of the same origin, is refused before it is followed; redirects below the
// Base URL are followed with the token. Real n8n-core request helpers against two servers on
// loopback that count what reaches them.
import type { ICredentialDataDecryptedObject, IDataObject } from 'n8n-workflow';
import { oauthCredentials, type AuthKind, type FaxPlusServer } from '../../../support/faxplus';
import { close, jsonAnswer, listen, type LoopbackServer } from '../../../support/loopback-server';
import { runFaxPlusNode } from '../../../support/n8n-harness';

const TOKEN = 'pat_redirect_test_0123456789abcdef';

describe('redirects of authenticated requests', () => {
	let api: LoopbackServer;
	let other: LoopbackServer;

	beforeAll(async () => {
		other = await listen(() => jsonAnswer({ uid: 'elsewhere' }));
		api = await listen((url) => {
			const [, mode, ...rest] = url.pathname.split('/');
			const tail = `/${rest.join('/')}${url.search}`;
			if (mode === 'cross') return { status: 302, headers: { location: `${other.origin}${tail}` } };
			if (mode === 'same' && !tail.startsWith('/v3/moved/'))
				return { status: 307, headers: { location: `/same/v3/moved${tail.slice(3)}` } };
			if (mode === 'prefix') return { status: 307, headers: { location: `/ok${tail}` } };
			if (mode === 'dots')
				return { status: 307, headers: { location: `/dots/v3/%2e%2e/%2E%2E/ok${tail}` } };
			if (mode === 'sibling')
				return { status: 307, headers: { location: `/sibling/v3x${tail.slice(3)}` } };
			if (mode === 'loop') return { status: 302, headers: { location: url.pathname } };
			if (mode === 'nowhere') return { status: 302 };
			// The token across the 700th character of the refusal, which cuts the rest out.
			if (mode === 'long') {
				const quoted = 'The API answered with a redirect to '.length + other.origin.length;
				const path = `/${'a'.repeat(680 - quoted)}${TOKEN}${'b'.repeat(600)}`;
				return { status: 302, headers: { location: `${other.origin}${path}` } };
			}
			const path = tail.replace('/v3/moved/', '/v3/');
			if ((mode === 'ok' || mode === 'same') && path.startsWith('/v3/accounts/self/files/'))
				return { status: 200, headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' };
			if (mode === 'ok' || mode === 'same') return jsonAnswer({ uid: 'owner_1' });
			return { status: 404 };
		});
	});
	beforeEach(() => {
		api.seen.length = 0;
		other.seen.length = 0;
	});
	afterAll(async () => {
		for (const each of [api, other]) await close(each);
	});

	function credentials(auth: AuthKind, baseUrl: string) {
		if (auth === 'pat')
			return { faxPlusApi: { accessToken: TOKEN, baseUrl } as ICredentialDataDecryptedObject };
		const local = {
			authUrl: `${api.origin}/auth`,
			baseUrl,
			tokens: { clientId: 'client_1', clientSecret: 'secret_1', oauthRefreshToken: 'r' },
		} as unknown as FaxPlusServer;
		return oauthCredentials(local, TOKEN);
	}

	async function run(auth: AuthKind, mode: string, parameters: IDataObject) {
		return await runFaxPlusNode({
			parameters: { authentication: auth === 'oauth' ? 'oAuth2' : 'accessToken', ...parameters },
			credentials: credentials(auth, `${api.origin}/${mode}/v3`),
		});
	}

	const accountGet = {
		resource: 'account',
		operation: 'get',
		userId: { __rl: true, mode: 'id', value: 'self' },
	};
	const faxDownload = { resource: 'fax', operation: 'download', userId: 'self', faxId: 'fax_1' };

	it.each<[AuthKind, string, IDataObject]>([
		['pat', 'Account → Get', accountGet],
		['oauth', 'Account → Get', accountGet],
		['pat', 'Fax → Download', faxDownload],
		['oauth', 'Fax → Download', faxDownload],
	])(
		'refuses a redirect to another origin; the token never reaches it (%s, %s)',
		async (auth, _name, parameters) => {
			const { error } = await run(auth, 'cross', parameters);
			expect(error?.message).toMatch(
				new RegExp(`^The API answered with a redirect to ${other.origin}/v3/accounts/self\\S*, `),
			);
			expect(error?.message).toContain(
				`, outside the Base URL ${api.origin}/cross/v3/, which the node does not follow`,
			);
			expect(`${error?.message} ${error?.description}`).not.toContain(TOKEN);
			expect(api.seen).toHaveLength(1);
			expect(api.seen[0].headers.authorization).toBe(`Bearer ${TOKEN}`);
			expect(other.seen).toHaveLength(0);
		},
	);

	it.each<[AuthKind, string, IDataObject]>([
		['pat', 'Account → Get', accountGet],
		['oauth', 'Account → Get', accountGet],
		['pat', 'Fax → Download', faxDownload],
	])(
		'follows a redirect below the Base URL, with the token (%s, %s)',
		async (auth, _name, parameters) => {
			const { error, items } = await run(auth, 'same', parameters);
			expect(error).toBeUndefined();
			expect(items).toHaveLength(1);
			expect(api.seen.map((each) => each.url.split('?')[0])).toEqual([
				expect.stringMatching(/^\/same\/v3\/accounts\/self/),
				expect.stringMatching(/^\/same\/v3\/moved\/accounts\/self/),
			]);
			expect(api.seen[1].headers.authorization).toBe(`Bearer ${TOKEN}`);
			expect(other.seen).toHaveLength(0);
		},
	);

	it.each<[AuthKind, string, string]>([
		['pat', 'prefix', '/ok/v3/accounts/self'],
		['oauth', 'prefix', '/ok/v3/accounts/self'],
		['pat', 'dots', '/ok/v3/accounts/self'],
		['pat', 'sibling', '/sibling/v3x/accounts/self'],
	])(
		"refuses a redirect on the same origin that leaves the Base URL's path (%s, %s)",
		async (auth, mode, path) => {
			const { error } = await run(auth, mode, accountGet);
			expect(api.seen.map((each) => each.url.split('?')[0])).toEqual([`/${mode}/v3/accounts/self`]);
			expect(error?.message).toBe(
				`The API answered with a redirect to ${api.origin}${path}, outside the Base URL ${api.origin}/${mode}/v3/, which the node does not follow`,
			);
			expect(other.seen).toHaveLength(0);
		},
	);

	it('masks the token in a long redirect target before the refusal is cut', async () => {
		const { error } = await run('pat', 'long', accountGet);
		expect(error?.message).toMatch(/^The API answered with a redirect to .*\/a+\*\*\*b+…/);
		expect(`${error?.message} ${error?.description}`).not.toContain(TOKEN.slice(0, 8));
		expect(other.seen).toHaveLength(0);
	});

	it('refuses a redirect whose target it cannot see (as on n8n 1.x)', async () => {
		const { error } = await run('pat', 'nowhere', accountGet);
		expect(error?.message).toBe(
			'The API answered 302 (a redirect), which the node does not follow',
		);
		expect(api.seen).toHaveLength(1);
		expect(other.seen).toHaveLength(0);
	});

	it('stops after a bounded number of same-origin redirects', async () => {
		const { error } = await run('pat', 'loop', accountGet);
		expect(error?.message).toBe('The API redirected more than 5 times');
		expect(api.seen).toHaveLength(6);
	});
});
