'use strict';
// Case 2: the duplicate record (DeliveryLog) as it grows, in its own process per size:
//   node --expose-gc bench/cases/dedup.js <package> <out.json> <entries>
//
// With the cap raised to <entries>:
//   fill       check-and-record <entries> distinct ids into an empty record (time per delivery,
//              per tenth of the fill to show it stays flat)
//   repeat     check-and-record of ids already recorded (the duplicate answer)
//   steady     <entries> more distinct ids at the cap, each evicting the oldest (pruning and the
//              occasional compaction included; several rounds for small sizes), then single
//              calls timed one by one (the slowest is a compaction)
//   memory     heap after fill and after steady (garbage collected), per entry, and the stored
//              array length (the bound: at most about twice the cap before a compaction)
//   expiry     every entry older than the retention: the one call that prunes them all
// Ids look like Fax.Plus's (`msg_` + 24 hex digits) and are made before each timed loop.

const fs = require('node:fs');
const path = require('node:path');

const [pkgArg, outFile, entriesArg] = process.argv.slice(2);
const pkgDir = path.resolve(pkgArg);
const N = Number(entriesArg);
const { DeliveryLog, keyOfDeliveryId } = require(
	path.join(pkgDir, 'dist/nodes/FaxPlusTrigger/deduplication.js'),
);
const { retentionMsOfDays } = require(path.join(pkgDir, 'dist/nodes/triggers/limits.js'));

if (typeof global.gc !== 'function') throw new Error('run with --expose-gc');
const gc = () => {
	global.gc();
	global.gc();
};
const heap = () => {
	gc();
	return process.memoryUsage().heapUsed;
};
const ns = (t0) => Number(process.hrtime.bigint() - t0);
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

let serial = 0;
/** n distinct, flat id strings. */
function makeIds(n) {
	const ids = new Array(n);
	for (let i = 0; i < n; i++) ids[i] = `msg_${(serial++).toString(16).padStart(24, '0')}`;
	return ids;
}

const retentionMs = retentionMsOfDays(undefined);
let offset = 0;
const now = () => Date.now() + offset;
const newLog = () => new DeliveryLog({ maxEntries: N, retentionMs, now });

function fillTimed(log, ids, parts = 10) {
	const per = Math.ceil(ids.length / parts);
	const tenths = [];
	const t0 = process.hrtime.bigint();
	for (let p = 0; p < parts; p++) {
		const t = process.hrtime.bigint();
		const end = Math.min(ids.length, (p + 1) * per);
		for (let i = p * per; i < end; i++) {
			if (!log.checkAndRecord(keyOfDeliveryId(ids[i])))
				throw new Error('distinct id taken for a repeat');
		}
		tenths.push(ns(t) / (end - p * per));
	}
	return { total: ns(t0) / ids.length, tenths };
}

// Each phase is its own function, so what it allocates is garbage when it returns
// (block-scoped variables of one long function can stay reachable from its frame).

function warmUp() {
	const warm = new DeliveryLog({ maxEntries: 5000, retentionMs, now });
	const ids = makeIds(50000);
	for (const id of ids) warm.checkAndRecord(keyOfDeliveryId(id));
	for (let i = 0; i < 20000; i++)
		warm.checkAndRecord(keyOfDeliveryId(ids[ids.length - 1 - (i % 4000)]));
}

function throwawayFill() {
	const ids = makeIds(N);
	gc();
	return fillTimed(newLog(), ids);
}

function measuredFill(log) {
	return fillTimed(log, makeIds(N));
}

function repeats(log) {
	// Every 7th id of the measured fill (the last N made before this call).
	const first = serial - N;
	const repeatKeys = [];
	for (let i = 0; i < N; i += 7)
		repeatKeys.push(keyOfDeliveryId(`msg_${(first + i).toString(16).padStart(24, '0')}`));
	const reps = Math.max(1, Math.ceil(200000 / repeatKeys.length));
	const t0 = process.hrtime.bigint();
	for (let r = 0; r < reps; r++) {
		for (const k of repeatKeys)
			if (log.checkAndRecord(k)) throw new Error('a repeat was taken for new');
	}
	return { nsPerOp: ns(t0) / (reps * repeatKeys.length) };
}

function steady(log) {
	const ids = makeIds(N);
	gc();
	const res = fillTimed(log, ids);
	if (log.size !== N) throw new Error(`size ${log.size} after steady state, cap ${N}`);
	return { nsPerOp: res.total, tenths: res.tenths };
}

function singles(log) {
	const more = makeIds(N);
	gc();
	let max = 0;
	let over100us = 0;
	let maxStored = 0;
	const single = new Float64Array(more.length);
	for (let i = 0; i < more.length; i++) {
		const key = keyOfDeliveryId(more[i]);
		const t0 = process.hrtime.bigint();
		log.checkAndRecord(key);
		const t = ns(t0);
		single[i] = t;
		if (t > max) max = t;
		if (t > 100000) over100us++;
		if (log.storedLength > maxStored) maxStored = log.storedLength;
	}
	single.sort();
	return {
		max,
		over100us,
		maxStored,
		p50: single[Math.floor(single.length * 0.5)],
		p999: single[Math.floor(single.length * 0.999)],
	};
}

function expiry(log) {
	offset = retentionMs + 1000;
	const before = log.size;
	const t0 = process.hrtime.bigint();
	log.has('id:none');
	const t = ns(t0);
	offset = 0;
	if (log.size !== 0) throw new Error(`${log.size} entries left after expiry`);
	return { entries: before, ns: t, nsPerEntry: t / before, storedAfter: log.storedLength };
}

function main() {
	const out = { entries: N };
	warmUp();
	// Timing of the fill: several fresh records for small sizes (each fill is short).
	const rounds = N <= 1000 ? 40 : N <= 10000 ? 12 : N <= 100000 ? 4 : 1;
	const fills = [];
	for (let r = 0; r < rounds - 1; r++) fills.push(throwawayFill());

	// The measured record: heap before and after its fill, ids included (the record keeps them).
	const base = heap();
	const log = newLog();
	fills.push(measuredFill(log));
	out.fill = { rounds, nsPerOp: fills.map((f) => f.total), tenths: fills.map((f) => f.tenths) };
	out.memory = { afterFill: heap() - base, storedAfterFill: log.storedLength, size: log.size };
	out.memory.perEntry = out.memory.afterFill / N;
	out.repeat = repeats(log);
	// At the cap: N new ids per round, each evicting the oldest (several rounds for small sizes).
	const steadyRounds = [];
	for (let r = 0; r < Math.max(1, Math.ceil(rounds / 2)); r++) steadyRounds.push(steady(log));
	out.steady = {
		rounds: steadyRounds.length,
		nsPerOp: median(steadyRounds.map((x) => x.nsPerOp)),
		tenths: steadyRounds[0].tenths,
		all: steadyRounds.map((x) => x.nsPerOp),
	};
	out.memory.afterSteady = heap() - base;
	out.memory.moreIds = N * (steadyRounds.length + 1);
	out.memory.storedAfterSteady = log.storedLength;
	out.single = singles(log);
	out.memory.afterSingles = heap() - base;
	out.memory.storedAfterSingles = log.storedLength;
	out.memory.maxStored = out.single.maxStored;
	out.expiry = expiry(log);
	out.memory.afterExpiry = heap() - base;
	fs.writeFileSync(outFile, JSON.stringify(out));
}

main();
