// Send's limits and defaults: what its parameters show and its steps enforce.

export const DOCUMENT_SOURCES = ['binary', 'text', 'url', 'fax'] as const;
export type DocumentSource = (typeof DOCUMENT_SOURCES)[number];

export const TEXT_FIELD = 'documentText';

/** Pages Send takes without Max Pages set: enough for everyday faxes, far from an accidental 2,000-page file. */
export const DEFAULT_MAX_PAGES = 100;

/** Fax.Plus takes at most this many destinations per fax (too_many_destinations above it). */
export const MAX_DESTINATIONS = 4000;
/** As a tool, without Max Destinations, one call sends to at most this many numbers. */
export const TOOL_MAX_DESTINATIONS = 10;

export const MAX_FILES = 10;
/** Fax.Plus takes at most this many megabytes per fax, all files together (413 above it). */
export const MAX_TOTAL_MEGABYTES = 150;

/** How long one document may take in all, redirects included, unless the option says otherwise. */
export const DEFAULT_TIME_LIMIT_SECONDS = 120;
export const MAX_TIME_LIMIT_SECONDS = 3600;

/** Fax.Plus watches tight status polling: checks are at least this far apart. */
export const STATUS_CHECK_FLOOR_SECONDS = 20;
export const DEFAULT_CHECK_INTERVAL_SECONDS = 30;
export const DEFAULT_MAX_STATUS_CHECKS = 20;

/** How long a tool's default key holds, unless the node says otherwise. */
export const DEFAULT_KEY_WINDOW_HOURS = 24;
/** How long a key holds (one to two of it), unless the node says otherwise. */
export const DEFAULT_KEY_LIFETIME_DAYS = 7;

/** The `from` of a corporate member without an assigned fax number (the SDK's sendFax). */
export const NO_NUMBER = 'no_number';
