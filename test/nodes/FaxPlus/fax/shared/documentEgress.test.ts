import { isBlockedLiteral } from '../../../../../nodes/FaxPlus/fax/shared/documentEgress';

/** The host as n8n 1.x's check sees it: after the WHATWG URL parser. */
const hostOf = (url: string) => new URL(url).hostname;

describe("document URLs on n8n 1.x (no egress filter): n8n's default blocked ranges for IP literals", () => {
	it.each([
		'http://127.0.0.1/a.pdf',
		'http://127.1/a.pdf',
		'http://2130706433/a.pdf',
		'http://0x7f000001/a.pdf',
		'http://0177.0.0.1/a.pdf',
		'http://[::1]/a.pdf',
		'http://[::ffff:127.0.0.1]/a.pdf',
		'http://[::ffff:7f00:1]/a.pdf',
		'http://[::127.0.0.1]/a.pdf',
		'http://[64:ff9b::a9fe:a9fe]/a.pdf',
		'http://[::]/a.pdf',
		'http://0.0.0.0/a.pdf',
		'http://localhost/a.pdf',
		'http://LOCALHOST./a.pdf',
		'http://docs.localhost/a.pdf',
		'http://169.254.169.254/latest/meta-data/',
		'http://10.1.2.3/a.pdf',
		'http://172.16.0.1/a.pdf',
		'http://172.31.255.255/a.pdf',
		'http://192.168.1.1/a.pdf',
		'http://[fe80::1]/a.pdf',
		'http://[fd00::1]/a.pdf',
		'http://[fc12::1]/a.pdf',
		'http://198.18.0.1/a.pdf',
	])('refuses %s', (url) => {
		expect(isBlockedLiteral(hostOf(url))).toBe(true);
	});

	it.each([
		'https://example.com/a.pdf',
		'http://8.8.8.8/a.pdf',
		'http://172.32.0.1/a.pdf',
		'http://[2606:4700::1111]/a.pdf',
		'http://[::ffff:8.8.8.8]/a.pdf',
		'http://localhost.example.com/a.pdf',
	])('lets %s through', (url) => {
		expect(isBlockedLiteral(hostOf(url))).toBe(false);
	});
});
