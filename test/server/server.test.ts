/* eslint-disable @n8n/community-nodes/no-restricted-imports, @typescript-eslint/no-explicit-any -- test code, not node code: the rules for what a node may import and use do not apply to it */
/**
 * Tests of the local Fax.Plus-compatible server itself: auth, validation,
 * webhooks, signed deliveries, OAuth2 and multipart upload.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { startFaxPlusServer } from './index';
import type { FaxPlusServer } from './index';

let server: FaxPlusServer;

interface CallOptions {
	token?: string | null;
	body?: unknown;
	headers?: Record<string, string>;
}

async function call(method: string, path: string, { token, body, headers = {} }: CallOptions = {}) {
	const h: Record<string, string> = { accept: 'application/json', ...headers };
	const bearer = token === undefined ? server.tokens.pat : token;
	if (bearer !== null) h.authorization = `Bearer ${bearer}`;
	let payload: string | undefined;
	if (body !== undefined) {
		h['content-type'] = 'application/json';
		payload = JSON.stringify(body);
	}
	const res = await fetch(`${server.baseUrl}${path}`, { method, headers: h, body: payload });
	const buf = Buffer.from(await res.arrayBuffer());
	const text = buf.toString('utf8');
	let json: any;
	try {
		json = text ? JSON.parse(text) : undefined;
	} catch {
		json = undefined;
	}
	return { status: res.status, json, text, buf, headers: res.headers };
}

const oauth = (extra: Record<string, string> = {}) => ({
	token: server.tokens.oauthAccessToken,
	headers: { 'x-fax-clientid': server.tokens.clientId, ...extra },
});

/** A webhook receiver that answers the queued statuses (then 200) and records every request. */
interface Received {
	headers: http.IncomingHttpHeaders;
	body: Buffer;
}
async function startReceiver() {
	const received: Received[] = [];
	const statuses: number[] = [];
	const srv = http.createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (c: Buffer) => chunks.push(c));
		req.on('end', () => {
			received.push({ headers: req.headers, body: Buffer.concat(chunks) });
			res.writeHead(statuses.shift() ?? 200, { 'content-type': 'text/plain' });
			res.end('ok');
		});
	});
	await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/hook`;
	const close = () =>
		new Promise<void>((resolve) => {
			srv.close(() => resolve());
			srv.closeAllConnections();
		});
	return { url, received, statuses, close };
}

function expectError(res: { status: number; json: any }, status: number, code: string) {
	expect(res.status).toBe(status);
	expect(Object.keys(res.json).sort()).toEqual(['description', 'error']);
	expect(res.json.error).toBe(code);
	expect(typeof res.json.description).toBe('string');
}

beforeAll(async () => {
	server = await startFaxPlusServer({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
	await server.close();
});
beforeEach(() => server.reset());

describe('startup', () => {
	it('exposes addresses and tokens', () => {
		expect(server.port).toBeGreaterThan(0);
		expect(server.origin).toBe(`http://127.0.0.1:${server.port}`);
		expect(server.baseUrl).toBe(`${server.origin}/v3`);
		expect(server.authUrl).toBe(`${server.origin}/oauth`);
		expect(server.tokens.pat).toMatch(/^alohi_pat_[\w-]+\.[\w-]+\.[\w-]+$/);
	});

	it('answers 404 not_found for unknown routes', async () => {
		expectError(await call('GET', '/nope'), 404, 'not_found');
		expectError(await call('GET', '/accounts/self/plan/extra'), 404, 'not_found');
	});
});

describe('authentication', () => {
	it('rejects missing, unknown and expired tokens with 401 unauthorized', async () => {
		expectError(await call('GET', '/accounts/self/plan', { token: null }), 401, 'unauthorized');
		expectError(
			await call('GET', '/accounts/self/plan', { token: 'alohi_pat_bogus' }),
			401,
			'unauthorized',
		);
		expectError(
			await call('GET', '/accounts/self/plan', {
				...oauth(),
				token: server.tokens.oauthExpiredAccessToken,
			}),
			401,
			'unauthorized',
		);
	});

	it('requires x-fax-clientid with OAuth tokens only', async () => {
		const missing = await call('GET', '/accounts/self/plan', {
			token: server.tokens.oauthAccessToken,
		});
		expectError(missing, 401, 'unauthorized');
		expect(missing.json.description).toMatch(/x-fax-clientid/);
		expectError(
			await call('GET', '/accounts/self/plan', oauth({ 'x-fax-clientid': 'other' })),
			401,
			'unauthorized',
		);
		expect((await call('GET', '/accounts/self/plan', oauth())).status).toBe(200);
		expect((await call('GET', '/accounts/self/plan')).status).toBe(200);
	});

	it("takes apidoc's scope names: fax:numbers:read for numbers, fax:file:edit for uploads (and nothing else)", async () => {
		const token = server.tokens.patNumbersRead;
		expect((await call('GET', '/accounts/self/numbers', { token })).status).toBe(200);
		expectError(await call('GET', '/accounts/self/faxes', { token }), 403, 'insufficient_scope');
		const upload = async (bearer: string) => {
			const form = new FormData();
			form.append('fax_file', new Blob([Buffer.from('%PDF-1.4 x')]), 'a.pdf');
			return await fetch(`${server.baseUrl}/accounts/self/files?format=pdf`, {
				method: 'POST',
				headers: { authorization: `Bearer ${bearer}` },
				body: form,
			});
		};
		expect((await upload(server.tokens.patFileEdit)).status).toBe(200);
		expect((await upload(server.tokens.patNumbersRead)).status).toBe(403);
		expectError(
			await call('DELETE', '/accounts/self/outbox/outbox_1', { token: server.tokens.patFileEdit }),
			403,
			'insufficient_scope',
		);
	});

	it('enforces PAT scopes with 403 insufficient_scope', async () => {
		expect((await call('GET', '/shop/balance', { token: server.tokens.patReadOnly })).status).toBe(
			200,
		);
		expectError(
			await call('DELETE', '/accounts/self/outbox/outbox_1', { token: server.tokens.patReadOnly }),
			403,
			'insufficient_scope',
		);
		expectError(
			await call('GET', '/shop/balance', { token: server.tokens.patNoScopes }),
			403,
			'insufficient_scope',
		);
		expect(server.state.outbox.outbox_1).toBeDefined();
	});

	it('describes the token used (GET /auth/token)', async () => {
		const pat = await call('GET', '/auth/token');
		expect(pat.json).toEqual({
			token_type: 'pat',
			scopes: ['fax:all:read', 'fax:all:edit'],
			id: expect.any(String),
			name: expect.any(String),
			preview: expect.any(String),
			created_date: expect.any(Number),
			expiration_date: expect.any(Number),
			last_used: expect.any(Number),
		});
		expect(
			(await call('GET', '/auth/token', { token: server.tokens.patNoScopes })).json.scopes,
		).toEqual([]);
		expect((await call('GET', '/auth/token', oauth())).json).toEqual({
			token_type: 'oauth',
			scopes: ['all'],
		});
	});
});

