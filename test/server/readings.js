// @ts-check
'use strict';
/**
 * Where Fax.Plus's documents are silent or disagree (docs/fax-plus-readings.md), the server
 * answers one way or the other, so a test can run an operation under each reading. Each value
 * is a reading some document supports: none is looser than what Fax.Plus documents.
 */

const { badRequest } = require('./http');

/** @typedef {import('./index').Readings} Readings */

/** @type {Readings} */
const DEFAULT_READINGS = {
	pageCap: null,
	listBounds: 'exclusive',
	uploadAnswer: 'path',
	hookEvents: 'spec',
	hookNumbers: 'listed',
	faxUpdate: 'partial',
	outboxComment: 'keepsTags',
	sentComment: 'keepsText',
	listingLag: null,
	largeLimit: 'capped',
	listOrder: 'newestFirst',
	faxSender: 'from',
	signatureHeaders: 'webhook',
	webhookBody: 'records',
	memberUserId: 'ownId',
};

/** @type {{ [K in Exclude<keyof Readings, 'pageCap' | 'listingLag'>]: ReadonlyArray<Readings[K]> }} */
const CHOICES = {
	listBounds: ['exclusive', 'inclusive'],
	uploadAnswer: ['path', 'file_path'],
	hookEvents: ['spec', 'sdk'],
	hookNumbers: ['listed', 'ignored'],
	faxUpdate: ['partial', 'full'],
	outboxComment: ['keepsTags', 'replacesTags'],
	sentComment: ['keepsText', 'drops'],
	largeLimit: ['capped', 'refused'],
	listOrder: ['newestFirst', 'oldestFirst'],
	faxSender: ['from', 'from_number'],
	signatureHeaders: ['webhook', 'svix'],
	webhookBody: ['records', 'documented'],
	memberUserId: ['ownId', 'self'],
};

/**
 * The readings with the changes applied; throws a TypeError naming a wrong field.
 * @param {Readings} base
 * @param {Partial<Readings> | undefined} changes
 * @returns {Readings}
 */
function withReadings(base, changes = {}) {
	const next = { ...base };
	for (const [key, value] of Object.entries(changes)) {
		if (key === 'pageCap' || key === 'listingLag') {
			if (value !== null && !(Number.isInteger(value) && Number(value) >= 1))
				throw new TypeError(`${key} must be a whole number ≥ 1 or null, got ${String(value)}`);
			next[key] = /** @type {number | null} */ (value);
			continue;
		}
		if (!Object.hasOwn(CHOICES, key)) throw new TypeError(`${key} is not a reading`);
		const choices = /** @type {ReadonlyArray<unknown>} */ (
			CHOICES[/** @type {keyof typeof CHOICES} */ (key)]
		);
		if (!choices.includes(value))
			throw new TypeError(`${key} must be one of ${choices.join(', ')}, got ${String(value)}`);
		/** @type {Record<string, unknown>} */ (next)[key] = value;
	}
	return next;
}

/**
 * How many records a list page holds: what the client asked for, at most the page cap; above
 * it, 400 under the reading `largeLimit: 'refused'`.
 * @param {Readings} readings
 * @param {number} asked
 */
function pageSize(readings, asked) {
	if (readings.pageCap === null) return asked;
	if (readings.largeLimit === 'refused' && asked > readings.pageCap)
		throw badRequest(`limit must be at most ${readings.pageCap}`);
	return Math.min(asked, readings.pageCap);
}

/**
 * Whether a list answer shows a fax: one just taken (reading `listingLag`) is left out of that many
 * list answers first, counted here.
 * @param {import('./index').State} state @param {string} id
 */
function listed(state, id) {
	if (!(state.unlisted[id] > 0)) return true;
	state.unlisted[id] -= 1;
	return false;
}

/** @param {import('./index').State} state @param {string} id */
function listLater(state, id) {
	if (state.readings.listingLag !== null) state.unlisted[id] = state.readings.listingLag;
}

module.exports = { DEFAULT_READINGS, withReadings, pageSize, listed, listLater };
