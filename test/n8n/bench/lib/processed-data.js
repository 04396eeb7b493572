'use strict';
// A workflow's rows in n8n's processed-data store (its `processed_data` table, what
// `checkProcessedAndRecord` keeps), read from the SQLite database of a bench n8n.

const path = require('node:path');

/**
 * Size and entries of each record of the workflow (`labels`: n8n's context → a name; '' is the
 * workflow's record, `n:<node ID>` a node's own) and their sums.
 */
async function processedDataOf(n8n, workflowId, labels = {}) {
	const sqlite3 = require(
		require.resolve('sqlite3', { paths: [path.join(n8n.installDir, 'node_modules/n8n')] }),
	);
	const db = new sqlite3.Database(
		path.join(n8n.userFolder, '.n8n/database.sqlite'),
		sqlite3.OPEN_READONLY,
	);
	try {
		const rows = await new Promise((resolve, reject) =>
			db.all(
				'SELECT context, value FROM processed_data WHERE "workflowId" = ? ORDER BY context DESC',
				[String(workflowId)],
				(error, result) => (error ? reject(error) : resolve(result)),
			),
		);
		const records = rows.map((row) => ({
			record: labels[row.context] ?? (row.context === '' ? 'workflow' : row.context),
			bytes: Buffer.byteLength(String(row.value)),
			entries: (JSON.parse(row.value).data ?? []).length,
		}));
		return {
			bytes: records.reduce((sum, r) => sum + r.bytes, 0),
			entries: records.reduce((sum, r) => sum + r.entries, 0),
			records,
		};
	} finally {
		await new Promise((resolve) => db.close(resolve));
	}
}

module.exports = { processedDataOf };
