// The one reading of a Base URL that the transport (before any request) and the PAT credential
// (before it adds the token) both follow, so the two never disagree about where a token may go;
// and which requests may carry the token: those below the Base URL, as axios (n8n's client) sends them.
import axios from 'axios';
import fc from 'fast-check';
import { DEFAULT_BASE_URL, readBaseUrl } from '../../../../nodes/shared/transport/addresses';
import { isBelowBaseUrl } from '../../../../nodes/shared/transport/tokenScope';

describe('readBaseUrl', () => {
	it.each([
		['', DEFAULT_BASE_URL],
		[undefined, DEFAULT_BASE_URL],
		[' https://restapi.fax.plus/v3// ', 'https://restapi.fax.plus/v3'],
		['http://127.0.0.1:8080/v3', 'http://127.0.0.1:8080/v3'],
		['http://localhost/v3', 'http://localhost/v3'],
		['http://[::1]:9/v3', 'http://[::1]:9/v3'],
		// The URL parser's own readings of a loopback address: where the request goes.
		['http://127.1/v3', 'http://127.1/v3'],
		['http://0x7f.1/v3', 'http://0x7f.1/v3'],
		['http://[::ffff:127.0.0.1]/v3', 'http://[::ffff:127.0.0.1]/v3'],
	])('safe: %j', (value, url) => {
		expect(readBaseUrl(value)).toEqual({ url });
	});

	it.each([
		['restapi.fax.plus/v3', '(not a URL) must start with https://'],
		['ftp://restapi.fax.plus/v3', '(ftp://restapi.fax.plus/v3) must start with https://'],
		['http://restapi.fax.plus/v3', '(http://restapi.fax.plus/v3) uses http://'],
		['http://127.0.0.1.evil.example/v3', '(http://127.0.0.1.evil.example/v3) uses http://'],
		['http://localhost./v3', '(http://localhost./v3) uses http://'],
		['http://0.0.0.0/v3', '(http://0.0.0.0/v3) uses http://'],
		// NAT64 leaves the machine.
		['http://[64:ff9b::7f00:1]/v3', '(http://[64:ff9b::7f00:1]/v3) uses http://'],
		// The secret is not shown back.
		['https://user:s3cret@restapi.fax.plus/v3', '(https://restapi.fax.plus/v3) must not carry'],
		['https://restapi.fax.plus/v3?key=s3cret', '(https://restapi.fax.plus/v3) must not carry'],
		['https://restapi.fax.plus/v3#s3cret', '(https://restapi.fax.plus/v3) must not carry'],
		// Empty, yet each path appended would follow it: .../v3?/faxes reaches /v3.
		[
			'https://restapi.fax.plus/v3/accounts/self?',
			'(https://restapi.fax.plus/v3/accounts/self) must not carry',
		],
		[
			'https://restapi.fax.plus/v3/accounts/self#',
			'(https://restapi.fax.plus/v3/accounts/self) must not carry',
		],
	])('refused: %s', (value, start) => {
		const reading = readBaseUrl(value);
		expect('refusal' in reading && reading.refusal.startsWith(start)).toBe(true);
		expect(JSON.stringify(reading)).not.toContain('s3cret');
	});

	it('does not parse a text longer than any API address', () => {
		const long = `https://restapi.fax.plus/${'v'.repeat(2048)}`;
		expect(readBaseUrl(long)).toEqual({
			refusal: 'is longer than 2048 characters, which no API address is',
		});
		expect('url' in readBaseUrl(long.slice(0, 2048))).toBe(true);
	});
});

