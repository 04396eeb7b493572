/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @typescript-eslint/no-require-imports -- test code, not node code: the rules for what a node may import and use do not apply to it */
// What the editor shows (names, descriptions, hints, notices, choices) in plain words: no terms
// of the API's documents or of this package's inner workings, which belong in docs/; and each
// text in n8n's measure (the details go to docs/ and to the error a wrong value gets).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { FaxPlusWebhookSecretApi } from '../../credentials/FaxPlusWebhookSecretApi.credentials';
import { FaxPlus } from '../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';

/** Terms a user of the editor should not have to know. */
const INTERNAL_TERMS: RegExp[] = [
	/\bSDKs?\b/,
	/\bspec(ification)?\b/i,
	/\bfrom_fax\b/,
	/n8n's record/i,
	/\bwatches tight polling\b/i,
];

/**
 * The most characters (markup aside) a user reads in each kind of text: a parameter's description or
 * hint says in one sentence what the user decides (n8n's UX guidelines), a notice fits the panel
 * without scrolling, and a tool description says what an agent needs to call it.
 */
const MOST_CHARACTERS = { parameter: 200, notice: 300, tool: 500 };
/** Nine parameter descriptions and hints in ten are at most this long. */
const NINE_IN_TEN = 120;
type Kind = keyof typeof MOST_CHARACTERS;

/** The kind of text a place holds (names, choices' names and placeholders are short anyway). */
function kindOf(where: string): Kind | undefined {
	if (/\.(description|hint)$/.test(where)) return 'parameter';
	if (/\.notice$/.test(where)) return 'notice';
	if (/\.tool$/.test(where)) return 'tool';
	return undefined;
}

/** What the user sees of a text: a link's words, not its markup. */
const shown = (text: string) => text.replace(/<[^>]*>/g, '');

/** Every text of a property the editor (or an agent) reads, with where it is. */
function textsOf(properties: INodeProperties[], path: string): Array<[string, string]> {
	const texts: Array<[string, string]> = [];
	for (const property of properties) {
		const here = `${path}${property.name}`;
		// What an AI agent reads about an operation is shown only on the tool, to the model.
		if (property.name === 'toolDescription') texts.push([`${here}.tool`, String(property.default)]);
		const notice = property.type === 'notice';
		for (const key of ['displayName', 'description', 'hint', 'placeholder'] as const) {
			const text = property[key];
			if (typeof text === 'string')
				texts.push([`${here}.${notice && key === 'displayName' ? 'notice' : key}`, text]);
		}
		for (const choice of (property.options ?? []) as unknown as Array<Record<string, unknown>>) {
			// A field of a collection is a property itself; a choice has a name, a description, an action.
			if ('type' in choice) {
				texts.push(...textsOf([choice as unknown as INodeProperties], `${here}.`));
				continue;
			}
			for (const key of ['name', 'displayName', 'description', 'action']) {
				if (typeof choice[key] === 'string')
					texts.push([`${here}.${String(choice.name)}.${key}`, choice[key] as string]);
			}
			if (Array.isArray(choice.values))
				texts.push(...textsOf(choice.values as INodeProperties[], `${here}.`));
		}
	}
	return texts;
}

/** Every text the editor shows of a node (or of a credential: its properties only), with where it is. */
function editorTexts(
	description: Pick<INodeTypeDescription, 'properties'> & Partial<INodeTypeDescription>,
) {
	return [
		// The node's description: the nodes panel's line, and what an agent reads about its tool.
		['node.tool', description.description ?? ''],
		['subtitle', String(description.subtitle ?? '')],
		['activationMessage.notice', description.activationMessage ?? ''],
		...textsOf(description.properties, ''),
	];
}

function internalTermsIn(description: INodeTypeDescription): string[] {
	return editorTexts(description)
		.filter(([where]) => kindOf(where) !== 'tool')
		.flatMap(([where, text]) =>
			INTERNAL_TERMS.filter((term) => term.test(text)).map(
				(term) => `${where}: ${String(term)} in "${text}"`,
			),
		);
}

/** The texts longer than their kind's most, each with its length. */
function longTextsIn(description: Pick<INodeTypeDescription, 'properties'>): string[] {
	return editorTexts(description).flatMap(([where, text]) => {
		const kind = kindOf(where);
		const length = shown(text).length;
		return kind && length > MOST_CHARACTERS[kind] ? [`${where} (${length}): "${text}"`] : [];
	});
}

/** The length nine in ten of the parameter descriptions and hints have at most. */
function nineInTen(descriptions: Array<Pick<INodeTypeDescription, 'properties'>>): number {
	const lengths = descriptions
		.flatMap(editorTexts)
		.filter(([where]) => kindOf(where) === 'parameter')
		.map(([, text]) => shown(text).length)
		.sort((a, b) => a - b);
	return lengths[Math.ceil(lengths.length * 0.9) - 1];
}

const ROOT = join(__dirname, '../..');
const { anchorsOf } = require('../../scripts/check-links.js') as {
	anchorsOf(markdown: string): Set<string>;
};
/** Where a description's link to the package's docs/ points (package.json's homepage). */
const DOCS = `${JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).homepage}/blob/main/docs/`;

