// @ts-check
'use strict';
/**
 * The seeded, mutable in-memory data. Ids are chosen to read well in tests and
 * in the demo. `createSeed()` returns a fresh deep copy every time.
 *
 * One corporate (business) account: the owner/admin `owner_1` and two
 * non-admin members `member_1` and `member_2`.
 */

const { DEFAULT_READINGS } = require('./readings');

const OWNER_ID = 'owner_1';

/**
 * Record types are declared in index.d.ts.
 * @typedef {import('./index').User} User
 * @typedef {import('./index').ContactGroup} ContactGroup
 * @typedef {import('./index').StoredFile} StoredFile
 * @typedef {import('./index').OutboxRecord} OutboxRecord
 * @typedef {import('./index').FaxRecord} FaxRecord
 * @typedef {import('./index').AiResult} AiResult
 * @typedef {import('./index').CustomField} CustomField
 * @typedef {import('./index').Country} Country
 * @typedef {import('./index').OwnedNumber} OwnedNumber
 * @typedef {import('./index').WebhookEndpoint} WebhookEndpoint
 * @typedef {import('./index').LegacyHook} LegacyHook
 * @typedef {import('./index').State} State
 */

/**
 * @param {Partial<User> & { uid: string }} u
 * @returns {User}
 */
function user(u) {
	return {
		name: '',
		lastname: '',
		email: '',
		phone: '',
		account_type: 'corporate_member',
		status: 'active',
		role: 'member',
		quota: 100,
		is_admin: false,
		is_owner: false,
		member_of: [OWNER_ID],
		creation_date: '2024-03-01',
		plan_type: 'business',
		account_data: {
			company_name: 'Alohi Test Clinic',
			default_file_type: 'pdf',
			save_history: true,
		},
		notifications: notifications(),
		...u,
	};
}

/**
 * The SDK's AccountNotifications as an account starts with them: every required field set.
 * @returns {import('./index').AccountNotifications}
 */
function notifications() {
	const events = {
		low_credit: true,
		new_feature: false,
		receive_fax: true,
		send_fax: true,
		voicemail: false,
	};
	return {
		settings: {
			email: {
				...events,
				addresses: [],
				attachments: { receive_fax: true, send_fax: false, confirmation_page: false },
			},
			sms: { ...events, receive_fax: false, send_fax: false, numbers: [] },
			push_notifications: { ...events },
			language: 'en',
		},
		black_list: { uids: [] },
	};
}

/**
 * @param {Partial<FaxRecord> & { id: string, from: string, to: string, direction: string, start_time: string }} f
 * @returns {FaxRecord}
 */
function fax(f) {
	return {
		uid: OWNER_ID,
		owner_id: OWNER_ID,
		pages: 1,
		status: 'success',
		is_read: false,
		is_spam: false,
		comment: '',
		description: '',
		header: '',
		cost: f.direction === 'outgoing' ? 1 : 0,
		cost_details: { multiplier: 1, notification_cost: 0 },
		duration: 42,
		submit_time: f.start_time,
		last_update: f.start_time,
		max_retry: 0,
		retry_delay: 0,
		file: `${f.id}.pdf`,
		file_name: `${f.id}.pdf`,
		...f,
	};
}