describe('accounts, contacts, outbox, files', () => {
	it('reads plans of self and members', async () => {
		expect((await call('GET', '/accounts/self/plan')).json).toEqual({
			plan_type: 'business',
			is_admin: true,
			is_owner: true,
		});
		expect((await call('GET', '/accounts/member_1/plan')).json).toEqual({
			plan_type: 'business',
			is_admin: false,
			is_owner: false,
		});
		expect(
			(await call('GET', '/accounts/self/plan', { token: server.tokens.patMember })).json.is_admin,
		).toBe(false);
		expectError(await call('GET', '/accounts/nobody/plan'), 400, 'invalid_user_id');
	});

	it('lists corporate members as { members } for the admin only', async () => {
		const list = await call('GET', '/accounts');
		expect(Object.keys(list.json)).toEqual(['members']);
		expect(list.json.members.map((m: any) => m.uid).sort()).toEqual([
			'member_1',
			'member_2',
			'owner_1',
		]);
		expectError(
			await call('GET', '/accounts', { token: server.tokens.patMember }),
			403,
			'invalid_user_id',
		);
	});

	it('modifies member details', async () => {
		const res = await call('PUT', '/accounts/self/member-details/member_1', {
			body: { quota: 300, role: 'admin' },
		});
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({ uid: 'member_1', quota: 300, role: 'admin' });
		expectError(
			await call('PUT', '/accounts/self/member-details/nobody', { body: { quota: 1 } }),
			400,
			'invalid_user_id',
		);
	});

	it('shares and deletes contact groups', async () => {
		const share = await call('POST', '/accounts/self/contact-groups/share', {
			body: { group_ids: ['group_1'], member_ids: ['member_1'] },
		});
		expect(share.json).toEqual({});
		expect(server.state.contactGroups.group_1.shared_with).toContain('member_1');
		expectError(
			await call('POST', '/accounts/self/contact-groups/share', {
				body: { group_ids: ['group_1'], member_ids: ['ghost'] },
			}),
			400,
			'invalid_user_id',
		);
		expectError(
			await call('POST', '/accounts/self/contact-groups/share', {
				body: { group_ids: ['nope'], member_ids: ['member_1'] },
			}),
			400,
			'bad_request',
		);
		expect((await call('DELETE', '/accounts/self/contact-groups/group_2')).json).toEqual({});
		const again = await call('DELETE', '/accounts/self/contact-groups/group_2');
		expectError(again, 400, 'bad_request');
		expect(again.json.description).toMatch(/not found/i);
	});

	it('deletes a scheduled outbox fax with 204', async () => {
		const res = await call('DELETE', '/accounts/self/outbox/outbox_1');
		expect(res.status).toBe(204);
		expect(res.text).toBe('');
		expectError(await call('DELETE', '/accounts/self/outbox/outbox_1'), 400, 'bad_request');
	});

	it('serves a JPEG thumbnail, PDF and TIFF files', async () => {
		const jpg = await call('GET', '/accounts/self/thumbnail/fax_1');
		expect(jpg.headers.get('content-type')).toBe('image/jpeg');
		expect(jpg.buf.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
		expect(jpg.buf.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
		const pdf = await call('GET', '/accounts/self/files/fax_1?format=pdf');
		expect(pdf.headers.get('content-type')).toBe('application/pdf');
		expect(pdf.text.startsWith('%PDF-1.4')).toBe(true);
		const tiff = await call('GET', '/accounts/self/files/fax_1?format=tiff');
		expect(tiff.headers.get('content-type')).toBe('image/tiff');
		expect(tiff.buf.subarray(0, 4)).toEqual(Buffer.from('II*\0', 'latin1'));
		expectError(await call('GET', '/accounts/self/thumbnail/fax_404'), 400, 'bad_request');
	});

	it('lists faxes by category with paging', async () => {
		const inbox = await call('GET', '/accounts/self/faxes?category=inbox');
		expect(Object.keys(inbox.json)).toEqual(['data']);
		expect(inbox.json.data.records.map((f: any) => f.id)).toEqual(['fax_1', 'fax_2']);
		const page = await call('GET', '/accounts/self/faxes?limit=2');
		expect(page.json.data.records.map((f: any) => f.id)).toEqual(['fax_1', 'fax_2']);
		// Paging is by `before` (exclusive), as the SDK documents; `skip` is not part of the API and is ignored.
		const next = await call(
			'GET',
			`/accounts/self/faxes?limit=2&before=${encodeURIComponent('2025-01-13 16:40:00')}`,
		);
		expect(next.json.data.records.map((f: any) => f.id)).toEqual(['fax_3', 'fax_4']);
		const skipped = await call('GET', '/accounts/self/faxes?limit=2&skip=1');
		expect(skipped.json.data.records.map((f: any) => f.id)).toEqual(['fax_1', 'fax_2']);
		const after = await call(
			'GET',
			`/accounts/self/faxes?after=${encodeURIComponent('2025-01-12 09:05:00')}`,
		);
		expect(after.json.data.records.map((f: any) => f.id)).toEqual(['fax_1', 'fax_2']);
		expectError(await call('GET', '/accounts/self/faxes?category=bogus'), 400, 'bad_request');
	});

	it('uploads a file with multipart/form-data and sends it', async () => {
		const form = new FormData();
		form.append(
			'fax_file',
			new Blob([Buffer.from('%PDF-1.4 test')], { type: 'application/pdf' }),
			'hello.pdf',
		);
		const res = await fetch(`${server.baseUrl}/accounts/self/files?format=pdf`, {
			method: 'POST',
			headers: { authorization: `Bearer ${server.tokens.pat}` },
			body: form,
		});
		expect(res.status).toBe(200);
		const { path } = (await res.json()) as { path: string };
		expect(path).toMatch(/^\/storage\/\w+\.pdf$/);
		const logged = server.requests.find(
			(r) => r.method === 'POST' && r.path === '/v3/accounts/self/files',
		);
		expect(logged?.query).toEqual({ format: 'pdf' });
		expect(logged?.body.files).toEqual([
			{ name: 'fax_file', filename: 'hello.pdf', contentType: 'application/pdf', size: 13 },
		]);

		const empty = new FormData();
		empty.append('other', 'x');
		const missing = await fetch(`${server.baseUrl}/accounts/self/files`, {
			method: 'POST',
			headers: { authorization: `Bearer ${server.tokens.pat}` },
			body: empty,
		});
		expect(missing.status).toBe(400);

		const sent = await call('POST', '/accounts/self/outbox', {
			body: {
				from: '+15551230001',
				to: ['+4930123456'],
				files: [path],
				return_ids: true,
				send_time: '2030-01-01 10:00:00 +0000',
			},
		});
		expect(sent.status).toBe(201);
		const id = sent.json.ids['+4930123456'];
		expect((await call('GET', `/accounts/self/outbox/${id}`)).json).toMatchObject({
			id,
			status: 'scheduled',
			to: ['+4930123456'],
		});
		expectError(
			await call('POST', '/accounts/self/outbox', { body: { to: ['4930123456'], files: [path] } }),
			400,
			'bad_request',
		);
		expectError(
			await call('POST', '/accounts/self/outbox', {
				body: { from: '+15551230001', to: ['+4930123456'], files: ['/storage/none.pdf'] },
			}),
			400,
			'bad_request',
		);
	});

	describe('sending (POST /outbox) as Fax.Plus documents it', () => {
		const FILE = '/storage/seed-document.pdf';
		const send = (body: Record<string, unknown>, token?: string) =>
			call('POST', '/accounts/self/outbox', {
				token,
				body: {
					from: '+15551230001',
					to: ['+4930123456'],
					files: [FILE],
					return_ids: true,
					...body,
				},
			});

		it('answers 201 { ids } by destination, and balances a comma-separated from over its numbers', async () => {
			const sent = await send({
				from: '+15551230001, +1 555 123 0002',
				to: ['+4930123456', '+33144556677', '+12125550199'],
			});
			expect(sent.status).toBe(201);
			expect(Object.keys(sent.json)).toEqual(['ids']);
			const ids = sent.json.ids as Record<string, string>;
			expect(Object.keys(ids)).toEqual(['+4930123456', '+33144556677', '+12125550199']);
			expect(Object.values(ids).map((id) => server.state.outbox[id].src)).toEqual([
				'+15551230001',
				'+15551230002',
				'+15551230001',
			]);
		});

		it("takes no_number, and refuses a from that is not one of the user's numbers", async () => {
			expect((await send({ from: 'no_number' }, server.tokens.patMember)).status).toBe(201);
			expectError(
				await send({ from: '+15551230001' }, server.tokens.patMember),
				400,
				'bad_request',
			);
			expectError(await send({ from: '+15551230001,+19995550000' }), 400, 'bad_request');
			expectError(await send({ from: '+15551230001,no_number' }), 400, 'bad_request');
			expectError(await send({ from: '' }), 400, 'bad_request');
		});

		it('refuses more than 10 files, 4000 destinations, 150 MB in all (413) and more than 3 retries', async () => {
			expectError(
				await send({ files: Array.from({ length: 11 }, () => FILE) }),
				400,
				'too_many_files',
			);
			const to = Array.from({ length: 4001 }, (_, i) => `+1212555${String(i).padStart(4, '0')}`);
			expectError(await send({ to }), 400, 'too_many_destinations');
			expect((await send({ to: to.slice(0, 4000) })).status).toBe(201);
			// Two stored uploads of 75 MB and 1 byte: too much together, though each alone is fine.
			const size = 75 * 1024 * 1024;
			server.state.files['/storage/big-1.pdf'] = {
				...server.state.files[FILE],
				path: '/storage/big-1.pdf',
				size,
			};
			server.state.files['/storage/big-2.pdf'] = {
				...server.state.files[FILE],
				path: '/storage/big-2.pdf',
				size: size + 1,
			};
			expectError(
				await send({ files: ['/storage/big-1.pdf', '/storage/big-2.pdf'] }),
				413,
				'payload_too_large',
			);
			expect((await send({ files: ['/storage/big-1.pdf'] })).status).toBe(201);
			expectError(await send({ options: { retry: { count: 4 } } }), 400, 'bad_request');
			expect((await send({ options: { retry: { count: 3, delay: 60 } } })).status).toBe(201);
		});

		it('reuses an existing fax of the user with from_fax: files may then be empty; anything else is refused', async () => {
			const sent = await send({ files: [], from_fax: 'fax_4' });
			expect(sent.status).toBe(201);
			const [id] = Object.values(sent.json.ids as Record<string, string>);
			expect(server.state.outbox[id]).toMatchObject({
				files: ['/storage/fax-fax_4.pdf'],
				page_count: 1,
			});
			// Uploaded files first, then the fax's file.
			const combined = await send({ from_fax: 'fax_3' });
			expect(
				server.state.outbox[Object.values(combined.json.ids as Record<string, string>)[0]].files,
			).toEqual([FILE, '/storage/fax-fax_3.pdf']);
			expectError(await send({ files: [] }), 400, 'bad_request');
			expectError(await send({ files: [], from_fax: 'fax_6' }), 400, 'bad_request'); // member_1's fax
			expectError(await send({ files: [], from_fax: '' }), 400, 'bad_request');
			expectError(await send({ files: [], from_fax: { id: 'fax_4' } }), 400, 'bad_request');
			expectError(
				await send({ files: Array.from({ length: 10 }, () => FILE), from_fax: 'fax_4' }),
				400,
				'too_many_files',
			);
		});

		it('refuses fields PayloadOutbox does not have, in the body, the comment and the options', async () => {
			expectError(await send({ file_urls: ['https://example.com/a.pdf'] }), 400, 'bad_request');
			expectError(await send({ comment: { text: 'x', note: 'y' } }), 400, 'bad_request');
			expectError(await send({ comment: { tags: 'urgent' } }), 400, 'bad_request');
			expectError(await send({ comment: { tags: [1] } }), 400, 'bad_request');
			expectError(await send({ options: { quality: 'fine' } }), 400, 'bad_request');
			expectError(await send({ options: { enhancement: 'no' } }), 400, 'bad_request');
			expectError(await send({ return_ids: 'yes' }), 400, 'bad_request');
			const tagged = await send({ comment: { tags: ['invoices'] } });
			expect(tagged.status).toBe(201);
			expect(
				server.state.outbox[Object.values(tagged.json.ids as Record<string, string>)[0]].comment,
			).toEqual({ text: '', tags: ['invoices'] });
		});

		it('changes only the comment of an outgoing fax (PayloadOutboxModification)', async () => {
			const res = await call('PUT', '/accounts/self/outbox/outbox_1', {
				body: { comment: 'Moved' },
			});
			expect(res.status).toBe(204);
			expect(server.state.outbox.outbox_1.comment.text).toBe('Moved');
			expectError(
				await call('PUT', '/accounts/self/outbox/outbox_1', {
					body: { send_time: '2031-01-01 10:00:00 +0000' },
				}),
				400,
				'bad_request',
			);
			expectError(
				await call('PUT', '/accounts/self/outbox/outbox_1', { body: { comment: { text: 'x' } } }),
				400,
				'bad_request',
			);
			expectError(
				await call('PUT', '/accounts/self/outbox/outbox_1', {
					body: { comment: 'x', retry: { count: 1 } },
				}),
				400,
				'bad_request',
			);
			expect(server.state.outbox.outbox_1.send_time).toBe('2030-01-15 09:00:00 +0000');
		});

		it('lets an outbox fax leave the outbox as planned and be listed as a sent fax with its submit_time', async () => {
			const plan = await fetch(`${server.origin}/_control/outbox/plan`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ to: '+4930123456', status: 'failed_user_busy', afterReads: 1 }),
			});
			expect(plan.status).toBe(204);
			const sent = await send({});
			const id = sent.json.ids['+4930123456'];
			const submitted = server.state.outbox[id].submit_time;
			// The first read lists it; by the second it has left the outbox.
			expect(
				(await call('GET', '/accounts/self/outbox')).json.records.map((r: any) => r.id),
			).toContain(id);
			expect((await call('GET', `/accounts/self/outbox/${id}`)).status).toBe(400);
			const list = await call('GET', '/accounts/self/faxes?category=sent');
			const fax = list.json.data.records.find((r: any) => r.submit_time === submitted);
			expect(fax).toMatchObject({
				to: '+4930123456',
				status: 'failed_user_busy',
				direction: 'outgoing',
			});
			expect(fax.id).not.toBe(id);
			const bad = await fetch(`${server.origin}/_control/outbox/plan`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ to: '+4930123456' }),
			});
			expect(bad.status).toBe(400);
		});
	});
});

