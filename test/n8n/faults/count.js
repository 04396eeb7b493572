'use strict';
// Reads the executions n8n holds, straight from its database once the system has settled, and
// turns them and the sender's records into the figures of the fault suite's table.
const path = require('node:path');

/** n8n stores an execution's data with `flatted`; its own copy reads it. */
function flattedOf(installDir) {
	return require(
		require.resolve('flatted', { paths: [path.join(installDir, 'node_modules/n8n')] }),
	);
}

function parseData(flatted, text) {
	if (!text) return null;
	try {
		return flatted.parse(text);
	} catch {
		return null;
	}
}

/** Executions of the workflows from Postgres (`pg` of scripts/n8n/queue.js): [{id, workflowId, status, finished, mode, createdAt (ms), raw, data}]. */
async function rowsFromPostgres(pg, workflowIds, installDir, { statusOnly = false } = {}) {
	const flatted = flattedOf(installDir);
	const list = workflowIds.map((id) => `'${String(id).replace(/'/g, "''")}'`).join(',');
	const rows = await pg.psql(
		`SELECT e.id, e."workflowId", e.status, e.finished, e.mode, (extract(epoch from e."createdAt") * 1000)::bigint, ${statusOnly ? "''" : "coalesce(d.data, '')"} FROM execution_entity e LEFT JOIN execution_data d ON d."executionId" = e.id WHERE e."workflowId" IN (${list}) ORDER BY e.id`,
	);
	return rows.map(([id, workflowId, status, finished, mode, createdAt, raw = '']) => ({
		id,
		workflowId,
		status,
		finished: finished === 't',
		mode,
		createdAt: Number(createdAt),
		raw,
		data: parseData(flatted, raw),
	}));
}

/** Executions of the workflows from n8n's SQLite file (single process), with n8n's own sqlite3 module. */
async function rowsFromSqlite(dbFile, workflowIds, installDir, { statusOnly = false } = {}) {
	const flatted = flattedOf(installDir);
	const sqlite3 = require(
		require.resolve('sqlite3', { paths: [path.join(installDir, 'node_modules/n8n')] }),
	);
	const db = await new Promise((resolve, reject) => {
		const d = new sqlite3.Database(dbFile, sqlite3.OPEN_READONLY, (error) =>
			error ? reject(error) : resolve(d),
		);
	});
	try {
		const rows = await new Promise((resolve, reject) =>
			db.all(
				`SELECT e.id, e.workflowId, e.status, e.finished, e.mode, e.createdAt, ${statusOnly ? "''" : "coalesce(d.data, '')"} AS raw FROM execution_entity e LEFT JOIN execution_data d ON d.executionId = e.id WHERE e.workflowId IN (${workflowIds.map(() => '?').join(',')}) ORDER BY e.id`,
				workflowIds.map(String),
				(error, r) => (error ? reject(error) : resolve(r)),
			),
		);
		// typeorm stores SQLite datetimes as UTC text.
		const createdAtOf = (text) => Date.parse(`${String(text).replace(' ', 'T')}Z`);
		return rows.map((r) => ({
			id: String(r.id),
			workflowId: String(r.workflowId),
			status: r.status,
			finished: Boolean(r.finished),
			mode: r.mode,
			createdAt: createdAtOf(r.createdAt),
			raw: r.raw,
			data: parseData(flatted, r.raw),
		}));
	} finally {
		db.close();
	}
}

/** Every item a node output in an execution (all its runs, first output). */
function itemsOf(row, nodeName) {
	const runs = row.data?.resultData?.runData?.[nodeName] ?? [];
	return runs.flatMap((run) => run?.data?.main?.[0] ?? []);
}

const isFinishedStatus = (status) => ['success', 'error', 'crashed', 'canceled'].includes(status);

