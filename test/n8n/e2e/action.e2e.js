'use strict';
// The Fax.Plus action node in a real n8n: one production workflow per operation
// (Webhook → Fax.Plus), run through its webhook, with the personal access token
// for every operation and OAuth2 for the main ones. Each check asserts the
// execution's output and the requests the local server received.
//
// To cover a new operation, add a case to CASES (key `resource.operation`); the
// check "every operation has an e2e case" lists the ones without a case.

const assert = require('node:assert/strict');
const {
	credRef,
	webhookWorkflow,
	deployWebhookWorkflow,
	outputOf,
	errorOf,
	apiRequests,
	assertSuccess,
	uid,
} = require('./lib');

const NODE = 'Fax.Plus';

/** Exactly one recorded API request with this method and path; returns it. */
function one(reqs, method, path) {
	const hits = reqs.filter((r) => r.method === method && r.path === `/v3${path}`);
	assert.equal(
		hits.length,
		1,
		`expected one ${method} /v3${path}, got: ${reqs.map((r) => `${r.method} ${r.path}`).join(', ') || 'none'}`,
	);
	return hits[0];
}

const jsonOf = (items) => items.map((i) => i.json);

/** A call to the local server's control API (test/server/control.js); its JSON answer, if any. */
async function control(server, path, body) {
	const res = await fetch(`${server.origin}/_control/${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json' },
		body: JSON.stringify(body),
	});
	const text = await res.text();
	assert.ok(res.ok, `POST /_control/${path}: ${res.status} ${text}`);
	return text ? JSON.parse(text) : undefined;
}

/**
 * Operation cases. `params`: the node's parameters besides authentication/resource/operation
 * (a function gets the shared state `s`). `check(items, reqs, s)` asserts output and requests.
 * `oauth: true` also runs the case with the OAuth2 credential. `prepare(s)`, if any, runs before
 * the workflow is made (e.g. a fax and Fax AI plans at the local server). `n8n1` says what takes
 * another path on n8n 1.x: only those cases run there (the others' path is the same on both lines).
 */
const CASES = [
	{
		key: 'account.getPlan',
		oauth: true,
		n8n1: "n8n's request helpers with each credential",
		params: { userId: 'self' },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/plan');
			assert.deepEqual(jsonOf(items), [{ plan_type: 'business', is_admin: true, is_owner: true }]);
		},
	},
	{
		key: 'account.updateMember',
		params: { memberUserId: 'member_1', updateFields: { quota: 300, role: 'member' } },
		check(items, reqs, s) {
			const r = one(reqs, 'PUT', '/accounts/self/member-details/member_1');
			assert.deepEqual(r.body, { quota: 300, role: 'member' });
			assert.equal(items.length, 1);
			assert.equal(s.server.state.users.member_1.quota, 300);
		},
	},
	{
		key: 'account.getAllMembers',
		oauth: true,
		params: { returnAll: true },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts');
			assert.deepEqual(
				jsonOf(items)
					.map((m) => m.uid)
					.sort(),
				['member_1', 'member_2', 'owner_1'],
			);
		},
	},
	{
		key: 'contactGroup.share',
		params: { groupIds: 'group_1', memberIds: 'member_1, member_2' },
		check(items, reqs, s) {
			const r = one(reqs, 'POST', '/accounts/self/contact-groups/share');
			assert.deepEqual(r.body, { group_ids: ['group_1'], member_ids: ['member_1', 'member_2'] });
			assert.deepEqual(jsonOf(items), [
				{ shared: true, groupIds: ['group_1'], memberIds: ['member_1', 'member_2'] },
			]);
			assert.deepEqual([...s.server.state.contactGroups.group_1.shared_with].sort(), [
				'member_1',
				'member_2',
			]);
		},
	},
	{
		key: 'contactGroup.delete',
		params: { groupId: 'group_2' },
		check(items, reqs, s) {
			one(reqs, 'DELETE', '/accounts/self/contact-groups/group_2');
			assert.deepEqual(jsonOf(items), [{ deleted: true, groupId: 'group_2' }]);
			assert.equal(s.server.state.contactGroups.group_2, undefined);
		},
	},
	{
		key: 'outbox.get',
		params: { userId: 'self', outboxFaxId: 'outbox_1' },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/outbox/outbox_1');
			const [out] = jsonOf(items);
			assert.equal(out.id, 'outbox_1');
			assert.equal(out.status, 'scheduled');
		},
	},
	{
		key: 'outbox.getAll',
		params: { userId: 'self', returnAll: false, limit: 10 },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/outbox');
			assert.ok(jsonOf(items).some((o) => o.id === 'outbox_1'));
		},
	},
	{
		key: 'outbox.update',
		params: { userId: 'self', outboxFaxId: 'outbox_1', comment: 'Moved by n8n' },
		check(items, reqs, s) {
			const r = one(reqs, 'PUT', '/accounts/self/outbox/outbox_1');
			// PayloadOutboxModification: the comment only.
			assert.deepEqual(r.body, { comment: 'Moved by n8n' });
			assert.deepEqual(jsonOf(items), [
				{ updated: true, outboxFaxId: 'outbox_1', userId: 'self', comment: 'Moved by n8n' },
			]);
			assert.equal(s.server.state.outbox.outbox_1.comment.text, 'Moved by n8n');
		},
	},
	{
		key: 'outbox.delete',
		params: { userId: 'self', outboxFaxId: 'outbox_1' },
		check(items, reqs, s) {
			const r = one(reqs, 'DELETE', '/accounts/self/outbox/outbox_1');
			assert.equal(r.status, 204);
			assert.deepEqual(jsonOf(items), [{ deleted: true, outboxFaxId: 'outbox_1', userId: 'self' }]);
			assert.equal(s.server.state.outbox.outbox_1, undefined);
		},
	},
	{
		key: 'fax.downloadThumbnail',
		oauth: true,
		binary: true,
		n8n1: "n8n's binary data, with OAuth2",
		params: { userId: 'self', faxId: 'fax_1', binaryPropertyName: 'data' },
		async check(items, reqs, s, run) {
			one(reqs, 'GET', '/accounts/self/thumbnail/fax_1');
			assert.equal(items.length, 1);
			const bin = items[0].binary?.data;
			assert.ok(bin, `no binary "data" in ${JSON.stringify(items[0])}`);
			assert.equal(bin.mimeType, 'image/jpeg');
			assert.equal(bin.fileName, 'fax_1.jpg');
			// The bytes n8n stored for the output are the server's JPEG.
			const direct = await fetch(`${s.server.baseUrl}/accounts/self/thumbnail/fax_1`, {
				headers: { authorization: `Bearer ${s.server.tokens.pat}` },
			});
			const expected = Buffer.from(await direct.arrayBuffer());
			const stored = await s.n8n.binaryData(bin);
			assert.equal(stored.subarray(0, 3).toString('hex'), 'ffd8ff', 'not a JPEG');
			assert.ok(
				stored.equals(expected),
				`thumbnail bytes differ (${stored.length} vs ${expected.length})`,
			);
			// ... and what the next node gets: the webhook answers with the first item's file.
			let answered = Buffer.isBuffer(run.body) ? run.body : Buffer.alloc(0);
			// n8n 1.123's Webhook node answers an in-memory file as JSON {"type":"Buffer","data":[...]}.
			if (answered.subarray(0, 16).toString() === '{"type":"Buffer"')
				answered = Buffer.from(JSON.parse(answered.toString()).data);
			assert.ok(
				answered.equals(expected),
				`answered bytes differ: ${run.headers.get('content-type')} ${answered.subarray(0, 40).toString('hex')}`,
			);
		},
	},
	{
		key: 'fax.getFieldExtraction',
		params: { userId: 'self', faxId: 'fax_1' },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/faxes/fax_1/ai/field-extraction');
			const [out] = jsonOf(items);
			assert.equal(out.status, 'finished');
			assert.equal(out.finished, true);
			assert.equal(out.data.invoice_number, 'INV-2025-0042');
		},
	},
	{
		key: 'fax.updateFieldExtraction',
		params: {
			userId: 'self',
			faxId: 'fax_1',
			fields: { field: [{ name: 'total_amount', value: '1350.00' }] },
		},
		check(items, reqs, s) {
			const r = one(reqs, 'PATCH', '/accounts/self/faxes/fax_1/ai/field-extraction');
			assert.deepEqual(r.body, { data: { total_amount: '1350.00' } });
			const [out] = jsonOf(items);
			assert.equal(out.status, 'finished');
			assert.equal(out.data.total_amount, '1350.00');
			assert.equal(out.data.invoice_number, 'INV-2025-0042');
			assert.equal(s.server.state.ai.fax_1.field_extraction.data.total_amount, '1350.00');
		},
	},
	{
		key: 'fax.get',
		params: { userId: 'self', faxId: 'fax_1' },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/faxes/fax_1');
			const [out] = jsonOf(items);
			assert.equal(out.id, 'fax_1');
			assert.equal(out.comment, 'Invoice from Berlin Clinic');
		},
	},
	{
		key: 'fax.getAll',
		oauth: true,
		params: { userId: 'self', returnAll: false, limit: 2, filters: { category: 'inbox' } },
		check(items, reqs) {
			const r = one(reqs, 'GET', '/accounts/self/faxes');
			assert.equal(r.query.category, 'inbox');
			const out = jsonOf(items);
			assert.equal(out.length, 2);
			for (const f of out) assert.equal(f.direction, 'incoming');
		},
	},
	{
		key: 'fax.update',
		params: { userId: 'self', faxId: 'fax_2', updateFields: { isRead: true, comment: 'Checked' } },
		check(items, reqs, s) {
			const r = one(reqs, 'PUT', '/accounts/self/faxes/fax_2');
			assert.deepEqual(r.body, { is_read: true, comment: 'Checked' });
			assert.equal(items.length, 1);
			assert.equal(s.server.state.faxes.fax_2.is_read, true);
			assert.equal(s.server.state.faxes.fax_2.comment, 'Checked');
		},
	},
	{
		key: 'fax.delete',
		params: { userId: 'self', faxId: 'fax_5' },
		check(items, reqs, s) {
			one(reqs, 'DELETE', '/accounts/self/faxes/fax_5');
			assert.deepEqual(jsonOf(items), [{ deleted: true, faxId: 'fax_5', userId: 'self' }]);
			assert.equal(s.server.state.faxes.fax_5, undefined);
		},
	},
	{
		key: 'fax.download',
		binary: true,
		n8n1: "n8n's binary data",
		params: { userId: 'self', faxId: 'fax_1', format: 'pdf', binaryPropertyName: 'data' },
		check(items, reqs, s, run) {
			const r = one(reqs, 'GET', '/accounts/self/files/fax_1');
			assert.equal(r.query.format, 'pdf');
			const bin = items[0].binary?.data;
			assert.equal(bin?.mimeType, 'application/pdf');
			assert.equal(bin?.fileName, 'fax_1.pdf');
			return s.n8n.binaryData(bin).then((b) => assert.equal(b.subarray(0, 5).toString(), '%PDF-'));
		},
	},
	{
		key: 'fax.downloadReport',
		binary: true,
		params: { userId: 'self', faxId: 'fax_3', binaryPropertyName: 'report' },
		check(items, reqs, s, run) {
			one(reqs, 'GET', '/accounts/self/report/fax_3');
			const bin = items[0].binary?.report;
			assert.equal(bin?.mimeType, 'application/pdf');
			assert.equal(bin?.fileName, 'report-fax_3.pdf');
			return s.n8n.binaryData(bin).then((b) => assert.equal(b.subarray(0, 5).toString(), '%PDF-'));
		},
	},
	{
		key: 'fax.getOcr',
		params: { userId: 'self', faxId: 'fax_1' },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/faxes/fax_1/ai/ocr');
			const [out] = jsonOf(items);
			assert.equal(out.status, 'finished');
			// The recognised text, a plain string as Fax.Plus answers it.
			assert.equal(typeof out.data, 'string');
			assert.match(out.data, /INV-2025-0042/);
		},
	},
	{
		key: 'fax.requestFieldExtraction',
		params: { userId: 'self', faxId: 'fax_3' },
		check(items, reqs, s) {
			one(reqs, 'POST', '/accounts/self/faxes/fax_3/ai/field-extraction');
			const [out] = jsonOf(items);
			assert.equal(out.requested, true);
			assert.equal(out.status, 'pending');
			assert.equal(s.server.state.ai.fax_3.field_extraction.status, 'pending');
		},
	},
	{
		key: 'fax.requestOcr',
		params: { userId: 'self', faxId: 'fax_3' },
		check(items, reqs, s) {
			one(reqs, 'POST', '/accounts/self/faxes/fax_3/ai/ocr');
			assert.equal(jsonOf(items)[0].requested, true);
			assert.equal(s.server.state.ai.fax_3.ocr.status, 'pending');
		},
	},
	{
		key: 'fax.extract',
		// A new received fax nobody asked Fax AI about; both jobs end at the first check after the request.
		async prepare(s) {
			const fax = await control(s.server, 'faxes', { pages: 2 });
			for (const job of ['ocr', 'field_extraction'])
				await control(s.server, 'ai/plan', {
					faxId: fax.id,
					job,
					outcome: 'finished',
					afterReads: 1,
				});
			s.extract = { fax, credits: s.server.state.aiCredits.credits_remaining };
		},
		// Wait for Result is on by default for this operation; checks 5 s apart (the floor).
		params: (s) => ({
			userId: 'self',
			faxId: s.extract.fax.id,
			resultCheckInterval: 5,
			maxResultChecks: 3,
		}),
		check(items, reqs, s) {
			const { fax } = s.extract;
			const ai = `/v3/accounts/self/faxes/${fax.id}/ai`;
			const seen = reqs.map((r) => `${r.method} ${r.path}`);
			for (const job of ['ocr', 'field-extraction']) {
				// Read first (nobody had asked), requested once, read again at the next check.
				const calls = seen.filter((c) => c.endsWith(`${ai}/${job}`));
				assert.deepEqual(calls, [`GET ${ai}/${job}`, `POST ${ai}/${job}`, `GET ${ai}/${job}`]);
			}
			assert.equal(reqs.length, 6, `other requests: ${seen.join(', ')}`);
			// Credits spent once per job: one per page.
			assert.equal(s.server.state.aiCredits.credits_remaining, s.extract.credits - 2 * 2);
			assert.equal(items.length, 1);
			const { fields, message, ...rest } = items[0].json;
			// Each field flat beside the object too, one column each.
			const flat = Object.fromEntries(
				Object.entries(rest).filter(([key]) => key.startsWith('field_')),
			);
			assert.deepEqual(
				flat,
				Object.fromEntries(Object.entries(fields).map(([key, value]) => [`field_${key}`, value])),
			);
			const out = Object.fromEntries(
				Object.entries(rest).filter(([key]) => !key.startsWith('field_')),
			);
			assert.deepEqual(out, {
				faxId: fax.id,
				finished: true,
				text: `Fax ${fax.id} page 1\nFax ${fax.id} page 2`,
				ocrStatus: 'finished',
				fieldExtractionStatus: 'finished',
				requested: true,
				reused: false,
				checks: 2,
			});
			assert.deepEqual(
				{
					document_type: fields.document_type,
					sender_fax: fields.sender_fax,
					recipient_fax: fields.recipient_fax,
					page_count: fields.page_count,
				},
				{ document_type: 'fax', sender_fax: fax.from, recipient_fax: fax.to, page_count: '2' },
			);
			assert.match(message, /^OCR was requested now .*Field extraction was requested now /);
			s.extract.credits = s.server.state.aiCredits.credits_remaining;
		},
	},
	{
		key: 'fax.extract',
		label: 'fax.extract again (read, not requested)',
		params: (s) => ({ userId: 'self', faxId: s.extract.fax.id, resultCheckInterval: 5 }),
		check(items, reqs, s) {
			const { fax } = s.extract;
			const ai = `/v3/accounts/self/faxes/${fax.id}/ai`;
			// Both jobs are done: each is read once, nothing is requested, no credit is spent.
			assert.deepEqual(reqs.map((r) => `${r.method} ${r.path}`).sort(), [
				`GET ${ai}/field-extraction`,
				`GET ${ai}/ocr`,
			]);
			assert.equal(s.server.state.aiCredits.credits_remaining, s.extract.credits);
			const [out] = jsonOf(items);
			assert.equal(out.finished, true);
			assert.equal(out.requested, false);
			assert.equal(out.reused, true);
			assert.equal(out.checks, 1);
			assert.equal(out.text, `Fax ${fax.id} page 1\nFax ${fax.id} page 2`);
			assert.equal(out.fields.sender_fax, fax.from);
			assert.match(out.message, /OCR had already been done for this fax, so it was read/);
		},
	},
	{
		key: 'fax.send',
		n8n1: "the webhook's binary data read as a stream",
		// The document arrives with the webhook call, as a file in the binary field `data`.
		input: {
			raw: Buffer.from('%PDF-1.4\n% e2e document\n%%EOF\n'),
			contentType: 'application/pdf',
		},
		params: {
			userId: 'self',
			to: '+4930123456, +33 1 44 55 66 77',
			// Two of the account's numbers: Fax.Plus picks one per destination.
			from: { __rl: true, mode: 'number', value: '+15551230001, +15551230002' },
			binaryPropertyNames: 'data',
			options: { comment: 'Sent by the e2e suite', retryCount: 1 },
		},
		check(items, reqs, s) {
			const upload = one(reqs, 'POST', '/accounts/self/files');
			assert.ok(
				String(upload.headers['content-type']).startsWith('multipart/form-data'),
				upload.headers['content-type'],
			);
			assert.ok(
				upload.rawBody.includes('e2e document'),
				'the uploaded file is not the input document',
			);
			const r = one(reqs, 'POST', '/accounts/self/outbox');
			assert.deepEqual(r.body.to, ['+4930123456', '+33144556677']);
			assert.equal(r.body.from, '+15551230001,+15551230002');
			assert.equal(r.body.files.length, 1);
			assert.ok(
				s.server.state.files[r.body.files[0]],
				'the outbox names a file the server does not have',
			);
			// One item per destination, its outbox ID beside the number.
			const out = jsonOf(items);
			assert.deepEqual(
				out.map((o) => o.to),
				['+4930123456', '+33144556677'],
			);
			const ids = out.map((o) => o.outboxFaxId);
			assert.equal(new Set(ids).size, 2, `outbox IDs: ${JSON.stringify(ids)}`);
			for (const id of ids) assert.equal(s.server.state.outbox[id]?.status, 'submitted');
			assert.deepEqual(ids.map((id) => s.server.state.outbox[id].src).sort(), [
				'+15551230001',
				'+15551230002',
			]);
		},
	},
	{
		key: 'fax.send',
		label: 'fax.send from text',
		params: {
			userId: 'self',
			to: '+4930123456',
			from: { __rl: true, mode: 'number', value: '+15551230001' },
			documentSource: 'text',
			documentText: 'Hello from the e2e suite\nLine two: ÄÖÜ',
		},
		check(items, reqs, s) {
			const upload = one(reqs, 'POST', '/accounts/self/files');
			assert.deepEqual(
				upload.body.files.map((f) => [f.filename, f.contentType]),
				[['fax.txt', 'text/plain']],
			);
			assert.ok(
				upload.rawBody.includes(Buffer.from('Line two: ÄÖÜ')),
				'the uploaded file is not the text, in UTF-8',
			);
			const r = one(reqs, 'POST', '/accounts/self/outbox');
			assert.deepEqual(r.body, {
				from: '+15551230001',
				to: ['+4930123456'],
				files: [r.body.files[0]],
				return_ids: true,
			});
			assert.ok(
				s.server.state.files[r.body.files[0]],
				'the outbox names a file the server does not have',
			);
			// Pages as for files and URLs (issue 88): two short lines of text, one page.
			assert.deepEqual(Object.keys(jsonOf(items)[0]), [
				'outboxFaxId',
				'to',
				'from',
				'queuedAt',
				'pages',
			]);
			assert.equal(jsonOf(items)[0].pages, 1);
			assert.equal(jsonOf(items)[0].to, '+4930123456');
		},
	},
	{
		key: 'fax.getStatus',
		params: {
			userId: 'self',
			outboxFaxId: 'outbox_sent_earlier',
			to: '+33144556677',
			sentAt: '2025-01-11T13:59:30Z',
		},
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/outbox');
			const [out] = jsonOf(items);
			assert.deepEqual(
				{ where: out.where, faxId: out.faxId, status: out.status, final: out.final },
				{ where: 'sent', faxId: 'fax_4', status: 'failed', final: true },
			);
			assert.equal(typeof out.statusMeaning, 'string');
		},
	},
	{
		key: 'fax.send',
		label: 'fax.send from URLs',
		// As docs/security.md says: n8n's allow list (N8N_SSRF_ALLOWED_IP_RANGES, test/n8n/e2e/run.js) where n8n
		// gives nodes an enforcing egress filter (2.39 and later), else Allowed Document Hosts.
		params: (s) => ({
			userId: 'self',
			to: '+4930123456',
			from: { __rl: true, mode: 'number', value: '+15551230001' },
			documentSource: 'url',
			documentUrls: `${s.server.origin}/_documents/invoice.pdf?sig=e2e\n${s.server.origin}/_documents/note.txt`,
			...(!enforcingEgress(s.n8n.version) && { options: { allowedDocumentHosts: '127.0.0.1' } }),
		}),
		check(items, reqs, s) {
			const fetched = s.server.requests
				.filter((r) => r.path.startsWith('/_documents/'))
				.map((r) => `${r.method} ${r.path} ${r.status}`);
			assert.deepEqual(fetched.slice(-2), [
				'GET /_documents/invoice.pdf 200',
				'GET /_documents/note.txt 200',
			]);
			const uploads = reqs.filter((r) => r.path === '/v3/accounts/self/files');
			assert.deepEqual(
				uploads.map((u) => [u.query.format, u.body.files[0].filename, u.body.files[0].contentType]),
				[
					['pdf', 'invoice.pdf', 'application/pdf'],
					['pdf', 'note.txt', 'text/plain'],
				],
			);
			const r = one(reqs, 'POST', '/accounts/self/outbox');
			assert.equal(r.body.files.length, 2);
			const [out] = jsonOf(items);
			assert.equal(out.files, undefined, 'Send outputs storage paths');
			assert.deepEqual(s.server.state.outbox[out.outboxFaxId]?.files, r.body.files);
		},
	},
	{
		key: 'fax.send',
		label: 'fax.send again (from_fax)',
		params: {
			userId: 'self',
			to: '+33144556677',
			from: { __rl: true, mode: 'number', value: '+15551230001' },
			documentSource: 'fax',
			fromFax: { __rl: true, mode: 'id', value: 'fax_3' },
			options: { enhancement: false },
		},
		check(items, reqs) {
			assert.deepEqual(
				reqs.map((r) => `${r.method} ${r.path}`),
				['POST /v3/accounts/self/outbox'],
			);
			assert.deepEqual(reqs[0].body, {
				from: '+15551230001',
				to: ['+33144556677'],
				files: [],
				options: { enhancement: false },
				return_ids: true,
				from_fax: 'fax_3',
			});
			assert.equal(jsonOf(items)[0].fromFax, 'fax_3');
		},
	},
	{
		key: 'number.getAll',
		params: { userId: 'self', returnAll: true },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/numbers');
			const out = jsonOf(items).map((n) => n.number);
			assert.ok(out.includes('+15551230001'), `numbers: ${out}`);
		},
	},
	{
		key: 'number.get',
		params: { userId: 'self', number: { __rl: true, mode: 'list', value: '+15551230003' } },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/numbers/%2B15551230003');
			assert.deepEqual(
				jsonOf(items).map((n) => [n.number, n.assignedTo]),
				[['+15551230003', ['member_1']]],
			);
		},
	},
	{
		key: 'number.assign',
		params: {
			userId: 'self',
			number: { __rl: true, mode: 'number', value: '+15551230002' },
			memberUserId: { __rl: true, mode: 'id', value: 'member_2' },
		},
		check(items, reqs, s) {
			const r = one(reqs, 'PUT', '/accounts/self/numbers/%2B15551230002');
			assert.deepEqual(r.body, { assigned_to: 'member_2' });
			assert.ok(s.server.state.numbers['+15551230002'].assigned_to.includes('member_2'));
			assert.deepEqual(jsonOf(items), [
				{ assigned: true, number: '+15551230002', assignedTo: 'member_2' },
			]);
		},
	},
	{
		key: 'number.revoke',
		params: {
			forCorporateMember: true,
			userId: { __rl: true, mode: 'id', value: 'member_2' },
			number: { __rl: true, mode: 'number', value: '+15551230002' },
		},
		check(items, reqs, s) {
			one(reqs, 'DELETE', '/accounts/member_2/numbers/%2B15551230002');
			assert.ok(!s.server.state.numbers['+15551230002'].assigned_to.includes('member_2'));
			assert.deepEqual(jsonOf(items), [
				{ revoked: true, number: '+15551230002', userId: 'member_2' },
			]);
		},
	},
	{
		key: 'contact.getAll',
		oauth: true,
		params: { userId: 'self', returnAll: true, filters: { search: 'smith' } },
		check(items, reqs) {
			// One contact of 50 asked for does not end the list: the next page, empty, does.
			assert.deepEqual(
				reqs.filter((r) => r.path === '/v3/accounts/self/contacts').map((r) => r.query),
				[
					{ offset: '0', limit: '50', search: 'smith' },
					{ offset: '1', limit: '50', search: 'smith' },
				],
			);
			assert.deepEqual(
				jsonOf(items).map((c) => [c.id, c.name]),
				[['contact_2', 'Dr. Jane Smith']],
			);
		},
	},
	{
		key: 'contact.update',
		params: {
			userId: 'self',
			contactId: { __rl: true, mode: 'id', value: 'contact_1' },
			updateFields: { company: 'Charité', numbers: '+49 30 123456, +4930654321' },
		},
		check(items, reqs, s) {
			const r = one(reqs, 'PUT', '/accounts/self/contacts/contact_1');
			assert.deepEqual(r.body, { company: 'Charité', numbers: ['+4930123456', '+4930654321'] });
			assert.equal(s.server.state.contacts.contact_1.company, 'Charité');
			assert.deepEqual(jsonOf(items), [
				{
					id: 'contact_1',
					name: 'Berlin Clinic',
					company: 'Charité',
					numbers: ['+4930123456', '+4930654321'],
				},
			]);
		},
	},
	{
		key: 'account.get',
		params: { userId: 'self' },
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self');
			assert.equal(jsonOf(items)[0].uid, 'owner_1');
		},
	},
	{
		key: 'account.update',
		params: { userId: 'self', updateFields: { callerIdName: 'e2e Clinic', retryCount: 1 } },
		check(items, reqs, s) {
			const r = one(reqs, 'PUT', '/accounts/self');
			assert.deepEqual(r.body, {
				settings: { caller_id_name: 'e2e Clinic', send_fax: { retry: { count: 1 } } },
			});
			assert.equal(s.server.state.users.owner_1.settings.caller_id_name, 'e2e Clinic');
			assert.equal(jsonOf(items)[0].updated, true);
		},
	},
	{
		key: 'account.update',
		label: 'account.update (account and notification settings, read first)',
		params: {
			userId: 'self',
			updateFields: { companyName: 'e2e Clinic', smsNotifications: ['receive_fax'] },
		},
		check(items, reqs, s) {
			one(reqs, 'GET', '/accounts/self');
			const r = one(reqs, 'PUT', '/accounts/self');
			const held = s.server.state.users.owner_1;
			assert.deepEqual(r.body.account_data, {
				company_name: 'e2e Clinic',
				default_file_type: 'pdf',
				save_history: true,
			});
			assert.deepEqual(r.body.notifications.settings.sms, {
				low_credit: false,
				new_feature: false,
				receive_fax: true,
				send_fax: false,
				voicemail: false,
				numbers: [],
			});
			// The email and push settings, not set, went back as they were read.
			assert.equal(r.body.notifications.settings.email.receive_fax, true);
			assert.deepEqual(held.notifications, r.body.notifications);
			assert.equal(jsonOf(items)[0].updated, true);
		},
	},
	{
		key: 'account.getMember',
		params: { memberUserId: { __rl: true, mode: 'id', value: 'member_2' } },
		check(items, reqs, s) {
			one(reqs, 'GET', '/accounts/self/member-details/member_2');
			const member = s.server.state.users.member_2;
			assert.deepEqual(jsonOf(items), [
				{ memberUserId: 'member_2', quota: member.quota, role: member.role },
			]);
		},
	},
	{
		key: 'ai.getCredits',
		oauth: true,
		params: {},
		check(items, reqs, s) {
			one(reqs, 'GET', '/accounts/self/ai/credits');
			const [out] = jsonOf(items);
			assert.equal(out.credits_remaining, s.server.state.aiCredits.credits_remaining);
			assert.ok(Array.isArray(out.usage));
		},
	},
	{
		key: 'ai.getAllCustomFields',
		params: {},
		check(items, reqs) {
			one(reqs, 'GET', '/accounts/self/ai/custom-fields');
			assert.deepEqual(
				jsonOf(items)
					.map((f) => f.id)
					.sort(),
				['cf_1', 'cf_2'],
			);
		},
	},
	{
		key: 'ai.createCustomField',
		params: { name: 'po_number', instructions: 'The purchase order number', enabled: true },
		check(items, reqs, s) {
			const r = one(reqs, 'POST', '/accounts/self/ai/custom-fields');
			assert.deepEqual(r.body, {
				name: 'po_number',
				instructions: 'The purchase order number',
				enabled: true,
			});
			const [out] = jsonOf(items);
			assert.equal(out.name, 'po_number');
			assert.ok(out.id, 'created field has no id');
			s.customFieldId = out.id;
		},
	},
	{
		key: 'ai.updateCustomField',
		params: (s) => ({
			customField: { __rl: true, mode: 'id', value: s.customFieldId || 'cf_2' },
			updateFields: { enabled: false, name: 'po_no' },
		}),
		check(items, reqs, s) {
			const id = s.customFieldId || 'cf_2';
			const r = one(reqs, 'PATCH', `/accounts/self/ai/custom-fields/${id}`);
			assert.deepEqual(r.body, { enabled: false, name: 'po_no' });
			assert.deepEqual(jsonOf(items), [
				{
					id,
					name: 'po_no',
					instructions: s.server.state.customFields[id].instructions,
					enabled: false,
				},
			]);
		},
	},
	{
		key: 'ai.deleteCustomField',
		params: { customField: { __rl: true, mode: 'id', value: 'cf_1' } },
		check(items, reqs, s) {
			const r = one(reqs, 'DELETE', '/accounts/self/ai/custom-fields/cf_1');
			assert.equal(r.status, 204);
			assert.deepEqual(jsonOf(items), [{ deleted: true, customFieldId: 'cf_1' }]);
			assert.equal(s.server.state.customFields.cf_1, undefined);
		},
	},
	{
		key: 'contact.setGroups',
		params: { contactId: { __rl: true, mode: 'id', value: 'contact_3' }, groupIds: 'group_1' },
		check(items, reqs, s) {
			const r = one(reqs, 'POST', '/accounts/self/contacts/assign-groups');
			assert.deepEqual(r.body, { contact_id: 'contact_3', group_ids: ['group_1'] });
			assert.deepEqual(jsonOf(items), [
				{ assigned: true, contactId: 'contact_3', groupIds: ['group_1'] },
			]);
			assert.ok(s.server.state.contactGroups.group_1.contact_ids.includes('contact_3'));
		},
	},
	{
		key: 'account.inviteMember',
		params: { emails: 'new.clerk@example.com, night.shift@example.com' },
		check(items, reqs, s) {
			const r = one(reqs, 'POST', '/accounts/self/member-invitations');
			assert.deepEqual(r.body, { emails: ['new.clerk@example.com', 'night.shift@example.com'] });
			assert.deepEqual(jsonOf(items), [
				{ invited: true, emails: ['new.clerk@example.com', 'night.shift@example.com'] },
			]);
			assert.deepEqual(s.server.state.memberInvitations, [
				'new.clerk@example.com',
				'night.shift@example.com',
			]);
		},
	},
	{
		key: 'shop.getBalance',
		oauth: true,
		params: {},
		check(items, reqs) {
			one(reqs, 'GET', '/shop/balance');
			assert.deepEqual(jsonOf(items), [{ amount: 125.5, currency: 'USD' }]);
		},
	},
	{
		key: 'shop.getAllCountries',
		params: {},
		check(items, reqs) {
			one(reqs, 'GET', '/shop/numbers/countries');
			const out = jsonOf(items);
			assert.equal(out.length, 5);
			assert.deepEqual(out[0], { iso: 'US', name: 'United States', is_available: true });
		},
	},
	{
		key: 'shop.searchNumbers',
		params: {
			country: { __rl: true, mode: 'id', value: 'US' },
			areaCode: '212',
			channel: 'custom',
			containsDigits: '77',
		},
		check(items, reqs, s) {
			const r = one(reqs, 'GET', '/shop/numbers/countries/US/areas/212/numbers');
			assert.deepEqual(r.query, { channel: 'custom', contains: '77' });
			const out = jsonOf(items);
			assert.ok(out.length > 0, 'no number offers');
			for (const offer of out) assert.match(offer.item.number, /77/);
			s.offer = out[0];
		},
	},
	{
		key: 'shop.purchaseNumber',
		params: (s) => ({ itemId: s.offer?.item?.id ?? 'item_US_212_5550177' }),
		check(items, reqs, s) {
			const itemId = s.offer?.item?.id ?? 'item_US_212_5550177';
			const r = one(reqs, 'POST', '/shop/numbers/purchase');
			assert.deepEqual(r.body, { item_id: itemId });
			const [out] = jsonOf(items);
			assert.match(out.number, /^\+1212/);
			assert.ok(s.server.state.numbers[out.number], 'the server does not own the bought number');
		},
	},
	{
		key: 'token.getInformation',
		oauth: true,
		params: {},
		check(items, reqs, s, run, auth) {
			one(reqs, 'GET', '/auth/token');
			const [out] = jsonOf(items);
			assert.equal(out.token_type, auth === 'oAuth2' ? 'oauth' : 'pat');
			assert.ok(Array.isArray(out.scopes));
		},
	},
	{
		key: 'webhook.create',
		params: (s) => ({
			url: s.hookUrl,
			filterTypes: ['fax_received', 'fax_sent'],
			channels: '+1 555 123 0001',
		}),
		check(items, reqs, s) {
			const r = one(reqs, 'POST', '/webhooks');
			assert.deepEqual(r.body, {
				url: s.hookUrl,
				filter_types: ['fax_received', 'fax_sent'],
				channels: ['+15551230001'],
			});
			const [out] = jsonOf(items);
			assert.match(out.id, /^ep_/);
			assert.equal(out.url, s.hookUrl);
			assert.equal(out.secret, undefined, 'the output must not carry a secret');
			s.endpointId = out.id;
		},
	},
	{
		key: 'webhook.getAll',
		oauth: true,
		params: {},
		check(items, reqs, s) {
			one(reqs, 'GET', '/webhooks');
			const out = jsonOf(items);
			assert.deepEqual(out.map((e) => e.id).sort(), Object.keys(s.server.state.webhooks).sort());
			for (const e of out) assert.equal(e.secret, undefined);
		},
	},
	{
		key: 'webhook.update',
		params: (s) => ({
			endpoint: { __rl: true, mode: 'id', value: s.endpointId },
			updateFields: { filterTypes: ['fax_sent'], clearChannels: true },
		}),
		check(items, reqs, s) {
			const r = one(reqs, 'PATCH', `/webhooks/${s.endpointId}`);
			assert.deepEqual(r.body, { filter_types: ['fax_sent'], channels: null });
			const [out] = jsonOf(items);
			assert.deepEqual(out.filter_types, ['fax_sent']);
			assert.equal(out.channels, null);
		},
	},
	{
		key: 'webhook.delete',
		params: (s) => ({ endpoint: { __rl: true, mode: 'id', value: s.endpointId } }),
		check(items, reqs, s) {
			one(reqs, 'DELETE', `/webhooks/${s.endpointId}`);
			assert.deepEqual(jsonOf(items), [{ deleted: true, endpointId: s.endpointId }]);
			assert.equal(s.server.state.webhooks[s.endpointId], undefined);
		},
	},
	{
		key: 'legacyHook.create',
		params: (s) => ({ targetUrl: s.hookUrl, event: 'fax_sent', numbers: '+15551230002' }),
		check(items, reqs, s) {
			const r = one(reqs, 'POST', '/hooks');
			assert.deepEqual(r.body, { target: s.hookUrl, event: 'fax_sent', numbers: ['+15551230002'] });
			const [out] = jsonOf(items);
			assert.match(out.id, /^hook_/);
			s.hookId = out.id;
		},
	},
	{
		// Fax.Plus's file upload, which no operation calls on its own, with the webhook's file.
		key: 'customApiCall.customApiCall',
		oauth: true,
		input: {
			raw: Buffer.from('%PDF-1.4\n% e2e custom call\n%%EOF\n'),
			contentType: 'application/pdf',
		},
		params: {
			method: 'POST',
			path: '/accounts/self/files',
			queryParameters: { parameters: [{ name: 'format', value: 'pdf' }] },
			sendBinaryFile: true,
			inputBinaryField: 'data',
		},
		check(items, reqs, s) {
			const upload = one(reqs, 'POST', '/accounts/self/files');
			assert.equal(upload.query.format, 'pdf');
			assert.match(String(upload.headers['content-type']), /^multipart\/form-data/);
			assert.ok(upload.rawBody.includes('e2e custom call'), 'the uploaded file is not the input');
			const [out] = jsonOf(items);
			assert.ok(s.server.state.files[out.path], `no stored file at ${JSON.stringify(out)}`);
		},
	},
	{
		key: 'legacyHook.getAll',
		params: { eventFilter: 'fax_sent' },
		check(items, reqs, s) {
			const r = one(reqs, 'GET', '/hooks');
			assert.equal(r.query.event, 'fax_sent');
			assert.deepEqual(
				jsonOf(items).map((h) => h.id),
				[s.hookId],
			);
		},
	},
	{
		key: 'legacyHook.delete',
		params: (s) => ({ hook: { __rl: true, mode: 'id', value: s.hookId } }),
		check(items, reqs, s) {
			one(reqs, 'DELETE', `/hooks/${s.hookId}`);
			assert.equal(jsonOf(items)[0].deleted, true);
			assert.equal(s.server.state.hooks[s.hookId], undefined);
		},
	},
];

/** A loopback server that counts what reaches it. */
async function listenCounting() {
	const http = require('node:http');
	let count = 0;
	const srv = http.createServer((req, res) => {
		count++;
		res.end('{}');
	});
	await new Promise((resolve) => srv.listen(0, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${srv.address().port}`,
		count: () => count,
		close: () => new Promise((resolve) => srv.close(resolve)),
	};
}

