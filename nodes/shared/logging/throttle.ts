// Warnings a trigger may repeat on every delivery or poll, at most one of a kind a minute.
import type { IDataObject } from 'n8n-workflow';
import { logWarning, type LogContext } from './log';

/** A warning at most once a minute per workflow, node and `kind`. */
export function logThrottledWarning(
	context: LogContext,
	throttle: LogThrottle,
	kind: string,
	message: string,
	meta: IDataObject = {},
): void {
	let decision;
	try {
		const node = context.getNode();
		decision = throttle.decide(
			`${context.getWorkflow()?.id ?? ''}:${node.id ?? node.name}:${kind}`,
			Date.now(),
		);
	} catch {
		return;
	}
	if (!decision.write) return;
	const heldBack =
		decision.heldBack > 0
			? ` ${decision.heldBack} more like it since ${new Date(decision.since).toISOString()} were not logged.`
			: '';
	logWarning(context, `${message}${heldBack}`, { ...meta, kind, heldBack: decision.heldBack });
}

// At most one line of a kind a minute, carrying how many were held back (no timers).
const THROTTLE_WINDOW_MS = 60_000;
/** Keys kept at most (per workflow, node and cause: a few per trigger); the oldest go first. */
const MAX_KEYS = 1000;

type ThrottleDecision =
	/** Write the line; `heldBack` lines of the same key were not written since `since` (epoch ms). */
	{ write: true; heldBack: number; since: number } | { write: false };

export class LogThrottle {
	private readonly keys = new Map<string, { writtenAt: number; heldBack: number }>();

	decide(key: string, now: number): ThrottleDecision {
		const state = this.keys.get(key);
		// A clock that went back counts as a new window, so nothing is held back for long.
		if (state && now >= state.writtenAt && now - state.writtenAt < THROTTLE_WINDOW_MS) {
			state.heldBack++;
			return { write: false };
		}
		const decision: ThrottleDecision = {
			write: true,
			heldBack: state?.heldBack ?? 0,
			since: state?.writtenAt ?? now,
		};
		// Re-inserted, so the map's order is the order of the last lines written.
		this.keys.delete(key);
		if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value as string);
		this.keys.set(key, { writtenAt: now, heldBack: 0 });
		return decision;
	}
}
