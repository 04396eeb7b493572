/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: it reads and, when asked, writes its snapshot file */
// What a user sees of the three nodes, as n8n loads them, against descriptionSnapshot.json: for
// every resource and operation the properties shown there, in order, and each property whole.
// A reordering n8n does not show (properties of other operations between them) changes nothing.
// A deliberate change: UPDATE_DESCRIPTION_SNAPSHOT=1 on this file, then prettier on the JSON.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';
import { FaxPlus } from '../../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';

const SNAPSHOT = join(__dirname, 'descriptionSnapshot.json');

/** JSON with sorted keys (n8n does not show key order); a function as its name. */
function canonical(value: unknown): unknown {
	if (typeof value === 'function') return `[Function ${value.name}]`;
	if (Array.isArray(value)) return value.map(canonical);
	if (value === null || typeof value !== 'object') return value;
	return Object.fromEntries(
		Object.keys(value)
			.sort()
			.filter((key) => (value as Record<string, unknown>)[key] !== undefined)
			.map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
	);
}

const keyOf = (property: INodeProperties) =>
	`${property.name}#${createHash('sha256')
		.update(JSON.stringify(canonical(property)))
		.digest('hex')
		.slice(0, 8)}`;

function shownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const { show = {}, hide = {} } = property.displayOptions ?? {};
	const has = (list: unknown, value: string) => Array.isArray(list) && list.includes(value);
	if (show.resource && !has(show.resource, resource)) return false;
	if (show.operation && !has(show.operation, operation)) return false;
	return !has(hide.resource, resource) && !has(hide.operation, operation);
}

/** A node as its user sees it: its description's fields, its properties per operation, its methods' names. */
function seen(node: INodeType) {
	const { properties, ...rest } = node.description;
	const values = (name: string, shown: (property: INodeProperties) => boolean) =>
		properties
			.filter((property) => property.name === name && shown(property))
			.flatMap((property) =>
				(property.options as INodePropertyOptions[]).map((o) => String(o.value)),
			);
	const resources = values('resource', () => true);
	const pairs: Record<string, string[]> = {};
	if (resources.length === 0) pairs['*'] = properties.map(keyOf);
	for (const resource of resources)
		for (const operation of values('operation', (p) => shownFor(p, resource, '')))
			pairs[`${resource}/${operation}`] = properties
				.filter((property) => shownFor(property, resource, operation))
				.map(keyOf);
	const methods = Object.fromEntries(
		Object.entries(node.methods ?? {}).map(([kind, named]) => [kind, Object.keys(named).sort()]),
	);
	const functions = ['execute', 'poll', 'trigger', 'webhook'].filter(
		(name) => typeof (node as unknown as Record<string, unknown>)[name] === 'function',
	);
	const webhookMethods = Object.fromEntries(
		Object.entries(node.webhookMethods ?? {}).map(([name, set]) => [name, Object.keys(set).sort()]),
	);
	return canonical({
		description: rest,
		pairs,
		properties: Object.fromEntries(properties.map((property) => [keyOf(property), property])),
		methods,
		functions,
		webhookMethods,
	});
}

describe('the loaded descriptions match the snapshot', () => {
	const nodes = {
		faxPlus: seen(new FaxPlus()),
		faxPlusTrigger: seen(new FaxPlusTrigger()),
		faxPlusPollTrigger: seen(new FaxPlusPollTrigger()),
	};
	if (process.env.UPDATE_DESCRIPTION_SNAPSHOT === '1')
		writeFileSync(SNAPSHOT, `${JSON.stringify(nodes, null, '\t')}\n`);
	const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as typeof nodes;

	it.each(Object.keys(nodes) as Array<keyof typeof nodes>)('%s', (name) => {
		expect(nodes[name]).toEqual(snapshot[name]);
	});
});
