/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- test code, not node code: the rules for what a node may import and use do not apply to it */
// n8n's description rules (eslint-plugin-n8n-nodes-base's and @n8n/eslint-plugin-community-nodes',
// as `npm run lint` runs them) over the descriptions as n8n loads them: much of what the editor
// shows is built (updateDisplayOptions' properties, spread lists, the trigger's webhookMethods), and the
// rules read only literals. Each loaded node and credential is written back as the literal class the
// rules expect, under its own file name, and linted.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { ICredentialType, INodeProperties, INodeType } from 'n8n-workflow';
import { FaxPlusApi } from '../../credentials/FaxPlusApi.credentials';
import { FaxPlusOAuth2Api } from '../../credentials/FaxPlusOAuth2Api.credentials';
import { FaxPlusWebhookSecretApi } from '../../credentials/FaxPlusWebhookSecretApi.credentials';
import { FaxPlus } from '../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';

/**
 * Where a rule's convention does not fit, each with why: written as ESLint's disable comments around
 * the parameters they name, which ESLint reports once they disable nothing.
 */
const EXCEPTIONS: Array<{ rule: string; reason: string; applies(property: object): boolean }> = [
	{
		rule: 'n8n-nodes-base/node-param-default-wrong-for-limit',
		reason: 'an AI agent reads every item it gets: Limit is 10 on the tool n8n makes of the node',
		applies: (property) => isToolOnly(property) && (property as INodeProperties).name === 'limit',
	},
	{
		rule: 'n8n-nodes-base/node-param-options-type-unsorted-items',
		reason:
			'n8n adds a Custom API Call of its own (leading to its HTTP Request node) to a resource or operation list unless the list ends with one (nodes/shared/n8n/editor.ts): the rest stays in order',
		applies: (property) => sortedButCustomApiCallLast(property as INodeProperties),
	},
];

/** A resource or operation list the rule reads (5 or more) in order but for its last entry, Custom API Call. */
function sortedButCustomApiCallLast({ name, options }: INodeProperties): boolean {
	if (name !== 'resource' && name !== 'operation') return false;
	const names = ((options ?? []) as Array<{ name?: string }>).map((option) => String(option.name));
	const inOrder = (list: string[]) =>
		list.every((each, index) => index === 0 || list[index - 1].localeCompare(each) <= 0);
	const last = names.at(-1) === 'Custom API Call';
	return names.length >= 5 && last && inOrder(names.slice(0, -1)) && !inOrder(names);
}

function isToolOnly(property: object): boolean {
	return (property as INodeProperties).displayOptions?.show?.['@tool']?.[0] === true;
}

/** A value as a TypeScript literal; a function as an empty method (the rules read only its name). */
function literal(value: unknown, indent = ''): string {
	const inner = `${indent}\t`;
	if (typeof value === 'string') return JSON.stringify(value);
	if (typeof value === 'number' || typeof value === 'boolean' || value === null)
		return String(value);
	if (Array.isArray(value))
		return value.length === 0
			? '[]'
			: `[\n${value.map((entry) => excepted(entry, `${inner}${literal(entry, inner)},\n`, inner)).join('')}${indent}]`;
	if (typeof value === 'object') {
		const entries = Object.entries(value as object).filter(([, entry]) => entry !== undefined);
		if (entries.length === 0) return '{}';
		return `{\n${entries.map(([key, entry]) => `${inner}${member(key, entry, inner)}\n`).join('')}${indent}}`;
	}
	throw new Error(`No literal for ${typeof value}`);
}

/** An entry of a list, between disable comments for the exceptions that apply to it. */
function excepted(entry: unknown, text: string, indent: string): string {
	if (typeof entry !== 'object' || entry === null) return text;
	const rules = EXCEPTIONS.filter((exception) => exception.applies(entry));
	return rules.reduce(
		(wrapped, { rule, reason }) =>
			`${indent}/* eslint-disable ${rule} -- ${reason} */\n${wrapped}${indent}/* eslint-enable ${rule} */\n`,
		text,
	);
}

function member(key: string, value: unknown, indent: string): string {
	const name = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
	if (typeof value === 'function') return `async ${name}() {},`;
	return `${name}: ${literal(value, indent)},`;
}

/** What n8n loads of a node, as the literal class n8n's rules read in a *.node.ts file. */
function nodeSource(node: INodeType): string {
	const { description, methods, webhookMethods } = node;
	const text = literal(description, '\t')
		// n8n-workflow's NodeConnectionTypes.Main, as n8n's community rule wants it written.
		.replace(/^(\t\t(?:in|out)puts: )\[\n\t\t\t"main",\n\t\t\]/gm, '$1[NodeConnectionTypes.Main]');
	const members = [
		`\tdescription: INodeTypeDescription = ${text};`,
		...(methods ? [`\tmethods = ${literal(methods, '\t')};`] : []),
		...(webhookMethods ? [`\twebhookMethods = ${literal(webhookMethods, '\t')};`] : []),
	];
	return [
		"import type { INodeType, INodeTypeDescription } from 'n8n-workflow';",
		"import { NodeConnectionTypes } from 'n8n-workflow';",
		'',
		`export class ${node.constructor.name} implements INodeType {`,
		members.join('\n\n'),
		'}',
		'',
	].join('\n');
}

