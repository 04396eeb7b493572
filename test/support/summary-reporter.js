// Prints the plain closing line CI reads: "unit: N passed, N failed".
class SummaryReporter {
	onRunComplete(_contexts, results) {
		const skipped = results.numPendingTests + results.numTodoTests;
		const line = `unit: ${results.numPassedTests} passed, ${results.numFailedTests} failed`;
		process.stdout.write(`\n${skipped ? `${line}, ${skipped} skipped` : line}\n`);
	}
}
module.exports = SummaryReporter;
