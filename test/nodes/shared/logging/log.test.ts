// What a log line says of an error whose text came from outside: cut, one line, in time linear
// in its length (a run of dots or spaces once took quadratic time), a token it echoes masked.
import { logWarning } from '../../../../nodes/shared/logging/log';
import { errorText } from '../../../../nodes/shared/logging/errorText';
import { expectLinear } from '../../../support/linear';

describe('errorText', () => {
	it.each([
		['dots', '.'],
		['spaces', ' '],
		['dots and spaces', '. '],
	])('reads a description ending in a long run of %s in linear time', async (_case, run) => {
		await expectLinear(
			(size) =>
				Object.assign(new Error(`failed${run.repeat(size)}x`), {
					description: `why${run.repeat(size)}`,
				}),
			errorText,
			1_000,
		);
	});

	it('keeps the message and description, without trailing stops, cut to one line', () => {
		const error = Object.assign(new Error('Fax.Plus failed on its side: 500. '), {
			description: `Try again later.${'.'.repeat(500_000)}`,
		});
		expect(errorText(error)).toBe('Fax.Plus failed on its side: 500. Try again later');
		expect(errorText(new Error(`x${'y'.repeat(5000)}`)).length).toBe(400);
	});
});

describe('log lines', () => {
	it('mask a Bearer token whatever the caller passed', () => {
		const lines: string[] = [];
		const context = {
			logger: { warn: (message: string) => void lines.push(message) } as never,
			getNode: () => ({ name: 'Fax.Plus', type: 'faxPlus' }) as never,
			getWorkflow: () => ({ id: 'w1', name: 'W' }),
		};
		logWarning(context, 'Fax.Plus said: invalid token: Bearer pat_abcdef0123456789');
		expect(lines[0]).toContain('invalid token: Bearer ***');
		expect(lines[0]).not.toContain('pat_abcdef0123456789');
	});
});
