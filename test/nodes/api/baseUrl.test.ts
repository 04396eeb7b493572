// The one reading of a Base URL that the transport (before any request) and the PAT credential
// (before it adds the token) both follow, so the two never disagree about where a token may go.
import { DEFAULT_BASE_URL, readBaseUrl } from '../../../nodes/api/baseUrl';

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
