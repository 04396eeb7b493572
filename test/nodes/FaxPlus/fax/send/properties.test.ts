// Send's Options: the status checks' settings only beside Wait for Final Status (their order, n8n's
// alphabetical one, is test/nodes/descriptionLint.test.ts's).
import { NodeHelpers, type INodeProperties } from 'n8n-workflow';
import { FaxPlus } from '../../../../../nodes/FaxPlus/FaxPlus.node';
import { properties as description } from '../../../../../nodes/FaxPlus/fax/send/properties';

const node = new FaxPlus().description;
const options = description.find((property) => property.name === 'options')!
	.options as INodeProperties[];
const option = (name: string) => options.find((entry) => entry.name === name)!;

describe("Send's Options", () => {
	it.each(['statusCheckInterval', 'maxStatusChecks'])(
		'shows %s only once Wait for Final Status is on',
		(name) => {
			const shown = (values: Record<string, unknown>) =>
				NodeHelpers.displayParameter(values as never, option(name), null, node);
			expect(shown({ waitForFinalStatus: true })).toBe(true);
			expect(shown({ waitForFinalStatus: false })).toBe(false);
			expect(shown({})).toBe(false);
			// Positive control: the switch itself is always there.
			expect(NodeHelpers.displayParameter({}, option('waitForFinalStatus'), null, node)).toBe(true);
		},
	);
});
