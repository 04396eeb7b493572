// Lines in n8n's log, each "Fax.Plus: …" naming workflow and node; never a secret. Never throws.
import type { IDataObject, INode, Logger, LogMetadata } from 'n8n-workflow';

export interface LogContext {
	logger?: Logger;
	getNode(): INode;
	getWorkflow(): { id?: string; name?: string };
}

const LOG_PREFIX = 'Fax.Plus:';
const MAX_MESSAGE = 2000;
const PACKAGE = 'n8n-nodes-faxplus';

type Level = 'debug' | 'info' | 'warn';

/** One line of text: control characters (a line break in a name) become spaces; long text is cut. */
export function oneLine(value: unknown, max = 200): string {
	const text = String(value ?? '');
	return (text.length > max ? `${text.slice(0, max - 1)}…` : text).replace(/\p{Cc}/gu, ' ');
}

/** A URL for a log line or an error: scheme, host and path only (no userinfo, query or fragment: they may hold secrets). */
export function urlWithoutSecrets(url: string): string {
	if (!URL.canParse(url)) return oneLine(url.replace(/[?#].*$/s, '').replace(/\/\/[^/@]*@/, '//'));
	const parsed = new URL(url);
	return `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}

function originOf(context: LogContext): { text: string; meta: LogMetadata } {
	let node: Partial<INode> = {};
	let workflow: { id?: string; name?: string } = {};
	try {
		node = context.getNode();
		workflow = context.getWorkflow() ?? {};
	} catch {
		// A context without them still logs.
	}
	const workflowId = oneLine(workflow.id ?? '', 64);
	const workflowName = oneLine(workflow.name ?? '', 100);
	const nodeName = oneLine(node.name ?? '', 100);
	return {
		text: `(workflow "${workflowName}" ID ${workflowId || '-'}, node "${nodeName}")`,
		meta: { package: PACKAGE, workflowId, workflowName, nodeName, nodeType: node.type },
	};
}

function write(context: LogContext, level: Level, message: string, meta: IDataObject = {}): void {
	try {
		const logger = context.logger;
		if (!logger || typeof logger[level] !== 'function') return;
		const origin = originOf(context);
		// Cut, and a token the other side echoed (Bearer …) masked, whatever the caller passed.
		const text = maskText(
			message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message,
			[],
		);
		logger[level](`${LOG_PREFIX} ${text} ${origin.text}`, { ...origin.meta, ...meta });
	} catch {
		// A log line is never worth failing a delivery or a run.
	}
}

const logAt =
	(level: Level) =>
	(context: LogContext, message: string, meta?: IDataObject): void =>
		write(context, level, message, meta);

export const logDebug = logAt('debug');
export const logInfo = logAt('info');
export const logWarning = logAt('warn');

/** The text with every secret replaced by `***`, and any `Bearer <token>` too unless `bearer` is false (then no pattern reads it, so it may precede a cut). */
export function maskText(text: string, secrets: string[], bearer = true): string {
	let masked = text;
	for (const secret of secrets)
		if (masked.includes(secret)) masked = masked.split(secret).join('***');
	return bearer ? masked.replace(/\b(Bearer|Basic)[ \t]+[^\s"',;]+/gi, '$1 ***') : masked;
}
