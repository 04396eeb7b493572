// A Custom API Call's Path: below the Base URL, each segment one the transport sends as it is.
import type { INode } from 'n8n-workflow';
import { DOT_SEGMENT, SEPARATOR } from './addresses';
import { operationError } from './nodeErrors';

const MAX_PATH_LENGTH = 2048; // longer is no API path: refused before any pattern reads it

/** Why a Custom API Call's Path would leave the Base URL, or undefined when it stays below it. */
function customPathProblem(path: string): string | undefined {
	if (/^[a-z][a-z\d+\-.]*:/i.test(path)) return 'is a full address, not a path below the Base URL';
	if (/^[/\\]{2}/.test(path)) return 'starts with "//", which names another host';
	if (/[\s\p{Cc}]/u.test(path)) return 'holds a space or a control character';
	if (path.includes('\\')) return 'holds "\\", which URL readers take as "/"';
	if (/[?#]/.test(path)) return 'holds "?" or "#": the query goes in Query Parameters';
	const segments = path.replace(/^\//, '').split('/');
	if (segments.some((part) => part === '')) return 'has an empty segment ("//" or a trailing "/")';
	if (segments.some((part) => DOT_SEGMENT.test(part))) return 'climbs with "." or ".." segments';
	if (segments.some((part) => SEPARATOR.test(part)))
		return 'holds an encoded "/" or "\\", or ";", which a server may split on';
	return undefined;
}

/** A Custom API Call's Path, below the Base URL ("/" added in front), or a refusal naming the field. */
export function checkedCustomPath(
	context: { getNode(): INode },
	value: unknown,
	itemIndex?: number,
): string {
	const text = String(value ?? '').trim();
	const problem =
		text === ''
			? 'is empty'
			: text.length > MAX_PATH_LENGTH
				? `has ${text.length} characters, more than any API path (${MAX_PATH_LENGTH})`
				: customPathProblem(text);
	if (problem === undefined) return text.startsWith('/') ? text : `/${text}`;
	const shown = text.length > 80 ? `${text.slice(0, 60)}…` : text;
	throw operationError(context, {
		itemIndex,
		message: `Path${shown && problem !== 'is empty' ? ` "${shown}"` : ''} ${problem}, so no request was sent`,
		description:
			"Path is the part after the credential's Base URL, e.g. /accounts/self or /accounts/self/files; each segment a plain name or ID (encode other characters, e.g. a space as %20). A request never leaves the Base URL.",
	});
}