describe('fax AI and shop', () => {
	it('returns field extraction results and runs requested jobs', async () => {
		const done = await call('GET', '/accounts/self/faxes/fax_1/ai/field-extraction');
		expect(done.json.status).toBe('finished');
		expect(done.json.data.invoice_number).toBe('INV-2025-0042');
		expect((await call('GET', '/accounts/self/faxes/fax_2/ai/field-extraction')).json).toEqual({
			status: 'pending',
		});
		expect((await call('GET', '/accounts/self/faxes/fax_3/ai/field-extraction')).json).toEqual({
			status: 'not_requested',
		});
		expect((await call('POST', '/accounts/self/faxes/fax_3/ai/field-extraction')).json).toEqual({
			status: 'pending',
		});
		const after = await call('GET', '/accounts/self/faxes/fax_3/ai/field-extraction');
		expect(after.json.status).toBe('finished');
		expect(after.json.data.invoice_number).toEqual(expect.any(String));
		const ocr = await call('GET', '/accounts/self/faxes/fax_1/ai/ocr');
		expect(ocr.json).toEqual({
			status: 'finished',
			data: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR',
		});
		const credits = await call('GET', '/accounts/self/ai/credits');
		expect(credits.json.credits_remaining).toBeLessThan(480);
		expect(credits.json.reload_at).toMatch(/^\d{4}-\d\d-\d\dT00:00:00Z$/);
	});

	it('takes corrections of a finished field extraction (PATCH { data }) and answers the result', async () => {
		const res = await call('PATCH', '/accounts/self/faxes/fax_1/ai/field-extraction', {
			body: { data: { total_amount: '1350.00', po: 'PO-7' } },
		});
		expect(res.status).toBe(200);
		expect(res.json.status).toBe('finished');
		expect(res.json.data).toMatchObject({
			invoice_number: 'INV-2025-0042',
			total_amount: '1350.00',
			po: 'PO-7',
		});
		expect(
			(await call('GET', '/accounts/self/faxes/fax_1/ai/field-extraction')).json.data.total_amount,
		).toBe('1350.00');
		expectError(
			await call('PATCH', '/accounts/self/faxes/fax_1/ai/field-extraction', { body: {} }),
			400,
			'bad_request',
		);
		expectError(
			await call('PATCH', '/accounts/self/faxes/fax_1/ai/field-extraction', {
				body: { data: { a: { b: 1 } } },
			}),
			400,
			'bad_request',
		);
		expectError(
			await call('PATCH', '/accounts/self/faxes/fax_2/ai/field-extraction', {
				body: { data: { a: 'b' } },
			}),
			400,
			'bad_request',
		);
		expectError(
			await call('PATCH', '/accounts/self/faxes/fax_404/ai/field-extraction', {
				body: { data: { a: 'b' } },
			}),
			400,
			'bad_request',
		);
	});

	it('manages custom fields (admin only)', async () => {
		expect((await call('GET', '/accounts/self/ai/custom-fields')).json.records[0].id).toBe('cf_1');
		const created = await call('POST', '/accounts/self/ai/custom-fields', {
			body: { name: 'po_number', instructions: 'PO', enabled: true },
		});
		expect(created.json).toEqual({
			id: expect.stringMatching(/^cf_/),
			name: 'po_number',
			instructions: 'PO',
			enabled: true,
		});
		const patched = await call('PATCH', '/accounts/self/ai/custom-fields/cf_1', {
			body: { enabled: false },
		});
		expect(patched.json).toMatchObject({ id: 'cf_1', name: 'invoice_number', enabled: false });
		expectError(
			await call('PATCH', '/accounts/self/ai/custom-fields/cf_999', { body: { enabled: false } }),
			400,
			'bad_request',
		);
		const member = await call('POST', '/accounts/self/ai/custom-fields', {
			token: server.tokens.patMember,
			body: { name: 'x' },
		});
		expect(member.status).toBe(403);
	});

	it('searches and purchases numbers', async () => {
		const countries = (await call('GET', '/shop/numbers/countries')).json.countries;
		expect(countries).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ iso: 'US', is_available: true }),
				expect.objectContaining({ iso: 'DE', is_available: true }),
			]),
		);
		expect(countries.some((c: any) => !c.is_available)).toBe(true);
		expectError(
			await call('GET', '/shop/numbers/countries/US/areas/555/numbers?channel=custom&contains=12a'),
			400,
			'bad_request',
		);
		const custom = await call(
			'GET',
			'/shop/numbers/countries/US/areas/555/numbers?channel=custom&contains=4242',
		);
		expect(custom.json.numbers.length).toBeGreaterThan(0);
		for (const n of custom.json.numbers) expect(n.item.number).toContain('4242');
		const offer = custom.json.numbers[0];
		expect(
			(await call('POST', '/shop/numbers/purchase', { body: { item_id: offer.item.id } })).json,
		).toEqual({ number: offer.item.number });
		expectError(
			await call('POST', '/shop/numbers/purchase', { body: { item_id: 'nope' } }),
			400,
			'bad_request',
		);
	});
});

describe('webhooks (current API)', () => {
	const list = async () => (await call('GET', '/webhooks')).json.data;

	it('creates with 201 and an empty body, lists with ep_ ids, normalises channels', async () => {
		const res = await call('POST', '/webhooks', {
			body: {
				url: 'https://example.com/h',
				filter_types: ['fax_received'],
				channels: ['+1 555 123 0001'],
			},
		});
		expect(res.status).toBe(201);
		expect(res.text).toBe('');
		const [ep] = await list();
		expect(ep).toEqual({
			id: expect.stringMatching(/^ep_/),
			url: 'https://example.com/h',
			filter_types: ['fax_received'],
			channels: ['+15551230001'],
		});
		expect(server.getEndpointSecret(ep.id)).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
	});

	it('validates filter_types and channels and creates nothing on 400', async () => {
		expectError(
			await call('POST', '/webhooks', { body: { url: 'https://example.com/h' } }),
			400,
			'bad_request',
		);
		expectError(
			await call('POST', '/webhooks', { body: { url: 'https://example.com/h', filter_types: [] } }),
			400,
			'bad_request',
		);
		const bad = await call('POST', '/webhooks', {
			body: {
				url: 'https://example.com/h',
				filter_types: ['fax_sent'],
				channels: ['+15551230001', '4930123456'],
			},
		});
		expectError(bad, 400, 'bad_request');
		expect(bad.json.description).toMatch(/Invalid number.*4930123456/);
		expect(await list()).toEqual([]);
	});

	it('takes only https:// URLs, and http:// for loopback hosts', async () => {
		const bad = await call('POST', '/webhooks', {
			body: { url: 'http://example.com/h', filter_types: ['fax_sent'] },
		});
		expectError(bad, 400, 'bad_request');
		expect(bad.json.description).toMatch(/https/);
		for (const url of [
			'http://127.0.0.1:5678/webhook/x',
			'http://localhost/x',
			'https://example.com/h',
		]) {
			expect(
				(await call('POST', '/webhooks', { body: { url, filter_types: ['fax_sent'] } })).status,
			).toBe(201);
		}
		const [{ id }] = await list();
		expectError(
			await call('PATCH', `/webhooks/${id}`, { body: { url: 'http://example.com/h' } }),
			400,
			'bad_request',
		);
	});

	it('patches (omitted unchanged, null clears, 400 changes nothing) and deletes', async () => {
		await call('POST', '/webhooks', {
			body: {
				url: 'https://example.com/h',
				filter_types: ['fax_sent'],
				channels: ['+15551230001'],
			},
		});
		const [{ id }] = await list();
		await call('PATCH', `/webhooks/${id}`, {
			body: { filter_types: ['fax_sent', 'fax_received'] },
		});
		expect((await list())[0]).toMatchObject({
			url: 'https://example.com/h',
			filter_types: ['fax_sent', 'fax_received'],
			channels: ['+15551230001'],
		});
		expectError(
			await call('PATCH', `/webhooks/${id}`, {
				body: { url: 'https://example.com/x', channels: ['123'] },
			}),
			400,
			'bad_request',
		);
		expect((await list())[0].url).toBe('https://example.com/h');
		await call('PATCH', `/webhooks/${id}`, { body: { channels: null } });
		expect((await list())[0].channels).toBeNull();
		expect((await call('DELETE', `/webhooks/${id}`)).status).toBe(204);
		expectError(await call('DELETE', `/webhooks/${id}`), 404, 'not_found');
		expect(await list()).toEqual([]);
	});

	it('answers 404 when disabled and 403 without the feature; needs webhook scopes', async () => {
		server.setWebhooksEnabled(false);
		expect((await call('GET', '/webhooks')).status).toBe(404);
		expect(
			(
				await call('POST', '/webhooks', {
					body: { url: 'https://e.com', filter_types: ['fax_sent'] },
				})
			).status,
		).toBe(404);
		server.setWebhooksEnabled(true);
		server.setWebhooksFeature(false);
		expect((await call('GET', '/webhooks')).status).toBe(403);
		expect((await call('DELETE', '/webhooks/ep_x')).status).toBe(403);
		server.setWebhooksFeature(true);
		expectError(
			await call('POST', '/webhooks', {
				token: server.tokens.patReadOnly,
				body: { url: 'https://e.com', filter_types: ['fax_sent'] },
			}),
			403,
			'insufficient_scope',
		);
		expect((await call('GET', '/webhooks', { token: server.tokens.patReadOnly })).status).toBe(200);
	});
});

