// An error as a trigger's log line says it (lifecycle.ts, poll.ts). Entry: errorText().
import { oneLine } from './log';

/** An error's message for a log line: one line, no stack; outside text is cut before it is read. */
export function errorText(error: unknown): string {
	const message = error instanceof Error ? error.message : String(error);
	const description = (error as { description?: unknown })?.description;
	// Cut, then without leading spaces and trailing dots and spaces, in one pass from the end.
	const withoutStop = (whole: string) => {
		const text = whole.slice(0, 1000);
		let end = text.length;
		while (end > 0 && (text[end - 1] === '.' || text[end - 1].trim() === '')) end--;
		return text.slice(0, end).trimStart();
	};
	return oneLine(
		typeof description === 'string' && description.trim() !== ''
			? `${withoutStop(message)}. ${withoutStop(description)}`
			: withoutStop(message),
		400,
	);
}
