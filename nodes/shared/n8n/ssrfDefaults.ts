// n8n's default N8N_SSRF_BLOCKED_IP_RANGES (@n8n/config's SSRF_DEFAULT_BLOCKED_IP_RANGES).

/** The ranges n8n's egress filter blocks unless the instance sets others. */
export const N8N_DEFAULT_BLOCKED_RANGES: readonly string[] = [
	'10.0.0.0/8',
	'172.16.0.0/12',
	'192.168.0.0/16',
	'127.0.0.0/8',
	'::1/128',
	'169.254.0.0/16',
	'fe80::/10',
	'fc00::/7',
	'fd00::/8',
	'0.0.0.0/8',
	'192.0.0.0/24',
	'192.0.2.0/24',
	'198.18.0.0/15',
	'198.51.100.0/24',
	'203.0.113.0/24',
];
