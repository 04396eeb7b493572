// @ts-check
'use strict';
/**
 * Network conditions of a real API, for tests and benchmarks: every API answer (/v3, /oauth)
 * delayed by `latencyMs`; a rate limit that answers 429 with `Retry-After` once more than
 * `requestsPerSecond` API requests arrive within one clock second; and `refuseNext`, which answers
 * the next `requests` API requests 429 whenever they arrive, for a check that needs its 429s
 * however a busy machine spreads the requests.
 */
const { ApiError } = require('./http');

/**
 * @typedef {import('./index').NetworkConditions} NetworkConditions
 * @typedef {import('./index').RateLimit} RateLimit
 * @typedef {import('./index').Refusals} Refusals
 */

/** @param {unknown} value @param {string} name @returns {number} */
function nonNegativeInteger(value, name) {
	const number = Number(value);
	if (!Number.isInteger(number) || number < 0)
		throw new TypeError(`${name} must be a whole number ≥ 0, got ${String(value)}`);
	return number;
}

/**
 * Checks and completes conditions (throws a TypeError naming the wrong field).
 * @param {Partial<NetworkConditions> | undefined} value
 * @returns {NetworkConditions}
 */
function normalise(value = {}) {
	const latencyMs = nonNegativeInteger(value.latencyMs ?? 0, 'latencyMs');
	/** @type {RateLimit | null} */
	let rateLimit = null;
	if (value.rateLimit) {
		const requestsPerSecond = nonNegativeInteger(
			value.rateLimit.requestsPerSecond,
			'rateLimit.requestsPerSecond',
		);
		const retryAfterSeconds =
			value.rateLimit.retryAfterSeconds === undefined
				? undefined
				: nonNegativeInteger(value.rateLimit.retryAfterSeconds, 'rateLimit.retryAfterSeconds');
		rateLimit = {
			requestsPerSecond,
			...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
		};
	}
	/** @type {Refusals | null} */
	let refuseNext = null;
	if (value.refuseNext) {
		const requests = nonNegativeInteger(value.refuseNext.requests, 'refuseNext.requests');
		const retryAfterSeconds =
			value.refuseNext.retryAfterSeconds === undefined
				? undefined
				: nonNegativeInteger(value.refuseNext.retryAfterSeconds, 'refuseNext.retryAfterSeconds');
		if (requests > 0)
			refuseNext = { requests, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
	}
	return { latencyMs, rateLimit, refuseNext };
}

/**
 * A 429 as the rate limit answers it.
 * @param {string} description
 * @param {number} retryAfter seconds
 */
function tooManyRequests(description, retryAfter) {
	const error = new ApiError(429, 'too_many_requests', description);
	/** @type {any} */ (error).headers = { 'retry-after': String(retryAfter) };
	return error;
}

/**
 * @param {Partial<NetworkConditions> | undefined} initial conditions at start (and after reset)
 * @param {() => number} now clock in ms
 */
function createNetwork(initial, now) {
	const atStart = normalise(initial);
	let conditions = atStart;
	let windowSecond = -1;
	let inWindow = 0;
	let inFlight = 0;
	let maxInFlight = 0;

	return {
		/** @returns {NetworkConditions} */
		get conditions() {
			return {
				latencyMs: conditions.latencyMs,
				rateLimit: conditions.rateLimit && { ...conditions.rateLimit },
				refuseNext: conditions.refuseNext && { ...conditions.refuseNext },
			};
		},
		/** @param {Partial<NetworkConditions>} changes */
		set(changes) {
			conditions = normalise({ ...conditions, ...changes });
			inWindow = 0;
		},
		reset() {
			conditions = atStart;
			inWindow = 0;
			maxInFlight = inFlight;
		},
		/** The most API requests being answered at the same time since the last reset/clear. */
		get maxInFlight() {
			return maxInFlight;
		},
		clearMaxInFlight() {
			maxInFlight = inFlight;
		},
		/** Marks an API request as being answered (until `left()`). */
		entered() {
			inFlight++;
			if (inFlight > maxInFlight) maxInFlight = inFlight;
		},
		left() {
			inFlight--;
		},
		/**
		 * Counts one API request; throws a 429 ApiError (with Retry-After) when it is over the limit.
		 * @returns {void}
		 */
		admit() {
			const refusals = conditions.refuseNext;
			if (refusals) {
				// A new object: the start options (reset()) stay as they were given.
				const left = refusals.requests - 1;
				conditions = {
					...conditions,
					refuseNext: left > 0 ? { ...refusals, requests: left } : null,
				};
				const retryAfter = refusals.retryAfterSeconds ?? 1;
				throw tooManyRequests(`Too many requests; retry after ${retryAfter} s`, retryAfter);
			}
			const limit = conditions.rateLimit;
			if (!limit) return;
			const t = now();
			const second = Math.floor(t / 1000);
			if (second !== windowSecond) {
				windowSecond = second;
				inWindow = 0;
			}
			inWindow++;
			if (inWindow <= limit.requestsPerSecond) return;
			// The window ends within a second.
			const retryAfter = limit.retryAfterSeconds ?? 1;
			throw tooManyRequests(
				`More than ${limit.requestsPerSecond} requests per second; retry after ${retryAfter} s`,
				retryAfter,
			);
		},
		/** Waits the configured latency (nothing when it is 0). */
		async delay() {
			if (conditions.latencyMs > 0)
				await new Promise((resolve) => setTimeout(resolve, conditions.latencyMs));
		},
	};
}

module.exports = { createNetwork, normalise };