const CREDENTIAL_TYPES: Record<string, string> = {
	icon: 'Icon',
	properties: 'INodeProperties[]',
	test: 'ICredentialTestRequest',
};

/** What n8n loads of a credential, as the literal class n8n's rules read in a *.credentials.ts file. */
function credentialSource(credential: ICredentialType): string {
	const fields = Object.entries(credential).map(([key, value]) => {
		const type = CREDENTIAL_TYPES[key];
		return `\t${key}${type ? `: ${type}` : ''} = ${literal(value, '\t')};`;
	});
	const methods = Object.getOwnPropertyNames(Object.getPrototypeOf(credential))
		.filter((key) => key !== 'constructor')
		.map((key) => `\tasync ${key}() {}`);
	return [
		"import type { Icon, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';",
		'',
		`export class ${credential.constructor.name} implements ICredentialType {`,
		[...fields, ...methods].join('\n\n'),
		'}',
		'',
	].join('\n');
}

interface Finding {
	ruleId: string | null;
	message: string;
	line: number;
}

interface LintedFile {
	filePath: string;
	code: string;
}

/** Lints the files with `npm run lint`'s rules (test/support/lint-texts.mjs), all in one process. */
function lint(files: LintedFile[]): Finding[][] {
	const env = { ...process.env };
	delete env.NODE_ENV;
	const child = spawnSync(process.execPath, [join(__dirname, '../support/lint-texts.mjs')], {
		input: JSON.stringify(files),
		encoding: 'utf8',
		env,
	});
	if (child.status !== 0) throw new Error(`lint-texts.mjs failed: ${child.stderr}`);
	return (JSON.parse(child.stdout) as Array<{ messages: Finding[] }>).map(
		({ messages }) => messages,
	);
}

const NODES: Array<[string, INodeType]> = [
	['nodes/FaxPlus/FaxPlus.node.ts', new FaxPlus()],
	['nodes/FaxPlusTrigger/FaxPlusTrigger.node.ts', new FaxPlusTrigger()],
	['nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node.ts', new FaxPlusPollTrigger()],
];
const CREDENTIALS: Array<[string, ICredentialType]> = [
	['credentials/FaxPlusApi.credentials.ts', new FaxPlusApi()],
	['credentials/FaxPlusOAuth2Api.credentials.ts', new FaxPlusOAuth2Api()],
	['credentials/FaxPlusWebhookSecretApi.credentials.ts', new FaxPlusWebhookSecretApi()],
];

/** The action node with one change to what it loads: the planted cases. */
function plantedNode(change: (properties: INodeProperties[]) => INodeProperties[]): string {
	const node = new FaxPlus();
	node.description = { ...node.description, properties: change(node.description.properties) };
	return nodeSource(node);
}

const resourcePicker = (properties: INodeProperties[]) =>
	properties.findIndex((property) => property.name === 'resource');

/** Account's Operation picker: a list kept sorted by name (no exception applies to it). */
const accountOperations = (properties: INodeProperties[]) =>
	properties.findIndex(
		(property) =>
			property.name === 'operation' && property.displayOptions?.show?.resource?.[0] === 'account',
	);

/** One change each to what n8n loads, and the finding the rules must report for it. */
const PLANTED: Array<{ what: string; filePath: string; code: string; rule: string }> = [
	{
		what: "Account's operation picker in reverse",
		filePath: NODES[0][0],
		code: plantedNode((properties) =>
			properties.map((property, index) =>
				index === accountOperations(properties)
					? { ...property, options: [...(property.options ?? [])].reverse() }
					: property,
			),
		),
		rule: 'n8n-nodes-base/node-param-options-type-unsorted-items',
	},
	{
		what: 'the resource picker named in lower case',
		filePath: NODES[0][0],
		code: plantedNode((properties) =>
			properties.map((property, index) =>
				index === resourcePicker(properties) ? { ...property, displayName: 'resource' } : property,
			),
		),
		rule: 'n8n-nodes-base/node-param-display-name-miscased',
	},
	{
		what: "the trigger's webhook lifecycle without delete",
		filePath: NODES[1][0],
		code: (() => {
			const trigger = new FaxPlusTrigger();
			const { checkExists, create } = trigger.webhookMethods!.default!;
			return nodeSource(
				Object.assign(trigger, { webhookMethods: { default: { checkExists, create } } }),
			);
		})(),
		rule: '@n8n/community-nodes/webhook-lifecycle-complete',
	},
];

const LOADED = [
	...NODES.map(([filePath, node]) => ({ filePath, code: nodeSource(node) })),
	...CREDENTIALS.map(([filePath, credential]) => ({
		filePath,
		code: credentialSource(credential),
	})),
];
// One ESLint process for all: starting it takes seconds.
const findings = lint([...LOADED, ...PLANTED]);

describe("n8n's description rules on what n8n loads", () => {
	it.each(LOADED.map(({ filePath }, index) => [filePath, index] as const))(
		'%s: no finding',
		(_filePath, index) => {
			expect(findings[index]).toEqual([]);
		},
	);

	it.each(PLANTED.map(({ what, rule }, index) => [what, rule, LOADED.length + index] as const))(
		'find %s (%s): the check can fail',
		(_what, rule, index) => {
			expect(findings[index]).toEqual([expect.objectContaining({ ruleId: rule })]);
		},
	);
});
