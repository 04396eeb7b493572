/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// The code both triggers use lives in nodes/shared/triggers; neither trigger imports the other's folder.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties } from 'n8n-workflow';
import { FaxPlusTrigger } from '../../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';

const nodesDir = join(__dirname, '../../../../nodes');

function importsOf(folder: string): string[] {
	return readdirSync(join(nodesDir, folder))
		.filter((file) => file.endsWith('.ts'))
		.flatMap((file) =>
			[...readFileSync(join(nodesDir, folder, file), 'utf8').matchAll(/from '([^']+)'/g)].map(
				(match) => `${file}: ${match[1]}`,
			),
		);
}

function eventsOf(properties: INodeProperties[]): INodeProperties | undefined {
	return properties.find((property) => property.name === 'events');
}

describe('the triggers share nodes/shared/triggers', () => {
	it.each([
		['FaxPlusPollTrigger', 'FaxPlusTrigger'],
		['FaxPlusTrigger', 'FaxPlusPollTrigger'],
	])('%s imports nothing from %s', (folder, other) => {
		const imports = importsOf(folder);
		expect(imports.length).toBeGreaterThan(0);
		expect(imports.filter((entry) => entry.includes(`/${other}/`))).toEqual([]);
	});

	it('nodes/shared/triggers imports neither trigger', () => {
		expect(
			importsOf('shared/triggers').filter((entry) => /\/FaxPlus(Poll)?Trigger\//.test(entry)),
		).toEqual([]);
	});

	it('both show their `events` parameter as "Trigger On"', () => {
		for (const description of [
			new FaxPlusTrigger().description,
			new FaxPlusPollTrigger().description,
		]) {
			expect(eventsOf(description.properties)?.displayName).toBe('Trigger On');
		}
	});
});
