// What the editor shows (names, descriptions, hints, notices, choices) in plain words: no terms
// of the API's documents or of this package's inner workings, which belong in docs/; and each
// description, hint or notice short enough to read in one breath.
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

/** The most characters a description, hint or notice may have: what a user reads in one breath. */
const MOST_CHARACTERS = 300;
/** The texts a user reads as sentences (names, choices' names and placeholders are short anyway). */
const READ_TEXTS = /\.(description|hint|notice)$/;

/** Every text of a property the editor can show, with where it is. */
function textsOf(properties: INodeProperties[], path: string): Array<[string, string]> {
	const texts: Array<[string, string]> = [];
	for (const property of properties) {
		const here = `${path}${property.name}`;
		// What an AI agent reads about an operation is shown only on the tool, to the model.
		if (property.name === 'toolDescription') continue;
		for (const key of ['displayName', 'description', 'hint', 'placeholder'] as const) {
			const text = property[key];
			if (typeof text === 'string') texts.push([`${here}.${key}`, text]);
		}
		if (property.type === 'notice' && typeof property.default === 'string')
			texts.push([`${here}.notice`, property.default]);
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
		['description', description.description ?? ''],
		['subtitle', String(description.subtitle ?? '')],
		...textsOf(description.properties, ''),
	];
}

function internalTermsIn(description: INodeTypeDescription): string[] {
	return editorTexts(description).flatMap(([where, text]) =>
		INTERNAL_TERMS.filter((term) => term.test(text)).map(
			(term) => `${where}: ${String(term)} in "${text}"`,
		),
	);
}

/** The descriptions, hints and notices longer than MOST_CHARACTERS, each with its length. */
function longTextsIn(description: Pick<INodeTypeDescription, 'properties'>): string[] {
	return editorTexts(description)
		.filter(([where, text]) => READ_TEXTS.test(where) && text.length > MOST_CHARACTERS)
		.map(([where, text]) => `${where} (${text.length}): "${text}"`);
}

describe.each([
	['Fax.Plus', new FaxPlus().description],
	['Fax.Plus Trigger', new FaxPlusTrigger().description],
	['Fax.Plus Polling Trigger', new FaxPlusPollTrigger().description],
])('%s: plain words in the editor', (_name, description) => {
	it('no internal terms (SDK, spec, from_fax, "n8n\'s record") in names, descriptions, hints or notices', () => {
		expect(internalTermsIn(description)).toEqual([]);
	});

	it(`no description, hint or notice over ${MOST_CHARACTERS} characters, nested ones included`, () => {
		expect(longTextsIn(description)).toEqual([]);
	});
});

describe.each([
	['Fax.Plus API', new FaxPlusApi()],
	['Fax.Plus OAuth2 API', new FaxPlusOAuth2Api()],
	['Fax.Plus Webhook Secret', new FaxPlusWebhookSecretApi()],
])('%s credential: plain words in the editor', (_name, credential) => {
	it(`no description, hint or notice over ${MOST_CHARACTERS} characters`, () => {
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

describe('the length check', () => {
	it('finds a long text in a choice of a nested collection, and lets one of the limit pass (positive control)', () => {
		const long = 'x'.repeat(MOST_CHARACTERS + 1);
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
						hint: 'x'.repeat(MOST_CHARACTERS),
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
			`options.cover.kind.A.description (${MOST_CHARACTERS + 1}): "${long}"`,
		]);
	});
});