/** Whether this n8n gives nodes an egress filter that enforces with default settings (2.39 and later). */
function enforcingEgress(version) {
	const [major, minor] = String(version).split('.').map(Number);
	return major > 2 || (major === 2 && minor >= 39);
}

/** resource.operation pairs of the node as n8n loaded it. */
function operationsOf(description) {
	const keys = [];
	for (const p of description.properties) {
		if (p.name !== 'operation' || p.type !== 'options') continue;
		for (const r of p.displayOptions?.show?.resource ?? []) {
			for (const o of p.options) keys.push(`${r}.${o.value}`);
		}
	}
	return keys;
}

module.exports = async function action(t) {
	const { check, n8n, server, ctx } = t;
	const s = { server, n8n, hookUrl: 'https://hooks.example.com/fax-events' };
	server.reset();

	let description;
	await check('action: every operation of the node has an e2e case', async () => {
		const types = await n8n.nodeTypes();
		description = types.find((n) => n.name === 'n8n-nodes-faxplus.faxPlus');
		assert.ok(description, 'faxPlus not loaded');
		const ops = operationsOf(description);
		const covered = new Set(CASES.map((c) => c.key));
		const missing = ops.filter((k) => !covered.has(k));
		const stale = [...covered].filter((k) => !ops.includes(k));
		assert.deepEqual({ missing, stale }, { missing: [], stale: [] });
		// n8n added no Custom API Call of its own (nodes/shared/n8n/editor.ts): the node panel lists
		// one, the node's, which the case customApiCall.customApiCall runs.
		const lists = description.properties.filter((p) => ['resource', 'operation'].includes(p.name));
		const customCalls = lists.flatMap((p) => p.options.filter((o) => o.name === 'Custom API Call'));
		assert.deepEqual(
			customCalls.map((o) => o.value),
			['customApiCall', 'customApiCall'],
		);
	});
	const ops = description ? new Set(operationsOf(description)) : null;

	const creds = {};
	await check(
		'action: create the PAT, OAuth2 (token data, no browser) and invalid credentials',
		async () => {
			creds.pat = await n8n.createCredential('Fax.Plus PAT (e2e)', 'faxPlusApi', {
				accessToken: server.tokens.pat,
				baseUrl: server.baseUrl,
			});
			creds.oauth = await n8n.createCredential(
				'Fax.Plus OAuth2 (e2e)',
				'faxPlusOAuth2Api',
				oauthData(server, server.tokens.oauthAccessToken),
			);
			creds.expired = await n8n.createCredential(
				'Fax.Plus OAuth2 expired (e2e)',
				'faxPlusOAuth2Api',
				oauthData(server, server.tokens.oauthExpiredAccessToken),
			);
			creds.invalid = await n8n.createCredential('Fax.Plus invalid PAT (e2e)', 'faxPlusApi', {
				accessToken: 'alohi_pat_not-a-valid-token',
				baseUrl: server.baseUrl,
			});
			ctx.patCredential = creds.pat;
			ctx.oauthCredential = creds.oauth;
		},
	);

	const runCase = async (c, auth) => {
		const [resource, operation] = c.key.split('.');
		const credType = auth === 'oAuth2' ? 'faxPlusOAuth2Api' : 'faxPlusApi';
		const cred = auth === 'oAuth2' ? creds.oauth : creds.pat;
		const token = auth === 'oAuth2' ? server.tokens.oauthAccessToken : server.tokens.pat;
		await c.prepare?.(s);
		const params = typeof c.params === 'function' ? c.params(s) : c.params;
		const path = uid(`${(c.label ?? c.key).replace(/[^a-zA-Z0-9]+/g, '-')}-${auth}`);
		const dep = await deployWebhookWorkflow(
			n8n,
			webhookWorkflow({
				name: `e2e ${c.label ?? c.key} (${auth})`,
				path,
				responseData: c.binary ? 'firstEntryBinary' : 'allEntries',
				binaryPropertyName: params.binaryPropertyName,
				nodes: [
					{
						name: NODE,
						parameters: { authentication: auth, resource, operation, ...params },
						credentials: credRef(credType, cred),
					},
				],
			}),
		);
		const from = server.requests.length;
		const run = await dep.run(c.input ?? {});
		const reqs = apiRequests(server, from);
		assertSuccess(run.execution);
		assert.ok(reqs.length > 0, 'the server received no request');
		for (const r of reqs) {
			assert.equal(
				r.headers.authorization,
				`Bearer ${token}`,
				`${r.method} ${r.path}: wrong authorization`,
			);
			if (auth === 'oAuth2')
				assert.equal(
					r.headers['x-fax-clientid'],
					server.tokens.clientId,
					`${r.method} ${r.path}: x-fax-clientid missing`,
				);
			else
				assert.equal(
					r.headers['x-fax-clientid'],
					undefined,
					`${r.method} ${r.path}: x-fax-clientid sent with a PAT`,
				);
		}
		const items = outputOf(run.execution, NODE);
		assert.ok(items, `no output of ${NODE}`);
		await c.check(items, reqs, s, run, auth);
		await n8n.deactivate(dep.id).catch(() => {});
	};

	const onThisLine = (c) => Number(String(n8n.version).split('.')[0]) >= 2 || c.n8n1;
	for (const c of CASES.filter(onThisLine)) {
		if (ops && !ops.has(c.key)) continue; // reported by the coverage check
		await check(`action (PAT): ${c.label ?? c.key}`, () => runCase(c, 'accessToken'));
	}

	server.reset();
	for (const c of CASES.filter((x) => x.oauth && onThisLine(x))) {
		if (ops && !ops.has(c.key)) continue;
		await check(`action (OAuth2): ${c.key} sends x-fax-clientid`, () => runCase(c, 'oAuth2'));
	}

	await check(
		'action: Custom API Call sends nothing for a Path outside the Base URL or climbing out of it',
		async () => {
			const elsewhere = await listenCounting();
			try {
				const host = elsewhere.origin.slice('http://'.length);
				for (const path of [`${elsewhere.origin}/x`, `//${host}/x`, '/accounts/../../x']) {
					const dep = await deployWebhookWorkflow(
						n8n,
						webhookWorkflow({
							name: `e2e custom call refused ${path}`,
							path: uid('custom-refused'),
							nodes: [
								{
									name: NODE,
									parameters: {
										authentication: 'accessToken',
										resource: 'customApiCall',
										operation: 'customApiCall',
										path,
									},
									credentials: credRef('faxPlusApi', creds.pat),
								},
							],
						}),
					);
					const from = server.requests.length;
					const run = await dep.run({});
					assert.equal(run.execution.status, 'error', `${path}: ${run.execution.status}`);
					assert.match(errorOf(run.execution).message, /^Path .*, so no request was sent$/);
					assert.deepEqual(server.requests.slice(from), [], `${path} reached the server`);
					await n8n.deactivate(dep.id);
				}
				assert.equal(elsewhere.count(), 0, 'a request reached the second server');
			} finally {
				await elsewhere.close();
			}
		},
	);

	await check(
		'action (OAuth2): an expired access token is refreshed by n8n and the call succeeds',
		async () => {
			const dep = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'e2e OAuth2 refresh',
					path: uid('oauth-refresh'),
					nodes: [
						{
							name: NODE,
							parameters: { authentication: 'oAuth2', resource: 'shop', operation: 'getBalance' },
							credentials: credRef('faxPlusOAuth2Api', creds.expired),
						},
					],
				}),
			);
			const from = server.requests.length;
			const run = await dep.run({});
			assertSuccess(run.execution);
			const reqs = server.requests.slice(from);
			assert.ok(
				reqs.some((r) => r.method === 'POST' && r.path === '/oauth/token'),
				'no refresh at /oauth/token',
			);
			const calls = reqs.filter((r) => r.path === '/v3/shop/balance');
			assert.equal(calls.at(-1).status, 200);
			assert.equal(calls.at(-1).headers['x-fax-clientid'], server.tokens.clientId);
			assert.deepEqual(jsonOf(outputOf(run.execution, NODE)), [{ amount: 125.5, currency: 'USD' }]);
			await n8n.deactivate(dep.id);
		},
	);

	await check(
		'action: an invalid token fails the execution with the clear 401 message',
		async () => {
			const dep = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'e2e invalid token',
					path: uid('invalid-token'),
					nodes: [
						{
							name: NODE,
							parameters: {
								authentication: 'accessToken',
								resource: 'account',
								operation: 'getPlan',
								userId: 'self',
							},
							credentials: credRef('faxPlusApi', creds.invalid),
						},
					],
				}),
			);
			const from = server.requests.length;
			const run = await dep.run({});
			assert.equal(run.execution.status, 'error', `execution status ${run.execution.status}`);
			assert.ok(run.status >= 400, `webhook answered ${run.status}`);
			const err = errorOf(run.execution);
			assert.ok(err, 'no error recorded');
			assert.match(err.message, /Fax\.Plus rejected the credential: 401 unauthorized/);
			assert.match(String(err.description ?? ''), /token/i);
			assert.equal(err.node?.name ?? NODE, NODE);
			const reqs = apiRequests(server, from);
			assert.ok(reqs.length >= 1, 'no request reached the server');
			for (const r of reqs) assert.equal(r.status, 401, `${r.method} ${r.path} -> ${r.status}`);
			t.log(`requests: ${reqs.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ')}`);
			await n8n.deactivate(dep.id);
		},
	);

	await check(
		"action: Send reads numbers as people write them (libphonenumber's reading) and refuses an impossible one before any request",
		async () => {
			const dep = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'e2e Send number forms',
					path: uid('send-number-forms'),
					nodes: [
						{
							name: NODE,
							parameters: {
								authentication: 'accessToken',
								resource: 'fax',
								operation: 'send',
								userId: 'self',
								to: '={{ $json.body.to }}',
								from: { __rl: true, mode: 'number', value: '+15551230001' },
								documentSource: 'text',
								documentText: 'Number forms',
								options: { defaultCountryCode: '={{ $json.body.code }}' },
							},
							credentials: credRef('faxPlusApi', creds.pat),
						},
					],
				}),
			);
			// Each kind of form: national with its country's code, international ("+" and 00), the
			// letterhead "(0)", North America with code 1, a national prefix other than 0 (Russia 8).
			const forms = [
				[
					'030 123456, +49 (0)30 123457, 0033 1 44 55 66 77',
					'49',
					['+4930123456', '+4930123457', '+33144556677'],
				],
				[
					'(201) 555-0123, 1-201-555-0124, 011 44 20 7946 0958',
					'1',
					['+12015550123', '+12015550124', '+442079460958'],
				],
				['8 (301) 123-45-67, +44 (0)20 7946 0959', '7', ['+73011234567', '+442079460959']],
			];
			for (const [to, code, expected] of forms) {
				const from = server.requests.length;
				const run = await dep.run({ to, code });
				assertSuccess(run.execution);
				const outbox = one(apiRequests(server, from), 'POST', '/accounts/self/outbox');
				assert.deepEqual(outbox.body.to, expected, `${to} with ${code}`);
				assert.deepEqual(
					jsonOf(outputOf(run.execution, NODE)).map((item) => item.to),
					expected,
				);
			}
			// A digit too few for France: refused, naming the field, the country and the number as read.
			const from = server.requests.length;
			const run = await dep.run({ to: '+33 1 44 55 66 7', code: '' });
			assert.equal(run.execution.status, 'error', `execution status ${run.execution.status}`);
			assert.match(
				errorOf(run.execution).message,
				/^To: "\+33 1 44 55 66 7" is too short for \+33 \(FR\): read as \+3314455667, but numbers there have 9 digits after \+33/,
			);
			assert.deepEqual(apiRequests(server, from), [], 'a request was made for a refused number');
			await n8n.deactivate(dep.id);
		},
	);

	await check(
		'action: items at once at 40 ms per answer, three of them answered 429: order, pairedItem, continueOnFail, 429 retried per request',
		async () => {
			server.reset();
			const faxIds = [
				'fax_1',
				'fax_404',
				'fax_2',
				'fax_3',
				'fax_4',
				'fax_5',
				'fax_1',
				'fax_2',
				'fax_3',
				'fax_4',
			];
			const dep = await deployWebhookWorkflow(
				n8n,
				webhookWorkflow({
					name: 'e2e items at once',
					path: uid('items-at-once'),
					nodes: [
						{
							name: 'Split Out',
							type: 'n8n-nodes-base.splitOut',
							parameters: { fieldToSplitOut: 'body.items', include: 'noOtherFields', options: {} },
						},
						{
							name: NODE,
							parameters: {
								authentication: 'accessToken',
								resource: 'fax',
								operation: 'get',
								userId: 'self',
								faxId: '={{ $json.faxId }}',
								nodeOptions: { itemsAtOnce: 8 },
							},
							credentials: credRef('faxPlusApi', creds.pat),
							continueOnFail: true,
						},
					],
				}),
			);
			// The first three requests to arrive are refused, however n8n spreads them.
			server.setNetwork({ latencyMs: 40, refuseNext: { requests: 3, retryAfterSeconds: 1 } });
			const from = server.requests.length;
			let run;
			try {
				run = await dep.run({ items: faxIds.map((faxId) => ({ faxId })) });
			} finally {
				server.setNetwork({ latencyMs: 0, refuseNext: null });
			}
			assertSuccess(run.execution);
			const items = outputOf(run.execution, NODE);
			assert.deepEqual(
				items.map((i) => i.json.id ?? `error: ${i.json.httpCode}`),
				faxIds.map((id) => (id === 'fax_404' ? 'error: 400' : id)),
			);
			assert.deepEqual(
				items.map((i) => i.pairedItem),
				faxIds.map((_, i) => ({ item: i })),
			);
			const reqs = apiRequests(server, from);
			const byStatus = (status) => reqs.filter((r) => r.status === status);
			assert.equal(byStatus(429).length, 3);
			assert.equal(byStatus(200).length, 9);
			assert.equal(byStatus(400).length, 1, 'an error other than 429 was retried');
			assert.equal(reqs.length, 13, 'more than the refused requests were sent again');
			for (const refused of byStatus(429))
				assert.ok(
					reqs.some((r) => r.status !== 429 && r.path === refused.path),
					`${refused.path} was refused and not sent again`,
				);
			t.log(
				`${reqs.length} requests for ${faxIds.length} items, ${byStatus(429).length} answered 429 and retried`,
			);
			await n8n.deactivate(dep.id);
		},
	);

	server.reset();
};

function oauthData(server, accessToken) {
	return {
		clientId: server.tokens.clientId,
		clientSecret: server.tokens.clientSecret,
		authUrl: `${server.authUrl}/login`,
		accessTokenUrl: `${server.authUrl}/token`,
		baseUrl: server.baseUrl,
		grantType: 'authorizationCode',
		scope: 'all',
		authQueryParameters: '',
		authentication: 'header',
		oauthTokenData: {
			access_token: accessToken,
			refresh_token: server.tokens.oauthRefreshToken,
			token_type: 'Bearer',
			scope: 'all',
		},
	};
}

module.exports.CASES = CASES;
module.exports.oauthData = oauthData;
// Both n8n lines: on 1.x the cases with an n8n1 reason (n8n's request helpers with each
// credential, its binary data) and the checks after the cases (OAuth2 refresh, the 401 message,
// items at once with an expression), which take n8n 1.x's own paths.
module.exports.n8nLines = [1, 2];
