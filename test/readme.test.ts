/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// README.md in the order of n8n's community-node template (n8n-io/n8n-nodes-starter's
// README_TEMPLATE.md), short enough to read: the proofs live in docs/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const README = readFileSync(join(__dirname, '../README.md'), 'utf8');
const TEMPLATE_SECTIONS = [
	'Installation',
	'Operations',
	'Credentials',
	'Compatibility',
	'Usage',
	'Resources',
	'Version history',
];

describe('README.md', () => {
	it("has the template's sections, in its order (others may follow)", () => {
		const sections = [...README.matchAll(/^## (.+)$/gm)].map((match) => match[1]);
		expect(sections.slice(0, TEMPLATE_SECTIONS.length)).toEqual(TEMPLATE_SECTIONS);
	});

	it('is at most 200 lines', () => {
		expect(README.trimEnd().split('\n').length).toBeLessThanOrEqual(200);
	});

	it("names the two set-up commands: the demo and the tests (CI runs README's test command)", () => {
		expect(README).toContain('npm run demo');
		expect(README).toContain('npm test');
	});
});
