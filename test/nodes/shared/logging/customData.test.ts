// The execution's custom data (customData.ts) as n8n keeps it: entries joined with ", ", each
// once and on one line, and never past n8n's 255 characters, counting what did not fit. Through
// Fax → Send (several items in one execution) and a Fax.Plus Trigger delivery, in n8n-core's
// real contexts.
import { runOperation, useFaxPlusServer } from '../../../support/faxplus';
import { useTriggerHarnesses } from '../../../support/trigger-harness';
import { activateWithSecret, runsOf } from '../../FaxPlusTrigger/helpers';

/** n8n cuts a longer value and logs an error. */
const N8N_VALUE_LIMIT = 255;

const numbers = (count: number, first: number) =>
	Array.from({ length: count }, (_, i) => `+4930${String(first + i).padStart(7, '0')}`);

describe('custom data of an execution', () => {
	const server = useFaxPlusServer();
	const trigger = useTriggerHarnesses();

	async function faxToOf(destinations: string[][]): Promise<string> {
		const { error, run } = await runOperation(
			server(),
			{
				resource: 'fax',
				operation: 'send',
				userId: 'self',
				from: '+15551230001',
				to: '={{ $json.to }}',
				documentSource: 'text',
				documentText: 'Custom data test',
				options: { saveNumbersInCustomData: true },
			},
			{ items: destinations.map((to) => ({ json: { to: to.join(', ') } })) },
		);
		expect(error).toBeUndefined();
		return String(run.data.resultData.metadata?.faxTo);
	}

	it('joins the entries of several items with ", ", each once (positive control)', async () => {
		const [a, b, c] = numbers(3, 1);
		expect(
			await faxToOf([
				[a, b],
				[b, c],
			]),
		).toBe(`${a}, ${b}, ${c}`);
	});

	it("stays within n8n's 255 characters, counting what did not fit, also when merged again", async () => {
		const many = numbers(40, 100);
		const [extra] = numbers(1, 900);
		const value = await faxToOf([many, [many[0], extra]]);
		expect(value.length).toBeLessThanOrEqual(N8N_VALUE_LIMIT);
		const shown = value.split(', ');
		const more = Number(/^\+(\d+) more$/.exec(shown.pop()!)?.[1]);
		// The first ones stay as they are; the one added later is counted.
		expect(shown).toEqual(many.slice(0, shown.length));
		expect(shown.length + more).toBe(41);
	});

	it('keeps each entry on one line, a comma inside it not read as two', async () => {
		const harness = await trigger({ server: server(), parameters: { events: ['fax_sent'] } });
		await activateWithSecret(harness, server());
		await server().deliver({ event: 'fax_sent', data: { id: 'fax_a,b\nc', status: 'success' } });
		const [run] = await runsOf(harness);
		expect(run.customData?.faxId).toBe('fax_a b c');
	});
});
