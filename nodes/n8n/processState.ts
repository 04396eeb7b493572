// State kept per process relies on n8n keeping one instance of each node type per process and
// loading each of the package's modules once: n8n-core's loadClassInIsolation runs
// `new (require(file).Class)()` with the process's own require, and NodeTypes keeps that instance.
// Read on n8n 1.123.81, 2.0.3 and 2.41.1. On a release with several instances or module copies:
// - triggers/recordOnce.ts's queue of a record's checks: they race as two processes' do;
// - FaxPlusPollTrigger/poll.ts's running polls: two may overlap; execute()'s record passes each fax once;
// - FaxPlusTrigger/delivery.ts's known signing secrets: more credential reads;
// - FaxPlusTrigger/lifecycle.ts's registered endpoints: a deletion reads the static data only;
// - each log throttle (logging/throttle.ts): more lines.
