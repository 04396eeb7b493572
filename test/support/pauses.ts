/* eslint-disable @n8n/community-nodes/no-restricted-globals -- test code, not node code: the rules for what a node may import and use do not apply to it */
// Runs code whose pauses between checks would make a test slow: every timer of exactly `pauseMs`
// (the pause the node chose, e.g. n8n's sleep(20_000)) fires at once, and is counted; any other
// timer (request timeouts, the harness's own) keeps its real length.
export async function withPausesSkipped<T>(
	pauseMs: number,
	run: () => Promise<T>,
): Promise<{ result: T; pauses: number }> {
	const realSetTimeout = globalThis.setTimeout;
	let pauses = 0;
	globalThis.setTimeout = ((
		callback: (...args: unknown[]) => void,
		ms?: number,
		...args: unknown[]
	) => {
		if (ms !== pauseMs) return realSetTimeout(callback, ms, ...args);
		pauses++;
		return realSetTimeout(callback, 0, ...args);
	}) as typeof setTimeout;
	try {
		return { result: await run(), pauses };
	} finally {
		globalThis.setTimeout = realSetTimeout;
	}
}
