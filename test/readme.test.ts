/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// README.md in the order of n8n's community-node template (n8n-io/n8n-nodes-starter's
// README_TEMPLATE.md), short enough to read: the proofs live in docs/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SIGN_IN_LABEL } from '../nodes/shared/transport/authentication';

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

	it('says how to try it without an account (npm run demo) in its first 40 lines, before the details', () => {
		const lines = README.split('\n');
		const tryIt = lines.findIndex((line) => /Try it/.test(line) && line.includes('`npm run demo`'));
		expect(tryIt).toBeGreaterThanOrEqual(0);
		expect(tryIt).toBeLessThan(40);
		expect(lines[tryIt]).toMatch(/without a Fax\.Plus account/);
		expect(tryIt).toBeLessThan(lines.indexOf('## Installation'));
	});

	it("uses the editor's words: the credential row's label (n8n 2.x), not only n8n 1.x's Credential to connect with", () => {
		for (const match of README.matchAll(/\*\*Credential to connect with\*\*/g))
			expect(README.slice(Math.max(0, (match.index ?? 0) - 80), match.index)).toMatch(/1\.x/);
		expect(README).toContain(`pick it under **${SIGN_IN_LABEL}**`);
	});

	it("names the demo's Webhooks page in the trigger's set-up, step 4", () => {
		const step4 = /^4\. In Fax\.Plus, open \*\*Integrations → Webhooks\*\*.*$/m.exec(README)?.[0];
		expect(step4).toContain('npm run demo');
		expect(step4).toContain('http://127.0.0.1:8787/');
	});

	it("names the two set-up commands: the demo and the tests (CI runs README's test command)", () => {
		expect(README).toContain('npm run demo');
		expect(README).toContain('npm test');
	});
});
