'use strict';
// Small statistics and formatting helpers shared by the benchmark cases and the report.

/** Sorted copy of finite numbers. */
function sorted(values) {
	return values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
}

/** Quantile q (0..1) of already sorted values, linear interpolation. */
function quantileSorted(s, q) {
	if (s.length === 0) return NaN;
	const pos = (s.length - 1) * q;
	const lo = Math.floor(pos);
	const hi = Math.ceil(pos);
	return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** median, min, max and the relative half-range of a list of round results. */
function summarize(values) {
	const s = sorted(values);
	const median = quantileSorted(s, 0.5);
	return {
		n: s.length,
		median,
		min: s[0],
		max: s[s.length - 1],
		p25: quantileSorted(s, 0.25),
		p75: quantileSorted(s, 0.75),
		/** (max - min) / 2 / median, as a fraction. */
		spread: s.length > 1 && median > 0 ? (s[s.length - 1] - s[0]) / 2 / median : 0,
	};
}

/** p50/p90/p99/max of latencies (ms). */
function latencies(values) {
	const s = sorted(values);
	return {
		n: s.length,
		p50: quantileSorted(s, 0.5),
		p90: quantileSorted(s, 0.9),
		p99: quantileSorted(s, 0.99),
		max: s[s.length - 1],
		mean: s.reduce((a, b) => a + b, 0) / (s.length || 1),
	};
}

/** A duration given in nanoseconds, in the unit that reads best. */
function fmtNs(ns) {
	if (!Number.isFinite(ns)) return 'n/a';
	if (ns < 1e3) return `${ns.toFixed(0)} ns`;
	if (ns < 1e6) return `${(ns / 1e3).toFixed(ns < 1e4 ? 2 : 1)} µs`;
	if (ns < 1e9) return `${(ns / 1e6).toFixed(ns < 1e7 ? 2 : 1)} ms`;
	return `${(ns / 1e9).toFixed(2)} s`;
}

function fmtMs(ms) {
	return fmtNs(ms * 1e6);
}

function fmtBytes(bytes) {
	if (!Number.isFinite(bytes)) return 'n/a';
	const sign = bytes < 0 ? '-' : '';
	const b = Math.abs(bytes);
	if (b < 1024) return `${sign}${b.toFixed(0)} B`;
	if (b < 1024 * 1024) return `${sign}${(b / 1024).toFixed(1)} KB`;
	if (b < 1024 * 1024 * 1024) return `${sign}${(b / 1024 / 1024).toFixed(1)} MB`;
	return `${sign}${(b / 1024 / 1024 / 1024).toFixed(1)} GB`;
}

function fmtInt(n) {
	if (!Number.isFinite(n)) return 'n/a';
	return Math.round(n).toLocaleString('en-US');
}

function fmtRate(perSecond) {
	if (!Number.isFinite(perSecond)) return 'n/a';
	if (perSecond >= 1e6) return `${(perSecond / 1e6).toFixed(2)} M/s`;
	if (perSecond >= 1e4) return `${(perSecond / 1e3).toFixed(0)} k/s`;
	if (perSecond >= 100) return `${perSecond.toFixed(0)}/s`;
	return `${perSecond.toFixed(1)}/s`;
}

function fmtPct(fraction) {
	if (!Number.isFinite(fraction)) return 'n/a';
	return `±${(fraction * 100).toFixed(fraction < 0.1 ? 1 : 0)}%`;
}

/** A markdown table (also readable in a terminal). rows: arrays of cells. */
function table(headers, rows, align) {
	const all = [headers, ...rows].map((r) => r.map((c) => String(c ?? '')));
	const widths = headers.map((_, i) => Math.max(3, ...all.map((r) => [...(r[i] ?? '')].length)));
	const pad = (text, i) => {
		const gap = ' '.repeat(widths[i] - [...text].length);
		return align && align[i] === 'r' ? gap + text : text + gap;
	};
	const line = (r) => `| ${r.map((c, i) => pad(c, i)).join(' | ')} |`;
	const rule = `|${widths.map((w, i) => (align && align[i] === 'r' ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
	return [line(all[0]), rule, ...all.slice(1).map(line)].join('\n');
}

module.exports = {
	summarize,
	latencies,
	quantileSorted,
	fmtNs,
	fmtMs,
	fmtBytes,
	fmtInt,
	fmtRate,
	fmtPct,
	table,
};
