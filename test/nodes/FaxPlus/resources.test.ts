import type { INodePropertyOptions } from 'n8n-workflow';
import { resources } from '../../../nodes/FaxPlus/resources';

describe.each(Object.entries(resources))('%s resource picker', (name, resource) => {
	const picker = resource.description.find((property) => property.name === 'operation')!;
	const options = picker.options as INodePropertyOptions[];

	it("lists its operations in the lint rule's order, each with an action, and defaults to one of them", () => {
		// Fax lists Send first (n8n's node panel shows actions in this order: descriptionLint.test.ts's EXCEPTIONS).
		const first = name === 'fax' ? ['Send'] : [];
		const names = options.map((option) => option.name);
		expect(names.slice(0, first.length)).toEqual(first);
		const rest = names.slice(first.length);
		expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)));
		expect(options.every((option) => option.action)).toBe(true);
		expect(Object.keys(resource.operations).sort()).toEqual(
			options.map((option) => option.value).sort(),
		);
		expect(resource.operations[picker.default as string]).toBeDefined();
	});
});
