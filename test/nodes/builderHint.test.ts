/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// n8n's AI workflow builder reads a node's builderHint to decide when to pick it: each node says
// what it is for, which trigger fits "when a fax arrives" with and without a public URL, and
// names the package's other nodes as related by their full type (package name + node name).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeType, INodeTypeDescription } from 'n8n-workflow';

const ROOT = join(__dirname, '../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const descriptions: INodeTypeDescription[] = manifest.n8n.nodes.map((file: string) => {
	const exported: Record<string, new () => INodeType> = require(
		join(ROOT, file.replace(/^dist\//, '').replace(/\.js$/, '')),
	);
	return new (Object.values(exported)[0])().description;
});
const byName = Object.fromEntries(descriptions.map((d) => [d.name, d]));
const typeOf = (name: string) => `${manifest.name}.${name}`;
const hintOf = (name: string) => byName[name].builderHint!;
const related = (name: string) => (hintOf(name).relatedNodes ?? []).map((n) => n.nodeType);
/** The values of a node's "Events" option list. */
const eventsOf = (name: string) =>
	(byName[name].properties.find((p) => p.name === 'events')?.options ?? []).map(
		(option) => (option as { value: string }).value,
	);

describe('builderHint', () => {
	it.each(descriptions.map((d) => d.name))(
		'%s: says what it is for and relates only to nodes of this package',
		(name) => {
			const hint = hintOf(name);
			expect(hint.searchHint).toEqual(expect.any(String));
			expect(hint.searchHint!.length).toBeGreaterThan(100);
			const others = descriptions.filter((d) => d.name !== name).map((d) => typeOf(d.name));
			expect(related(name).sort()).toEqual(others.sort());
			for (const node of hint.relatedNodes!) expect(node.relationHint).not.toBe('');
		},
	);

	it('sends "when a fax arrives" to the webhook trigger with a public URL, to the polling trigger without', () => {
		const webhook = hintOf('faxPlusTrigger').searchHint!;
		const polling = hintOf('faxPlusPollTrigger').searchHint!;
		expect(webhook).toMatch(/when a fax arrives/);
		expect(webhook).toMatch(/public HTTPS URL/);
		expect(webhook).toMatch(/Without a public URL .* use the Fax\.Plus Polling Trigger/);
		expect(polling).toMatch(/when a fax arrives/);
		expect(polling).toMatch(/no public URL/);
		expect(polling).toMatch(/public HTTPS URL prefer the Fax\.Plus Trigger/);
	});

	it('names only events the triggers offer, by their values', () => {
		for (const name of ['faxPlusTrigger', 'faxPlusPollTrigger']) {
			const named = hintOf(name).searchHint!.match(/\bfax_[a-z_]+/g) ?? [];
			expect(named.length).toBeGreaterThan(0);
			for (const event of named) expect(eventsOf(name)).toContain(event);
		}
	});

	it('tells the action node it starts no workflow, and which trigger to use instead', () => {
		const action = hintOf('faxPlus').searchHint!;
		expect(action).toMatch(/does not start workflows/);
		expect(action).toMatch(/Fax\.Plus Trigger .*public URL.*Fax\.Plus Polling Trigger/);
	});
});