describe('isBelowBaseUrl', () => {
	const base = 'https://restapi.fax.plus/v3';

	it.each([
		['the Base URL itself', { url: base }],
		['a path below it', { url: `${base}/accounts/self` }],
		['with a query', { url: `${base}/accounts/self/faxes?limit=5` }],
		["the legacy helper's uri", { uri: `${base}/accounts/self` }],
		['a URL object', { uri: new URL(`${base}/accounts/self`) }],
		['baseURL and a relative url', { baseURL: base, url: '/auth/token' }],
		['baseURL with one trailing slash', { baseURL: `${base}/`, url: 'auth/token' }],
		['baseURL alone', { baseURL: base }],
		[
			'an absolute url beside a foreign baseURL',
			{ baseURL: 'https://evil.example', url: `${base}/x` },
		],
		['"." resolved below', { url: `${base}/accounts/./self` }],
		['".." that stays below', { url: `${base}/accounts/../files/f1` }],
		['an encoded name', { url: `${base}/accounts/self/faxes/a%20b` }],
	])('the token for %s', (_name, request) => {
		expect(isBelowBaseUrl(base, request)).toBe(true);
	});

	it.each([
		['another host', { url: 'https://collector.example/x' }],
		['a look-alike host', { url: 'https://restapi.fax.plus.evil.example/v3/accounts/self' }],
		['a host the Base URL begins', { url: 'https://restapi.fax.plus.evil.example' }],
		['http where the Base URL is https', { url: 'http://restapi.fax.plus/v3/accounts/self' }],
		['another port', { url: 'https://restapi.fax.plus:8443/v3/accounts/self' }],
		['a private address (uri)', { uri: 'http://10.0.0.5/v3/accounts/self' }],
		['cloud metadata (uri)', { uri: 'http://169.254.169.254/latest/meta-data/' }],
		[
			'a foreign baseURL with a relative url',
			{ baseURL: 'https://evil.example/v3', url: '/accounts/self' },
		],
		['a protocol-relative url beside the baseURL', { baseURL: base, url: '//evil.example/v3/x' }],
		['a user name', { url: 'https://user@restapi.fax.plus/v3/accounts/self' }],
		['a user name and password', { url: 'https://a:b@restapi.fax.plus/v3/accounts/self' }],
		['user-info that hides another host', { url: 'https://restapi.fax.plus@evil.example/v3/x' }],
		['".." out of the path', { url: `${base}/../x` }],
		['"%2e%2e" out of the path', { url: `${base}/%2e%2e/x` }],
		['".%2E" out of the path', { url: `${base}/.%2E/x` }],
		['a backslash out of the path', { url: `${base}/..\\x` }],
		['a backslash after the Base URL', { url: `${base}\\..\\x` }],
		['".." through baseURL and url', { baseURL: base, url: '../x' }],
		['an encoded slash', { url: `${base}/..%2Fx` }],
		['an encoded backslash', { url: `${base}/..%5cx` }],
		['a path parameter', { url: `${base}/..;/x` }],
		[
			'an encoded path parameter (a;b as encodeURIComponent writes it)',
			{ url: `${base}/faxes/a%3Bb` },
		],
		['an encoded path parameter, lower case', { url: `${base}/faxes/a%3bb` }],
		['a sibling path', { url: 'https://restapi.fax.plus/v3x/accounts/self' }],
		['the parent path', { url: 'https://restapi.fax.plus/' }],
		['a query on the parent path', { url: 'https://restapi.fax.plus/v3?x' }],
		['an upper-case host (the text is not the Base URL)', { url: 'https://RESTAPI.fax.plus/v3/x' }],
		['a leading space', { url: ` ${base}/x` }],
		['"https:" without slashes', { url: 'https:restapi.fax.plus/v3/x' }],
		['a relative url alone', { url: '/v3/accounts/self' }],
		['baseURL with slashes axios releases join apart', { baseURL: `${base}//`, url: 'x' }],
		['a url that is no text', { url: 42 }],
		['a null url beside a uri', { url: null, uri: `${base}/x` }],
		['a baseURL that is no text', { baseURL: {}, url: '/x' }],
		['nothing', {}],
		['longer than any request', { url: `${base}/${'a'.repeat(16_384)}` }],
	])('no token for %s', (_name, request) => {
		expect(isBelowBaseUrl(base, request)).toBe(false);
	});

	it('reads the Base URL as held and as the URL parser writes it (the transport follows redirects to the latter)', () => {
		for (const held of [
			'HTTPS://Gateway.example/fax/v3',
			'http://127.1:8080/v3',
			'https://gateway.example:443/v3',
		]) {
			const parsed = new URL(held);
			const normal = `${parsed.origin}${parsed.pathname}`;
			expect(isBelowBaseUrl(held, { url: `${held}/accounts/self` })).toBe(true);
			expect(isBelowBaseUrl(held, { url: `${normal}/accounts/self` })).toBe(true);
			expect(isBelowBaseUrl(held, { url: `${normal}x/accounts/self` })).toBe(false);
		}
	});

	it('a Base URL without a path takes every path of its origin', () => {
		expect(isBelowBaseUrl('https://gateway.example', { url: 'https://gateway.example/v3/x' })).toBe(
			true,
		);
		expect(
			isBelowBaseUrl('https://gateway.example', { url: 'https://gateway.example.evil/x' }),
		).toBe(false);
	});

	// Fragments of what climbs out of a path or changes where a URL leads, in any order.
	const pieces = [
		'/',
		'v3',
		'x',
		'.',
		'..',
		'%2e',
		'%2E%2e',
		'%2f',
		'%5C',
		'\\',
		';',
		'@',
		':',
		'?',
		'#',
		' ',
		'//',
		'evil.example',
		'restapi.fax.plus',
	];
	const texts = fc
		.array(fc.constantFrom(...pieces), { maxLength: 12 })
		.map((parts) => parts.join(''));
	const starts = [
		'',
		base,
		`${base}/`,
		'https://restapi.fax.plus',
		'https://',
		'//',
		'http://restapi.fax.plus/v3',
	];

	it('gives the token only where axios sends the request below the Base URL (property)', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(...starts),
				texts,
				fc.constantFrom(undefined, base, `${base}/`, 'https://evil.example/v3', `${base}/..`),
				(start, text, baseURL) => {
					const request = { url: `${start}${text}`, baseURL };
					if (!isBelowBaseUrl(base, request)) return;
					// axios's own join (buildFullPath), then the URL parser its HTTP adapter uses.
					const sent = new URL(axios.getUri(request));
					expect(sent.origin).toBe('https://restapi.fax.plus');
					expect(sent.username + sent.password).toBe('');
					expect(sent.pathname === '/v3' || sent.pathname.startsWith('/v3/')).toBe(true);
					expect(decodeURIComponent(sent.pathname).split(/[/\\;]/)).not.toContain('..');
				},
			),
			{ numRuns: 2000 },
		);
	});

	it('gives the token to every path of plain segments below the Base URL (property)', () => {
		const segment = fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/);
		fc.assert(
			fc.property(fc.array(segment, { maxLength: 6 }), (segments) => {
				const path = segments.map((each) => `/${each}`).join('');
				expect(isBelowBaseUrl(base, { url: `${base}${path}` })).toBe(true);
				expect(isBelowBaseUrl(base, { baseURL: base, url: path })).toBe(true);
			}),
		);
	});
});