/**
 * An `error` row whose data n8n replaced with the error alone: no run data, so it names no
 * delivery. n8n writes it when a queued job fails before the run (`processError` in
 * `n8n/dist/workflow-runner.js`), e.g. a worker that took the job while Postgres was cut.
 */
function isErasedRow(row, idPattern) {
	const runData = row.data?.resultData?.runData;
	return (
		row.status === 'error' &&
		!(row.raw.match(idPattern) ?? []).length &&
		runData !== undefined &&
		Object.keys(runData).length === 0
	);
}

const errorOf = (row) =>
	String(row.data?.resultData?.error?.message ?? 'no error message').slice(0, 100);

/**
 * Pairs acknowledged deliveries that no row names with erased rows of the same workflow: a row
 * can be a delivery's only if n8n created it between the delivery's first attempt and its 2xx.
 * Earliest deadline first finds a pairing whenever one exists. Answers [{id, row}] and the
 * deliveries left without one.
 */
function pairByTime(unnamed, erasedRows) {
	const windows = unnamed
		.map(({ id, d }) => ({
			id,
			from: d.attempts[0].at,
			to: d.attempts.at(-1).at + d.attempts.at(-1).ms,
		}))
		.sort((a, b) => a.to - b.to);
	const free = [...erasedRows].sort((a, b) => a.createdAt - b.createdAt);
	const paired = [];
	const unpaired = [];
	for (const w of windows) {
		const i = free.findIndex((row) => row.createdAt >= w.from && row.createdAt <= w.to);
		if (i === -1) unpaired.push(w.id);
		else paired.push({ id: w.id, row: free.splice(i, 1)[0] });
	}
	return { paired, unpaired };
}

/**
 * The figures of one workflow: the sender's records for it, the rows of its executions, the node
 * whose output carries the delivery, and how an output item names its webhook-id.
 */
function figures({ deliveries, rows, nodeName, idOfItem, idPattern }) {
	const successRuns = new Map();
	const rowsById = new Map();
	let runsWithoutItem = 0;
	const statuses = {};
	for (const row of rows) {
		statuses[row.status] = (statuses[row.status] ?? 0) + 1;
		for (const id of new Set(row.raw.match(idPattern) ?? [])) {
			if (!rowsById.has(id)) rowsById.set(id, []);
			rowsById.get(id).push(row);
		}
		if (row.status !== 'success') continue;
		const ids = new Set(itemsOf(row, nodeName).map(idOfItem).filter(Boolean));
		if (ids.size === 0) runsWithoutItem += 1;
		for (const id of ids) successRuns.set(id, (successRuns.get(id) ?? 0) + 1);
	}
	const f = {
		sent: deliveries.size,
		attempts: 0,
		acknowledged: 0,
		startupPage: 0,
		startupPageWithoutRun: 0,
		gaveUp: 0,
		lost: [],
		lostTrails: [],
		rowsWithoutId: rows
			.filter((r) => !(r.raw.match(idPattern) ?? []).length)
			.map((r) => `${r.id} ${r.status}${r.status === 'error' ? ` (${errorOf(r)})` : ''}`),
		erased: [],
		emptyOnly: [],
		halfway: [],
		ran: 0,
		duplicateRuns: 0,
		duplicateIds: [],
		runsWithoutItem,
		rows: rows.length,
		statuses,
		unfinished: rows.filter((r) => !isFinishedStatus(r.status)).length,
	};
	f.answers = {};
	const unnamed = [];
	for (const [id, d] of deliveries) {
		f.attempts += d.attempts.length;
		for (const a of d.attempts) {
			const kind =
				a.status === 0
					? a.body.startsWith('no answer')
						? 'no answer'
						: 'conn error'
					: String(a.status);
			f.answers[kind] = (f.answers[kind] ?? 0) + 1;
		}
		const runs = successRuns.get(id) ?? 0;
		if (runs > 0) f.ran += 1;
		if (runs > 1) {
			f.duplicateRuns += runs - 1;
			f.duplicateIds.push(id);
		}
		if (d.outcome === 'gaveUp') f.gaveUp += 1;
		if (d.outcome === 'startupPage') {
			f.startupPage += 1;
			if (!rowsById.has(id)) f.startupPageWithoutRun += 1;
		}
		if (d.outcome !== 'acknowledged') continue;
		f.acknowledged += 1;
		if (runs > 0) continue;
		const held = rowsById.get(id) ?? [];
		if (held.length === 0) unnamed.push({ id, d });
		else if (held.every((r) => r.status === 'success')) f.emptyOnly.push(id);
		else f.halfway.push(`${id} (${held.map((r) => `${r.id} ${r.status}`).join(', ')})`);
	}
	const { paired, unpaired } = pairByTime(
		unnamed,
		rows.filter((r) => isErasedRow(r, idPattern)),
	);
	f.erased = paired.map(({ id, row }) => `${id} (${row.id}: ${errorOf(row)})`);
	for (const id of unpaired) {
		const d = deliveries.get(id);
		f.lost.push(id);
		f.lostTrails.push(
			`${id}: ${d.attempts.map((a) => `${a.status || a.body} ${a.status ? a.body.slice(0, 60) : ''}`.trim()).join(' | ')}`,
		);
	}
	return f;
}

