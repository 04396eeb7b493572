// State kept per process relies on n8n keeping one instance of each node type per process and
// loading each of the package's modules once: n8n-core's loadClassInIsolation runs
// `new (require(file).Class)()` with the process's own require, and NodeTypes keeps that instance.
// Read on n8n 1.123.81, 2.0.3 and 2.41.1. Every such state is made through processState(), so its
// callers are the list of where it lives, each saying what a second instance or copy would do.

/** What one process holds, and what would happen on a release with several instances or module copies. */
export interface ProcessState<T> {
	state: T;
	elsewhere: string;
}

/** The state, made once per node-type instance (or module) and so once per process. */
export function processState<T>(held: ProcessState<T>): T {
	return held.state;
}
