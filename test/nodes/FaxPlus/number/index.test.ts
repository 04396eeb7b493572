import { FaxPlus } from '../../../../nodes/FaxPlus/FaxPlus.node';
import { account } from '../../../../nodes/FaxPlus/account';
import { fax } from '../../../../nodes/FaxPlus/fax';
import { number } from '../../../../nodes/FaxPlus/number';
import { outbox } from '../../../../nodes/FaxPlus/outbox';
import type { FaxPlusResource } from '../../../../nodes/FaxPlus/shared/types';

describe.each<[string, FaxPlusResource]>([
	['account', account],
	['fax', fax],
	['number', number],
	['outbox', outbox],
])('%s resource picker', (_name, resource) => {
	const picker = resource.description.find((property) => property.name === 'operation')!;
	const options = picker.options as Array<{
		name: string;
		value: string;
		action?: string;
		description?: string;
	}>;

	it('lists its operations alphabetically (Fax: Send first), each with an action, and defaults to one of them', () => {
		const names = options.map((option) => option.name);
		const sorted = [...names].sort();
		expect(names).toEqual(
			resource === fax ? ['Send', ...sorted.filter((name) => name !== 'Send')] : sorted,
		);
		expect(options.every((option) => option.action)).toBe(true);
		expect(Object.keys(resource.operations).sort()).toEqual(
			options.map((option) => option.value).sort(),
		);
		expect(resource.operations[picker.default as string]).toBeDefined();
	});
});

describe('Number resource', () => {
	it('is in the resource picker right after Fax', () => {
		const picker = new FaxPlus().description.properties.find(
			(property) => property.name === 'resource',
		)!;
		const values = (picker.options as Array<{ value: string }>).map((option) => option.value);
		expect(values.indexOf('number')).toBe(values.indexOf('fax') + 1);
	});
});
