/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// The pictures of README.md and docs/ are the product as it is: each was made by `npm run screenshots`
// and shows what the nodes and examples are now (docs/screenshots/manifest.json holds a hash of each
// thing a picture shows), and every picture the documents show is one of them.
import {
	cpSync,
	existsSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';

const {
	COMMAND,
	MANIFEST,
	PICTURES,
	ROOT,
	SCREENSHOTS,
	descriptionsFrom,
	inputsOf,
	sha256,
} = require('../../../scripts/n8n/pictures.js');

interface Picture {
	file: string;
}
interface Made {
	madeFrom: Record<string, string>;
	inputs: string;
	png?: string;
}
interface Descriptions {
	nodes: Record<string, INodeTypeDescription>;
	credentials: Record<string, string>;
}

const manifest: { pictures: Record<string, Made> } = existsSync(join(ROOT, MANIFEST))
	? JSON.parse(readFileSync(join(ROOT, MANIFEST), 'utf8'))
	: { pictures: {} };
const rerun = `Run \`${COMMAND}\` (it builds, starts the pinned n8n and takes every picture), look at the pictures, and commit them with ${MANIFEST}.`;
const current: Descriptions = descriptionsFrom(ROOT);

/** Why a picture no longer shows the product, naming what changed and the command; undefined when it does. */
function behind(file: string, made: Made | undefined, now: Made): string | undefined {
	if (!made) return `${SCREENSHOTS}/${file} is not in ${MANIFEST}. ${rerun}`;
	if (now.inputs === made.inputs) return undefined;
	const changed = Object.keys({ ...now.madeFrom, ...made.madeFrom }).filter(
		(part) => now.madeFrom[part] !== made.madeFrom[part],
	);
	return `${SCREENSHOTS}/${file} shows an older product: changed since it was made: ${changed.join(', ')}. ${rerun}`;
}

const shownNow = (picture: Picture, descriptions: Descriptions): Made => {
	const { sources, inputs } = inputsOf(picture, { descriptions });
	return { madeFrom: sources, inputs };
};

/** The pictures that fall behind, with their messages, when the descriptions become `changed`. */
function fallBehind(changed: Descriptions): Record<string, string> {
	const messages: Record<string, string> = {};
	for (const picture of PICTURES as Picture[]) {
		const message = behind(picture.file, shownNow(picture, current), shownNow(picture, changed));
		if (message) messages[picture.file] = message;
	}
	return messages;
}

/** The descriptions after one more operation, where a contributor adds it: its entry in its resource's picker (in the rule's order) and a parameter. */
function withOperation(resource: string, value: string): Descriptions {
	return withChange(({ nodes }) => {
		const { properties } = nodes.faxPlus;
		const picker = properties.find(
			(property) =>
				property.name === 'operation' &&
				property.displayOptions?.show?.resource?.includes(resource),
		)!;
		const options = picker.options as INodePropertyOptions[];
		// After a default that comes first (Fax's Send), else where its name sorts.
		const at = options.findIndex(
			(option, index) =>
				(index > 0 || option.value !== picker.default) && option.name.localeCompare('Archive') > 0,
		);
		options.splice(at, 0, {
			name: 'Archive',
			value,
			action: `Archive a ${resource}`,
			description: 'Archive it',
		});
		properties.push({
			displayName: 'Reason',
			name: 'archiveReason',
			type: 'string',
			default: '',
			required: true,
			displayOptions: { show: { resource: [resource], operation: [value] } },
		});
	});
}

/** A copy of the current descriptions with one change. */
function withChange(change: (descriptions: Descriptions) => void): Descriptions {
	const copy: Descriptions = structuredClone(current);
	change(copy);
	return copy;
}

/** The parameter named `name` that an operation's panel shows (not its tool form's). */
const parameter = (description: INodeTypeDescription, name: string, operation?: string) =>
	description.properties.find(
		(property) =>
			property.name === name &&
			!property.displayOptions?.show?.['@tool'] &&
			(!operation || property.displayOptions?.show?.operation?.includes(operation)),
	)!;

describe('pictures of README.md and docs/', () => {
	it.each((PICTURES as Picture[]).map((picture) => [picture.file, picture]))(
		'%s shows the current nodes and examples',
		(file, picture) => {
			const made = manifest.pictures[file];
			const message = behind(file, made, shownNow(picture, current));
			if (message) throw new Error(message);
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

	it('a new operation leaves every picture that does not show it as it is', () => {
		// Number and shop are in the node's panel below its first actions and in no example.
		expect(fallBehind(withOperation('number', 'archive'))).toEqual({});
		expect(fallBehind(withOperation('shop', 'archive'))).toEqual({});
		// The node panel lists the account actions first (resources by name): a new one there is in
		// its picture, and the check names what changed and the command that redraws it.
		const account = fallBehind(withOperation('account', 'archive'));
		expect(Object.keys(account)).toEqual(['node-panel.png']);
		expect(account['node-panel.png']).toContain(
			'changed since it was made: faxPlus: the actions shown.',
		);
		expect(account['node-panel.png']).toContain('Run `npm run screenshots`');
	});

	it('a picture falls behind when something it shows changes, and says which command redraws it', () => {
		const renamed = fallBehind(
			withChange(({ nodes }) => {
				nodes.faxPlus.displayName = 'Fax Plus';
			}),
		);
		expect(Object.keys(renamed)).toEqual(['node-panel.png']);
		expect(renamed['node-panel.png']).toContain('faxPlus: name and icon');
		expect(renamed['node-panel.png']).toContain('Run `npm run screenshots`');

		const trigger = fallBehind(
			withChange(({ nodes }) => {
				nodes.faxPlusTrigger.displayName = 'Fax Plus Trigger';
			}),
		);
		expect(Object.keys(trigger).sort()).toEqual(['fax-plus-trigger.png', 'node-panel.png']);

		// A parameter the node's panel shows (Fax → Extract Text and Fields); the canvas shows only whether it is filled in.
		const maxChecks = fallBehind(
			withChange(({ nodes }) => {
				parameter(nodes.faxPlus, 'maxResultChecks', 'extract').displayName = 'Checks at Most';
			}),
		);
		expect(Object.keys(maxChecks)).toEqual(['fax-plus-node.png']);
		expect(maxChecks['fax-plus-node.png']).toContain('faxPlus: parameters shown');

		const required = fallBehind(
			withChange(({ nodes }) => {
				parameter(nodes.faxPlusPollTrigger, 'events').required = false;
			}),
		);
		expect(Object.keys(required).sort()).toEqual([
			'example-fax-intake-to-data-table.png',
			'example-poll-fax-received-to-disk.png',
		]);
	});

	it('an example falls behind when its file changes, and no other picture does', () => {
		// A copy of what the pictures read besides the node descriptions: the examples, the icons, n8n's version.
		const root = mkdtempSync(join(tmpdir(), 'pictures-'));
		try {
			for (const dir of ['examples', 'icons', 'scripts/n8n'])
				cpSync(join(ROOT, dir), join(root, dir), { recursive: true });
			const shown = (picture: Picture) => {
				const { sources, inputs } = inputsOf(picture, { descriptions: current, root });
				return { madeFrom: sources, inputs };
			};
			const before = (PICTURES as Picture[]).map(shown);
			const example = join(root, 'examples/send-fax-report-status.json');
			writeFileSync(example, readFileSync(example, 'utf8').replace('"Send Fax"', '"Send a Fax"'));
			const messages = (PICTURES as Picture[]).flatMap((picture, index) => {
				const message = behind(picture.file, before[index], shown(picture));
				return message ? [[picture.file, message]] : [];
			});
			expect(messages.map(([file]) => file)).toEqual(['example-send-fax-report-status.png']);
			expect(messages[0][1]).toContain('examples/send-fax-report-status.json');
			expect(messages[0][1]).toContain('"Send a Fax": what it needs');
		} finally {
			rmSync(root, { recursive: true, force: true });
		}
	});
});
