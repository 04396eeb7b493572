// @ts-check
'use strict';
/** Files: upload a document to send (multipart), download a fax as PDF/TIFF, report, thumbnail. */
const { ApiError, json, binary, badRequest } = require('../http');
const { read, edit, resolveUser } = require('./common');
const { findFax } = require('./faxes');
const { THUMBNAIL_JPEG, TIFF, makePdf } = require('../media');
const { randomHex } = require('../util');
const { createHash } = require('node:crypto');

/** The file types Fax.Plus converts, by the extension of the uploaded file's name (as its SDKs send it). */
const DOCUMENT_EXTENSIONS = new Set(
	'pdf tif tiff doc docx xls xlsx ppt pptx odt ods odp rtf txt html htm jpg jpeg png gif bmp'.split(
		' ',
	),
);

/** @param {Record<string, string>} query */
function format(query) {
	const f = query.format || 'pdf';
	if (f !== 'pdf' && f !== 'tiff') throw badRequest('format must be pdf or tiff');
	return f;
}

/** @type {import('../router').Route[]} */
module.exports = [
	{
		method: 'POST',
		path: '/accounts/:user_id/files',
		// apidoc (concepts/authentication): uploads take fax:all:edit or fax:file:edit.
		scopes: edit('file'),
		handler: (ctx) => {
			const user = resolveUser(ctx);
			const fmt = format(ctx.query);
			const file = ctx.uploads.find((u) => u.name === 'fax_file');
			if (!file) throw badRequest('A multipart/form-data part named fax_file is required');
			if (file.size === 0) throw badRequest('fax_file is empty');
			// A fax takes 150 MB in all (apidoc.fax.plus/concepts/fax); one file above it can never be sent.
			if (file.size > 150 * 1024 * 1024)
				throw new ApiError(413, 'payload_too_large', 'fax_file is larger than 150 MB');
			const extension = /\.([a-z0-9]+)$/i.exec(file.filename)?.[1]?.toLowerCase();
			if (!extension || !DOCUMENT_EXTENSIONS.has(extension))
				throw badRequest(
					`fax_file's file name "${file.filename}" has no extension of a document type Fax.Plus converts`,
				);
			const path = `/storage/${randomHex(12)}.${fmt}`;
			ctx.state.files[path] = {
				path,
				uid: user.uid,
				filename: file.filename,
				contentType: file.contentType,
				size: file.size,
				sha256: createHash('sha256').update(file.data).digest('hex'),
				format: fmt,
			};
			// The SDK's FilePath model names the field `path`, its prose `file_path`.
			return json(ctx.state.readings.uploadAnswer === 'file_path' ? { file_path: path } : { path });
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/files/:fax_id',
		scopes: read('fax'),
		handler: (ctx) => {
			const fax = findFax(ctx);
			if (format(ctx.query) === 'tiff') return binary(TIFF, 'image/tiff', `${fax.id}.tiff`);
			return binary(
				makePdf([
					`Fax ${fax.id}`,
					`From ${fax.from} to ${fax.to}`,
					`${fax.pages} page(s), ${fax.start_time} UTC`,
				]),
				'application/pdf',
				`${fax.id}.pdf`,
			);
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/report/:fax_id',
		scopes: read('fax'),
		handler: (ctx) => {
			const fax = findFax(ctx);
			return binary(
				makePdf([
					`Transmission report ${fax.id}`,
					`From ${fax.from} to ${fax.to}`,
					`Status: ${fax.status}`,
					`Pages: ${fax.pages}`,
				]),
				'application/pdf',
				`report-${fax.id}.pdf`,
			);
		},
	},
	{
		method: 'GET',
		path: '/accounts/:user_id/thumbnail/:fax_id',
		scopes: read('fax'),
		handler: (ctx) => {
			findFax(ctx);
			return binary(THUMBNAIL_JPEG, 'image/jpeg');
		},
	},
];
