/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { INodeProperties } from 'n8n-workflow';
import { FaxPlus } from '../../../nodes/FaxPlus/FaxPlus.node';
import { FaxPlusTrigger } from '../../../nodes/FaxPlusTrigger/FaxPlusTrigger.node';
import { FaxPlusPollTrigger } from '../../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node';

const { description } = new FaxPlusPollTrigger();
const webhookTrigger = new FaxPlusTrigger().description;

function property(properties: INodeProperties[], name: string): INodeProperties {
	const found = properties.find((entry) => entry.name === name);
	if (!found) throw new Error(`No parameter ${name}`);
	return found;
}

describe('Fax.Plus Polling Trigger → public contract', () => {
	it('is the faxPlusPollTrigger node, "Fax.Plus Polling Trigger", a polling trigger without webhooks', () => {
		expect(description.name).toBe('faxPlusPollTrigger');
		expect(description.displayName).toBe('Fax.Plus Polling Trigger');
		expect(description.polling).toBe(true);
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description.webhooks).toBeUndefined();
		expect(description.icon).toEqual(webhookTrigger.icon);
	});

	it('authenticates exactly like the action node', () => {
		const action = new FaxPlus().description;
		expect(property(description.properties, 'authentication')).toEqual(
			property(action.properties, 'authentication'),
		);
		expect(description.credentials).toEqual(action.credentials);
	});

	it('offers Fax Received and Fax Sent (the inbox and sent lists), not single pages', () => {
		const events = property(description.properties, 'events');
		expect(events).toMatchObject({ type: 'multiOptions', required: true, default: [] });
		expect((events.options as Array<{ value: string }>).map((option) => option.value)).toEqual([
			'fax_received',
			'fax_sent',
		]);
	});

	it("shares the webhook trigger's numbers filter and options, plus the late fax window and the second look, in alphabetical order", () => {
		expect(property(description.properties, 'channels')).toMatchObject({
			type: 'string',
			default: '',
			placeholder: property(webhookTrigger.properties, 'channels').placeholder,
		});
		const options = property(description.properties, 'options').options as INodeProperties[];
		expect(options.map((option) => [option.name, option.default])).toEqual([
			['documentFormat', 'pdf'],
			['downloadDocument', false],
			['overlapMinutes', 60],
			['lookAgainMinutes', 0],
			['statuses', []],
			['binaryPropertyName', 'data'],
			['saveNumbersInCustomData', false],
		]);
		const names = options.map((option) => option.displayName);
		expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
		const shared = property(webhookTrigger.properties, 'options').options as INodeProperties[];
		for (const name of [
			'documentFormat',
			'downloadDocument',
			'statuses',
			'binaryPropertyName',
			'saveNumbersInCustomData',
		]) {
			expect(options.find((option) => option.name === name)).toBe(
				shared.find((option) => option.name === name),
			);
		}
	});

	it('has a codex file naming the node as n8n loads it', () => {
		const codex = JSON.parse(
			readFileSync(
				join(__dirname, '../../../nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node.json'),
				'utf8',
			),
		);
		const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8'));
		expect(codex).toMatchObject({
			node: 'n8n-nodes-faxplus.faxPlusPollTrigger',
			nodeVersion: '1.0',
			codexVersion: '1.0',
			categories: ['Communication'],
		});
		expect(codex.resources.primaryDocumentation[0].url.startsWith(`${pkg.homepage}#`)).toBe(true);
		expect(pkg.n8n.nodes).toContain('dist/nodes/FaxPlusPollTrigger/FaxPlusPollTrigger.node.js');
	});
});
