// The Document URLs list is a stranger's text (an expression, an agent's input): it is split and
// trimmed in time linear in its length, by inputs a hundredfold apart (test/support/linear.ts).
import type { IDataObject } from 'n8n-workflow';
import { runOperation, useFaxPlusServer } from '../../../../support/faxplus';
import { expectLinear } from '../../../../support/linear';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sendParameters } = require('../../../../support/send-parameters') as {
	sendParameters: (overrides: IDataObject) => IDataObject;
};

describe('Document URLs from a long text', () => {
	const server = useFaxPlusServer();
	const base = sendParameters({ documentSource: 'url' });

	it.each([
		['spaces around a comma', (n: number) => `x${' '.repeat(n)},${' '.repeat(n)}y`],
		['line breaks and spaces', (n: number) => `x${' \n'.repeat(n)}y`],
		['commas at the ends', (n: number) => `${','.repeat(n)}x${', '.repeat(n)}`],
	])('refuses %s in time linear in its length, before any request', async (_case, text) => {
		await expectLinear(
			text,
			async (documentUrls) => {
				const { error } = await runOperation(server(), { ...base, documentUrls });
				expect(error?.message).toMatch(/^Document URLs: /);
			},
			500,
		);
		expect(server().requests).toEqual([]);
	});
});