describe('deliveries', () => {
	let receiver: Awaited<ReturnType<typeof startReceiver>>;
	beforeEach(async () => {
		receiver = await startReceiver();
	});
	afterEach(async () => {
		await receiver.close();
	});

	async function subscribe(body: Record<string, unknown>) {
		await call('POST', '/webhooks', { body: { url: receiver.url, ...body } });
		const data = (await call('GET', '/webhooks')).json.data;
		return data[data.length - 1].id as string;
	}

	const headersOf = (r: Received) => ({
		'webhook-id': String(r.headers['webhook-id']),
		'webhook-timestamp': String(r.headers['webhook-timestamp']),
		'webhook-signature': String(r.headers['webhook-signature']),
	});

	it("signs with Svix's own header names under signatureHeaders: svix, the same signature", async () => {
		const id = await subscribe({ filter_types: ['fax_received'] });
		server.setReadings({ signatureHeaders: 'svix' });
		await server.deliver({ event: 'fax_received' });
		const [got] = receiver.received;
		expect(got.headers['webhook-id']).toBeUndefined();
		expect(got.headers['webhook-signature']).toBeUndefined();
		const svix = {
			'webhook-id': String(got.headers['svix-id']),
			'webhook-timestamp': String(got.headers['svix-timestamp']),
			'webhook-signature': String(got.headers['svix-signature']),
		};
		expect(svix['webhook-id']).toMatch(/^msg_/);
		expect(() => new Webhook(server.getEndpointSecret(id)!).verify(got.body, svix)).not.toThrow();
	});

	it("sends apidoc's documented data under webhookBody: documented (no direction, formatted numbers, pages in_progress)", async () => {
		await subscribe({ filter_types: ['fax_received', 'fax_page_received'] });
		server.setReadings({ webhookBody: 'documented' });
		await server.deliver({
			event: 'fax_received',
			data: { from: '+13343041234', to: '+15551230001' },
		});
		await server.deliver({ event: 'fax_page_received' });
		const [received, page] = receiver.received.map((r) => r.body.toString('utf8'));
		expect(received).toMatch(/^\{\n {4}"hook": \{\n {8}"id": /);
		const { data } = JSON.parse(received);
		expect(Object.keys(data)).toEqual([
			'id',
			'uid',
			'pages',
			'from',
			'to',
			'start_time',
			'file',
			'file_name',
			'cost',
			'status',
		]);
		expect(data).toMatchObject({ from: '+1 334-304-1234', to: '+1 555-123-0001' });
		expect(JSON.parse(page).data.status).toBe('in_progress');
	});

	it("filters by an endpoint's numbers in E.164 when the body writes them formatted", async () => {
		await subscribe({ filter_types: ['fax_received'], channels: ['+13343041234'] });
		server.setReadings({ webhookBody: 'documented' });
		await server.deliver({ event: 'fax_received', data: { from: '+1 334-304-1234' } });
		expect(receiver.received).toHaveLength(1);
	});

	it('signs per Standard Webhooks, verifiable with the standardwebhooks package', async () => {
		const id = await subscribe({ filter_types: ['fax_received'] });
		const [result] = await server.deliver({ event: 'fax_received', data: { pages: 3 } });
		expect(result).toMatchObject({
			endpointId: id,
			url: receiver.url,
			webhookId: expect.stringMatching(/^msg_/),
			attempts: [{ status: 200, body: 'ok' }],
		});
		const [got] = receiver.received;
		const payload = new Webhook(server.getEndpointSecret(id)!).verify(
			got.body,
			headersOf(got),
		) as any;
		expect(payload.hook).toMatchObject({ event: 'fax_received', target: '' });
		expect(payload.hook.id).toBe(payload.data.id);
		expect(payload.data).toMatchObject({
			pages: 3,
			from: expect.stringMatching(/^\+/),
			to: '+15551230001',
		});
		expect(() =>
			new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(
				got.body,
				headersOf(got),
			),
		).toThrow();
	});

	it('filters by event and channels', async () => {
		await subscribe({ filter_types: ['fax_sent'] });
		await subscribe({ filter_types: ['fax_received'], channels: ['+19999999999'] });
		const hit = await subscribe({ filter_types: ['fax_received'], channels: ['+15551230001'] });
		const results = await server.deliver({ event: 'fax_received' });
		expect(results.map((r) => r.endpointId)).toEqual([hit]);
	});

	it('retries non-2xx answers with the same webhook-id, and replays verbatim', async () => {
		const id = await subscribe({ filter_types: ['fax_sent'] });
		receiver.statuses.push(500, 503);
		const [result] = await server.deliver({ event: 'fax_sent', retries: 3 });
		expect(result.attempts.map((a) => a.status)).toEqual([500, 503, 200]);
		expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
		const [replayed] = await server.replay(result.webhookId!);
		expect(replayed.webhookId).toBe(result.webhookId);
		const last = receiver.received[receiver.received.length - 1];
		expect(last.body.equals(receiver.received[0].body)).toBe(true);
		new Webhook(server.getEndpointSecret(id)!).verify(last.body, headersOf(last));
	});

	it('can sign wrongly or send a raw body on request', async () => {
		await subscribe({ filter_types: ['fax_sent'] });
		await server.deliver({
			event: 'fax_sent',
			secret: `whsec_${Buffer.alloc(24).toString('base64')}`,
			rawBody: '{"x":1}',
		});
		const [got] = receiver.received;
		expect(got.body.toString()).toBe('{"x":1}');
		expect(got.headers['webhook-signature']).toMatch(/^v1,/);
	});

	it('posts to legacy hooks with hook.target filled and no signature headers', async () => {
		const created = await call('POST', '/hooks', {
			body: { target: receiver.url, event: 'fax_received', numbers: ['+15551230001'] },
		});
		expect(created.status).toBe(201);
		expect(created.json).toEqual({
			id: expect.any(String),
			target: receiver.url,
			event: 'fax_received',
		});
		expectError(
			await call('POST', '/hooks', {
				body: { target: receiver.url, event: 'fax_received', numbers: ['+10000000000'] },
			}),
			400,
			'bad_request',
		);
		expect((await call('GET', '/hooks?event=fax_sent')).json.data).toEqual([]);
		expect((await call('GET', '/hooks?event=fax_received')).json.data).toEqual([
			{
				id: created.json.id,
				target: receiver.url,
				event: 'fax_received',
				numbers: ['+15551230001'],
			},
		]);
		// `event` is required, as in Fax.Plus's SDK (get_webhooks(event)).
		expectError(await call('GET', '/hooks'), 400, 'bad_request');
		expectError(await call('GET', '/hooks?event='), 400, 'bad_request');
		expectError(await call('GET', '/hooks?event=fax.sent'), 400, 'bad_request');
		const [result] = await server.deliver({ event: 'fax_received' });
		expect(result).toMatchObject({ legacy: true, webhookId: null });
		const [got] = receiver.received;
		expect(JSON.parse(got.body.toString()).hook.target).toBe(receiver.url);
		expect(got.headers['webhook-signature']).toBeUndefined();
		expect((await call('DELETE', `/hooks/${created.json.id}`)).status).toBe(204);
		expect((await call('DELETE', `/hooks/${created.json.id}`)).status).toBe(404);
	});

	it('is driven over HTTP by /_control endpoints', async () => {
		const id = await subscribe({ filter_types: ['fax_received'] });
		const hooks = (await (await fetch(`${server.origin}/_control/webhooks`)).json()) as any;
		expect(hooks.data[0]).toMatchObject({ id, secret: server.getEndpointSecret(id) });
		const res = await fetch(`${server.origin}/_control/deliver`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ event: 'fax_received' }),
		});
		const [result] = (await res.json()) as any[];
		expect(result.attempts[0].status).toBe(200);
		const settings = await fetch(`${server.origin}/_control/settings`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ webhooksEnabled: false }),
		});
		expect(await settings.json()).toEqual({ webhooksEnabled: false, webhooksFeature: true });
		expect(server.requests.some((r) => r.path.startsWith('/_control'))).toBe(false);
	});
});

