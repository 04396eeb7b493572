import { resources } from '../../../../nodes/FaxPlus/resources';
import { FAX_UNTRUSTED } from '../../../../nodes/FaxPlus/fax/shared/fields';
import { nodeOptions } from '../../../../nodes/FaxPlus/shared/nodeOptions';
import type { FaxPlusOperation } from '../../../../nodes/FaxPlus/shared/types';

describe('the facts an operation carries', () => {
	const operation = (value: string, facts: Partial<FaxPlusOperation> = {}): FaxPlusOperation => ({
		option: { name: value, value },
		description: [],
		execute: async () => [],
		...facts,
	});

	it("carries its resource's untrusted fields, unless it names its own", () => {
		const { operations } = resources.fax;
		expect(operations.get.untrusted).toEqual(FAX_UNTRUSTED);
		expect(operations.send.untrusted).toEqual([]);
		// Each holds its entry in the picker.
		expect(operations.send.option).toMatchObject({ name: 'Send', value: 'send' });
	});

	it('shows Node Options but for the operations that run one item at a time (Custom API Call takes them)', () => {
		const shown = (operations: Record<string, FaxPlusOperation>) =>
			nodeOptions('thing', operations).map((property) => property.displayOptions);
		expect(shown({ get: operation('get'), buy: operation('buy', { maxItemsAtOnce: 1 }) })).toEqual([
			{ show: { resource: ['thing'] }, hide: { operation: ['buy'] } },
		]);
		expect(shown({ get: operation('get') })).toEqual([{ show: { resource: ['thing'] } }]);
		expect(shown({ buy: operation('buy', { maxItemsAtOnce: 1 }) })).toEqual([]);
	});
});
