import type { INodePropertyOptions } from 'n8n-workflow';
import { resources } from '../../../nodes/FaxPlus/resources';

describe.each(Object.entries(resources))('%s resource picker', (_name, resource) => {
	const picker = resource.description.find((property) => property.name === 'operation')!;
	const options = picker.options as INodePropertyOptions[];

	it("lists its operations in the lint rule's order, each with an action, and defaults to one of them", () => {
		const names = options.map((option) => option.name);
		expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
		expect(options.every((option) => option.action)).toBe(true);
		expect(Object.keys(resource.operations).sort()).toEqual(
			options.map((option) => option.value).sort(),
		);
		expect(resource.operations[picker.default as string]).toBeDefined();
	});
});