describe("the root page, as Fax.Plus's Integrations → Webhooks", () => {
	/** GET or POST / with the headers given (fetch cannot set Host or a foreign Origin). */
	function root(method: string, headers: Record<string, string> = {}, body?: string) {
		return new Promise<{ status: number; text: string; location?: string }>((resolve, reject) => {
			const req = http.request(
				{ host: '127.0.0.1', port: server.port, path: '/', method, headers },
				(res) => {
					const chunks: Buffer[] = [];
					res.on('data', (c: Buffer) => chunks.push(c));
					res.on('end', () =>
						resolve({
							status: res.statusCode ?? 0,
							text: Buffer.concat(chunks).toString('utf8'),
							location: res.headers.location,
						}),
					);
				},
			);
			req.on('error', reject);
			req.end(body);
		});
	}
	const form = { 'content-type': 'application/x-www-form-urlencoded' };

	it('shows each endpoint with its URL, events and signing secret, and says how to get one without', async () => {
		const empty = await root('GET');
		expect(empty.status).toBe(200);
		expect(empty.text).toContain(
			'No webhook endpoints yet: publish a workflow with the Fax.Plus Trigger',
		);
		await call('POST', '/webhooks', {
			body: {
				url: 'http://127.0.0.1:5678/webhook/abc/webhook',
				filter_types: ['fax_received', 'fax_sent'],
			},
		});
		const [ep] = (await call('GET', '/webhooks')).json.data;
		const { text } = await root('GET');
		expect(text).toContain(ep.id);
		expect(text).toContain('http://127.0.0.1:5678/webhook/abc/webhook');
		expect(text).toContain('fax_received, fax_sent');
		expect(text).toContain(`value="${server.getEndpointSecret(ep.id)}"`);
		expect(text).not.toMatch(/<script/i);
	});

	it('escapes what it shows', async () => {
		await call('POST', '/webhooks', {
			body: { url: 'https://example.com/h?a=<b>"x"', filter_types: ['fax_sent'] },
		});
		const { text } = await root('GET');
		expect(text).toContain('https://example.com/h?a=&#60;b&#62;&#34;x&#34;');
		expect(text).not.toContain('<b>"x"');
	});

	/** The cells of each row of the table under the page's heading `heading`, as HTML. */
	function tableUnder(text: string, heading: string) {
		const section = text.split(`<h2>${heading}</h2>`)[1].split('<h2>')[0];
		return [...section.matchAll(/<tr>([\s\S]*?)<\/tr>/g)]
			.map((row) => [...row[1].matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => cell[1]))
			.filter((cells) => cells.length > 0);
	}

	it('makes a fax arrive: in the inbox, and a signed fax_received to each endpoint, each answer shown beside its endpoint', async () => {
		const accepting = await startReceiver();
		const refusing = await startReceiver();
		refusing.statuses.push(401);
		try {
			for (const receiver of [accepting, refusing])
				await call('POST', '/webhooks', {
					body: {
						url: receiver.url.replace('/hook', `/hook${receiver === refusing ? '-b' : ''}`),
						filter_types: ['fax_received'],
					},
				});
			const endpoints = (await call('GET', '/webhooks')).json.data as Array<{
				id: string;
				url: string;
			}>;
			expect(tableUnder((await root('GET')).text, 'Deliveries')).toEqual([]);
			const inbox = () =>
				Object.values(server.state.faxes).filter((f) => f.direction === 'incoming');
			const before = inbox().length;
			const answer = await root('POST', form, 'action=receive');
			expect([answer.status, answer.location]).toEqual([303, '/']);
			expect(inbox()).toHaveLength(before + 1);
			expect(accepting.received).toHaveLength(1);
			expect(refusing.received).toHaveLength(1);
			expect(String(accepting.received[0].headers['webhook-signature'])).toMatch(/^v1,/);
			const webhookId = String(accepting.received[0].headers['webhook-id']);
			const rows = tableUnder((await root('GET')).text, 'Deliveries');
			// One row per endpoint: which endpoint, its URL and the answer it gave, every cell filled.
			expect(
				rows
					.map(([, event, endpoint, url, id, answers]) => [event, endpoint, url, id, answers])
					.sort(),
			).toEqual(
				endpoints
					.map((ep) => [
						'fax_received',
						`<code>${ep.id}</code>`,
						ep.url,
						`<code>${webhookId}</code>`,
						ep.url.endsWith('-b') ? '401 Unauthorized: ok' : '200 OK: ok',
					])
					.sort(),
			);
			for (const row of rows) expect(row[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
			expect((await root('POST', form, 'action=other')).status).toBe(400);
		} finally {
			await accepting.close();
			await refusing.close();
		}
	});

	it('fills every column of the inbox, the outbox and the sent faxes: an outbox fax is from its sending number', async () => {
		const sent = await call('POST', '/accounts/self/outbox', {
			token: server.tokens.patMember,
			body: {
				from: 'no_number',
				to: ['+4930123456'],
				files: ['/storage/seed-document.pdf'],
				return_ids: true,
			},
		});
		expect(sent.status).toBe(201);
		const { text } = await root('GET');
		const outbox = tableUnder(text, 'Outbox');
		const from = Object.fromEntries(outbox.map(([id, sender]) => [id, sender]));
		expect(from['<code>outbox_1</code>']).toBe(server.state.outbox.outbox_1.src);
		expect(from[`<code>${sent.json.ids['+4930123456']}</code>`]).toBe('no number (no_number)');
		for (const heading of ['Inbox', 'Outbox', 'Sent']) {
			const rows = tableUnder(text, heading);
			expect(rows.length).toBeGreaterThan(0);
			for (const row of rows) {
				expect(row).toHaveLength(5);
				for (const cell of row) expect(cell.trim()).not.toBe('');
			}
		}
	});

	it('answers only requests that name it by a loopback host, from a page of its own', async () => {
		await call('POST', '/webhooks', {
			body: { url: 'https://example.com/h', filter_types: ['fax_sent'] },
		});
		const secret = String(Object.values(server.state.webhooks)[0].secret);
		// A page elsewhere that rebinds its name to 127.0.0.1 sends its own Host; another site's form its Origin.
		for (const headers of [
			{ host: 'attacker.example' },
			{ host: `attacker.example:${server.port}` },
		]) {
			const answer = await root('GET', headers);
			expect([answer.status, answer.text.includes(secret)]).toEqual([403, false]);
		}
		const faxes = Object.keys(server.state.faxes).length;
		const foreign = await root(
			'POST',
			{ ...form, origin: 'https://attacker.example' },
			'action=receive',
		);
		expect(foreign.status).toBe(403);
		expect(Object.keys(server.state.faxes)).toHaveLength(faxes);
		// Positive controls: the names a user types.
		for (const host of [`127.0.0.1:${server.port}`, `localhost:${server.port}`])
			expect((await root('GET', { host })).status).toBe(200);
		expect((await root('POST', { ...form, origin: server.origin }, 'action=receive')).status).toBe(
			303,
		);
	});
});

describe('OAuth2', () => {
	const REDIRECT = 'http://127.0.0.1:1/rest/oauth2-credential/callback';
	const basic = (id = server.tokens.clientId, secret = server.tokens.clientSecret) =>
		`Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
	const loginQuery = (extra: Record<string, string> = {}) =>
		new URLSearchParams({
			response_type: 'code',
			client_id: server.tokens.clientId,
			redirect_uri: REDIRECT,
			scope: 'all',
			state: 'xyz',
			...extra,
		});

	/** POSTs the login page's form, as the Approve (or Deny) button does. */
	const answerLogin = (form: URLSearchParams) =>
		fetch(`${server.authUrl}/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: form.toString(),
			redirect: 'manual',
		});
	async function approvedCode(redirectUri = REDIRECT): Promise<string> {
		const res = await answerLogin(
			new URLSearchParams({
				...Object.fromEntries(loginQuery({ redirect_uri: redirectUri })),
				decision: 'approve',
			}),
		);
		expect(res.status).toBe(302);
		return new URL(res.headers.get('location')!).searchParams.get('code')!;
	}
	async function tokenRequest({
		query = {},
		form,
		headers = {},
	}: {
		query?: Record<string, string>;
		form?: Record<string, string>;
		headers?: Record<string, string>;
	}) {
		const res = await fetch(`${server.authUrl}/token?${new URLSearchParams(query)}`, {
			method: 'POST',
			headers: form ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : headers,
			body: form ? new URLSearchParams(form).toString() : undefined,
		});
		return { status: res.status, json: (await res.json()) as any, headers: res.headers };
	}

	it('shows a login page with an Approve button that redirects back with a code and the state', async () => {
		const page = await fetch(`${server.authUrl}/login?${loginQuery()}`);
		expect(page.status).toBe(200);
		expect(page.headers.get('content-type')).toMatch(/^text\/html/);
		const html = await page.text();
		expect(html).toMatch(/<form method="post" action="\/oauth\/login">/);
		expect(html).toContain(
			'<button type="submit" name="decision" value="approve">Approve</button>',
		);
		for (const [name, value] of loginQuery())
			expect(html).toContain(
				`<input type="hidden" name="${name}" value="${value.replace(/&/g, '&#38;')}">`,
			);

		const approved = await answerLogin(
			new URLSearchParams({ ...Object.fromEntries(loginQuery()), decision: 'approve' }),
		);
		expect(approved.status).toBe(302);
		const location = new URL(approved.headers.get('location')!);
		expect(location.origin + location.pathname).toBe(REDIRECT);
		expect(location.searchParams.get('state')).toBe('xyz');
		expect(location.searchParams.get('code')).toMatch(/^code_/);
	});

	it('escapes what it echoes into the login page', async () => {
		const html = await (
			await fetch(`${server.authUrl}/login?${loginQuery({ state: '"><script>x</script>' })}`)
		).text();
		expect(html).not.toContain('<script>');
		expect(html).toContain('value="&#34;&#62;&#60;script&#62;x&#60;/script&#62;"');
	});

	it('redirects back with access_denied when the user denies', async () => {
		const denied = await answerLogin(
			new URLSearchParams({ ...Object.fromEntries(loginQuery()), decision: 'deny' }),
		);
		expect(denied.status).toBe(302);
		const location = new URL(denied.headers.get('location')!);
		expect(Object.fromEntries(location.searchParams)).toEqual({
			error: 'access_denied',
			state: 'xyz',
		});
	});

	it.each([
		['a response_type other than code', { response_type: 'token' }, 'unsupported_response_type'],
		['an unknown client_id', { client_id: 'someone-else' }, 'invalid_client'],
		['a relative redirect_uri', { redirect_uri: '/callback' }, 'invalid_request'],
		['a non-http redirect_uri', { redirect_uri: 'javascript:alert(1)' }, 'invalid_request'],
		['a scope other than all', { scope: 'fax:all:read' }, 'invalid_scope'],
		['no scope', { scope: '' }, 'invalid_scope'],
	])('refuses %s at the login step, page and form alike', async (_what, extra, code) => {
		const page = await fetch(`${server.authUrl}/login?${loginQuery(extra)}`);
		expectError({ status: page.status, json: await page.json() }, 400, code);
		const form = await answerLogin(
			new URLSearchParams({ ...Object.fromEntries(loginQuery(extra)), decision: 'approve' }),
		);
		expectError({ status: form.status, json: await form.json() }, 400, code);
	});

	it('refuses a form answer without a decision', async () => {
		const res = await answerLogin(loginQuery());
		expectError({ status: res.status, json: await res.json() }, 400, 'invalid_request');
	});

	it('exchanges the code with Basic client authentication and grant parameters in the query, as the docs show', async () => {
		const code = await approvedCode();
		const tokens = await tokenRequest({
			query: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
			headers: { authorization: basic() },
		});
		expect(tokens.status).toBe(200);
		expect(tokens.json).toEqual({
			access_token: expect.any(String),
			refresh_token: expect.any(String),
			token_type: 'bearer',
			expires_in: 3600,
			scope: 'all',
		});
		expect(
			(
				await call('GET', '/accounts/self/plan', {
					token: tokens.json.access_token,
					headers: { 'x-fax-clientid': server.tokens.clientId },
				})
			).status,
		).toBe(200);

		// The code is single-use.
		const reuse = await tokenRequest({
			query: { grant_type: 'authorization_code', code, redirect_uri: REDIRECT },
			headers: { authorization: basic() },
		});
		expect(reuse.status).toBe(400);
		expect(reuse.json.error).toBe('invalid_grant');

		// The new refresh token refreshes, grant parameters in a form body.
		const refreshed = await tokenRequest({
			form: { grant_type: 'refresh_token', refresh_token: tokens.json.refresh_token },
			headers: { authorization: basic() },
		});
		expect(refreshed.status).toBe(200);
		expect(refreshed.json.refresh_token).toBe(tokens.json.refresh_token);
		expect(refreshed.json.access_token).not.toBe(tokens.json.access_token);
	});

	it('refreshes with Basic client authentication, the same refresh token each time', async () => {
		for (let i = 0; i < 2; i++) {
			const refreshed = await tokenRequest({
				form: { grant_type: 'refresh_token', refresh_token: server.tokens.oauthRefreshToken },
				headers: { authorization: basic() },
			});
			expect(refreshed.status).toBe(200);
			expect(refreshed.json.refresh_token).toBe(server.tokens.oauthRefreshToken);
			const info = await call('GET', '/auth/token', {
				token: refreshed.json.access_token,
				headers: { 'x-fax-clientid': server.tokens.clientId },
			});
			expect(info.json.token_type).toBe('oauth');
		}
	});

	it('refuses a client secret sent in the body instead of the Basic header (401 invalid_client)', async () => {
		const { clientId, clientSecret, oauthRefreshToken } = server.tokens;
		const res = await tokenRequest({
			form: {
				grant_type: 'refresh_token',
				refresh_token: oauthRefreshToken,
				client_id: clientId,
				client_secret: clientSecret,
			},
		});
		expectError(res, 401, 'invalid_client');
		expect(res.json.description).toMatch(/Basic/);
		expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
		const inQuery = await tokenRequest({
			query: {
				grant_type: 'refresh_token',
				refresh_token: oauthRefreshToken,
				client_id: clientId,
				client_secret: clientSecret,
			},
		});
		expectError(inQuery, 401, 'invalid_client');
	});

	it.each([
		['no client authentication', () => ({})],
		['a wrong secret', () => ({ authorization: basic(undefined, 'wrong') })],
		['an unknown client', () => ({ authorization: basic('someone-else') })],
		[
			'Basic credentials without a colon',
			() => ({ authorization: `Basic ${Buffer.from(server.tokens.clientId).toString('base64')}` }),
		],
		[
			'a Bearer token instead of Basic',
			() => ({ authorization: `Bearer ${server.tokens.oauthAccessToken}` }),
		],
	])('refuses %s with 401 invalid_client', async (_what, headers) => {
		const res = await tokenRequest({
			form: { grant_type: 'refresh_token', refresh_token: server.tokens.oauthRefreshToken },
			headers: headers(),
		});
		expectError(res, 401, 'invalid_client');
		expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
	});

	it('refuses a client_id parameter that is not the Basic one', async () => {
		const res = await tokenRequest({
			form: {
				grant_type: 'refresh_token',
				refresh_token: server.tokens.oauthRefreshToken,
				client_id: 'someone-else',
			},
			headers: { authorization: basic() },
		});
		expectError(res, 401, 'invalid_client');
	});

	it('refuses Basic authentication together with a client_secret parameter (one method only)', async () => {
		const res = await tokenRequest({
			form: {
				grant_type: 'refresh_token',
				refresh_token: server.tokens.oauthRefreshToken,
				client_secret: server.tokens.clientSecret,
			},
			headers: { authorization: basic() },
		});
		expectError(res, 400, 'invalid_request');
	});

	it('refuses a JSON body and a parameter sent both in the query and the body', async () => {
		const asJson = await fetch(`${server.authUrl}/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', authorization: basic() },
			body: JSON.stringify({
				grant_type: 'refresh_token',
				refresh_token: server.tokens.oauthRefreshToken,
			}),
		});
		expectError({ status: asJson.status, json: await asJson.json() }, 400, 'invalid_request');
		const twice = await tokenRequest({
			query: { grant_type: 'refresh_token' },
			form: { grant_type: 'refresh_token', refresh_token: server.tokens.oauthRefreshToken },
			headers: { authorization: basic() },
		});
		expectError(twice, 400, 'invalid_request');
	});

	it.each([
		[
			'another redirect_uri than at the login step',
			(code: string) => ({
				grant_type: 'authorization_code',
				code,
				redirect_uri: 'http://127.0.0.1:2/cb',
			}),
		],
		['no redirect_uri', (code: string) => ({ grant_type: 'authorization_code', code })],
		[
			'an unknown code',
			() => ({ grant_type: 'authorization_code', code: 'code_unknown', redirect_uri: REDIRECT }),
		],
		[
			'an unknown refresh token',
			() => ({ grant_type: 'refresh_token', refresh_token: 'oauth_rt_unknown' }),
		],
	])('refuses %s with 400 invalid_grant', async (_what, params) => {
		const res = await tokenRequest({
			form: params(await approvedCode()),
			headers: { authorization: basic() },
		});
		expectError(res, 400, 'invalid_grant');
	});

	it('refuses other grant types', async () => {
		const res = await tokenRequest({
			form: { grant_type: 'client_credentials' },
			headers: { authorization: basic() },
		});
		expectError(res, 400, 'unsupported_grant_type');
	});

	it('lets a test make access tokens expire (in process and through /_control/tokens/expire)', async () => {
		const issue = async () =>
			(
				await tokenRequest({
					form: { grant_type: 'refresh_token', refresh_token: server.tokens.oauthRefreshToken },
					headers: { authorization: basic() },
				})
			).json.access_token as string;
		const works = async (accessToken: string) =>
			(
				await call('GET', '/accounts/self/plan', {
					token: accessToken,
					headers: { 'x-fax-clientid': server.tokens.clientId },
				})
			).status === 200;
		const first = await issue();
		expect(server.expireAccessTokens(first)).toBe(1);
		const expired = await call('GET', '/accounts/self/plan', {
			token: first,
			headers: { 'x-fax-clientid': server.tokens.clientId },
		});
		expectError(expired, 401, 'unauthorized');
		expect(expired.json.description).toMatch(/expired/);

		const control = async (body: unknown) => {
			const res = await fetch(`${server.origin}/_control/tokens/expire`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(body),
			});
			return { status: res.status, json: (await res.json()) as any };
		};
		const second = await issue();
		expect(await control({ accessToken: second })).toEqual({ status: 200, json: { expired: 1 } });
		expect(await works(second)).toBe(false);

		// Without a token: every token the endpoint issued (tokens outlive reset()), not the seeded ones.
		await control({});
		const third = await issue();
		const fourth = await issue();
		expect(await control({})).toEqual({ status: 200, json: { expired: 2 } });
		expect(await works(third)).toBe(false);
		expect(await works(fourth)).toBe(false);
		expect(await works(server.tokens.oauthAccessToken)).toBe(true);

		expect((await control({ accessToken: 'oauth_at_unknown' })).status).toBe(404);
		expect((await control({ accessToken: server.tokens.pat })).status).toBe(404);
		expect((await control({ accessToken: 1 })).status).toBe(400);
	});
});

describe('contacts, numbers and accounts as the SDKs and the API reference show them', () => {
	const member = () => server.tokens.patMember;

	it('lists contacts with search, offset, limit and ids ({ contacts, total }), and refuses unknown or bad query parameters', async () => {
		const all = await call('GET', '/accounts/self/contacts');
		expect(all.status).toBe(200);
		expect(all.json.contacts.map((c: { id: string }) => c.id)).toEqual([
			'contact_1',
			'contact_2',
			'contact_3',
		]);
		expect(all.json.contacts[1]).toEqual({
			id: 'contact_2',
			name: 'Dr. Jane Smith',
			company: 'Smith Cardiology',
			numbers: ['+12125550199', '+12125550198'],
		});
		expect(all.json.total).toBe(3);
		expect(
			(await call('GET', '/accounts/self/contacts?search=PARIS')).json.contacts.map(
				(c: { id: string }) => c.id,
			),
		).toEqual(['contact_3']);
		expect(
			(await call('GET', '/accounts/self/contacts?offset=1&limit=1')).json.contacts.map(
				(c: { id: string }) => c.id,
			),
		).toEqual(['contact_2']);
		expect(
			(await call('GET', '/accounts/self/contacts?ids=contact_3,contact_4')).json.contacts.map(
				(c: { id: string }) => c.id,
			),
		).toEqual(['contact_3']);
		expect(
			(await call('GET', '/accounts/self/contacts', { token: member() })).json.contacts.map(
				(c: { id: string }) => c.id,
			),
		).toEqual(['contact_4']);
		expectError(await call('GET', '/accounts/self/contacts?page=2'), 400, 'bad_request');
		expectError(await call('GET', '/accounts/self/contacts?limit=0'), 400, 'bad_request');
		expectError(await call('GET', '/accounts/self/contacts?offset=-1'), 400, 'bad_request');
		expectError(
			await call('GET', '/accounts/owner_1/contacts', { token: member() }),
			403,
			'invalid_user_id',
		);
	});

	it('updates a contact (name, company, numbers only), answering the contact', async () => {
		const res = await call('PUT', '/accounts/self/contacts/contact_1', {
			body: { company: 'Charité', numbers: ['+49 30 123456'] },
		});
		expect(res.status).toBe(200);
		expect(res.json).toEqual({
			id: 'contact_1',
			name: 'Berlin Clinic',
			company: 'Charité',
			numbers: ['+4930123456'],
		});
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_1', { body: { email: 'a@b.c' } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_1', { body: { numbers: '+4930123456' } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_1', { body: { numbers: ['030123456'] } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_1', { body: { name: '' } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_1', { body: {} }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_4', { body: { name: 'x' } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/contacts/contact_1', {
				token: server.tokens.patReadOnly,
				body: { name: 'x' },
			}),
			403,
			'insufficient_scope',
		);
	});

	it('gets, assigns ({ assigned_to }, admins only) and revokes numbers (never from the admin)', async () => {
		expect((await call('GET', '/accounts/self/numbers/%2B15551230003')).json).toMatchObject({
			number: '+15551230003',
			assigned_to: ['member_1'],
		});
		const assigned = await call('PUT', '/accounts/self/numbers/%2B15551230002', {
			body: { assigned_to: 'member_1' },
		});
		expect(assigned.status).toBe(204);
		expect(server.state.numbers['+15551230002'].assigned_to).toEqual(['owner_1', 'member_1']);
		expect(
			(await call('GET', '/accounts/self/numbers', { token: member() })).json.numbers.map(
				(n: { number: string }) => n.number,
			),
		).toEqual(['+15551230002', '+15551230003']);
		expectError(
			await call('PUT', '/accounts/self/numbers/%2B15551230002', { body: {} }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/numbers/%2B15551230002', {
				body: { assigned_to: ['member_1'] },
			}),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/numbers/%2B15551230002', {
				body: { assigned_to: 'member_1', note: 'x' },
			}),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self/numbers/%2B15551230002', {
				body: { assigned_to: 'nobody' },
			}),
			400,
			'invalid_user_id',
		);
		expectError(
			await call('PUT', '/accounts/self/numbers/%2B15551230003', {
				token: member(),
				body: { assigned_to: 'member_2' },
			}),
			403,
			'invalid_user_id',
		);
		expectError(
			await call('PUT', '/accounts/self/numbers/%2B19995550000', {
				body: { assigned_to: 'member_1' },
			}),
			400,
			'bad_request',
		);
		const revoked = await call('DELETE', '/accounts/member_1/numbers/%2B15551230002');
		expect(revoked.status).toBe(204);
		expect(server.state.numbers['+15551230002'].assigned_to).toEqual(['owner_1']);
		expectError(await call('DELETE', '/accounts/self/numbers/%2B15551230001'), 400, 'bad_request');
		expectError(
			await call('DELETE', '/accounts/member_2/numbers/%2B15551230003', { token: member() }),
			403,
			'invalid_user_id',
		);
		expect(
			(await call('DELETE', '/accounts/self/numbers/%2B15551230003', { token: member() })).status,
		).toBe(204);
		expectError(
			await call('DELETE', '/accounts/self/numbers/%2B15551230003', {
				token: server.tokens.patReadOnly,
			}),
			403,
			'insufficient_scope',
		);
	});

	it('updates an account with PayloadAccountModification (204) and reads member details (admins only)', async () => {
		const res = await call('PUT', '/accounts/self', {
			body: {
				name: 'Ada',
				settings: { caller_id_name: 'Clinic', send_fax: { retry: { count: 1 } } },
			},
		});
		expect(res.status).toBe(204);
		expect((await call('GET', '/accounts/self')).json).toMatchObject({
			name: 'Ada',
			settings: { caller_id_name: 'Clinic', send_fax: { retry: { count: 1 } } },
		});
		expectError(
			await call('PUT', '/accounts/self', { body: { role: 'admin' } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self', { body: { email: 'nope' } }),
			400,
			'bad_request',
		);
		// The SDK's pattern ^[+]?[0-9]{8,}$: fewer than 8 digits is refused, no "+" is taken.
		expectError(
			await call('PUT', '/accounts/self', { body: { phone: '+1555123' } }),
			400,
			'bad_request',
		);
		expect((await call('PUT', '/accounts/self', { body: { phone: '15551230001' } })).status).toBe(
			204,
		);
		expectError(
			await call('PUT', '/accounts/self', { body: { settings: { theme: 'dark' } } }),
			400,
			'bad_request',
		);
		expectError(
			await call('PUT', '/accounts/self', {
				body: { settings: { send_fax: { retry: { count: -1 } } } },
			}),
			400,
			'bad_request',
		);
		expectError(await call('PUT', '/accounts/self', { body: {} }), 400, 'bad_request');
		expectError(
			await call('PUT', '/accounts/member_2', { token: member(), body: { name: 'x' } }),
			403,
			'invalid_user_id',
		);
		expect((await call('GET', '/accounts/self/member-details/member_2')).json).toEqual({
			quota: 50,
			role: 'member',
		});
		expectError(
			await call('GET', '/accounts/self/member-details/member_2', { token: member() }),
			403,
			'invalid_user_id',
		);
		expectError(await call('GET', '/accounts/self/member-details/owner_1'), 400, 'invalid_user_id');
	});
});

describe('documents on the web (/_documents, for Send from URLs)', () => {
	it('serves documents without auth, with their Content-Type and length, and 404 for others', async () => {
		const pdf = await fetch(`${server.origin}/_documents/invoice.pdf`);
		expect(pdf.status).toBe(200);
		expect(pdf.headers.get('content-type')).toBe('application/pdf');
		const bytes = Buffer.from(await pdf.arrayBuffer());
		expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
		expect(pdf.headers.get('content-length')).toBe(String(bytes.length));
		const download = await fetch(`${server.origin}/_documents/download`);
		expect(download.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
		await download.arrayBuffer();
		expect((await fetch(`${server.origin}/_documents/nothing.pdf`)).status).toBe(404);
		expect(server.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /_documents/invoice.pdf 200',
			'GET /_documents/download 200',
			'GET /_documents/nothing.pdf 404',
		]);
	});

	it('declares more than 150 MB for huge.pdf without sending it', async () => {
		const controller = new AbortController();
		const res = await fetch(`${server.origin}/_documents/huge.pdf`, { signal: controller.signal });
		expect(Number(res.headers.get('content-length'))).toBe(150 * 1024 * 1024 + 1);
		controller.abort();
	});
});

describe('request log and reset', () => {
	it('records requests and restores the seed', async () => {
		server.clearRequests();
		await call('POST', '/accounts/self/ai/custom-fields?x=1', { body: { name: 'n' } });
		const [r] = server.requests;
		expect(r).toMatchObject({
			method: 'POST',
			path: '/v3/accounts/self/ai/custom-fields',
			query: { x: '1' },
			body: { name: 'n' },
			status: 200,
		});
		expect(r.headers.authorization).toBe(`Bearer ${server.tokens.pat}`);
		expect(r.rawBody.toString()).toBe('{"name":"n"}');
		const state = server.state;
		server.reset();
		expect(server.requests).toHaveLength(0);
		expect(Object.keys(state.customFields)).toEqual(['cf_1', 'cf_2']);
	});
});

describe('network conditions (latency, rate limit)', () => {
	// Its own server with a clock the test moves, so the one-second window is exact.
	let clock = 1_800_000_000_000;
	let limited: FaxPlusServer;
	beforeAll(async () => {
		limited = await startFaxPlusServer({ port: 0, now: () => clock, network: { latencyMs: 5 } });
	});
	afterAll(async () => {
		await limited.close();
	});
	beforeEach(() => limited.reset());

	const balance = () =>
		fetch(`${limited.baseUrl}/shop/balance`, {
			headers: { authorization: `Bearer ${limited.tokens.pat}` },
		});

	it('answers 429 too_many_requests with Retry-After past the requests per second, and admits again the next second', async () => {
		limited.setNetwork({ rateLimit: { requestsPerSecond: 2, retryAfterSeconds: 7 } });
		const answers = await Promise.all(Array.from({ length: 5 }, balance));
		expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429]);
		const refused = answers.find((a) => a.status === 429)!;
		expect(refused.headers.get('retry-after')).toBe('7');
		expect(await refused.json()).toEqual({
			error: 'too_many_requests',
			description: 'More than 2 requests per second; retry after 7 s',
		});
		expect(limited.requests.map((r) => r.status).sort()).toEqual([200, 200, 429, 429, 429]);
		clock += 1000;
		expect((await balance()).status).toBe(200);
	});

	it('says Retry-After: 1 by default, and control routes are never limited', async () => {
		limited.setNetwork({ rateLimit: { requestsPerSecond: 0 } });
		const refused = await balance();
		expect(refused.status).toBe(429);
		expect(refused.headers.get('retry-after')).toBe('1');
		expect((await fetch(`${limited.origin}/_control/tokens`)).status).toBe(200);
	});

	it('refuses exactly the next requests asked for, on a clock that stands still, then admits again', async () => {
		limited.setNetwork({ refuseNext: { requests: 2, retryAfterSeconds: 3 } });
		const refused = await balance();
		expect(refused.status).toBe(429);
		expect(refused.headers.get('retry-after')).toBe('3');
		expect(await refused.json()).toEqual({
			error: 'too_many_requests',
			description: 'Too many requests; retry after 3 s',
		});
		expect(limited.network.refuseNext).toEqual({ requests: 1, retryAfterSeconds: 3 });
		// Another condition set meanwhile leaves the count where it is.
		limited.setNetwork({ latencyMs: 1 });
		expect((await balance()).status).toBe(429);
		expect(limited.network.refuseNext).toBeNull();
		expect((await balance()).status).toBe(200);
		expect(limited.requests.map((r) => r.status)).toEqual([429, 429, 200]);
		const bad = await fetch(`${limited.origin}/_control/network`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ refuseNext: { requests: 1.5 } }),
		});
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as any).description).toMatch(
			/^refuseNext\.requests must be a whole number/,
		);
	});

	it('delays an answer and still answers it correctly', async () => {
		limited.setNetwork({ latencyMs: 30 });
		const delayed = await balance();
		expect(delayed.status).toBe(200);
		expect(await delayed.json()).toEqual(limited.state.balance);
		expect(limited.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
			'GET /v3/shop/balance 200',
		]);
	});

	it('is set through /_control/network, refuses bad values, and reset() returns to the start options', async () => {
		const set = await fetch(`${limited.origin}/_control/network`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ latencyMs: 80, rateLimit: { requestsPerSecond: 50 } }),
		});
		expect(await set.json()).toEqual({
			latencyMs: 80,
			rateLimit: { requestsPerSecond: 50 },
			refuseNext: null,
		});
		const bad = await fetch(`${limited.origin}/_control/network`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ latencyMs: -1 }),
		});
		expect(bad.status).toBe(400);
		expect(((await bad.json()) as any).description).toMatch(/^latencyMs must be a whole number/);
		expect(limited.network).toEqual({
			latencyMs: 80,
			rateLimit: { requestsPerSecond: 50 },
			refuseNext: null,
		});
		limited.reset();
		expect(await (await fetch(`${limited.origin}/_control/network`)).json()).toEqual({
			latencyMs: 5,
			rateLimit: null,
			refuseNext: null,
		});
	});
});

describe("readings where Fax.Plus's documents are silent or disagree", () => {
	const ids = (res: { json: any }) => res.json.data.records.map((f: any) => f.id);

	it('caps the fax list and the contact list at pageCap, whatever limit asks', async () => {
		server.setReadings({ pageCap: 2 });
		expect(ids(await call('GET', '/accounts/self/faxes?limit=50'))).toEqual(['fax_1', 'fax_2']);
		expect(ids(await call('GET', '/accounts/self/faxes?limit=1'))).toEqual(['fax_1']);
		const contacts = await call('GET', '/accounts/self/contacts?offset=0&limit=50');
		expect(contacts.json.contacts).toHaveLength(2);
	});

	it('takes after and before as exclusive, or as inclusive', async () => {
		const query = '/accounts/self/faxes?after=2025-01-11%2014:00:00&before=2025-01-13%2016:40:00';
		expect(ids(await call('GET', query))).toEqual(['fax_3']);
		server.setReadings({ listBounds: 'inclusive' });
		expect(ids(await call('GET', query))).toEqual(['fax_2', 'fax_3', 'fax_4']);
	});

	it('answers an upload with path, or with file_path', async () => {
		const upload = async () => {
			const form = new FormData();
			form.append('fax_file', new Blob([Buffer.from('%PDF-1.4 x')]), 'a.pdf');
			const res = await fetch(`${server.baseUrl}/accounts/self/files?format=pdf`, {
				method: 'POST',
				headers: { authorization: `Bearer ${server.tokens.pat}` },
				body: form,
			});
			return Object.keys((await res.json()) as object);
		};
		expect(await upload()).toEqual(['path']);
		server.setReadings({ uploadAnswer: 'file_path' });
		expect(await upload()).toEqual(['file_path']);
	});

	it("refuses fax_page_received on hooks as the SDK's event list does, listing and creating", async () => {
		const target = 'https://example.com/hook';
		expect((await call('GET', '/hooks?event=fax_page_received')).status).toBe(200);
		server.setReadings({ hookEvents: 'sdk' });
		const listed = await call('GET', '/hooks?event=fax_page_received');
		expectError(listed, 400, 'bad_request');
		expect(listed.json.description).toBe('event must be one of fax_sent, fax_received');
		expectError(
			await call('POST', '/hooks', { body: { target, event: 'fax_page_received' } }),
			400,
			'bad_request',
		);
		expect((await call('POST', '/hooks', { body: { target, event: 'fax_sent' } })).status).toBe(
			201,
		);
	});

	it('lists hooks with their numbers, or ignores numbers (not stored, listed or applied)', async () => {
		const create = async () =>
			await call('POST', '/hooks', {
				body: { target: 'https://example.com/h', event: 'fax_received', numbers: ['+15551230001'] },
			});
		await create();
		expect((await call('GET', '/hooks?event=fax_received')).json.data[0].numbers).toEqual([
			'+15551230001',
		]);
		server.reset();
		server.setReadings({ hookNumbers: 'ignored' });
		await create();
		const [hook] = (await call('GET', '/hooks?event=fax_received')).json.data;
		expect(hook).not.toHaveProperty('numbers');
		expect(Object.values(server.state.hooks)[0]).not.toHaveProperty('numbers');
	});

	it('changes the fields a fax modification sends, or answers 400 unless both are sent', async () => {
		expect(
			(await call('PUT', '/accounts/self/faxes/fax_2', { body: { is_read: true } })).status,
		).toBe(204);
		server.setReadings({ faxUpdate: 'full' });
		const partial = await call('PUT', '/accounts/self/faxes/fax_2', { body: { comment: 'x' } });
		expectError(partial, 400, 'bad_request');
		expect(partial.json.description).toBe('comment and is_read are both required');
		expect(
			(await call('PUT', '/accounts/self/faxes/fax_2', { body: { comment: 'x', is_read: false } }))
				.status,
		).toBe(204);
		expect(server.state.faxes.fax_2).toMatchObject({ comment: 'x', is_read: false });
	});

	it("keeps an outbox comment's tags on a string comment, or replaces the whole comment", async () => {
		server.state.outbox.outbox_1.comment = { text: 'old', tags: ['n8n-key-1'] };
		await call('PUT', '/accounts/self/outbox/outbox_1', { body: { comment: 'new' } });
		expect(server.state.outbox.outbox_1.comment).toEqual({ text: 'new', tags: ['n8n-key-1'] });
		expectError(
			await call('PUT', '/accounts/self/outbox/outbox_1', { body: { comment: { text: 'x' } } }),
			400,
			'bad_request',
		);
		server.setReadings({ outboxComment: 'replacesTags' });
		await call('PUT', '/accounts/self/outbox/outbox_1', { body: { comment: 'newer' } });
		expect(server.state.outbox.outbox_1.comment).toEqual({ text: 'newer', tags: [] });
		await call('PUT', '/accounts/self/outbox/outbox_1', {
			body: { comment: { text: 'newer', tags: ['n8n-key-1'] } },
		});
		expect(server.state.outbox.outbox_1.comment).toEqual({ text: 'newer', tags: ['n8n-key-1'] });
	});

	it('refuses a limit above pageCap with 400 under largeLimit: refused, answers up to it', async () => {
		server.setReadings({ pageCap: 2, largeLimit: 'refused' });
		expectError(await call('GET', '/accounts/self/faxes?limit=3'), 400, 'bad_request');
		expect(ids(await call('GET', '/accounts/self/faxes?limit=2'))).toEqual(['fax_1', 'fax_2']);
		expectError(await call('GET', '/accounts/self/contacts?offset=0&limit=50'), 400, 'bad_request');
	});

	it('lists faxes newest first, or oldest first (the oldest `limit` within the bounds)', async () => {
		const newest = ids(await call('GET', '/accounts/self/faxes'));
		server.setReadings({ listOrder: 'oldestFirst' });
		expect(ids(await call('GET', '/accounts/self/faxes'))).toEqual([...newest].reverse());
		const before = ids(
			await call('GET', '/accounts/self/faxes?limit=2&before=2025-01-13%2016:40:00'),
		);
		expect(before).toEqual([...newest].reverse().slice(0, 2));
	});

	it('names the sender from (the SDK) or from_number (apidoc), in the list and in Get', async () => {
		const { from } = server.state.faxes.fax_1;
		server.setReadings({ faxSender: 'from_number' });
		const listed = (await call('GET', '/accounts/self/faxes')).json.data.records[0];
		expect(listed).not.toHaveProperty('from');
		expect(listed.from_number).toBe(from);
		const got = (await call('GET', '/accounts/self/faxes/fax_1')).json;
		expect(got).not.toHaveProperty('from');
		expect(got.from_number).toBe(from);
	});

	it("refuses a member's own user id under memberUserId: self, as faxplus-js says (self only)", async () => {
		const token = server.tokens.patMember;
		expect((await call('GET', '/accounts/member_1/faxes', { token })).status).toBe(200);
		server.setReadings({ memberUserId: 'self' });
		expectError(await call('GET', '/accounts/member_1/faxes', { token }), 403, 'invalid_user_id');
		expectError(
			await call('GET', '/accounts/member_1/files/fax_6', { token }),
			403,
			'invalid_user_id',
		);
		expect((await call('GET', '/accounts/self/files/fax_6', { token })).status).toBe(200);
		// An admin still names its members.
		expect((await call('GET', '/accounts/member_1/faxes')).status).toBe(200);
	});

	it('is set through /_control/readings, refuses bad values, and reset() returns to the start options', async () => {
		const own = await startFaxPlusServer({ port: 0, readings: { pageCap: 50 } });
		try {
			const control = async (body?: unknown) =>
				await fetch(`${own.origin}/_control/readings`, {
					method: body === undefined ? 'GET' : 'POST',
					headers: { 'content-type': 'application/json' },
					body: body === undefined ? undefined : JSON.stringify(body),
				});
			expect(await (await control({ pageCap: 1, hookEvents: 'sdk' })).json()).toMatchObject({
				pageCap: 1,
				hookEvents: 'sdk',
				listBounds: 'exclusive',
			});
			for (const [body, message] of [
				[{ pageCap: 0 }, /^pageCap must be a whole number/],
				[{ listBounds: 'sometimes' }, /^listBounds must be one of exclusive, inclusive/],
				[{ colour: 'red' }, /^colour is not a reading/],
			] as const) {
				const bad = await control(body);
				expect(bad.status).toBe(400);
				expect(((await bad.json()) as any).description).toMatch(message);
			}
			expect(own.readings).toMatchObject({ pageCap: 1, hookEvents: 'sdk' });
			own.reset();
			expect(await (await control()).json()).toMatchObject({ pageCap: 50, hookEvents: 'spec' });
		} finally {
			await own.close();
		}
	});
});
