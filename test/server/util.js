// @ts-check
'use strict';
const crypto = require('node:crypto');

/** @param {number} bytes */
const randomHex = (bytes) => crypto.randomBytes(bytes).toString('hex');

/** Fax.Plus style UTC time, 'YYYY-MM-DD HH:mm:ss'. @param {number} ms */
const faxTime = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

/** @param {unknown} v @returns {v is Record<string, any>} */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Removes whitespace from a phone number. @param {string} n */
const normalizeNumber = (n) => n.replace(/\s+/g, '');

/** True for '+' followed by 2..15 digits (after normalisation). @param {unknown} n */
const isE164 = (n) => typeof n === 'string' && /^\+[0-9]{2,15}$/.test(normalizeNumber(n));

/** @param {Record<string, any>} obj @param {string[]} keys */
const pick = (obj, keys) =>
	Object.fromEntries(keys.filter((k) => k in obj).map((k) => [k, obj[k]]));

module.exports = { randomHex, faxTime, isObject, normalizeNumber, isE164, pick };