/** The links to docs/ in the texts whose page or heading does not exist. */
function brokenDocsLinks(texts: string[]): string[] {
	return texts
		.flatMap((text) => [...text.matchAll(/href="([^"]*)"/g)].map((match) => match[1]))
		.filter((href) => href.startsWith(DOCS))
		.filter((href) => {
			const [page, anchor] = href.slice(DOCS.length).split('#');
			const file = join(ROOT, 'docs', page);
			if (!existsSync(file)) return true;
			return anchor !== undefined && !anchorsOf(readFileSync(file, 'utf8')).has(anchor);
		});
}

const NODES = [new FaxPlus(), new FaxPlusTrigger(), new FaxPlusPollTrigger()].map(
	(node) => node.description,
);

describe.each(NODES.map((description) => [description.displayName, description] as const))(
	'%s: plain words in the editor',
	(_name, description) => {
		it('no internal terms (SDK, spec, from_fax, "n8n\'s record") in names, descriptions, hints or notices', () => {
			expect(internalTermsIn(description)).toEqual([]);
		});

		it(`no parameter description or hint over ${MOST_CHARACTERS.parameter} characters, notice over ${MOST_CHARACTERS.notice}, tool description over ${MOST_CHARACTERS.tool}; nested ones included`, () => {
			expect(longTextsIn(description)).toEqual([]);
		});
	},
);

it(`nine in ten parameter descriptions and hints of the three nodes are at most ${NINE_IN_TEN} characters`, () => {
	expect(nineInTen(NODES)).toBeLessThanOrEqual(NINE_IN_TEN);
});

describe.each([
	['Fax.Plus API', new FaxPlusApi()],
	['Fax.Plus OAuth2 API', new FaxPlusOAuth2Api()],
	['Fax.Plus Webhook Secret', new FaxPlusWebhookSecretApi()],
])('%s credential: plain words in the editor', (_name, credential) => {
	it(`no description, hint or notice over its kind's most characters`, () => {
		expect(credential.properties.length).toBeGreaterThan(0);
		expect(longTextsIn(credential)).toEqual([]);
	});
});

describe('the internal-terms check', () => {
	it('finds a term where the editor shows it (positive control)', () => {
		const description = {
			...new FaxPlus().description,
			properties: [
				{
					displayName: 'Options',
					name: 'options',
					type: 'collection',
					default: {},
					options: [
						{
							displayName: 'X',
							name: 'x',
							type: 'string',
							default: '',
							description: 'Sent as from_fax',
						},
					],
				},
			],
		} as INodeTypeDescription;
		expect(internalTermsIn(description)).toEqual([
			'options.x.description: /\\bfrom_fax\\b/ in "Sent as from_fax"',
		]);
	});
});

it('links to pages of docs/ and headings they have', () => {
	const texts = NODES.flatMap(editorTexts).map(([, text]) => text);
	expect(texts.filter((text) => text.includes(DOCS)).length).toBeGreaterThan(0);
	expect(brokenDocsLinks(texts)).toEqual([]);
	// Positive control: a missing heading and a missing page.
	const link = (target: string) => `<a href="${DOCS}${target}" target="_blank">more</a>`;
	expect(
		brokenDocsLinks([link('sending.md#nowhere'), link('nowhere.md'), link('sending.md')]),
	).toEqual([`${DOCS}sending.md#nowhere`, `${DOCS}nowhere.md`]);
});

describe('the length checks', () => {
	it('find a long text in a choice of a nested collection, and let one of the limit pass (positive control)', () => {
		const long = 'x'.repeat(MOST_CHARACTERS.parameter + 1);
		const properties = [
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				default: {},
				options: [
					{
						displayName: 'Cover',
						name: 'cover',
						type: 'collection',
						default: {},
						hint: 'x'.repeat(MOST_CHARACTERS.parameter),
						options: [
							{
								displayName: 'Kind',
								name: 'kind',
								type: 'options',
								default: 'a',
								options: [{ name: 'A', value: 'a', description: long }],
							},
						],
					},
				],
			},
		] as INodeProperties[];
		expect(longTextsIn({ properties })).toEqual([
			`options.cover.kind.A.description (${MOST_CHARACTERS.parameter + 1}): "${long}"`,
		]);
	});

	it('measure a notice by what it shows, and a tool description by its own most (positive control)', () => {
		const link = `<a href="https://example.com/${'x'.repeat(MOST_CHARACTERS.notice)}">Fax.Plus</a>`;
		const tool = 'x'.repeat(MOST_CHARACTERS.tool + 1);
		const properties = [
			{ displayName: `Copy it from ${link}`, name: 'notice', type: 'notice', default: '' },
			{ displayName: 'Tool Description', name: 'toolDescription', type: 'string', default: tool },
		] as INodeProperties[];
		expect(longTextsIn({ properties })).toEqual([
			`toolDescription.tool (${MOST_CHARACTERS.tool + 1}): "${tool}"`,
		]);
	});

	it(`find nine in ten over ${NINE_IN_TEN} characters (positive control)`, () => {
		const described = (length: number) =>
			({
				displayName: 'X',
				name: 'x',
				type: 'string',
				default: '',
				description: 'x'.repeat(length),
			}) as INodeProperties;
		const tenth = Array<INodeProperties>(9).fill(described(NINE_IN_TEN));
		expect(nineInTen([{ properties: [...tenth, described(NINE_IN_TEN + 1)] }])).toBe(NINE_IN_TEN);
		expect(
			nineInTen([
				{ properties: [...tenth.slice(1), described(NINE_IN_TEN + 1), described(NINE_IN_TEN + 1)] },
			]),
		).toBe(NINE_IN_TEN + 1);
	});
});