/** @returns {State} */
function createSeed() {
	return {
		settings: { webhooksEnabled: true, webhooksFeature: true },
		readings: { ...DEFAULT_READINGS },
		ownerId: OWNER_ID,
		users: {
			owner_1: user({
				uid: OWNER_ID,
				name: 'Ada',
				lastname: 'Admin',
				email: 'ada.admin@example.com',
				phone: '+15551230001',
				account_type: 'corporate_admin',
				role: 'admin',
				quota: 0,
				is_admin: true,
				is_owner: true,
				member_of: [],
				creation_date: '2024-01-10',
			}),
			member_1: user({
				uid: 'member_1',
				name: 'Max',
				lastname: 'Member',
				email: 'max.member@example.com',
				phone: '+15551230003',
				quota: 200,
			}),
			member_2: user({
				uid: 'member_2',
				name: 'Mia',
				lastname: 'Member',
				email: 'mia.member@example.com',
				phone: '+4930555000',
				quota: 50,
			}),
		},
		// Contacts (apidoc.fax.plus "List contacts" / "Update a contact"): name, company, numbers; by owner.
		contacts: {
			contact_1: {
				id: 'contact_1',
				uid: OWNER_ID,
				name: 'Berlin Clinic',
				company: 'Klinik Berlin GmbH',
				numbers: ['+4930123456'],
			},
			contact_2: {
				id: 'contact_2',
				uid: OWNER_ID,
				name: 'Dr. Jane Smith',
				company: 'Smith Cardiology',
				numbers: ['+12125550199', '+12125550198'],
			},
			contact_3: {
				id: 'contact_3',
				uid: OWNER_ID,
				name: 'Paris Office',
				company: 'Alohi SA',
				numbers: ['+33144556677'],
			},
			contact_4: {
				id: 'contact_4',
				uid: 'member_1',
				name: "Max's Lab",
				company: 'Lab One',
				numbers: ['+4930999888'],
			},
		},
		contactGroups: {
			group_1: {
				id: 'group_1',
				name: 'Clinics',
				contacts_count: 2,
				contact_ids: ['contact_1', 'contact_2'],
				shared_with: [],
			},
			group_2: {
				id: 'group_2',
				name: 'Suppliers',
				contacts_count: 1,
				contact_ids: ['contact_3'],
				shared_with: ['member_2'],
			},
		},
		files: {
			'/storage/seed-document.pdf': {
				path: '/storage/seed-document.pdf',
				uid: OWNER_ID,
				filename: 'document.pdf',
				contentType: 'application/pdf',
				size: 4096,
				format: 'pdf',
			},
		},
		outboxPlans: [],
		aiPlans: [],
		outboxFinishing: {},
		unlisted: {},
		outbox: {
			outbox_1: {
				id: 'outbox_1',
				uid: OWNER_ID,
				src: '+15551230001',
				designated_src: '+15551230001',
				to: ['+4930123456'],
				files: ['/storage/seed-document.pdf'],
				comment: { text: 'Quarterly report', tags: [] },
				options: { enhancement: true, retry: { count: 2, delay: 10 } },
				retry: { count: 2, delay: 10 },
				should_enhance: true,
				status: 'scheduled',
				send_time: '2030-01-15 09:00:00 +0000',
				submit_time: '2025-01-10 08:00:00',
				last_updated_status_time: '2025-01-10 08:00:00',
				page_count: 2,
				contact_name: 'Berlin Clinic',
				initiated_from: { type: 'api', from_id: '' },
				status_changes: [{ status: 'scheduled', at: '2025-01-10 08:00:00' }],
				file_changes: [],
				extra_info: {},
				ip: '127.0.0.1',
			},
		},
		faxes: {
			fax_1: fax({
				id: 'fax_1',
				from: '+4930123456',
				to: '+15551230001',
				direction: 'incoming',
				pages: 2,
				start_time: '2025-01-14 10:15:00',
				comment: 'Invoice from Berlin Clinic',
			}),
			fax_2: fax({
				id: 'fax_2',
				from: '+12125550199',
				to: '+15551230001',
				direction: 'incoming',
				start_time: '2025-01-13 16:40:00',
			}),
			fax_3: fax({
				id: 'fax_3',
				from: '+15551230001',
				to: '+4930123456',
				direction: 'outgoing',
				pages: 3,
				start_time: '2025-01-12 09:05:00',
				is_read: true,
				comment: 'Signed contract',
			}),
			fax_4: fax({
				id: 'fax_4',
				from: '+15551230001',
				to: '+33144556677',
				direction: 'outgoing',
				status: 'failed',
				description: 'The remote fax machine did not answer',
				start_time: '2025-01-11 14:00:00',
				is_read: true,
			}),
			fax_5: fax({
				id: 'fax_5',
				from: '+18005550100',
				to: '+15551230002',
				direction: 'incoming',
				start_time: '2025-01-10 07:30:00',
				is_spam: true,
			}),
			fax_6: fax({
				id: 'fax_6',
				uid: 'member_1',
				owner_id: 'member_1',
				from: '+4930123456',
				to: '+15551230003',
				direction: 'incoming',
				start_time: '2025-01-09 12:00:00',
			}),
		},
		ai: {
			fax_1: {
				field_extraction: {
					status: 'finished',
					data: {
						document_type: 'invoice',
						sender_name: 'Berlin Clinic',
						sender_fax: '+4930123456',
						invoice_number: 'INV-2025-0042',
						total_amount: '1250.00',
						currency: 'EUR',
						due_date: '2025-02-14',
					},
				},
				ocr: {
					status: 'finished',
					data: 'INVOICE INV-2025-0042\nBerlin Clinic\nTotal: 1250.00 EUR',
				},
			},
			fax_2: { field_extraction: { status: 'pending' }, ocr: { status: 'pending' } },
			fax_4: { field_extraction: { status: 'failed' } },
			fax_5: { field_extraction: { status: 'content_filtering_policy' } },
		},
		aiCredits: { credits_remaining: 480, usage: { ocr: 12, field_extraction: 8 } },
		customFields: {
			cf_1: {
				id: 'cf_1',
				name: 'invoice_number',
				instructions: 'The invoice number printed near the top of the first page',
				enabled: true,
			},
			cf_2: {
				id: 'cf_2',
				name: 'patient_name',
				instructions: 'Full name of the patient, if any',
				enabled: false,
			},
		},
		balance: { amount: 125.5, currency: 'USD' },
		countries: [
			{ iso: 'US', name: 'United States', is_available: true },
			{ iso: 'CA', name: 'Canada', is_available: true },
			{ iso: 'DE', name: 'Germany', is_available: true },
			{ iso: 'GB', name: 'United Kingdom', is_available: true },
			{ iso: 'FR', name: 'France', is_available: false },
		],
		callingCodes: { US: '1', CA: '1', DE: '49', GB: '44', FR: '33' },
		numbers: {
			'+15551230001': ownedNumber('num_1', '+15551230001', OWNER_ID),
			'+15551230002': ownedNumber('num_2', '+15551230002', OWNER_ID),
			'+15551230003': ownedNumber('num_3', '+15551230003', 'member_1'),
		},
		webhooks: {},
		hooks: {},
		memberInvitations: [],
	};
}

/**
 * @param {string} id
 * @param {string} number
 * @param {string} assignedTo
 * @param {string} [acquired]
 * @returns {OwnedNumber}
 */
function ownedNumber(id, number, assignedTo, acquired = '2024-01-10 00:00:00') {
	return {
		id,
		number,
		owner_id: OWNER_ID,
		// The SDK's Number: `assigned_to` is an array of user IDs (faxplus-js models/number.ts).
		assigned_to: [assignedTo],
		status: 'active',
		is_canceled: false,
		acquired_date: acquired,
		expiration_date: '2030-01-10 00:00:00',
		notifications: [],
	};
}

module.exports = { createSeed, ownedNumber, fax, OWNER_ID };
