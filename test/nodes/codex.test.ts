/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Every node the package lists has a codex file beside it (n8n reads categories, search
// aliases and documentation links from <Name>.node.json next to <Name>.node.js).
// `npm run scan` checks that the packed tarball ships them.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeType } from 'n8n-workflow';

const { anchorsOf } = require('../../scripts/check-links.js');

const ROOT = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const nodeSources: string[] = manifest.n8n.nodes.map((file: string) =>
	file.replace(/^dist\//, '').replace(/\.js$/, ''),
);

describe.each(nodeSources)('%s', (source) => {
	const codexFile = join(ROOT, `${source}.json`);
	const codex = existsSync(codexFile) ? JSON.parse(readFileSync(codexFile, 'utf8')) : undefined;
	const exported: Record<string, new () => INodeType> = require(join(ROOT, source));
	const { description } = new (Object.values(exported)[0])();

	it('has a codex file for this node, in the shape n8n reads', () => {
		expect(codex).toMatchObject({
			node: `${manifest.name}.${description.name}`,
			nodeVersion: '1.0',
			codexVersion: '1.0',
			categories: expect.arrayContaining(['Communication']),
		});
		expect(codex.alias).toEqual(expect.arrayContaining(['fax', 'efax', 'faxing', 'fax.plus']));
	});

	it("links the documentation and the credential documentation on the package's homepage", () => {
		for (const kind of ['primaryDocumentation', 'credentialDocumentation']) {
			expect(codex.resources[kind]).toEqual([
				{ url: expect.stringMatching(new RegExp(`^${manifest.homepage}#[a-z-]+$`)) },
			]);
			const anchor = codex.resources[kind][0].url.split('#')[1];
			const anchors = anchorsOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));
			expect([...anchors]).toContain(anchor);
		}
	});
});