/** Rows of the table: [label, trigger figure, Webhook node figure]. */
function tableRows(a, b) {
	const answersText = (f) =>
		Object.entries(f.answers)
			.sort()
			.map(([k, v]) => `${k}: ${v}`)
			.join(', ');
	const statusText = (f) =>
		Object.entries(f.statuses)
			.sort()
			.map(([k, v]) => `${k} ${v}`)
			.join(', ') || '-';
	const rows = [
		['deliveries sent (distinct webhook-ids)', a.sent, b.sent],
		['attempts (with re-sends)', a.attempts, b.attempts],
		['  answers (status: count)', answersText(a), answersText(b)],
		['acknowledged 2xx by the workflow', a.acknowledged, b.acknowledged],
		["answered 2xx by n8n's start-up page", a.startupPage, b.startupPage],
		[
			'  of which no execution at all (known window)',
			a.startupPageWithoutRun,
			b.startupPageWithoutRun,
		],
		['never acknowledged (sender gave up)', a.gaveUp, b.gaveUp],
		['ACKNOWLEDGED, NO EXECUTION n8n HOLDS (must be 0)', a.lost.length, b.lost.length],
		['acknowledged, only runs that output nothing', a.emptyOnly.length, b.emptyOnly.length],
		[
			'acknowledged, run killed half-way (crashed/unfinished/error row)',
			a.halfway.length,
			b.halfway.length,
		],
		[
			'acknowledged, run failed by n8n before it began, its data erased (paired by time)',
			a.erased.length,
			b.erased.length,
		],
		['deliveries output by a successful run', a.ran, b.ran],
		[
			'DUPLICATE RUNS (extra successful runs of an id; must be 0)',
			a.duplicateRuns,
			b.duplicateRuns,
		],
		[
			'successful runs without a delivery item (suppressed repeats)',
			a.runsWithoutItem,
			b.runsWithoutItem,
		],
		['execution rows', a.rows, b.rows],
		['  by status', statusText(a), statusText(b)],
	];
	return rows;
}

function printTable(title, columns, rows) {
	const widths = [
		Math.max(...rows.map((r) => r[0].length)),
		...columns.map((c, i) => Math.max(c.length, ...rows.map((r) => String(r[i + 1]).length))),
	];
	const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
	console.log(`\n${title}`);
	console.log(line(['', ...columns]));
	console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
	for (const r of rows) console.log(line(r));
}

module.exports = {
	rowsFromPostgres,
	rowsFromSqlite,
	itemsOf,
	figures,
	pairByTime,
	isErasedRow,
	errorOf,
	tableRows,
	printTable,
	isFinishedStatus,
};
