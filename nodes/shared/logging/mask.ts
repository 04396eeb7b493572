// Masks secrets in text the package passes on (errors, answers, log lines), also when the other side echoes them.

/** The text with every secret replaced by `***`, and any `Bearer <token>` too unless `bearer` is false (then no pattern reads it, so it may precede a cut). */
export function maskText(text: string, secrets: string[], bearer = true): string {
	let masked = text;
	for (const secret of secrets)
		if (masked.includes(secret)) masked = masked.split(secret).join('***');
	return bearer ? masked.replace(/\b(Bearer|Basic)[ \t]+[^\s"',;]+/gi, '$1 ***') : masked;
}
