/* eslint-disable @n8n/community-nodes/no-restricted-imports -- test code, not node code: the rules for what a node may import do not apply to it */
// n8n's logger for the unit tests: n8n-core's contexts answer `this.logger` with the Logger in
// n8n's container (@n8n/di), so a test puts one there that keeps each line (level, message,
// metadata) instead of printing it. The node code under test logs exactly as in n8n.
import { Logger } from '@n8n/backend-common';
import { Container } from '@n8n/di';

export interface LogLine {
	level: 'error' | 'warn' | 'info' | 'debug';
	message: string;
	meta: Record<string, unknown>;
}

export interface CapturedLogs {
	lines: LogLine[];
	/** The lines whose message starts with the package's prefix. */
	ours(level?: LogLine['level']): LogLine[];
	clear(): void;
}

function capturingLogger(lines: LogLine[]): Logger {
	const at =
		(level: LogLine['level']) =>
		(message: string, meta: Record<string, unknown> = {}) =>
			void lines.push({ level, message, meta: { ...meta } });
	return {
		error: at('error'),
		warn: at('warn'),
		info: at('info'),
		debug: at('debug'),
		scoped() {
			return this;
		},
	} as unknown as Logger;
}

/** Captures n8n's log lines from each test's start; the container's logger is restored after. */
export function useCapturedLogs(): CapturedLogs {
	const lines: LogLine[] = [];
	let previous: Logger | undefined;
	beforeEach(() => {
		lines.length = 0;
		previous = Container.has(Logger) ? Container.get(Logger) : undefined;
		Container.set(Logger, capturingLogger(lines));
	});
	afterEach(() => {
		if (previous) Container.set(Logger, previous);
	});
	return {
		lines,
		ours: (level) =>
			lines.filter(
				(line) => line.message.startsWith('Fax.Plus:') && (!level || line.level === level),
			),
		clear: () => void (lines.length = 0),
	};
}
