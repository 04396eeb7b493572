// Prints the files that took longest (where to look when the unit tests grow), then the plain
// closing line CI reads: "unit: N passed, N failed".
const path = require('node:path');

class SummaryReporter {
	onRunComplete(_contexts, results) {
		const slowest = results.testResults
			.map((file) => ({
				name: path.relative(process.cwd(), file.testFilePath),
				seconds: (file.perfStats.end - file.perfStats.start) / 1000,
			}))
			.sort((a, b) => b.seconds - a.seconds)
			.slice(0, 5);
		if (results.testResults.length > 5)
			process.stdout.write(
				`\nunit: slowest files (wall seconds, beside the other workers): ${slowest.map((f) => `${f.name} ${f.seconds.toFixed(0)}`).join(', ')}`,
			);
		const skipped = results.numPendingTests + results.numTodoTests;
		const line = `unit: ${results.numPassedTests} passed, ${results.numFailedTests} failed`;
		process.stdout.write(`\n${skipped ? `${line}, ${skipped} skipped` : line}\n`);
	}
}
module.exports = SummaryReporter;
