// At most one of a kind in a window, per key n8n chooses (never the request): the warnings a
// trigger may repeat on every delivery or poll (logThrottledWarning, a minute), and the webhook
// trigger's refusal runs (an hour per endpoint). Entry: logThrottledWarning(); then Throttle.
import type { IDataObject } from 'n8n-workflow';
import { logWarning, type LogContext } from './log';

/** A warning at most once a `throttle` window (LOG_WINDOW_MS) per workflow, node and `kind`. */
export function logThrottledWarning(
	context: LogContext,
	throttle: Throttle,
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

/** A log line of a kind at most once a minute, carrying how many were held back (no timers). */
export const LOG_WINDOW_MS = 60_000;
/** Keys kept at most (a few per trigger: its causes, its webhook); the oldest go first. */
const MAX_KEYS = 1000;

type ThrottleDecision =
	/** Go ahead; `heldBack` of the same key were held back since `since` (epoch ms). */
	{ write: true; heldBack: number; since: number } | { write: false };

/** At most one per key in a window given at construction, in a bounded map. */
export class Throttle {
	private readonly keys = new Map<
		string,
		{ writtenAt: number; heldBack: number; generation?: string }
	>();

	constructor(private readonly windowMs: number) {}

	/**
	 * Whether one of `key` goes ahead at `now` (epoch ms). `generation` tells apart what the key
	 * names over time (a webhook's endpoint): another known one starts afresh at once; an unknown
	 * one (undefined) counts as the one the window holds, and the first known one is kept.
	 */
	decide(key: string, now: number, generation?: string): ThrottleDecision {
		const state = this.keys.get(key);
		const replaced =
			state?.generation !== undefined &&
			generation !== undefined &&
			generation !== state.generation;
		// A clock that went back counts as a new window, so nothing is held back for long.
		if (state && !replaced && now >= state.writtenAt && now - state.writtenAt < this.windowMs) {
			state.heldBack++;
			state.generation ??= generation;
			return { write: false };
		}
		const decision: ThrottleDecision = {
			write: true,
			heldBack: state?.heldBack ?? 0,
			since: state?.writtenAt ?? now,
		};
		// Re-inserted, so the map's order is the order of the last ones that went ahead.
		this.keys.delete(key);
		if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value as string);
		this.keys.set(key, { writtenAt: now, heldBack: 0, generation });
		return decision;
	}
}
