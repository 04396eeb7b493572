/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// The pictures of README.md and docs/ are the product as it is: each was made by `npm run screenshots`
// from the node descriptions and examples as they are now (docs/screenshots/manifest.json holds a hash
// of what each was made from), and every picture the documents show is one of them.
import {
	cpSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const {
	COMMAND,
	MANIFEST,
	PICTURES,
	ROOT,
	SCREENSHOTS,
	inputsOf,
	sha256,
} = require('../../../scripts/n8n/pictures.js');

interface Picture {
	file: string;
}
interface Made {
	madeFrom: Record<string, string>;
	inputs: string;
	png: string;
}

const manifest: { pictures: Record<string, Made> } = existsSync(join(ROOT, MANIFEST))
	? JSON.parse(readFileSync(join(ROOT, MANIFEST), 'utf8'))
	: { pictures: {} };
const rerun = `Run \`${COMMAND}\` (it builds, starts the pinned n8n and takes every picture), look at the pictures, and commit them with ${MANIFEST}.`;

describe('pictures of README.md and docs/', () => {
	it.each((PICTURES as Picture[]).map((picture) => [picture.file, picture]))(
		'%s was made from the current node descriptions and examples',
		(file, picture) => {
			const made = manifest.pictures[file];
			if (!made) throw new Error(`${SCREENSHOTS}/${file} is not in ${MANIFEST}. ${rerun}`);
			const now = inputsOf(picture, { nodesRoot: ROOT });
			const changed = Object.keys({ ...now.sources, ...made.madeFrom }).filter(
				(source) => now.sources[source] !== made.madeFrom[source],
			);
			if (now.inputs !== made.inputs)
				throw new Error(
					`${SCREENSHOTS}/${file} shows an older product: changed since it was made: ${changed.join(', ')}. ${rerun}`,
				);
			const png = join(ROOT, SCREENSHOTS, file);
			if (!existsSync(png) || sha256(readFileSync(png)) !== made.png)
				throw new Error(`${SCREENSHOTS}/${file} is not the picture ${COMMAND} made. ${rerun}`);
		},
	);

	it('every picture in docs/screenshots is made by the command, and every one the documents show exists', () => {
		const made = new Set((PICTURES as Picture[]).map((picture) => picture.file));
		const stray = readdirSync(join(ROOT, SCREENSHOTS)).filter(
			(name) => name.endsWith('.png') && !made.has(name),
		);
		expect(stray).toEqual([]);
		const documents = [
			'README.md',
			...readdirSync(join(ROOT, 'docs'))
				.filter((name) => name.endsWith('.md'))
				.map((name) => `docs/${name}`),
		];
		const shown = documents.flatMap((document) =>
			[...readFileSync(join(ROOT, document), 'utf8').matchAll(/screenshots\/([\w.-]+\.png)/g)].map(
				(match) => `${document}: ${match[1]}`,
			),
		);
		expect(shown.length).toBeGreaterThan(0);
		expect(shown.filter((entry) => !made.has(entry.split(': ')[1]))).toEqual([]);
	});

	it('a picture falls behind when a node description or its example changes, not when another does', () => {
		// A copy of the repository's examples and VERSION, and stand-in node classes whose descriptions can change.
		const root = mkdtempSync(join(tmpdir(), 'pictures-'));
		try {
			cpSync(join(ROOT, 'examples'), join(root, 'examples'), { recursive: true });
			mkdirSync(join(root, 'scripts/n8n'), { recursive: true });
			cpSync(join(ROOT, 'scripts/n8n/VERSION'), join(root, 'scripts/n8n/VERSION'));
			const writeNode = (dir: string, name: string, description: object) => {
				mkdirSync(join(root, 'nodes', dir), { recursive: true });
				writeFileSync(
					join(root, 'nodes', dir, `${name}.node.js`),
					`exports.${name} = class { constructor() { this.description = ${JSON.stringify(description)}; } };`,
				);
				jest.resetModules();
			};
			writeNode('FaxPlus', 'FaxPlus', { name: 'faxPlus', version: 1 });
			writeNode('FaxPlusTrigger', 'FaxPlusTrigger', { name: 'faxPlusTrigger', version: 1 });
			writeNode('FaxPlusPollTrigger', 'FaxPlusPollTrigger', { name: 'faxPlusPollTrigger' });
			const byFile = Object.fromEntries((PICTURES as Picture[]).map((p) => [p.file, p]));
			const inputs = (file: string) => inputsOf(byFile[file], { nodesRoot: root, root }).inputs;
			const trigger = inputs('fax-plus-trigger.png');
			const send = inputs('example-send-fax-report-status.png');

			writeNode('FaxPlus', 'FaxPlus', { name: 'faxPlus', version: 2 });
			expect(inputs('example-send-fax-report-status.png')).not.toBe(send);
			expect(inputs('fax-plus-trigger.png')).toBe(trigger);

			const example = join(root, 'examples/send-fax-report-status.json');
			const before = inputs('example-send-fax-report-status.png');
			writeFileSync(example, readFileSync(example, 'utf8').replace('send-fax', 'send-a-fax'));
			expect(inputs('example-send-fax-report-status.png')).not.toBe(before);
			expect(inputs('fax-plus-trigger.png')).toBe(trigger);
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});
});
